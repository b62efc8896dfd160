// Hadara's observation (HD32): the twin of hydra_env/games/hadara/observer.py, float for float.
// Every value is computed in double, as the Python engine does, then stored as float32; the
// Python engine clips the whole vector to [0, 1] at the end (numpy's clip of the float32 array).
// Here each computed value is clipped in double before it is stored (the same float: rounding to
// float32 is monotone and 0 and 1 are exact), the ratios of whole numbers come from a table of
// those same floats (ratio), and the card rows come clipped already (Tables::card_table, clipped
// when the tables are made).
#include <algorithm>
#include <cstring>

#include "hadara.hpp"

namespace hadara {

namespace {

constexpr int kGame = 74, kSeatRow = 56, kOffer = 22;
constexpr int kSeatsAt = kGame;
constexpr int kTableauxAt = kSeatsAt + kMaxSeats * kSeatRow;
constexpr int kPairAt = kTableauxAt + kMaxSeats * kMaxTableau * kCardRow;
constexpr int kPilesAt = kPairAt + 2 * kOffer;
constexpr int kColoniesAt = kPilesAt + 25 * kOffer;
static_assert(kColoniesAt + 125 == kObsSize, "the observation layout of observer.py");

inline float clipped(double value) { return float(value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value)); }

inline void put(float* out, int i, double value) { out[i] = clipped(value); }

// clipped(k / d) for whole numbers k and 1 <= d <= kMaxDivisor, from a table of the values strictly
// between 0 and 1 (each computed once exactly as above): a division costs more than the rest.
constexpr int kMaxDivisor = 50;

struct Ratios {
    float value[kMaxDivisor + 1][kMaxDivisor + 1] = {};
    Ratios() {
        for (int d = 1; d <= kMaxDivisor; ++d)
            for (int k = 0; k <= d; ++k) value[d][k] = clipped(double(k) / double(d));
    }
};

inline float ratio(int k, int d) {
    static const Ratios table;
    if (k <= 0) return 0.0f;
    if (k >= d) return 1.0f;
    return table.value[d][k];
}

void game_block(const State& s, const Tables& t, int seat, float* out) {
    const int n = s.players;
    out[n - 2] = 1.0f;
    out[4 + s.epoch] = 1.0f;
    if (s.has_pending) out[7 + s.pending_kind] = 1.0f;
    if (s.step == S_DRAFT) out[16 + s.round] = 1.0f;
    if (s.wheel >= 0) out[21 + s.wheel] = 1.0f;
    for (int position = 0; position < kColours; ++position) out[26 + 5 * position + s.board_order[size_t(position)]] = 1.0f;
    out[51 + ((s.first[size_t(s.epoch)] - seat) % n + n) % n] = 1.0f;
    put(out, 56, double(s.picks) / double(5 * n));
    put(out, 57, double(t.silver_price[size_t(s.epoch)]) / 30.0);
    put(out, 58, double(t.gold_price[size_t(s.epoch)]) / 30.0);
    if (s.pending_colony >= 0) {
        const Colony& colony = t.colonies[size_t(s.pending_colony)];
        out[59 + colony.level - 1] = 1.0f;
        put(out, 64, double(colony.plunder) / 20.0);
        put(out, 65, double(colony.cost) / 10.0);
        put(out, 66, double(colony.points) / 20.0);
    }
    if (s.pending_statue >= 0) out[67 + s.pending_statue] = 1.0f;
    put(out, 73, double(std::max(0, s.tableau[size_t(seat)].size() - s.tracks[size_t(seat)][FOOD])) / 10.0);
}

void seat_row(const State& s, const Tables& t, int other, float* out) {
    const size_t st = size_t(other);
    std::fill(out, out + kSeatRow, 0.0f);
    out[0] = 1.0f;
    out[1] = ratio(s.coins[st], 20);
    for (int k = 0; k < kTracks; ++k) out[2 + k] = ratio(s.tracks[st][size_t(k)], 20);
    int counts[kColours] = {0, 0, 0, 0, 0};
    const auto& tab = s.tableau[st];
    for (int i = 0; i < tab.size(); ++i) counts[t.cards[size_t(tab[i])].colour] += 1;
    for (int c = 0; c < kColours; ++c) out[6 + c] = ratio(counts[c], 10);
    out[11] = ratio(*std::min_element(counts, counts + kColours), 5);
    const auto parts = breakdown(s, t, other);
    out[12] = ratio(parts[0], 50);
    out[13] = ratio(sell_bonus(s, t, other), 3);
    const auto& held = s.colonies[st];
    for (int i = 0; i < held.size(); ++i) {
        int level = t.colonies[size_t(held[i])].level;
        out[14 + level - 1] = 1.0f;
        out[19 + level - 1] = s.integrated[st][i] ? 1.0f : 0.0f;
    }
    out[24] = ratio(parts[1], 30);
    int down = 0;
    for (int i = 0; i < kStatues; ++i) {
        int placed = s.statues[st][size_t(i)];
        if (placed >= 0) {
            out[25 + i] = 1.0f;
            down += placed % 2 ? t.statues[size_t(i)].bonus : 0;
        }
    }
    out[31] = ratio(down, 10);
    for (int k = 0; k < kTracks; ++k) out[32 + k] = ratio(s.tiles[st][size_t(k)], 2);
    int silver_tiles[kTracks] = {0, 0, 0, 0};                  // each adds 0.5: k tiles give k / 2
    const auto& silver = s.silver[st];
    for (int i = 0; i < silver.size(); ++i) silver_tiles[silver[i]] += 1;
    for (int k = 0; k < kTracks; ++k) out[36 + k] = ratio(silver_tiles[k], 2);
    out[40] = ratio(s.gold[st], 2);
    out[41 + s.rank[st] - 1] = 1.0f;
    out[46] = s.first[size_t(s.epoch)] == other ? 1.0f : 0.0f;
    out[47] = ratio(s.sales_a[st], 5);
    out[48] = ratio(s.removed[st].size(), 10);
    for (int k = 0; k < 6; ++k) out[49 + k] = ratio(parts[size_t(k)], 50);
    out[55] = s.choices[st] >= 0 ? 1.0f : 0.0f;
}

inline void card_into(const Tables& t, int card, float* out) {
    std::memcpy(out, t.card_table.data() + size_t(card) * kCardRow, sizeof(float) * kCardRow);
}

}  // namespace

