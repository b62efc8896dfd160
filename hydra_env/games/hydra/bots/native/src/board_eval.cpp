// Board facts and the board value B (hydra_env/games/hydra/bots/features/board_facts.py, board_eval.py).
#include "features.hpp"

namespace bots {

using namespace hydra;

int head_space(const State& s, const Rules& r, int colour) {
    return r.tables->board.paths[s.hydra_path[colour]][s.head_position[colour]];
}

int distance_to_wall(const State& s, const Rules& r, int colour) {
    return r.tables->board.last_pos - s.head_position[colour];
}

int front_space(const State& s, const Rules& r, int colour) {
    int position = s.head_position[colour];
    if (position >= r.tables->board.last_pos) return -1;
    return r.tables->board.front(s.hydra_path[colour], position);
}

Bits danger_mask(const State& s, const Rules& r) {
    const BoardTables& b = r.tables->board;
    Bits mask;
    for (int c = 0; c < r.tables->n_colours; ++c) {
        if (s.head_count[c] == 0) continue;
        mask |= b.nbr_mask[head_space(s, r, c)];
        const int16_t* path = b.paths[s.hydra_path[c]];
        int position = s.head_position[c];
        int end = position + 4 < b.path_len ? position + 4 : b.path_len;
        for (int q = position + 1; q < end; ++q) mask.set(path[q]);
    }
    return mask & ~b.city_bit;
}

bool hero_exposed(const State& s, const Rules& r, int seat) {
    int space = s.hero_space[seat];
    if (s.shielded[seat] || space == r.tables->board.city || barricade_mask(s).test(space)) return false;
    return danger_mask(s, r).test(space);
}

int reach_layers(Reach& reach, const Rules& r, int depth, Bits* layers) {
    const BoardTables& b = r.tables->board;
    Bits passable = reach.passable;
    Bits portals = reach.portal_targets();
    Bits seen = Bits::bit(reach.sp), current = seen;
    layers[0] = current;
    for (int k = 1; k <= depth; ++k) {
        Bits nxt = (b.neighbours(current) & passable) | portals;
        nxt &= ~seen;
        seen |= nxt;
        layers[k] = nxt;
        current = seen;
    }
    return depth + 1;
}

int first_layer(const Bits* layers, int n, const Bits& target) {
    for (int k = 0; k < n; ++k) if ((layers[k] & target).any()) return k;
    return n;
}

void attack_masks(const State& s, const Rules& r, Bits* out) {
    const BoardTables& b = r.tables->board;
    Bits heads = heads_mask(s, r);
    for (int c = 0; c < r.tables->n_colours; ++c) {
        int path = s.hydra_path[c], position = s.head_position[c];
        Bits mask = b.orth_mask[b.paths[path][position]];
        if (s.head_count[c] == 0) {
            if (position == 0) mask = Bits();
            else for (int q = 0; q < position; ++q) mask |= b.orth_mask[b.paths[path][q]];
        }
        out[c] = mask & ~heads & ~b.maelstrom_mask;
    }
}

void neck_masks(const State& s, const Rules& r, Bits* out) {
    const BoardTables& b = r.tables->board;
    for (int c = 0; c < r.tables->n_colours; ++c)
        out[c] = b.seg_mask[s.hydra_path[c]][s.head_position[c]] & ~b.maelstrom_mask;
}

double threat(const Weights& w, int distance, int counter) {
    double t = (0 <= distance && distance < int(w.front.size())) ? w.front[distance] : 0.0;
    if (distance == 0) t += w.bite * counter;
    return counter > 0 ? t : t * w.dormant;
}

double head_threat(const State& s, const Rules& r, int colour, const Weights& w) {
    return threat(w, distance_to_wall(s, r, colour), s.head_count[colour]);
}

int solo_score(const State& s, const Rules& r) {
    const BoardTables& b = r.tables->board;
    int on_wall = 0, necks = 0, heads = 0;
    for (int h = 0; h < s.players; ++h) on_wall += b.wall_mask.test(s.hero_space[h]) ? 1 : 0;
    for (int c = 0; c < r.tables->n_colours; ++c) { necks += s.head_position[c]; heads += s.head_count[c]; }
    return 100 - necks - heads - 5 * on_wall + s.walls;
}

static int crowd_count(const State& s, const Rules& r) {
    int last = r.tables->board.last_pos, n = 0;
    for (int c = 0; c < r.tables->n_colours; ++c) n += s.head_position[c] == last ? 1 : 0;
    return n;
}

double board_value(const State& s, const Rules& r, const Weights& w) {
    if (s.game_over) return s.outcome == OUT_LOST ? kLoss : double(solo_score(s, r));
    int nc = r.tables->n_colours;
    int necks = 0, heads = 0;
    for (int c = 0; c < nc; ++c) { necks += s.head_position[c]; heads += s.head_count[c]; }
    double v = 100.0 + w.wall * s.walls;
    v -= necks;
    v -= heads;
    double threats = 0.0;
    for (int c = 0; c < nc; ++c) threats += head_threat(s, r, c, w);
    v -= threats;
    int n_front = crowd_count(s, r);
    v -= n_front < int(w.crowd.size()) ? w.crowd[n_front] : 0.0;
    int low = 4 - s.walls > 0 ? 4 - s.walls : 0;
    v -= w.low_walls * (low * low);
    return v;
}

double wall_gain(const State& s, const Weights& w) {
    int a = 4 - s.walls > 0 ? 4 - s.walls : 0;
    int b = 3 - s.walls > 0 ? 3 - s.walls : 0;
    return w.wall + w.low_walls * (a * a - b * b);
}

double barrier_value(const State& s, const Rules& r, int colour, const Weights& w) {
    int count = s.head_count[colour];
    if (count == 0) return w.barrier_dormant;
    return w.barrier + w.barrier_threat * threat(w, r.tables->board.last_pos - s.head_position[colour] - 1, count);
}

void damage_gains(const State& s, const Rules& r, int colour, const Weights& w, Gains& out) {
    int h = s.head_count[colour], pos = s.head_position[colour], last = r.tables->board.last_pos;
    double before = threat(w, last - pos, h);
    int n_front = crowd_count(s, r);
    int n_crowd = int(w.crowd.size());
    out[0] = 0.0;
    for (int k = 1; k <= kMostDamage; ++k) {
        int lower = h < k ? h : k;
        int new_pos = pos - (k - lower) > 0 ? pos - (k - lower) : 0;
        double g = double(lower + (pos - new_pos)) + before - threat(w, last - new_pos, h - lower);
        if (pos == last && new_pos != last && n_front < n_crowd) {
            // Python's crowd[n_front - 1] with n_front >= 1 here (this head is on its last space)
            g += w.crowd[n_front] - w.crowd[n_front - 1];
        }
        out[k] = g;
    }
}

}  // namespace bots
