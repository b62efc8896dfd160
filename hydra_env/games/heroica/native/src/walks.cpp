// The ends of a movement and their canonical walks (walks.py, HR7-HR12, HR19's step, HR30):
// every walk of 1..allowance steps (HR7) ended early by a forced stop (HR8), HR9's forward steps
// (or the way back) from a taken end; per end the path with most items, then fewest steps, then
// the smallest list of ids (HR12). The order of the walks does not matter: the rank is total.
// The walk is a depth-first search without recursion that keeps its items count as it goes (no
// path is counted again), over the flat neighbour table (Tables::adj) and bit sets of spaces;
// a solo hero's tables are kept (move_cache.cpp) and read there when the same walk comes again.
#include <atomic>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "heroica.hpp"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "walks.cpp reads the spaces' bytes as little-endian words"
#endif

namespace heroica {

bool Tables::adjacent(int a, int b) const { return d(a, b) == 1; }

void Tables::finish_tables() {
    static std::atomic<uint64_t> maps{0};
    serial = ++maps;
    for (int x = 0; x < n; ++x) {
        deg[x] = uint8_t(neighbours[size_t(x)].size());
        around[x][0] = around[x][1] = 0;
        for (size_t k = 0; k < neighbours[size_t(x)].size(); ++k) {
            int nb = neighbours[size_t(x)][k];
            adj[x][k] = uint8_t(nb);
            around[x][nb >> 6] |= uint64_t(1) << (nb & 63);
        }
    }
}

namespace {

struct Walker {
    const Tables& t;
    int start, allowance;
    const SpaceBits& enter;  // may be entered
    const SpaceBits& stops;  // a forced stop
    const SpaceBits& taken;  // may not be ended on
    const uint8_t* items;    // counted by the rank (nullptr: none)
    Movements& out;
    Path cur;
    int cur_value = 0;                 // the items of cur (each space once)

    Walker(const Tables& t_, int start_, int allowance_, const SpaceBits& enter_, const SpaceBits& stops_,
           const SpaceBits& taken_, const uint8_t* items_, Movements& out_)
        : t(t_), start(start_), allowance(allowance_), enter(enter_), stops(stops_), taken(taken_),
          items(items_), out(out_) {}

    int value(const Path& p) const {
        if (!items) return 0;
        int count = 0;
        for (int i = 1; i < p.len; ++i) {
            int s = p.v[i];
            if (!items[s]) continue;
            bool seen_before = false;
            for (int j = 1; j < i; ++j) seen_before = seen_before || p.v[j] == s;
            count += !seen_before;
        }
        return count;
    }

    void consider(const Path& p, int val) {
        int key = p.back() == start ? kReenterKey : p.back();
        if (out.has[key]) {
            const Path& q = out.path[key];
            int qv = out.rank_value[key];
            if (val < qv || (val == qv && (p.len > q.len || (p.len == q.len && std::memcmp(p.v, q.v, size_t(p.len)) >= 0))))
                return;
        } else {
            out.has.set(key);
            out.keys[out.count++] = int16_t(key);
        }
        out.rank_value[key] = val;
        Path& q = out.path[key];
        q.len = p.len;
        std::memcpy(q.v, p.v, size_t(p.len));
    }

    static void push(Path& p, int s) {
        if (p.len >= kMaxPath) throw std::length_error("heroica native: a movement path is too long");
        p.v[p.len++] = uint8_t(s);
    }

