// The numeric observation of one seat (a port of HydrasEncoder.encode_flat of
// hydra_env/games/hydras/rules/encoding.py, value for value in float32; H14: public facts and its own hand).
#include <algorithm>
#include <cstring>

#include "hengine.hpp"

namespace hydras {

namespace {

int mod(int a, int n) { return ((a % n) + n) % n; }

struct Figures {
    int neck;
    int base;            // board score without the longest-neck bonus
    double f24, f28, f32, f36;
};

// Planes 0–14 of `owner`'s hydra at `at`, its cards by kind added to `seen`, its figures.
Figures hydra_planes(const State& s, const Tables& t, int owner, float* at, std::vector<double>& seen) {
    const Analysis& found = analysis_of(s, t, owner);
    const Grid& grid = s.hydras[size_t(owner)];
    const int cells = t.cells;
    for (int cell = 0; cell < cells; ++cell) {
        int code = grid[size_t(cell)];
        if (code < 0) continue;
        const float* face = &t.faces[size_t(code) * 12];
        for (int p = 0; p < 12; ++p)
            if (face[p] != 0.0f) at[p * cells + cell] = face[p];
        if (code != t.body_code) seen[size_t(t.kind_of[size_t(code)])] += 1.0;
    }
    for (const OpenEnd& end : found.open_ends) at[12 * cells + end.cell] = 1.0f;
    for (int cell : found.sword_targets) at[13 * cells + cell] = 1.0f;
    for (int cell = 0; cell < cells; ++cell) {
        int d = found.depth[size_t(cell)];
        if (d >= 0) at[14 * cells + cell] = std::min(float(d) / 20.0f, 1.0f);
    }
    return {found.neck, found.heads + 3 * int(found.complete()) - 2 * found.torches,
            std::min(found.neck / 20.0, 1.0), double(found.complete()), std::min(found.torches / 6.0, 1.0),
            std::min(double(found.open_ends.size()) / 10.0, 1.0)};
}

}  // namespace

void encode_flat(const State& s, const Tables& t, int seat, float* out) {
    const int players = s.players, k = t.kind_count, cells = t.cells;
    std::memset(out, 0, sizeof(float) * size_t(t.obs_size));
    bool marked = s.has_attack || s.has_burn;
    int marked_seat = s.has_attack ? s.attack.target : s.burn_target;
    int marked_cell = s.has_attack ? s.attack.cell : s.burn_cell;
    std::vector<double> seen(size_t(k), 0.0);
    Figures figures[kMaxSeats];
    for (int relative = 0; relative < players; ++relative) {
        int owner = (seat + relative) % players;
        float* at = out + size_t(relative) * size_t(t.seat_size);
        figures[relative] = hydra_planes(s, t, owner, at, seen);
        if (marked && marked_seat == owner) at[15 * cells + marked_cell] = 1.0f;
    }
    const std::vector<int>& own = s.hands[size_t(seat)];
    int own_heads = 0;
    for (int slot = 0; slot < int(own.size()); ++slot) {
        out[t.hand_offset + slot * k + own[size_t(slot)]] = 1.0f;
        seen[size_t(own[size_t(slot)])] += 1.0;
        own_heads += t.kind_heads[size_t(own[size_t(slot)])];
    }
    for (const auto& block : s.blocks) seen[size_t(block[1])] += 1.0;
    if (s.has_attack) seen[size_t(s.attack.card)] += 1.0;   // cards in flight are public
    float* f = out + t.feature_offset;
    for (int r = 0; r < players; ++r) f[r] = 1.0f;
    f[4 + mod(s.turn_seat - seat, players)] = 1.0f;
    f[8 + mod(s.star_seat - seat, players)] = 1.0f;
    f[12] = float(double(s.deck.size()) / double(std::max(t.deck_size, 1)));
    f[13] = s.final_turns_left > 0 ? 1.0f : 0.0f;
    f[14] = float(double(std::max<int64_t>(s.final_turns_left, 0)) / 4.0);
    int best = 0;
    for (int r = 0; r < players; ++r) best = std::max(best, figures[r].neck);
    for (int r = 0; r < players; ++r) {
        const Figures& g = figures[r];
        f[15 + r] = float(double(s.hands[size_t((seat + r) % players)].size()) / double(t.hand_size));
        int longest = (best > 0 && g.neck == best) ? 3 : 0;
        f[19 + r] = float(std::min(std::max((g.base + longest + 10) / 40.0, 0.0), 1.0));
        f[24 + r] = float(g.f24);
        f[28 + r] = float(g.f28);
        f[32 + r] = float(g.f32);
        f[36 + r] = float(g.f36);
    }
    f[23] = float(std::min(own_heads / 12.0, 1.0));
    std::vector<double> discard(size_t(k), 0.0);
    for (int card : s.discard) discard[size_t(card)] += 1.0;
    for (int kind = 0; kind < k; ++kind) {
        double w = t.weights[size_t(kind)];
        f[40 + kind] = float(discard[size_t(kind)] * w);
        double unseen = double(t.counts[size_t(kind)]) - discard[size_t(kind)] - seen[size_t(kind)];
        f[40 + k + kind] = std::max(float(unseen * w), 0.0f);
    }
    float* tail = f + 40 + 2 * k;   // the pending decision and the block chain
    if (s.has_pending) tail[s.pending_kind] = 1.0f;
    if (s.has_attack) {
        const Attack& a = s.attack;
        tail[3 + a.kind] = 1.0f;
        tail[5 + mod(a.seat - seat, players)] = 1.0f;
        tail[9 + mod(a.target - seat, players)] = 1.0f;
        tail[13 + a.card] = 1.0f;
        tail[13 + k] = a.burn ? 1.0f : 0.0f;
        tail[14 + k] = float(std::min(double(s.blocks.size()) / 4.0, 1.0));
        tail[15 + k] = s.blocks.size() % 2 == 0 ? 1.0f : 0.0f;
        tail[16 + k] = float(double(s.offers.size()) / 3.0);
    } else if (s.has_pending && s.pending_kind == DK_BURN) {
        tail[13 + k] = 1.0f;
    }
}

}  // namespace hydras
