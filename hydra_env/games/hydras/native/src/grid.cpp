// One hydra's grid: open ends, adjacency, links to the body, cuts, neck lengths
// (a port of hydra_env/games/hydras/rules/hydra.py; H2, H3, H5, H7, H10, H15).
#include <algorithm>

#include "hengine.hpp"

namespace hydras {

namespace {

bool is_card(int code, const Tables& t) { return code >= 0 && t.kind_of[code] != t.torch; }

int adjacent_cards(const Grid& grid, const Tables& t, int cell) {
    int count = 0;
    for (int other : t.neighbours[cell])
        if (other >= 0 && is_card(grid[other], t)) ++count;
    return count;
}

// neck_lengths: breadth-first from the body through matching necks; depth −1 where unreached.
void neck_lengths(const Grid& grid, const Tables& t, std::vector<int16_t>& depth, std::vector<int>& order) {
    depth.assign(size_t(t.cells), int16_t(-1));
    order.clear();
    depth[size_t(t.centre)] = 0;
    order.push_back(t.centre);
    for (size_t head = 0; head < order.size(); ++head) {
        int cell = order[head];
        int code = grid[size_t(cell)];
        for (int direction = 0; direction < 4; ++direction) {
            int other = t.neighbours[size_t(cell)][size_t(direction)];
            if (other < 0 || depth[size_t(other)] >= 0 || !(t.sides[size_t(code)] >> direction & 1)) continue;
            int near = grid[size_t(other)];
            if (near < 0 || t.kind_of[size_t(near)] == t.torch || !(t.sides[size_t(near)] >> ((direction + 2) & 3) & 1))
                continue;
            depth[size_t(other)] = int16_t(depth[size_t(cell)] + 1);
            order.push_back(other);
        }
    }
}

}  // namespace

void constraint(const Grid& grid, const Tables& t, int cell, int& fixed, int& required) {
    fixed = required = 0;
    for (int direction = 0; direction < 4; ++direction) {
        int other = t.neighbours[size_t(cell)][size_t(direction)];
        if (other < 0) continue;
        int code = grid[size_t(other)];
        if (code < 0 || t.kind_of[size_t(code)] == t.torch) continue;
        fixed |= 1 << direction;
        if (t.sides[size_t(code)] >> ((direction + 2) & 3) & 1) required |= 1 << direction;
    }
}

int cut(Grid& grid, const Tables& t, int cell, std::vector<int>& removed_kinds) {
    // The target first, then everything no longer linked to the body (H7), in cell order.
    removed_kinds.push_back(t.kind_of[size_t(grid[size_t(cell)])]);
    grid[size_t(cell)] = kEmpty;
    std::vector<int16_t> depth;
    std::vector<int> order;
    neck_lengths(grid, t, depth, order);
    std::vector<uint8_t> keep(size_t(t.cells), 0);
    for (int c : order) {
        keep[size_t(c)] = 1;
        for (int direction = 0; direction < 4; ++direction) {
            int other = t.neighbours[size_t(c)][size_t(direction)];
            if (other >= 0 && (t.sides[size_t(grid[size_t(c)])] >> direction & 1)) {
                int code = grid[size_t(other)];
                if (code >= 0 && t.kind_of[size_t(code)] == t.torch) keep[size_t(other)] = 1;
            }
        }
    }
    int removed = 1;
    for (int other = 0; other < t.cells; ++other) {
        int code = grid[size_t(other)];
        if (code >= 0 && !keep[size_t(other)]) {
            removed_kinds.push_back(t.kind_of[size_t(code)]);
            grid[size_t(other)] = kEmpty;
            ++removed;
        }
    }
    return removed;
}

Analysis analyse(const Grid& grid, const Tables& t) {
    Analysis a;
    std::vector<uint8_t> candidate(size_t(t.cells), 0);
    for (int cell = 0; cell < t.cells; ++cell) {
        int code = grid[size_t(cell)];
        if (code < 0) continue;
        if (t.kind_of[size_t(code)] == t.torch) {
            ++a.torches;
            if (adjacent_cards(grid, t, cell) <= 2) a.sword_targets.push_back(cell);
            continue;
        }
        if (code != t.body_code) {
            ++a.cards;
            a.heads += t.heads[size_t(code)];
            int icon = t.icon[size_t(code)];
            a.swords += icon == ICON_SWORD;
            a.poisons += icon == ICON_POISON;
            if (adjacent_cards(grid, t, cell) <= 2) a.sword_targets.push_back(cell);
        }
        int face = t.sides[size_t(code)];
        for (int direction = 0; direction < 4; ++direction) {
            if (!(face >> direction & 1)) continue;
            int other = t.neighbours[size_t(cell)][size_t(direction)];
            if (other < 0)
                ++a.dangling;
            else if (grid[size_t(other)] == kEmpty)
                candidate[size_t(other)] = 1;
        }
    }
    for (int cell = 0; cell < t.cells; ++cell) {
        if (!candidate[size_t(cell)]) continue;
        OpenEnd end{cell, 0, 0};
        constraint(grid, t, cell, end.fixed, end.required);
        a.open_ends.push_back(end);
    }
    neck_lengths(grid, t, a.depth, a.order);
    for (int c : a.order) a.neck = std::max(a.neck, int(a.depth[size_t(c)]));
    return a;
}

const Analysis& analysis_of(const State& s, const Tables& t, int seat) {
    auto& slot = s.analysis[size_t(seat)];
    if (!slot) slot = std::make_shared<const Analysis>(analyse(s.hydras[size_t(seat)], t));
    return *slot;
}

}  // namespace hydras
