// The solo game (R32-R39, hydra_env/games/hydra/rules/solo.py): setup, round flow, legal actions, cleanup.
#include "engine.hpp"

namespace hydra {
namespace solo {

static void prepare(State& s, const Rules&) {
    // R33/R38: fill empty display spaces; deal row C face down
    for (int slot = 0; slot < s.display.size(); ++slot)
        if (s.display[slot] < 0) s.display[slot] = int8_t(draw(s, s.action_deck, s.action_discard));
    int d = s.moon[s.round] == 'L' ? 0 : 1;
    int n = s.solo_row_c.size();
    int k = 0;
    for (; k < n; ++k) {
        int card = draw(s, s.hydra_decks[d], s.hydra_discards[d]);
        if (card < 0) break;
        s.solo_row_c[k] = int8_t(card);
    }
    for (; k < n; ++k) s.solo_row_c[k] = -1;
    for (int i = 0; i < n; ++i) s.solo_row_c_blocked[i] = 0;
    s.solo_row_c_face_up = 0;
    s.solo_columns_used = 0;
    s.city_actions_used[0] = 0;
    s.actions_done = 0;
    s.phase = PH_ACTIONS;
}

void setup(State& s, const Rules& r, int stars, uint64_t seed) {
    init_common(s, r, stars, seed, 1);
    for (int i = 0; i < r.hydra_stack; ++i) {
        s.solo_row_c.push(-1);
        s.solo_row_c_blocked.push(0);
    }
    prepare(s, r);
}

static void cleanup(State& s, const Rules& r) {
    // R38: cards used in phase II stay; the others and row C are discarded
    for (int slot = 0; slot < s.display.size(); ++slot) {
        if (s.display_token[slot] == 2) {
            s.display_token[slot] = 0;
            continue;
        }
        if (s.display[slot] >= 0) s.action_discard.push(s.display[slot]);
        s.display[slot] = -1;
        s.display_token[slot] = 0;
    }
    for (int col = 0; col < s.solo_row_c.size(); ++col) {
        int card = s.solo_row_c[col];
        if (card >= 0) s.hydra_discards[r.tables->hcard_deck[card]].push(int8_t(card));
        s.solo_row_c[col] = -1;
    }
    if (r.solo_regrow_heads) regrow_heads(s, r);
}

void flow(State& s, const Rules& r) {
    int phase = s.phase;
    if (phase == PH_ACTIONS || phase == PH_ACTIONS_II) {
        if (s.actions_done < r.tokens) {
            s.has_pending = true;
            s.pending = Pending();
            s.pending.kind = D_ACTION;
            s.pending.seat = 0;
        } else if (phase == PH_ACTIONS) {
            s.solo_row_c_face_up = 1;  // R35: the oracle phase
            s.phase = PH_ACTIONS_II;
            s.actions_done = 0;
        } else {
            s.phase = PH_HYDRA;  // R37
            Task t;
            t.op = T_SOLO_HYDRA;
            t.b = 0;
            s.push_task(t);
        }
    } else if (phase == PH_HYDRA) {
        if (s.round + 1 >= s.n_moon) {
            end_game(s, OUT_WON);  // R39
            return;
        }
        cleanup(s, r);
        s.round += 1;
        prepare(s, r);
    } else {
        throw std::logic_error("native engine: no decision and no task in this phase");
    }
}

void legal_main(const State& s, const Rules& r, ActionMask& m) {
    const Tables& t = *r.tables;
    Reach reach(s, r, 0);
    int ncols = s.solo_row_c.size();
    bool phase2 = s.phase == PH_ACTIONS_II;
    int used_cols = phase2 ? 0 : s.solo_columns_used;
    for (int slot = 0; slot < s.display.size(); ++slot) {
        int card = s.display[slot];
        if (card < 0 || s.display_token[slot] || (ncols && ((used_cols >> (slot % ncols)) & 1))) continue;
        reach.card(card, m, t.slot_shift[slot]);
    }
    reach.city(s.city_actions_used[0], m);
    if (phase2)
        for (int col = 0; col < ncols; ++col)
            if (s.solo_row_c[col] >= 0 && !s.solo_row_c_blocked[col]) m.set(t.codec.block_base + col);
}

int use_slot(State& s, const Rules&, int slot) {
    if (s.phase == PH_ACTIONS) {
        s.display_token[slot] = 1;
        s.solo_columns_used |= uint8_t(1 << (slot % s.solo_row_c.size()));
    } else {
        s.display_token[slot] = 2;
    }
    return s.display[slot];
}

void after_action(State& s, const Rules&, int) { s.actions_done += 1; }

void t_solo_hydra(State& s, const Rules& r, const Task& task) {
    // R37: the next card without a token in reading order (rows A, B, C)
    const Tables& t = *r.tables;
    int i = task.b;
    int n_display = s.display.size();
    for (; i < n_display; ++i) {
        int card = s.display[i];
        if (card >= 0 && !s.display_token[i]) {
            Task next;
            next.op = T_SOLO_HYDRA;
            next.b = int16_t(i + 1);
            s.push_task(next);
            push_effects(s, t.card_effects[card], t.n_card_effects[card]);
            return;
        }
    }
    for (; i < n_display + s.solo_row_c.size(); ++i) {
        int col = i - n_display;
        int card = s.solo_row_c[col];
        if (card >= 0 && !s.solo_row_c_blocked[col]) {
            Task next;
            next.op = T_SOLO_HYDRA;
            next.b = int16_t(i + 1);
            s.push_task(next);
            push_effects(s, t.hcard_effects[card], t.n_hcard_effects[card]);
            return;
        }
    }
}

}  // namespace solo
}  // namespace hydra
