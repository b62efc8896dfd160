// Hadara's legal actions and prices: the twin of legal_actions, price, sell_bonus, can_carve and
// can_take_colony of hydra_env/games/hadara/rules.py (same order: ascending action indices).
#include <algorithm>

#include "hadara.hpp"

namespace hadara {

namespace {

bool can_carve(const State& s, const Tables& t, int seat, int index) {
    const auto& tiles = s.tiles[size_t(seat)];
    return s.statues[size_t(seat)][size_t(index)] < 0 &&
           t.statues[size_t(index)].culture <= s.tracks[size_t(seat)][CULTURE] &&
           tiles[0] + tiles[1] + tiles[2] + tiles[3] > 0;
}

bool can_take_colony(const State& s, const Tables& t, int seat, int level) {
    const auto& stack = s.stacks[size_t(level - 1)];
    if (stack.empty() || t.colonies[size_t(stack.back())].requirement > s.tracks[size_t(seat)][MILITARY]) return false;
    const auto& held = s.colonies[size_t(seat)];
    for (int i = 0; i < held.size(); ++i)
        if (t.colonies[size_t(held[i])].level == level) return false;
    return true;
}

}  // namespace

int colour_count(const State& s, const Tables& t, int seat, int colour) {
    const auto& tab = s.tableau[size_t(seat)];
    int count = 0;
    for (int i = 0; i < tab.size(); ++i) count += t.cards[size_t(tab[i])].colour == colour;
    return count;
}

int price(const State& s, const Tables& t, int seat, int card) {
    const Card& c = t.cards[size_t(card)];
    return std::max(0, c.cost - colour_count(s, t, seat, c.colour));
}

int sell_bonus(const State& s, const Tables& t, int seat) {
    const auto& tab = s.tableau[size_t(seat)];
    int bonus = 0;
    for (int i = 0; i < tab.size(); ++i) {
        const Card& c = t.cards[size_t(tab[i])];
        if (c.effect == EFFECT_SELL_BONUS) bonus += c.effect_arg;
    }
    return bonus;
}

int legal_actions(const State& s, const Tables& t, int* out) {
    if (!s.has_pending) return 0;
    const int seat = s.pending_seat, kind = s.pending_kind, coins = s.coins[size_t(seat)];
    const size_t st = size_t(seat);
    int n = 0;
    if (kind == WHEEL) {
        for (int w = 0; w < 5; ++w) out[n++] = WHEEL0 + w;
    } else if (kind == DRAFT) {
        const auto& pair = s.pairs[st];
        for (int k = 0; k < pair.size(); ++k) {
            if (price(s, t, seat, pair[k]) <= coins) out[n++] = DRAFT0 + 2 * k;
            out[n++] = DRAFT0 + 2 * k + 1;
        }
    } else if (kind == PICK) {
        for (int colour = 0; colour < kColours; ++colour) {
            const auto& pile = s.piles[size_t(colour)];
            if (pile.empty()) continue;
            if (price(s, t, seat, pile.back()) <= coins) out[n++] = PICK0 + 2 * colour;
            out[n++] = PICK0 + 2 * colour + 1;
        }
    } else if (kind == COLONY) {
        for (int level = 1; level <= kLevels; ++level)
            if (can_take_colony(s, t, seat, level)) out[n++] = COLONY0 + level - 1;
        out[n++] = PASS;
    } else if (kind == COLONY_MODE) {
        out[n++] = PLUNDER;
        if (coins >= t.colonies[size_t(s.pending_colony)].cost) out[n++] = INTEGRATE;
    } else if (kind == STATUE) {
        for (int i = 0; i < kStatues; ++i)
            if (can_carve(s, t, seat, i)) out[n++] = STATUE0 + i;
        out[n++] = PASS;
    } else if (kind == TILE) {
        for (int track = 0; track < kTracks; ++track)
            if (s.tiles[st][size_t(track)] > 0) {
                out[n++] = TILE0 + 2 * track;
                out[n++] = TILE0 + 2 * track + 1;
            }
    } else if (kind == REMOVE) {
        for (int j = 0; j < s.tableau[st].size(); ++j) out[n++] = REMOVE0 + j;
    } else if (kind == MEDAL) {
        const int epoch = s.epoch;
        if (s.silver[st].size() < t.silver_spaces && coins >= t.silver_price[size_t(epoch)])
            for (int track = 0; track < kTracks; ++track)
                if (s.tiles[st][size_t(track)] > 0) out[n++] = SILVER0 + track;
        if (s.gold[st] < t.gold_spaces && coins >= t.gold_price[size_t(epoch)]) out[n++] = GOLD;
        out[n++] = PASS;
    }
    return n;
}

bool is_legal(const State& s, const Tables& t, int action) {
    if (action < 0 || action >= kActions) return false;
    int buf[kActions];
    int n = legal_actions(s, t, buf);
    for (int i = 0; i < n; ++i)
        if (buf[i] == action) return true;
    return false;
}

}  // namespace hadara
