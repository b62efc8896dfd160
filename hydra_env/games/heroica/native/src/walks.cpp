// The ends of a movement and their canonical walks (walks.py, HR7-HR12, HR19's step, HR30):
// every walk of 1..allowance steps (HR7) ended early by a forced stop (HR8), HR9's forward steps
// (or the way back) from a taken end; per end the path with most items, then fewest steps, then
// the smallest list of ids (HR12). The order of the walks does not matter: the rank is total.
#include <cstring>
#include <stdexcept>
#include <vector>

#include "heroica.hpp"

namespace heroica {

bool Tables::adjacent(int a, int b) const { return d(a, b) == 1; }

namespace {

struct Walker {
    const Tables& t;
    int start, allowance;
    const uint8_t* enter;    // may be entered
    const uint8_t* stops;    // a forced stop
    const uint8_t* taken;    // may not be ended on
    const uint8_t* items;    // counted by the rank (nullptr: none)
    Movements& out;
    Path cur;
    std::vector<Path> frontier, found, following;

    Walker(const Tables& t_, int start_, int allowance_, const uint8_t* enter_, const uint8_t* stops_,
           const uint8_t* taken_, const uint8_t* items_, Movements& out_)
        : t(t_), start(start_), allowance(allowance_), enter(enter_), stops(stops_), taken(taken_),
          items(items_), out(out_) {}

    int value(const Path& p) const {
        if (!items) return 0;
        int count = 0;
        for (int i = 1; i < p.len; ++i) {
            int s = p.v[i];
            if (!items[s]) continue;
            bool seen = false;
            for (int j = 1; j < i; ++j) seen = seen || p.v[j] == s;
            count += !seen;
        }
        return count;
    }

    static bool better(const Path& a, int va, const Path& b, int vb) {
        if (va != vb) return va > vb;
        if (a.len != b.len) return a.len < b.len;
        return std::memcmp(a.v, b.v, size_t(a.len)) < 0;
    }

    void consider(const Path& p) {
        int key = p.back() == start ? kReenterKey : p.back();
        int val = value(p);
        if (!out.has[key] || better(p, val, out.path[key], out.rank_value[key])) {
            out.has[key] = true;
            out.rank_value[key] = val;
            out.path[key] = p;
        }
    }

    static void push(Path& p, int s) {
        if (p.len >= kMaxPath) throw std::length_error("heroica native: a movement path is too long");
        p.v[p.len++] = uint8_t(s);
    }

    void forward(const Path& walk) {
        int base = walk.len;
        frontier.assign(1, walk);
        while (!frontier.empty()) {
            found.clear();
            following.clear();
            for (const Path& path : frontier) {
                int last = path.back(), before = path.v[path.len - 2];
                for (int nb : t.neighbours[size_t(last)]) {
                    if (nb == before || !enter[nb]) continue;
                    bool again = false;
                    for (int i = base; i < path.len; ++i) again = again || path.v[i] == nb;
                    if (again) continue;
                    Path next = path;
                    push(next, nb);
                    (taken[nb] ? following : found).push_back(next);
                }
            }
            if (!found.empty()) {
                for (const Path& p : found) consider(p);
                return;
            }
            frontier.swap(following);
        }
        for (int i = base - 2; i >= 0; --i) {
            if (!taken[walk.v[i]] || i == 0) {
                Path p = walk;
                for (int j = base - 2; j >= i; --j) push(p, walk.v[j]);
                consider(p);
                return;
            }
        }
    }

    void walk() {
        if (cur.len > 1) {
            if (taken[cur.back()]) forward(cur);
            else consider(cur);
            if (stops[cur.back()]) return;
        }
        if (cur.len - 1 >= allowance) return;
        for (int nb : t.neighbours[size_t(cur.back())]) {
            if (!enter[nb]) continue;
            cur.v[cur.len++] = uint8_t(nb);
            walk();
            --cur.len;
        }
    }

    void run() {
        std::memset(out.has, 0, sizeof(out.has));
        out.has[start] = true;
        out.rank_value[start] = 0;
        out.path[start].len = 1;
        out.path[start].v[0] = uint8_t(start);
        cur.len = 1;
        cur.v[0] = uint8_t(start);
        walk();
    }
};

}  // namespace

void hero_movements(const Tables& t, const State& s, int hero, int allowance, Movements& out) {
    uint8_t enter[kMaxSpaces], stops[kMaxSpaces], taken[kMaxSpaces];
    std::memset(stops, 0, sizeof(stops));
    std::memset(taken, 0, sizeof(taken));
    for (int x = 0; x < t.n; ++x) {
        enter[x] = s.monster_at[x] < 0;
        if (s.monster_at[x] >= 0)
            for (int nb : t.neighbours[size_t(x)]) stops[nb] = 1;
    }
    for (int h = 0; h < s.heroes; ++h)
        if (h != hero && s.hero_space[h] != t.start) taken[s.hero_space[h]] = 1;
    Walker w{t, s.hero_space[hero], allowance, enter, stops, taken, s.potion_at, out};
    w.run();
}

void monster_movements(const Tables& t, const State& s, int space, int allowance, Movements& out) {
    uint8_t enter[kMaxSpaces], stops[kMaxSpaces], taken[kMaxSpaces];
    std::memset(stops, 0, sizeof(stops));
    for (int x = 0; x < t.n; ++x) {
        enter[x] = 1;
        taken[x] = (s.monster_at[x] >= 0 && x != space) || s.potion_at[x];
    }
    for (int h = 0; h < s.heroes; ++h) {
        enter[s.hero_space[h]] = 0;
        if (!s.hero_healing[h])
            for (int nb : t.neighbours[size_t(s.hero_space[h])]) stops[nb] = 1;
    }
    Walker w{t, space, allowance, enter, stops, taken, nullptr, out};
    w.run();
}

bool any_adjacent_monster(const Tables& t, const State& s, int space) {
    for (int nb : t.neighbours[size_t(space)])
        if (s.monster_at[nb] >= 0) return true;
    return false;
}

int adjacent_active_heroes(const Tables& t, const State& s, int space, int* out) {
    // the spaces of the heroes next to `space` who are not healing, ascending, each once
    int count = 0;
    for (int nb : t.neighbours[size_t(space)]) {   // neighbours are ascending
        for (int h = 0; h < s.heroes; ++h)
            if (!s.hero_healing[h] && s.hero_space[h] == nb) {
                out[count++] = nb;
                break;
            }
    }
    return count;
}

}  // namespace heroica
