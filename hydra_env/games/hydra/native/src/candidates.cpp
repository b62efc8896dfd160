// See candidates.hpp. One function per block of the Python module, in its order.
#include "candidates.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "hero_facts.hpp"
#include "views.hpp"

namespace hydra {

namespace {

struct Out {
    double* f;
    int n = 0;
    int cap;
    void add(double v) {
        if (n < cap) f[n] = v;
        ++n;
    }
};

int rank_of(const State& s, int seat) {
    int order[kMaxPlayers];
    glory_ranking(s, order);
    int k = 0;
    while (order[k] != seat) ++k;
    return k;
}

void harm(const CandLayout& C, const State& t, const Rules& r, Out& f) {
    double per[12] = {};
    int n = 0, rn = 0;
    for (int slot = 0; slot < t.display.size(); ++slot) {
        int card = t.display[slot];
        if (card >= 0 && !t.display_token[slot]) {
            ++n;
            for (int i = 0; i < C.harm_width && i < 12; ++i) per[i] += C.card_harm[size_t(card * C.harm_width + i)];
        }
    }
    if (r.solo && t.solo_row_c_face_up) {
        for (int col = 0; col < t.solo_row_c.size(); ++col) {
            int card = t.solo_row_c[col];
            if (card >= 0 && !t.solo_row_c_blocked[col]) {
                ++rn;
                for (int i = 0; i < C.harm_width && i < 12; ++i) per[i] += C.hcard_harm[size_t(card * C.harm_width + i)];
            }
        }
    }
    f.add(double(n) / 10);
    f.add(double(rn) / 5);
    for (double v : per) f.add(v / 10);
}

void hero(const State& t, const Rules& r, int seat, Out& f) {
    const BoardTables& b = r.tables->board;
    int sp = t.hero_space[seat];
    double area[4] = {};
    area[std::min<int>(b.area_of[sp], 3)] = 1.0;
    bool bar = false;
    for (int i = 0; i < t.n_barricades; ++i) bar = bar || t.barricade_space[i] == sp;
    Bits necks;
    int reach = 0, bites = 0, front = 0;
    double dist = 10;
    double r0, c0;
    if (sp != b.city) {
        r0 = double(sp / b.cols);
        c0 = double(sp % b.cols);
    } else {
        r0 = double(b.rows);
        c0 = double(b.cols - 1) / 2;
    }
    double per[5 * kMaxColours];
    int n_per = 0;
    int nc = r.tables->n_colours;
    for (int c = 0; c < nc; ++c) {
        int p = t.hydra_path[c], pos = t.head_position[c];
        int hs = b.paths[p][pos];
        necks = necks | b.seg_mask[p][pos];
        int rr = hs / b.cols, cc = hs % b.cols;
        double in_reach = 0, in_bite = 0, in_front = 0;
        if (t.head_count[c] > 0) {
            if (b.orth_mask[sp].test(hs)) {
                ++reach;
                in_reach = 1.0;
            }
            if (b.nbr_mask[hs].test(sp)) {
                ++bites;
                in_bite = 1.0;
            }
            dist = std::min(dist, std::max(std::fabs(rr - r0), std::fabs(cc - c0)));
        }
        if (b.front(p, pos) == sp) {
            in_front = 1.0;
            front = 1;
        }
        per[n_per++] = (rr - r0) / b.rows;
        per[n_per++] = (cc - c0) / b.cols;
        per[n_per++] = in_reach;
        per[n_per++] = in_bite;
        per[n_per++] = in_front;
    }
    for (double v : area) f.add(v);
    f.add(sp == b.city ? 1.0 : 0.0);
    f.add(b.wall_mask.test(sp) ? 1.0 : 0.0);
    f.add(necks.test(sp) ? 1.0 : 0.0);
    f.add(t.shielded[seat] ? 1.0 : 0.0);
    f.add(bar ? 1.0 : 0.0);
    f.add(double(reach) / 2);
    f.add(double(bites) / 2);
    f.add(std::min(dist, 10.0) / 10);
    f.add(double(front));
    f.add(r0 / b.rows);
    f.add(c0 / b.cols);
    for (int i = 0; i < n_per; ++i) f.add(per[i]);
}

void token_features(const State& t, const Rules& r, int seat, Out& f) {
    bool act = t.phase == PH_ACTIONS || t.phase == PH_ACTIONS_II;
    int left = action_tokens_left(t, r, seat);
    int usable[6] = {};
    if (act) {
        int ncols = std::max(1, t.solo_row_c.size());
        int used_cols = r.solo && t.phase == PH_ACTIONS ? t.solo_columns_used : 0;
        for (int slot = 0; slot < t.display.size(); ++slot) {
            int card = t.display[slot];
            if (card >= 0 && !t.display_token[slot] && !((used_cols >> (slot % ncols)) & 1))
                usable[r.tables->card_kind[card]] += 1;
        }
    }
    f.add(double(left) / 5);
    f.add(t.phase == PH_ACTIONS ? 1.0 : 0.0);
    f.add(t.phase == PH_ACTIONS_II ? 1.0 : 0.0);
    f.add(act ? 0.0 : 1.0);
    for (int u : usable) f.add(double(u) / 5);
}

void action_features(const State& s, const Rules& r, int seat, int a, Out& f) {
    const Tables& t = *r.tables;
    int kind = t.codec.kind[a];
    double onehot[18] = {}, colour[4] = {};
    if (kind == A_DEST) {
        int card = slot_card(s, seat, t.codec.slot[a]);
        bool portal = card >= 0 && t.card_kind[card] == HK_PORTAL;
        onehot[portal ? 1 : 0] = 1.0;
    } else {
        onehot[kind + 1] = 1.0;
    }
    int c, damage;
    attack(s, r, seat, a, c, damage);
    if (c >= 0) colour[c] = 1.0;
    for (double v : onehot) f.add(v);
    for (double v : colour) f.add(v);
    f.add(double(damage) / 3);
}

void features(const CandLayout& C, const State& s, const State& t, const Rules& r, int seat, int a,
              const int* pre, Out& f) {
    const BoardTables& b = r.tables->board;
    int last = b.last_pos;
    bool lost = t.game_over && t.outcome == OUT_LOST;
    bool won = t.game_over && t.outcome == OUT_WON;
    int nc = r.tables->n_colours;
    int necks = 0, heads = 0;
    for (int c = 0; c < nc; ++c) {
        necks += t.head_position[c];
        heads += t.head_count[c];
    }
    double score = 0.0;
    if (won && r.solo) {
        int on_wall = 0;
        for (int h = 0; h < t.players; ++h) on_wall += b.wall_mask.test(t.hero_space[h]) ? 1 : 0;
        score = double(100 - necks - heads - 5 * on_wall + t.walls) / 110;
    }
    f.add(lost ? 1.0 : 0.0);
    f.add(won ? 1.0 : 0.0);
    f.add(score);
    double threat = 0.0;
    for (int c = 0; c < nc; ++c) {
        int p = t.head_position[c], n = t.head_count[c];
        f.add(double(p) / last);
        f.add(double(n) / 6);
        f.add(p == last ? 1.0 : 0.0);
        double x = double(p + 1) / double(last + 1);
        // Python's x ** 2 calls libm pow, which is not always x * x: keep the call (no folding)
        volatile double two = 2.0;
        threat += std::pow(x, double(two)) * n / 6;
    }
    f.add(double(necks) / 36);
    f.add(double(heads) / 24);
    f.add(double(t.walls) / std::max(1, int(t.walls_at_start)));
    f.add(double(t.walls - pre[2]) / 3);
    f.add(double(necks - pre[0]) / 4);
    f.add(double(heads - pre[1]) / 6);
    f.add(threat / 4);
    harm(C, t, r, f);
    hero(t, r, seat, f);
    token_features(t, r, seat, f);
    action_features(s, r, seat, a, f);
    f.add(r.solo ? 0.0 : double(t.glory[seat] - pre[3]) / 3);
    double place[4] = {};
    if (!r.solo) place[rank_of(t, seat)] = 1.0;
    for (double v : place) f.add(v);
}

}  // namespace

int encode_candidates(const CandLayout& C, const Game& g, int seat, int K, float* feat, float* index) {
    if (!g.state.has_pending || g.state.pending.seat != seat) return 0;
    const Rules& r = g.rules();
    if (g.state.players > 4 || r.tables->n_colours > 4)
        throw std::out_of_range("native candidates: the features are laid out for at most 4 seats and 4 colours");
    ActionMask legal;
    legal_mask(g.state, r, legal);
    State base = g.state;
    Pcg64 rng;
    rng.seed_from_words(&C.redeal_seed, 1);
    determinize(base, r, seat, rng);
    int pre[4] = {0, 0, base.walls, base.has_pending ? base.glory[base.pending.seat] : 0};
    for (int c = 0; c < r.tables->n_colours; ++c) {
        pre[0] += base.head_position[c];
        pre[1] += base.head_count[c];
    }
    ActionMask base_legal;
    legal_mask(base, r, base_legal);
    double row[256];
    int k = 0;
    int n_words = (r.tables->codec.size + 63) / 64;
    for (int wi = 0; wi < n_words && k < K; ++wi) {
        uint64_t w = legal.w[wi];
        while (w && k < K) {
            int a = wi * 64 + ctz64(w);
            w &= w - 1;
            if (!base_legal.test(a)) throw std::runtime_error("native candidates: an action is not legal in the re-dealt game");
            State after = base;
            apply_legal(after, r, a);
            Out f{row, 0, 256};
            features(C, base, after, r, seat, a, pre, f);
            if (f.n != C.n_features) throw std::runtime_error("native candidates: the feature count differs from the layout");
            for (int i = 0; i < f.n; ++i) feat[size_t(k) * size_t(C.n_features) + size_t(i)] = float(row[i]);
            index[k] = float(a);
            ++k;
        }
    }
    return k;
}

}  // namespace hydra
