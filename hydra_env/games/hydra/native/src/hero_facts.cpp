// See hero_facts.hpp.
#include "hero_facts.hpp"

namespace hydra {

int slot_card(const State& s, int seat, int slot) {
    if (slot < kDisplaySlots) return slot >= 0 && slot < s.display.size() ? s.display[slot] : -1;
    int k = slot - kDisplaySlots;
    if (seat < 0 || seat >= s.players) return -1;
    return k < s.action_hands[seat].size() ? s.action_hands[seat][k] : -1;
}

int on_neck_colour(const State& s, const Rules& r, int seat) {
    const BoardTables& b = r.tables->board;
    int sp = s.hero_space[seat];
    for (int c = 0; c < r.tables->n_colours; ++c)
        if (b.seg_mask[s.hydra_path[c]][s.head_position[c]].test(sp)) return c;
    return -1;
}

void attack(const State& s, const Rules& r, int seat, int a, int& colour, int& damage) {
    const Tables& t = *r.tables;
    int kind = t.codec.kind[a], arg = t.codec.arg[a];
    colour = -1;
    damage = 0;
    if (kind == A_SWORD || kind == A_HARPOON) {
        int card = slot_card(s, seat, t.codec.slot[a]);
        if (card < 0) card += t.n_action_cards;  // Python's table[-1]
        int c, forgo;
        if (kind == A_SWORD) {
            c = arg >> 1;
            forgo = arg & 1;
        } else {
            c = on_neck_colour(s, r, seat);
            forgo = arg;
        }
        colour = c;
        damage = t.card_strength[card] + (!forgo && c >= 0 && t.card_bcol[card] == c ? 1 : 0);
    } else if (kind == A_CITY_SWORD) {
        colour = arg;
        damage = 1;
    } else if (kind == A_CITY_HARPOON) {
        colour = on_neck_colour(s, r, seat);
        damage = 1;
    }
}

}  // namespace hydra