void encode(const State& s, const Tables& t, int seat, bool piles_top, float* out) {
    std::fill(out, out + kObsSize, 0.0f);
    const int n = s.players;
    game_block(s, t, seat, out);
    float* colonies = out + kColoniesAt;
    for (int r = 0; r < n; ++r) {
        const int other = (seat + r) % n;
        seat_row(s, t, other, out + kSeatsAt + r * kSeatRow);
        const auto& tab = s.tableau[size_t(other)];
        for (int j = 0; j < tab.size(); ++j) card_into(t, tab[j], out + kTableauxAt + (r * kMaxTableau + j) * kCardRow);
        const auto& held = s.colonies[size_t(other)];
        for (int i = 0; i < held.size(); ++i) {
            if (!s.integrated[size_t(other)][i]) continue;
            const Colony& c = t.colonies[size_t(held[i])];
            for (int k = 0; k < kTracks; ++k)
                colonies[25 + r * 20 + 4 * (c.level - 1) + k] = ratio(c.back[size_t(k)], 5);
        }
    }
    int owned[kColours] = {0, 0, 0, 0, 0};
    const auto& mine = s.tableau[size_t(seat)];
    for (int i = 0; i < mine.size(); ++i) owned[t.cards[size_t(mine[i])].colour] += 1;
    const auto& pair = s.pairs[size_t(seat)];
    for (int k = 0; k < pair.size(); ++k) {
        float* row = out + kPairAt + k * kOffer;
        card_into(t, pair[k], row);
        row[kCardRow] = ratio(price(s, t, seat, pair[k]), 10);
    }
    for (int colour = 0; colour < kColours; ++colour) {
        const auto& pile = s.piles[size_t(colour)];
        const int shown = std::min(pile.size(), piles_top ? 1 : 5);
        for (int position = 0; position < shown; ++position) {
            int card = pile[pile.size() - 1 - position];
            float* row = out + kPilesAt + (colour * 5 + position) * kOffer;
            card_into(t, card, row);
            row[kCardRow] = ratio(t.cards[size_t(card)].cost - owned[colour], 10);
        }
    }
    for (int level = 0; level < kLevels; ++level) {
        const int base = 5 * level;
        colonies[base] = ratio(s.stacks[size_t(level)].size(), 5);
        const Colony& top = t.colonies[size_t(t.level_colonies[size_t(level)][0])];
        colonies[base + 1] = clipped(double(top.requirement) / 20.0);
        colonies[base + 2] = clipped(double(top.plunder) / 10.0);
        colonies[base + 3] = clipped(double(top.cost) / 10.0);
        colonies[base + 4] = clipped(double(top.points) / 20.0);
    }
}

}  // namespace hadara
