// The legal actions of the pending decision (options.py, spec 4.3), ascending, with the
// movement table of a movement decision (its canonical paths), and the queries on the legal
// actions kept with the state.
#include <algorithm>
#include <vector>

#include "heroica.hpp"

namespace heroica {

// The legal actions of the pending decision, ascending, and the movement table (or, with `kept`,
// a solo hero's kept table). Each decision pushes its actions in increasing order (codec.py's
// layout: spaces, targets, REENTER, PLAIN, MELEE, SELF_HEAL, DRINK, END_TURN, HERO[c]).
void options(const State& s, const Tables& t, Legal& out, Movements& moves, const KeptWalk** kept,
             uint64_t* walk_key) {
    out.count = 0;
    if (kept) *kept = nullptr;
    if (!s.has_pending) return;
    HCodec c{t.n};
    int kind = s.pending_kind;
    bool reenter = false;                 // a movement's REENTER, pushed after the targets
    auto movement = [&](bool allowed) {   // the ends found, ascending (few: an insertion sort)
        int first = out.count;
        for (int i = 0; i < moves.count; ++i) {
            int key = moves.keys[i];
            if (key == kReenterKey) continue;
            int j = out.count++;
            while (j > first && out.a[j - 1] > key) {
                out.a[j] = out.a[j - 1];
                --j;
            }
            out.a[j] = int16_t(key);
        }
        reenter = allowed && moves.has[kReenterKey];
    };
    auto hero_movement = [&](int h, bool allowed) {
        if (kept && s.mode == SOLO) {
            const KeptWalk* w = solo_walk(t, s, h, s.allowance, walk_key, moves);
            if (w) {                      // its ends are ascending, kReenterKey last
                int count = w->count;
                bool back = count > 0 && w->end[count - 1] == kReenterKey;
                for (int i = 0; i < count - int(back); ++i) out.a[out.count++] = int16_t(w->end[i]);
                reenter = allowed && back;
                *kept = w;
                return;
            }
        } else {
            hero_movements(t, s, h, s.allowance, moves);
        }
        movement(allowed);
    };
    if (kind == DRAFT) {
        for (int cls = 0; cls < t.num_classes(); ++cls) {
            bool taken = false;
            for (int h = 0; h < s.heroes; ++h) taken = taken || s.hero_class[h] == cls;
            if (!taken) out.push(c.hero(cls));
        }
        return;
    }
    if (kind == PICK_HERO) {
        for (int h = 0; h < s.heroes; ++h)
            if (s.hero_owner[h] == s.pending_seat) out.push(c.hero(s.hero_class[h]));
        std::sort(out.a, out.a + out.count);
        return;
    }
    if (kind == MONSTER_PICK) {
        for (int x = 0; x < t.n; ++x)
            if (s.monster_at[x] >= 0) out.push(c.target(x));
        return;
    }
    int near[4];
    if (kind == MONSTER_MOVE) {
        monster_movements(t, s, s.monster, s.allowance, moves);
        movement(adjacent_active_heroes(t, s, s.monster, near) > 0);
        if (reenter) out.push(c.reenter());
        return;
    }
    if (kind == MONSTER_FIGHT) {
        int count = adjacent_active_heroes(t, s, s.monster, near);
        for (int i = 0; i < count; ++i) out.push(c.target(near[i]));
        return;
    }
    int h = s.hero, here = s.hero_space[h];
    int cls = s.hero_class[h];
    bool drink = s.hero_potions[h] && s.hero_health[h] < t.max_health;
    if (kind == MOVE) {
        hero_movement(h, any_adjacent_monster(t, s, here));
        bool heal = false;
        if (s.move_face == 0) {
            int skill_kind = t.class_skill[size_t(cls)], reach = t.class_range[size_t(cls)];
            for (int m = 0; m < t.n; ++m) {
                if (s.monster_at[m] < 0) continue;
                int far = skill_kind == RANGED_PATH ? t.d(here, m) : skill_kind == RANGED_LINE ? t.l(here, m) : 0;
                if (far >= 1 && far <= reach) out.push(c.target(m));
            }
            heal = skill_kind == HEAL_SELF_FULL && s.hero_health[h] < t.max_health;
        }
        if (reenter) out.push(c.reenter());
        if (heal) out.push(c.self_heal());
    } else if (kind == FIGHT) {
        for (int k = 0; k < t.deg[here]; ++k)
            if (s.monster_at[t.adj[here][k]] >= 0) out.push(c.target(t.adj[here][k]));
        std::sort(out.a, out.a + out.count);     // the neighbours of a map from the loader are ascending
    } else if (kind == SHIELD) {
        out.push(c.plain());
        out.push(c.melee());
    } else if (kind == STEP) {
        hero_movement(h, false);
    }
    if (drink) out.push(c.drink());
    if (kind == HEAL_END || kind == TURN_END) out.push(c.end_turn());
}

int ordered_options(const State& s, const Tables& t, int16_t* order, int16_t* path_key, Movements& moves) {
    Legal legal;
    options(s, t, legal, moves);
    if (!s.has_pending) return 0;
    HCodec c{t.n};
    int kind = s.pending_kind, count = 0;
    bool movement_kind = kind == MOVE || kind == STEP || kind == MONSTER_MOVE;
    auto has = [&](int action) { return std::binary_search(legal.a, legal.a + legal.count, int16_t(action)); };
    auto add = [&](int action, int key) {
        order[count] = int16_t(action);
        path_key[count++] = int16_t(key);
    };
    if (movement_kind) {
        for (int i = 0; i < moves.count; ++i)
            if (moves.keys[i] != kReenterKey) add(moves.keys[i], moves.keys[i]);
        if (has(c.reenter())) add(c.reenter(), kReenterKey);
    } else if (kind == PICK_HERO) {
        for (int h = 0; h < s.heroes; ++h)
            if (s.hero_owner[h] == s.pending_seat) add(c.hero(s.hero_class[h]), -1);
    } else if (kind == FIGHT) {
        int here = s.hero_space[s.hero];
        for (int k = 0; k < t.deg[here]; ++k)
            if (s.monster_at[t.adj[here][k]] >= 0) add(c.target(t.adj[here][k]), -1);
    }
    int placed = count;
    for (int i = 0; i < legal.count; ++i) {       // the others ascending, the drink last
        int action = legal.a[i];
        bool seen = action == c.drink();
        for (int j = 0; j < placed && !seen; ++j) seen = order[j] == action;
        if (!seen) add(action, -1);
    }
    if (has(c.drink())) add(c.drink(), -1);
    return count;
}

void refresh_legal(State& s, const Tables& t) {
    Legal legal;
    Movements moves;
    options(s, t, legal, moves);
    s.legal = legal;
    s.paths.valid = false;
}

void legal_actions(const State& s, std::vector<int>& out) { out.assign(s.legal.a, s.legal.a + s.legal.count); }

void legal_mask(const State& s, uint8_t* out) {
    for (int i = 0; i < s.legal.count; ++i) out[s.legal.a[i]] = 1;
}

bool is_legal(const State& s, int action) {
    return std::binary_search(s.legal.a, s.legal.a + s.legal.count, int16_t(action));
}

}  // namespace heroica
