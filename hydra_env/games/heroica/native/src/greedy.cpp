// The `greedy` bot in C++ (bots.py: GreedyBot, greedy_choice, greedy_monster, and the helpers of
// bot_parts.py they read), choice for choice: the Python bot stays the reference, and
// GreedyBot asks this one when its game is native (tests/games/heroica/test_heroica_greedy_native.py
// compares them decision by decision). Spec 4.8: the hero ends its movement nearest the General
// (distance with monsters ignored; most items on ties), shoots the monster ahead, always MELEE,
// drinks before a fight roll when its Health is at most the monster's strength; the Monster
// Player moves the goblin nearest an active hero towards it and fights the hero with least Health.
#include <algorithm>

#include "heroica.hpp"

namespace heroica {

namespace {

constexpr int kFar = 999;        // bot_parts.FAR: a distance no way reaches

struct Greedy {
    const State& s;
    const Tables& t;
    HCodec c;
    int general = -1;            // the General's space (-1: defeated)
    int generals = 0;            // how many (a drawn position may have more than one)

    Greedy(const State& s_, const Tables& t_) : s(s_), t(t_), c{t_.n} {
        for (int x = 0; x < t.n; ++x)
            if (s.monster_at[x] == t.boss && generals++ == 0) general = x;
    }

    bool legal(int action) const { return is_legal(s, action); }
    int health() const { return s.hero >= 0 ? s.hero_health[s.hero] : 0; }
    int general_distance(int space) const { return general < 0 ? 0 : t.d(space, general); }

    int nearest_active_hero_distance(int space) const {
        int best = kFar;
        for (int h = 0; h < s.heroes; ++h)
            if (!s.hero_healing[h]) best = std::min(best, t.d(space, s.hero_space[h]));
        return best;
    }

    int hero_on(int space) const {             // the active hero on `space`
        for (int h = 0; h < s.heroes; ++h)
            if (s.hero_space[h] == space && !s.hero_healing[h]) return h;
        return -1;
    }

    // bot_parts.best_end: the movement end of lowest (score, -items picked, stays put, action).
    template <class Score>
    int best_end(Score score, bool items) const {
        Movements* moves = nullptr;
        Movements walked;
        int best = -1;
        int key[3] = {0, 0, 0};
        for (int i = 0; i < s.legal.count; ++i) {
            int action = s.legal.a[i];
            if (action >= t.n && action != c.reenter()) continue;
            Path path;
            if (!pending_path(s, t, action, path)) {
                if (!moves) {                  // the paths not kept with the state: walk once
                    Legal again;
                    options(s, t, again, walked);
                    moves = &walked;
                }
                path = moves->path[action == c.reenter() ? kReenterKey : action];
            }
            int picked = 0;
            for (int j = 1; items && j < path.len; ++j) {
                int x = path.v[j];
                bool seen = false;
                for (int k = 1; k < j; ++k) seen = seen || path.v[k] == x;
                picked += s.potion_at[x] && !seen;
            }
            int here[3] = {score(path.back()), -picked, path.len == 1};
            if (best < 0 || std::lexicographical_compare(here, here + 3, key, key + 3)) {
                best = action;
                std::copy(here, here + 3, key);
            }
        }
        return best >= 0 ? best : s.legal.a[0];
    }

    int monster() const {
        if (s.pending_kind == MONSTER_PICK) {
            bool goblins = false;
            for (int x = 0; x < t.n; ++x) goblins = goblins || (s.monster_at[x] >= 0 && s.monster_at[x] != t.boss);
            int best = -1, best_distance = 0;
            for (int x = 0; x < t.n; ++x) {
                if (s.monster_at[x] < 0 || (goblins && s.monster_at[x] == t.boss)) continue;
                int distance = nearest_active_hero_distance(x);
                if (best < 0 || distance < best_distance) {
                    best = x;
                    best_distance = distance;
                }
            }
            return c.target(best);
        }
        if (s.pending_kind == MONSTER_MOVE)
            return best_end([&](int space) { return nearest_active_hero_distance(space); }, false);
        int best = -1, best_health = 0;            // MONSTER_FIGHT: the hero with least Health
        for (int i = 0; i < s.legal.count; ++i) {
            int health = s.hero_health[hero_on(s.legal.a[i] - t.n)];
            if (best < 0 || health < best_health) {
                best = s.legal.a[i];
                best_health = health;
            }
        }
        return best;
    }

    // Ctx.ranged_ahead: the General, else the monster ahead (nearer the General than the hero)
    // nearest the hero; -1 for none.
    int ranged_ahead() const {
        int here = s.hero_space[s.hero], best = -1;
        for (int i = 0; i < s.legal.count; ++i) {
            int a = s.legal.a[i];
            if (a < t.n || a >= 2 * t.n) continue;
            int m = a - t.n;
            if (m == general) return a;
            if (general_distance(m) >= general_distance(here)) continue;
            if (best < 0 || t.d(here, m) < t.d(here, best - t.n)) best = a;
        }
        return best;
    }

    int choose() const {
        int d = s.pending_kind;
        if (d == DRAFT) return s.legal.a[0];
        if (d == PICK_HERO) {
            int best = -1, best_distance = 0;
            for (int i = 0; i < s.legal.count; ++i) {
                int cls = s.legal.a[i] - c.hero(0), h = 0;
                while (s.hero_class[h] != cls) ++h;
                int distance = general_distance(s.hero_space[h]);
                if (best < 0 || distance < best_distance) {
                    best = s.legal.a[i];
                    best_distance = distance;
                }
            }
            return best;
        }
        if (d == MONSTER_PICK || d == MONSTER_MOVE || d == MONSTER_FIGHT) return monster();
        if (d == FIGHT) {                       // the General first, else the lowest id
            int target = -1;
            for (int i = 0; i < s.legal.count; ++i) {
                int a = s.legal.a[i];
                if (a < t.n || a >= 2 * t.n) continue;
                if (a - t.n == general || target < 0) target = a - t.n;
                if (target == general) break;
            }
            if (legal(c.drink()) && health() <= t.monster_strength[size_t(s.monster_at[target])]) return c.drink();
            return c.target(target);
        }
        if (d == SHIELD) return c.melee();
        if (d == HEAL_END || d == TURN_END) return c.end_turn();
        if (d == MOVE) {
            int shot = ranged_ahead();
            if (shot >= 0) return shot;
            if (legal(c.self_heal()) && health() <= 2) return c.self_heal();
        }
        return best_end([&](int space) { return general_distance(space); }, true);
    }
};

}  // namespace

int greedy_action(const State& s, const Tables& t) {
    if (!s.has_pending || s.legal.count == 0) return -1;
    Greedy greedy(s, t);
    if (greedy.generals > 1) return -2;       // Python's choice follows its dict's order: not kept here
    int action = greedy.choose();
    return is_legal(s, action) ? action : s.legal.a[0];       // GreedyBot.act's guard
}

}  // namespace heroica