    void forward(const Path& walk) {
        static thread_local std::vector<Path> frontier, found, following;
        int base = walk.len;
        frontier.assign(1, walk);
        while (!frontier.empty()) {
            found.clear();
            following.clear();
            for (const Path& path : frontier) {
                int last = path.back(), before = path.v[path.len - 2];
                for (int k = 0; k < t.deg[last]; ++k) {
                    int nb = t.adj[last][k];
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
                for (const Path& p : found) consider(p, value(p));
                return;
            }
            frontier.swap(following);
        }
        for (int i = base - 2; i >= 0; --i) {
            if (!taken[walk.v[i]] || i == 0) {
                Path p = walk;
                for (int j = base - 2; j >= i; --j) push(p, walk.v[j]);
                consider(p, value(p));
                return;
            }
        }
    }

    // cur just grew (or is the start): consider it; whether to walk on from it.
    bool arrive() {
        int last = cur.v[cur.len - 1];
        if (cur.len > 1) {
            if (taken[last]) forward(cur);
            else consider(cur, cur_value);
            if (stops[last]) return false;
        }
        return cur.len - 1 < allowance;
    }

    // Every walk from the start, depth first, without recursion: at each depth the neighbours
    // left to try, highest first (walks.py's stack order, so that the ends are found in its order).
    void walk() {
        int left[kMaxPath], fresh[kMaxPath];
        left[0] = arrive() ? t.deg[start] : 0;
        fresh[0] = 0;
        for (;;) {
            int d = cur.len - 1;
            if (left[d] == 0) {
                if (d == 0) return;
                cur_value -= fresh[d];
                --cur.len;
                continue;
            }
            int nb = t.adj[cur.v[d]][--left[d]];
            if (!enter[nb]) continue;
            int f = 0;
            if (items && items[nb]) {          // an item not yet on cur (after its start)
                f = 1;
                for (int i = 1; i < cur.len; ++i) f &= cur.v[i] != nb;
            }
            push(cur, nb);
            fresh[d + 1] = f;
            cur_value += f;
            left[d + 1] = arrive() ? t.deg[nb] : 0;
        }
    }

    void run() {
        out.has.clear();
        out.has.set(start);
        out.count = 1;
        out.keys[0] = int16_t(start);
        out.rank_value[start] = 0;
        out.path[start].len = 1;
        out.path[start].v[0] = uint8_t(start);
        cur.len = 1;
        cur.v[0] = uint8_t(start);
        cur_value = 0;
        walk();
    }
};

// The bits of the n spaces whose byte in `bytes` is set: with kFlip, bytes that are a kind or -1
// (monster_at: the top bit clear), else bytes 0 or 1 (potion_at). Eight at a time: the eight top
// bits of a word gathered by one multiplication.
template <bool kFlip>
void space_bits(const uint8_t* bytes, int n, uint64_t* out) {
    uint64_t half[2] = {0, 0};
    for (int h = 0; h < 2; ++h) {
        uint64_t bits = 0;
        for (int base = 64 * h; base < n && base < 64 * h + 64; base += 8) {
            uint64_t word;
            std::memcpy(&word, bytes + base, sizeof(word));
            word = kFlip ? ~word : word << 7;       // the byte's flag in its top bit
            bits |= (((word & 0x8080808080808080ULL) * 0x0002040810204081ULL) >> 56) << (base & 63);
        }
        int width = n - 64 * h;                     // this half's spaces
        half[h] = width >= 64 ? bits : width <= 0 ? 0 : bits & ((uint64_t(1) << width) - 1);
    }
    out[0] = half[0];
    out[1] = half[1];
}

// The key of a hero's walk (kWalkKeyWords words): the map, start and allowance, and the bits of
// the monsters, of the spaces taken by other heroes (HR9) and of the items.
void hero_walk_key(const Tables& t, const State& s, int hero, int allowance, uint64_t* key) {
    key[0] = t.serial;
    key[1] = uint64_t(s.hero_space[hero]) | uint64_t(allowance) << 8;
    space_bits<true>(reinterpret_cast<const uint8_t*>(s.monster_at), t.n, key + 2);
    key[4] = key[5] = 0;
    for (int h = 0; h < s.heroes; ++h) {
        int x = s.hero_space[h];
        if (h != hero && x != t.start) key[4 + (x >> 6)] |= uint64_t(1) << (x & 63);
    }
    space_bits<false>(s.potion_at, t.n, key + 6);
}

// A hero's walk from its key: it may not enter a monster's space, must stop next to one (HR8) and
// may not end on a taken space (HR9).
void walk_from_key(const Tables& t, const State& s, int hero, int allowance, const uint64_t* key,
                   Movements& out) {
    SpaceBits enter, stops, taken;
    enter.w[0] = ~key[2];
    enter.w[1] = ~key[3];
    enter.w[2] = ~uint64_t(0);
    stops.clear();
    for (int w = 0; w < 2; ++w)
        for (uint64_t bits = key[2 + w]; bits; bits &= bits - 1) {
            int x = w * 64 + __builtin_ctzll(bits);
            stops.w[0] |= t.around[x][0];
            stops.w[1] |= t.around[x][1];
        }
    taken.clear();
    taken.w[0] = key[4];
    taken.w[1] = key[5];
    Walker w{t, s.hero_space[hero], allowance, enter, stops, taken, s.potion_at, out};
    w.run();
}

}  // namespace

const KeptWalk* solo_walk(const Tables& t, const State& s, int hero, int allowance, uint64_t* key,
                          Movements& out) {
    hero_walk_key(t, s, hero, allowance, key);
    if (const KeptWalk* kept = kept_walk(key)) return kept;
    walk_from_key(t, s, hero, allowance, key, out);
    return keep_walk(key, out);
}

void hero_movements(const Tables& t, const State& s, int hero, int allowance, Movements& out) {
    uint64_t key[kWalkKeyWords];
    if (s.mode == SOLO) {          // a lone hero's walks repeat (kept); with other heroes they seldom do
        if (const KeptWalk* kept = solo_walk(t, s, hero, allowance, key, out)) kept_movements(*kept, out);
        return;
    }
    hero_walk_key(t, s, hero, allowance, key);
    walk_from_key(t, s, hero, allowance, key, out);
}

void monster_movements(const Tables& t, const State& s, int space, int allowance, Movements& out) {
    SpaceBits enter, stops, taken;
    enter.w[0] = enter.w[1] = enter.w[2] = ~uint64_t(0);
    stops.clear();
    taken.clear();
    for (int x = 0; x < t.n; ++x)
        if ((s.monster_at[x] >= 0 && x != space) || s.potion_at[x]) taken.set(x);
    for (int h = 0; h < s.heroes; ++h) {
        int at = s.hero_space[h];
        enter.w[at >> 6] &= ~(uint64_t(1) << (at & 63));
        if (!s.hero_healing[h])
            for (int k = 0; k < t.deg[at]; ++k) stops.set(t.adj[at][k]);
    }
    Walker w{t, space, allowance, enter, stops, taken, nullptr, out};
    w.run();
}

bool any_adjacent_monster(const Tables& t, const State& s, int space) {
    for (int k = 0; k < t.deg[space]; ++k)
        if (s.monster_at[t.adj[space][k]] >= 0) return true;
    return false;
}

int adjacent_active_heroes(const Tables& t, const State& s, int space, int* out) {
    // the spaces of the heroes next to `space` who are not healing, ascending, each once
    int count = 0;
    for (int k = 0; k < t.deg[space]; ++k) {   // neighbours are ascending
        int nb = t.adj[space][k];
        for (int h = 0; h < s.heroes; ++h)
            if (!s.hero_healing[h] && s.hero_space[h] == nb) {
                out[count++] = nb;
                break;
            }
    }
    return count;
}

}  // namespace heroica
