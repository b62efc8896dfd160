// The rules of Hydra on the plain-copy state, one function per rule step, mirroring the
// Python engine module by module (cards, compass, pieces, heroes, hydra, solo, coop, engine).
#pragma once

#include "state.hpp"
#include "tables.hpp"

namespace hydra {

// -- cards.cpp: decks and the game's random events (hydra_env/games/hydra/rules/cards.py)
template <typename T, int N>
void shuffle(State& s, SmallList<T, N>& cards);
void shuffle_ints(State& s, int* values, int n);
void event_permutation_of(State& s, int n, int* out);  // uses the next random event
int draw(State& s, ActionPile& deck, ActionPile& discard);

// -- compass.cpp (hydra_env/games/hydra/rules/compass.py)
void glory_gain(State& s, int seat, int amount);
void glory_lose(State& s, int seat, int amount);
void glory_ranking(const State& s, int* order);  // seats, highest progress first (stable)
void glory_support(State& s);
void set_turn_order(State& s);

// -- pieces.cpp (hydra_env/games/hydra/rules/pieces.py)
Bits heads_mask(const State& s, const Rules& r);
Bits necks_mask(const State& s, const Rules& r);
Bits barricade_mask(const State& s);
Bits heroes_mask(const State& s, const Rules& r, int exclude = -1);
int hero_at(const State& s, int space, int exclude = -1);
void wound(State& s, const Rules& r, int hero);
bool evade_or_wound(State& s, const Rules& r, int hero, int origin, int cause, const Bits& excluded);
void end_game(State& s, int outcome);
void damage_wall(State& s, int damage);
Bits evade_targets(const State& s, const Rules& r, int origin, const Bits& avoid);

// -- heroes.cpp (hydra_env/games/hydra/rules/heroes.py)
struct Reach {
    const State& s;
    const Rules& r;
    int seat, sp;
    Bits heads, necks, passable;
    uint32_t attack = 0;
    int on_neck = -1;
    Bits layers[kMaxPathLen + 2];
    int n_layers = 0;

    Reach(const State& state, const Rules& rules, int seat);
    Bits walk(int steps);
    Bits move_targets(int steps, int bonus_area);
    Bits portal_targets() const;
    int barricade_targets() const;  // bit 0 new/repair, bit 1+k move token k
    void card(int card, ActionMask& m, int shift);  // OR the card's targets in at `shift`
    void city(int used, ActionMask& m);
};
void perform_hero_action(State& s, const Rules& r, int seat, int action, int card);
void do_evade(State& s, const Rules& r, int seat, int dest);
void t_shove(State& s, const Rules& r, const Task& t);
void t_pushed(State& s, const Rules& r, const Task& t);
void t_follow(State& s, const Rules& r, const Task& t);

// -- hydra.cpp (hydra_env/games/hydra/rules/hydra.py)
void regrow_heads(State& s, const Rules& r);
void t_move(State& s, const Rules& r, const Task& t);
void t_grow(State& s, const Rules& r, const Task& t);
void t_step(State& s, const Rules& r, const Task& t);
void t_bite(State& s, const Rules& r, const Task& t);
void t_bite_heroes(State& s, const Rules& r, const Task& t);
void t_bite_wall(State& s, const Rules& r, const Task& t);
void push_effects(State& s, const EffectTask* effects, int n);  // first effect ends on top

// -- solo.cpp (hydra_env/games/hydra/rules/solo.py)
namespace solo {
void setup(State& s, const Rules& r, int stars, uint64_t seed);
void flow(State& s, const Rules& r);
void legal_main(const State& s, const Rules& r, ActionMask& m);
int use_slot(State& s, const Rules& r, int slot);
void after_action(State& s, const Rules& r, int seat);
void t_solo_hydra(State& s, const Rules& r, const Task& t);
}  // namespace solo

// -- coop.cpp (hydra_env/games/hydra/rules/coop.py)
namespace coop {
void setup(State& s, const Rules& r, int stars, uint64_t seed);
void flow(State& s, const Rules& r);
void legal_main(const State& s, const Rules& r, int seat, ActionMask& m);
void legal_after(const State& s, const Rules& r, int seat, ActionMask& m);
int use_slot(State& s, const Rules& r, int seat, int slot);
void after_action(State& s, const Rules& r, int seat);
void buckle_up(State& s, const Rules& r, int seat);
void end_turn(State& s, const Rules& r);
void play_hydra(State& s, const Rules& r, int seat, int hand_index);
void t_coop_hydra(State& s, const Rules& r, const Task& t);
}  // namespace coop

// -- setup.cpp (hydra_env/games/hydra/rules/setup.py)
void init_common(State& s, const Rules& r, int stars, uint64_t seed, int players);

// -- engine.cpp (hydra_env/games/hydra/rules/engine.py)
void start(State& s, const Rules& r, int stars, uint64_t seed);
void run(State& s, const Rules& r);
// Perform one task of the task stack (the step `run` repeats; the bots' lookahead uses it too).
void dispatch_task(State& s, const Rules& r, const Task& t);
void legal_mask(const State& s, const Rules& r, ActionMask& m);
// Applies a decision the caller has checked to be legal; runs to the next decision.
void apply_legal(State& s, const Rules& r, int action);

}  // namespace hydra
