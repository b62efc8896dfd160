// Hadara's score by category (HD27) and the end returns of the batch (the win share of
// spec.game_returns: 1 / the number of winners, HD28): the twin of hydra_env/games/hadara/scoring.py.
#include <algorithm>

#include "hadara.hpp"

namespace hadara {

std::array<int, 6> breakdown(const State& s, const Tables& t, int seat) {
    const size_t st = size_t(seat);
    std::array<int, 6> parts{};
    int counts[kColours] = {0, 0, 0, 0, 0};
    const auto& tab = s.tableau[st];
    for (int i = 0; i < tab.size(); ++i) {
        const Card& c = t.cards[size_t(tab[i])];
        parts[0] += c.points;
        counts[c.colour] += 1;
    }
    const auto& held = s.colonies[st];
    for (int i = 0; i < held.size(); ++i) parts[1] += t.colonies[size_t(held[i])].points;
    for (int i = 0; i < kStatues; ++i) {
        int placed = s.statues[st][size_t(i)];
        if (placed >= 0) parts[2] += t.statues[size_t(i)].points + (placed % 2 ? t.statues[size_t(i)].bonus : 0);
    }
    const auto& silver = s.silver[st];
    for (int i = 0; i < silver.size(); ++i) parts[3] += (s.tracks[st][size_t(silver[i])] + 1) / 2;
    int sets = *std::min_element(counts, counts + kColours);
    parts[4] = t.gold_points_per_set * sets * s.gold[st];
    int coins = s.coins[st], per = t.coins_per_point;
    parts[5] = coins >= 0 ? coins / per : -((-coins + per - 1) / per);   // floor division, as Python's //
    return parts;
}

void end_returns(const State& s, const Tables& t, double* out) {
    const int n = s.players;
    for (int seat = 0; seat < n; ++seat) out[seat] = 0.0;
    if (!s.game_over) return;
    int scores[kMaxSeats];
    for (int seat = 0; seat < n; ++seat) {
        auto parts = breakdown(s, t, seat);
        scores[seat] = parts[0] + parts[1] + parts[2] + parts[3] + parts[4] + parts[5];
    }
    int winners = 0;
    bool win[kMaxSeats] = {};
    for (int seat = 0; seat < n; ++seat) {
        int ahead = 0;
        for (int other = 0; other < n; ++other) {
            bool better = scores[other] > scores[seat] ||
                          (scores[other] == scores[seat] && s.coins[size_t(other)] > s.coins[size_t(seat)]);
            ahead += better;
        }
        win[seat] = ahead == 0;
        winners += win[seat];
    }
    for (int seat = 0; seat < n; ++seat) out[seat] = win[seat] ? 1.0 / winners : 0.0;
}

}  // namespace hadara
