// Card and token facts, and what a card's effects would do (hydra_env/games/hydra/bots/features/card_facts.py,
// effect_harm of board_eval.py).
#include "features.hpp"

namespace bots {

using namespace hydra;

int tokens_left(const State& s, const Rules& r, int seat) {
    int tokens = r.tokens;
    if (s.solo) {
        if (s.phase == PH_ACTIONS) return tokens - s.actions_done + tokens;
        if (s.phase == PH_ACTIONS_II) return tokens - s.actions_done;
        return 0;
    }
    if (s.phase == PH_BUCKLE_UP) return tokens;
    if (s.phase != PH_ACTIONS) return 0;
    int place = 0;
    while (place < s.players && s.turn_order[place] != seat) ++place;
    int index = s.turn_order_index;
    bool acted = place < index || (place == index && s.turn_acted == 1);
    return tokens - s.turn - (acted ? 1 : 0);
}

int unused_slots(const State& s, const Rules& r, int seat, int* out) {
    int n = 0;
    for (int slot = 0; slot < s.display.size(); ++slot)
        if (s.display[slot] >= 0 && !s.display_token[slot]) out[n++] = slot;
    if (!r.solo && s.players > 0)
        for (int k = 0; k < s.action_hand_used[seat].size(); ++k)
            if (!s.action_hand_used[seat][k]) out[n++] = kDisplaySlots + k;
    return n;
}

Effects card_effects(const Rules& r, int card, bool hydra_card) {
    const Tables& t = *r.tables;
    if (hydra_card) return Effects(t.hcard_effects[card], t.hcard_effects[card] + t.n_hcard_effects[card]);
    return Effects(t.card_effects[card], t.card_effects[card] + t.n_card_effects[card]);
}

Effects pending_row_effects(const State& s, const Rules& r) {
    const Tables& t = *r.tables;
    Effects out;
    for (int column = 0; column < s.solo_row_c.size(); ++column) {
        int card = s.solo_row_c[column];
        if (card >= 0 && !s.solo_row_c_blocked[column])
            out.insert(out.end(), t.hcard_effects[card], t.hcard_effects[card] + t.n_hcard_effects[card]);
    }
    return out;
}

// The first of `spaces` (increasing order) outside danger_mask, else the first one.
static int safest(const State& s, const Rules& r, Bits spaces) {
    Bits danger = danger_mask(s, r);
    Bits safe = spaces & ~danger;
    return safe.any() ? safe.lowest() : spaces.lowest();
}

State run_effects(const State& s, const Rules& r, const Effects& effects) {
    State after = s;
    after.has_pending = false;
    after.n_tasks = 0;
    for (int i = int(effects.size()) - 1; i >= 0; --i) {
        const EffectTask& e = effects[size_t(i)];
        Task t;
        t.op = e.op;
        t.a = e.colour;
        t.b = e.n;
        t.c = e.bonus_area;
        after.push_task(t);
    }
    while (after.n_tasks && !after.game_over) {
        Task task = after.tasks[--after.n_tasks];
        dispatch_task(after, r, task);
        if (!after.has_pending) continue;
        after.has_pending = false;
        const Pending pd = after.pending;
        if (pd.kind == D_EVADE || pd.kind == D_SHOVED) {
            int dest = safest(after, r, pd.choices);
            if (pd.kind == D_EVADE) do_evade(after, r, pd.seat, dest);
            else after.hero_space[pd.seat] = int16_t(dest);
        }
        // D_FOLLOW: stay
    }
    after.n_tasks = 0;
    return after;
}

double effect_harm(const State& s, const Rules& r, const Effects& effects, const Weights& w) {
    double before = board_value(s, r, w);
    State after = run_effects(s, r, effects);
    if (after.game_over && after.outcome == OUT_LOST) return before - kLoss;
    return before - board_value(after, r, w);
}

}  // namespace bots
