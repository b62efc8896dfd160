// Hydra actions (R17-R21, hydra_env/games/hydra/rules/hydra.py) as resumable tasks.
#include "engine.hpp"

namespace hydra {

void regrow_heads(State& s, const Rules& r) {
    for (int c = 0; c < r.tables->n_colours; ++c)
        if (s.head_count[c] == 0) s.head_count[c] = kRegrowHeads;  // R30 / R38 option
}

void push_effects(State& s, const EffectTask* effects, int n) {
    for (int i = n - 1; i >= 0; --i) {
        Task t;
        t.op = effects[i].op;
        t.a = effects[i].colour;
        t.b = effects[i].n;
        t.c = effects[i].bonus_area;
        s.push_task(t);
    }
}

void t_grow(State& s, const Rules&, const Task& t) {
    int h = s.head_count[t.a] + t.b;
    s.head_count[t.a] = int8_t(h < kMaxHeads ? h : kMaxHeads);  // R18
}

static void steps(State& s, const Rules& r, int c, int points, int wall_done) {
    const BoardTables& b = r.tables->board;
    int p = s.hydra_path[c];
    const int16_t* path = b.paths[p];
    int last = b.last_pos;
    while (points > 0) {
        int pos = s.head_position[c];
        if (pos == last) {
            // R17/R20: each further point damages the wall, at most 3 per effect
            int d = kMaxWallDamagePerEffect - wall_done;
            damage_wall(s, points < d ? points : d);
            return;
        }
        int nxt = path[pos + 1];
        bool barricaded = false;
        for (int i = 0; i < s.n_barricades; ++i) {
            if (s.barricade_space[i] == nxt) {
                s.barricade_space[i] = -1;  // R17: the barricade stops the head and is destroyed
                barricaded = true;
                break;
            }
        }
        if (barricaded) return;
        int h = hero_at(s, nxt);
        if (h >= 0 && evade_or_wound(s, r, h, nxt, EV_RUN_OVER, Bits())) {
            Task t;
            t.op = T_STEP;
            t.a = int8_t(c);
            t.b = int16_t(points);
            t.c = int16_t(wall_done);
            s.push_task(t);  // resumed after the evasion
            return;
        }
        const Bits& neck = b.seg_mask[p][pos];
        for (int i = 0; i < s.players; ++i)
            if (neck.test(s.hero_space[i])) s.hero_space[i] = path[b.pos_of[s.hero_space[i]] + 1];
        s.head_position[c] = int8_t(pos + 1);
        points -= 1;
        if (s.solo && pos + 1 == last) {
            int lowest = s.head_position[0];
            for (int k = 1; k < r.tables->n_colours; ++k)
                if (s.head_position[k] < lowest) lowest = s.head_position[k];
            if (lowest == last) {
                end_game(s, OUT_LOST);  // R39: all heads in front of the wall
                return;
            }
        }
    }
}

void t_move(State& s, const Rules& r, const Task& t) {
    int c = t.a;
    if (s.head_count[c] == 0) return;
    const BoardTables& b = r.tables->board;
    int start = b.paths[s.hydra_path[c]][s.head_position[c]];
    steps(s, r, c, b.area_of[start] == t.c ? t.b + 1 : t.b, 0);
}

void t_step(State& s, const Rules& r, const Task& t) { steps(s, r, t.a, t.b, t.c); }

void t_bite(State& s, const Rules& r, const Task& t) {
    int c = t.a;
    if (s.head_count[c] == 0) return;
    const BoardTables& b = r.tables->board;
    int pos = s.head_position[c];
    Bits zone = b.nbr_mask[b.paths[s.hydra_path[c]][pos]];
    Bits bars = barricade_mask(s);
    Task heroes;
    heroes.op = T_BITE_HEROES;
    heroes.a = int8_t(c);
    for (int i = 0; i < s.players; ++i) {
        int h = s.turn_order[i];
        if (zone.test(s.hero_space[h]) && !bars.test(s.hero_space[h])) heroes.victims[heroes.n_victims++] = uint8_t(h);
    }
    if ((bars & zone).any())
        for (int i = 0; i < s.n_barricades; ++i)
            if (s.barricade_space[i] >= 0 && zone.test(s.barricade_space[i])) s.barricade_space[i] = -1;
    if (pos == b.last_pos) {
        Task wall;
        wall.op = T_BITE_WALL;
        wall.a = int8_t(c);
        s.push_task(wall);
    }
    if (heroes.n_victims) s.push_task(heroes);
}

void t_bite_heroes(State& s, const Rules& r, const Task& t) {
    int c = t.a;
    int h = t.victims[0];
    if (t.n_victims > 1) {
        Task rest;
        rest.op = T_BITE_HEROES;
        rest.a = int8_t(c);
        rest.n_victims = uint8_t(t.n_victims - 1);
        for (int i = 1; i < t.n_victims; ++i) rest.victims[i - 1] = t.victims[i];
        s.push_task(rest);
    }
    const BoardTables& b = r.tables->board;
    Bits zone = b.nbr_mask[b.paths[s.hydra_path[c]][s.head_position[c]]];
    evade_or_wound(s, r, h, s.hero_space[h], EV_BITE, zone);
}

void t_bite_wall(State& s, const Rules&, const Task& t) {
    int count = s.head_count[t.a];
    damage_wall(s, kBiteWallDamage[count < 0 ? 0 : (count > kMaxHeads ? kMaxHeads : count)]);
}

}  // namespace hydra
