// The legal decisions of a position as sorted action indices (a port of
// hydra_env/games/hydras/rules/moves.py; H4–H9, H11), and the action layout's decode (codec.py).
#include <algorithm>

#include "hengine.hpp"

namespace hydras {

Decoded Tables::decode(int index) const {
    const Codec& c = codec;
    if (index < c.sword_base) {
        int rotation = index % 4, rest = index / 4;
        int cell = rest % c.cells;
        rest /= c.cells;
        return {A_NECK, rest / c.max_players, rest % c.max_players, cell, rotation};
    }
    if (index < c.torch_base) {
        int rest = (index - c.sword_base) / c.cells, cell = (index - c.sword_base) % c.cells;
        return {A_SWORD, rest / c.max_players, rest % c.max_players, cell, -1};
    }
    if (index < c.discard_base)
        return {A_TORCH, -1, (index - c.torch_base) / c.cells, (index - c.torch_base) % c.cells, -1};
    if (index < c.burn) return {A_DISCARD, index - c.discard_base, -1, -1, -1};
    if (index == c.burn) return {A_BURN, -1, -1, -1, -1};
    if (index == c.no_burn) return {A_NO_BURN, -1, -1, -1, -1};
    if (index < c.pass) return {A_BLOCK, index - c.block_base, -1, -1, -1};
    return {A_PASS, -1, -1, -1, -1};
}

namespace {

// The plays of the turn seat, built block by block in the codec's order (ascending).
void turn_actions(const State& s, const Tables& t, int seat, std::vector<int>& out) {
    const Codec& codec = t.codec;
    const int players = s.players, cells = codec.cells, seats = codec.max_players;
    const Analysis* analyses[kMaxSeats];
    for (int offset = 0; offset < players; ++offset) analyses[offset] = &analysis_of(s, t, (seat + offset) % players);
    std::vector<int> swords, torches, discards;
    const std::vector<int>& hand = s.hands[size_t(seat)];
    int previous = -1;
    for (int slot = 0; slot < int(hand.size()); ++slot) {
        int kind = hand[size_t(slot)];
        if (kind == previous) continue;
        previous = kind;
        discards.push_back(codec.discard_base + slot);
        if (kind == t.torch) {
            for (int offset = 1; offset < players; ++offset) {
                int base = codec.torch_base + offset * cells;
                for (const OpenEnd& end : analyses[offset]->open_ends) torches.push_back(base + end.cell);
            }
            continue;
        }
        const uint8_t* fits = &t.fits[size_t(kind) * 256];
        for (int offset = 0; offset < players; ++offset) {
            const Analysis& found = *analyses[offset];
            int base = 4 * (slot * seats + offset) * cells;
            for (const OpenEnd& end : found.open_ends) {
                unsigned rotations = fits[end.fixed * 16 + end.required];
                for (int r = 0; r < 4; ++r)
                    if (rotations >> r & 1) out.push_back(base + end.cell * 4 + r);
            }
            if (t.is_sword[size_t(kind)]) {
                int sword_base = codec.sword_base + (slot * seats + offset) * cells;
                for (int cell : found.sword_targets) swords.push_back(sword_base + cell);
            }
        }
    }
    out.insert(out.end(), swords.begin(), swords.end());
    out.insert(out.end(), torches.begin(), torches.end());
    out.insert(out.end(), discards.begin(), discards.end());
}

void compute(const State& s, const Tables& t, std::vector<int>& out) {
    out.clear();
    if (!s.has_pending) return;
    int seat = s.pending_seat;
    const std::vector<int>& hand = s.hands[size_t(seat)];
    if (s.pending_kind == DK_BLOCK) {
        for (int slot = 0; slot < int(hand.size()); ++slot) {
            int kind = hand[size_t(slot)];
            if (t.is_poison[size_t(kind)] && (slot == 0 || hand[size_t(slot - 1)] != kind))
                out.push_back(t.codec.block_base + slot);
        }
        out.push_back(t.codec.pass);
        return;
    }
    if (s.pending_kind == DK_BURN) {
        out.push_back(t.codec.burn);
        out.push_back(t.codec.no_burn);
        return;
    }
    turn_actions(s, t, seat, out);
}

}  // namespace

const std::vector<int>& legal_actions(const State& s, const Tables& t) {
    if (!s.legal_valid) {
        compute(s, t, s.legal);
        s.legal_valid = true;
    }
    return s.legal;
}

bool is_legal(const State& s, const Tables& t, int action) {
    const std::vector<int>& legal = legal_actions(s, t);
    return std::binary_search(legal.begin(), legal.end(), action);
}

}  // namespace hydras
