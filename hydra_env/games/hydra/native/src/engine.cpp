// The engine loop (hydra_env/games/hydra/rules/engine.py): run tasks and the round flow to the next
// decision, the legal decisions as a mask, applying one.
#include "engine.hpp"

namespace hydra {

void start(State& s, const Rules& r, int stars, uint64_t seed) {
    s = State();
    if (r.solo) solo::setup(s, r, stars, seed);
    else coop::setup(s, r, stars, seed);
    run(s, r);
}

void dispatch_task(State& s, const Rules& r, const Task& t) {
    switch (t.op) {
        case T_MOVE: t_move(s, r, t); break;
        case T_GROW: t_grow(s, r, t); break;
        case T_BITE: t_bite(s, r, t); break;
        case T_STEP: t_step(s, r, t); break;
        case T_BITE_HEROES: t_bite_heroes(s, r, t); break;
        case T_BITE_WALL: t_bite_wall(s, r, t); break;
        case T_SHOVE: t_shove(s, r, t); break;
        case T_PUSHED: t_pushed(s, r, t); break;
        case T_FOLLOW: t_follow(s, r, t); break;
        case T_AFTER:
            if (r.solo) solo::after_action(s, r, t.a);
            else coop::after_action(s, r, t.a);
            break;
        case T_SOLO_HYDRA: solo::t_solo_hydra(s, r, t); break;
        case T_COOP_HYDRA: coop::t_coop_hydra(s, r, t); break;
        default: throw std::logic_error("native engine: unknown task");
    }
}

void run(State& s, const Rules& r) {
    while (!s.has_pending && !s.game_over) {
        if (s.n_tasks) {
            Task t = s.tasks[--s.n_tasks];
            dispatch_task(s, r, t);
        } else if (r.solo) {
            solo::flow(s, r);
        } else {
            coop::flow(s, r);
        }
    }
}

void legal_mask(const State& s, const Rules& r, ActionMask& m) {
    m.clear();
    if (!s.has_pending) return;
    const Codec& codec = r.tables->codec;
    switch (s.pending.kind) {
        case D_ACTION:
            if (r.solo) solo::legal_main(s, r, m);
            else coop::legal_main(s, r, s.pending.seat, m);
            break;
        case D_SHOVED:
        case D_EVADE:
            m.or_bits(s.pending.choices, codec.place_base);
            break;
        case D_AFTER_ACTION:
            coop::legal_after(s, r, s.pending.seat, m);
            break;
        default:  // D_FOLLOW, D_BUCKLE_UP
            m.set(codec.yes);
            m.set(codec.no);
            break;
    }
}

void apply_legal(State& s, const Rules& r, int action) {
    const Codec& codec = r.tables->codec;
    Pending pd = s.pending;
    int seat = pd.seat;
    s.has_pending = false;
    int akind = codec.kind[action];
    switch (pd.kind) {
        case D_ACTION:
            if (akind == A_PLAY_HYDRA) {
                coop::play_hydra(s, r, seat, codec.arg[action]);
            } else {
                int card = -1;
                if (akind <= A_PROTECT) {
                    int slot = codec.slot[action];
                    card = r.solo ? solo::use_slot(s, r, slot) : coop::use_slot(s, r, seat, slot);
                }
                perform_hero_action(s, r, seat, action, card);
            }
            break;
        case D_SHOVED:
            s.hero_space[seat] = codec.arg[action];
            break;
        case D_EVADE:
            do_evade(s, r, seat, codec.arg[action]);
            break;
        case D_FOLLOW:
            if (action == codec.yes) s.hero_space[seat] = pd.follow_space;
            break;
        case D_BUCKLE_UP:
            if (action == codec.yes) coop::buckle_up(s, r, seat);
            s.turn_order_index += 1;
            break;
        default:  // D_AFTER_ACTION
            if (akind == A_PLAY_HYDRA) coop::play_hydra(s, r, seat, codec.arg[action]);
            else coop::end_turn(s, r);
            break;
    }
    run(s, r);
}

}  // namespace hydra
