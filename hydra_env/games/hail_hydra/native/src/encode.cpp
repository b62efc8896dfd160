// The observation of Hail Hydra (observer.py over views.seat_info), in C++: the observer's float32 vector,
// computed from what the seat may know only (HH33). Values are computed in double and rounded once to
// float32, as numpy does when the Python observer assigns a Python float into its float32 buffer.
#include <algorithm>
#include <cstring>

#include "hh_game.hpp"

namespace hail_hydra {

namespace {
constexpr int GAME = 267, HAND = 8, ROW = 211, K = 8, ROUND = 163, INTEL = 29;

inline float clip(double x) { return float(x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x); }
inline int sum8(const Counts& c) {
    int n = 0;
    for (int v : c) n += v;
    return n;
}

// x / D as the observer writes it (the float of the double quotient, clipped to [0, 1] when Clip), looked up
// for the small counts an offensive row holds (the same expression fills the table, so the same bits).
template <int D, bool Clip>
struct Ratio {
    float table[64];
    static float exact(int x) { return Clip ? clip(double(x) / double(D)) : float(double(x) / double(D)); }
    Ratio() {
        for (int x = 0; x < 64; ++x) table[x] = exact(x);
    }
    float operator()(int x) const { return x >= 0 && x < 64 ? table[x] : exact(x); }
};
const Ratio<2, false> kHalf;
const Ratio<3, false> kThird;
const Ratio<3, true> kThirdClipped;
const Ratio<8, true> kEighthClipped;
const Ratio<30, true> kThirtiethClipped;
}  // namespace

int HailHydraGame::obs_size() const { return GAME + HAND + s.options.history * ROW + K * ROUND + INTEL; }

void HailHydraGame::encode(int seat, float* out) const {
    std::fill(out, out + obs_size(), 0.0f);
    int rel[kMaxSeats] = {};
    for (int i = 0; i < s.players; ++i) rel[i] = ((i - seat) % s.players + s.players) % s.players;
    encode_game(seat, out, rel);
    float* hand = out + GAME;
    for (int v = 0; v < kValues; ++v) hand[v] = float(double(s.hands[size_t(seat)][size_t(v)]) / 10.0);
    const int H = s.options.history;
    float* rows = hand + HAND;
    const int count = int(s.offensives.size());
    const int first = std::max(0, count - H);
    for (int i = first; i < count; ++i)
        encode_offensive(seat, s.offensives[size_t(i)], i, rows + size_t(i - first) * ROW, rel);
    float* rounds = rows + size_t(H) * ROW;
    const int rcount = int(s.rounds.size());
    const int rfirst = std::max(0, rcount - K);
    for (int i = rfirst; i < rcount; ++i) encode_round(seat, s.rounds[size_t(i)], rounds + size_t(i - rfirst) * ROUND, rel);
    float* x = rounds + K * ROUND;
    const Web& web = s.web[size_t(seat)];
    if (web.set) {
        x[0] = 1;
        x[1 + rel[web.target]] = 1;
        for (int v = 0; v < kValues; ++v) x[9 + v] = clip(double(web.counts[size_t(v)]) / 3.0);
        x[17] = float(web.offensive == count - 1);
    }
    const Radar& radar = s.radar[size_t(seat)];
    if (radar.set) {
        x[18] = 1;
        x[19 + rel[radar.target]] = 1;
        x[27 + (radar.truth ? 0 : 1)] = 1;
    }
}

void HailHydraGame::encode_game(int seat, float* g, const int* rel) const {
    const int n = s.players;
    g[n - 5] = 1;
    int at = 4;
    if (s.has_pending && s.pending.seat == seat) g[at + s.pending.kind] = 1;
    at += 12;
    const bool dealt = !s.loyalty.empty();
    if (dealt) g[at + s.loyalty[size_t(seat)]] = 1;
    at += 2;
    int known[kMaxSeats];
    for (int i = 0; i < n; ++i) {
        known[i] = -1;
        if (dealt && (i == seat || s.loyalty[size_t(seat)] == HYDRA || s.revealed[size_t(i)]))
            known[i] = s.loyalty[size_t(i)];
    }
    for (const auto& w : s.widow[size_t(seat)]) known[w[0]] = w[1];
    for (int i = 0; i < n; ++i) g[at + rel[i] * 3 + known[i] + 1] = 1;
    at += 24;
    for (int i = 0; i < n; ++i)
        if (s.heroes[size_t(i)] >= 0) g[at + rel[i] * 14 + s.heroes[size_t(i)]] = 1;
    at += 112;
    for (int i = 0; i < n; ++i) {
        g[at + rel[i]] = float(s.used[size_t(i)]);
        g[at + 8 + rel[i]] = float(s.revealed[size_t(i)]);
        g[at + 16 + rel[i]] = float(s.out[size_t(i)]);
        g[at + 24 + rel[i]] = float(s.immune[size_t(i)]);
    }
    g[at + 32 + rel[s.token]] = 1;
    at += 40;
    for (int i = 0; i < n; ++i) g[at + rel[i]] = clip(double(s.hand_size(i)) / 10.0);
    at += 8;
    g[at] = float(double(s.draw.size()) / 80.0);
    g[at + 1] = float(double(sum8(s.discard)) / 80.0);
    g[at + 2] = clip(double(s.city) / 27.0);
    at += 3;
    if (s.mission >= 0) g[at + s.mission] = 1;
    at += 5;
    if (s.villain >= 0) g[at + s.villain] = 1;
    at += 18;
    g[at] = float(double(s.health) / 13.0);
    g[at + 1] = float(double(s.defence) / 3.0);
    g[at + 2] = clip(double(s.strength) / 10.0);
    at += 3;
    for (int v : s.defeated) g[at + v] = 1;
    at += 18;
    int mission_offs = 0;
    for (const Offensive& o : s.offensives) mission_offs += o.mission == s.mission;
    g[at] = float(double(s.offensives.size()) / 36.0);
    g[at + 1] = float(double(mission_offs) / 36.0);
    at += 2;
    const Round* last = nullptr;
    for (const Round& r : s.rounds)
        if (r.phase == s.mission) last = &r;
    if (last && !last->closed) {
        g[at + std::min(last->number, 2)] = 1;
        g[at + 3 + std::min(s.rounds_left, 2)] = 1;
        if (last->result != NONE) g[at + 6 + rel[last->result]] = 1;
    }
    at += 14;
    if (s.total_flag) {
        g[at] = clip(double(s.total + 40) / 80.0);
        g[at + 1] = 1;
    }
}

void HailHydraGame::encode_offensive(int seat, const Offensive& o, int index, float* row, const int* rel) const {
    const int n = s.players;
    row[0] = 1;
    row[1 + o.mission] = 1;
    row[6 + rel[o.holder]] = 1;
    for (int i = 0; i < n; ++i) {
        size_t u = size_t(i);
        float* b = row + 14 + rel[i] * 20;
        b[0] = float(o.active[u]);
        b[1] = float(o.out[u]);
        b[2] = float(o.revealed[u]);
        b[3] = kThird(sum8(o.down[u]));
        if (o.claim[u] >= 0) b[4 + o.claim[u]] = 1;
        int up_sum = 0;
        for (int v = 0; v < kValues; ++v) up_sum += o.up[u][size_t(v)] * kCardValues[v];
        b[8] = kThird(sum8(o.up[u]));
        b[9] = kThirtiethClipped(up_sum + 15);
        b[10] = kHalf(o.gave[u]);
        if (o.gave_to[u] >= 0) b[11 + rel[o.gave_to[u]]] = 1;
        b[19] = float(o.used[u]);
    }
    float* b = row + 174;
    if (o.has_cards && !o.hidden)
        for (int v = 0; v < kValues; ++v) b[v] = kEighthClipped(o.cards[size_t(v)]);
    b[8] = float(o.hidden && o.has_cards);
    const bool current = index == int(s.offensives.size()) - 1;
    if (o.has_total) b[9] = clip(double(o.total + 40) / 80.0);
    else if (current && s.total_flag) b[9] = clip(double(s.total + 40) / 80.0);
    b[10] = clip(double(o.villain_damage) / 13.0);
    b[11] = clip(double(o.city_damage) / 10.0);
    b[12] = float(o.defeated);
    b += 13;
    Counts received{};
    for (int giver = 0; giver < n; ++giver)
        if (o.gave_to[size_t(giver)] == seat)
            for (int v = 0; v < kValues; ++v) received[size_t(v)] += o.gift[size_t(giver)][size_t(v)];
    for (int v = 0; v < kValues; ++v) {
        b[v] = kThirdClipped(o.down[size_t(seat)][size_t(v)]);
        b[8 + v] = kThirdClipped(o.gift[size_t(seat)][size_t(v)]);
        b[16 + v] = kThirdClipped(received[size_t(v)]);
    }
}

void HailHydraGame::encode_round(int seat, const Round& r, float* row, const int* rel) const {
    row[0] = 1;
    row[1 + std::min(r.phase, 3)] = 1;
    row[5 + std::min(r.number, 2)] = 1;
    for (int k = 0; k < 2; ++k)
        for (int i = 0; i < s.players; ++i) {
            int choice = (k == 0 ? r.nominations : r.votes)[size_t(i)];
            if (k == 1 && !r.closed && i != seat) choice = OPEN;
            if (choice == OPEN) continue;
            row[8 + k * 72 + rel[i] * 9 + (choice == UP_VOTE ? 8 : rel[choice])] = 1;
        }
    if (r.result != NONE) row[152 + rel[r.result]] = 1;
    else if (r.closed) row[160] = 1;
    row[161] = float(r.ambush);
    row[162] = float(r.rally);
}

}  // namespace hail_hydra
