// The rules that move a state (rules.py, battle.py) and the legal actions (options.py), line for
// line: turns (HR4, HR5, HR24, HR36), movement (HR8-HR12), fights and skills (HR13-HR23, HR27,
// HR28), the Monster Player (HR29-HR32), and settle: decisions with one legal action are applied.
// The legal actions themselves are in options.cpp.
#include <algorithm>
#include <cstring>
#include <vector>

#include "heroica.hpp"

namespace heroica {

const char* const kModeNames[3] = {"solo", "race", "battle"};
const char* const kDecisionNames[DECISION_COUNT] = {
    "DRAFT", "PICK_HERO", "MOVE", "FIGHT", "SHIELD", "STEP", "HEAL_END", "TURN_END",
    "MONSTER_PICK", "MONSTER_MOVE", "MONSTER_FIGHT"};

namespace {

constexpr int kMoveValues[4] = {0, 3, 2, 1};

void hero_turn(const Tables& t, State& s, int h);
void start_turn(const Tables& t, State& s);
void fight_sequence(const Tables& t, State& s, int h);

int roll(const Tables& t, State& s) {
    ++s.rolls;
    for (const auto& c : s.chosen)
        if (c.first == s.rolls) return c.second;
    if (s.rolls <= int(s.forced.size())) return s.forced[size_t(s.rolls - 1)];
    return t.faces[size_t(s.rng.below(uint64_t(t.faces.size())))];
}

int movement_value(const Tables& t, int face) { return face == 0 ? t.shield_move : kMoveValues[face]; }

void ask(State& s, int seat, int kind) {
    s.has_pending = true;
    s.pending_seat = seat;
    s.pending_kind = kind;
}

void finish(State& s, int winner, bool truncated) {
    s.game_over = true;
    s.winner = winner;
    s.truncated = truncated;
    s.has_pending = false;
}

void next_turn(const Tables& t, State& s) {
    s.turn_seat = (s.turn_seat + 1) % s.players;
    start_turn(t, s);
}

void start_turn(const Tables& t, State& s) {
    int seat = s.turn_seat;
    s.hero = s.move_face = s.fight_face = -1;
    s.allowance = 0;
    s.came_from = s.target = s.monster = -1;
    if (s.mode != SOLO && seat == 0) {
        if (s.round >= s.max_rounds) {
            finish(s, -1, true);
            return;
        }
        ++s.round;
    }
    if (seat == s.monster_seat()) {
        ask(s, seat, MONSTER_PICK);
        return;
    }
    int count = 0, first = -1;
    for (int h = 0; h < s.heroes; ++h)
        if (s.hero_owner[h] == seat) {
            if (first < 0) first = h;
            ++count;
        }
    if (count > 1) {
        ask(s, seat, PICK_HERO);
        return;
    }
    hero_turn(t, s, first);
}

void start_game(const Tables& t, State& s) {
    s.turn_seat = 0;
    start_turn(t, s);
}

void hero_turn(const Tables& t, State& s, int h) {
    if (s.mode == SOLO && s.turn >= s.solo_turn_limit) {
        finish(s, -1, true);
        return;
    }
    ++s.turn;
    s.hero = h;
    int face = s.move_face = roll(t, s);
    if (s.hero_healing[h]) {
        int gain = face == 0 ? t.max_health : kMoveValues[face];
        s.hero_health[h] = std::min(t.max_health, s.hero_health[h] + gain);
        if (s.hero_health[h] == t.max_health) {
            s.hero_healing[h] = false;
            next_turn(t, s);
        } else if (s.hero_potions[h]) {
            ask(s, s.turn_seat, HEAL_END);
        } else {
            next_turn(t, s);
        }
        return;
    }
    s.allowance = movement_value(t, face);
    ask(s, s.turn_seat, MOVE);
}

void end_hero_turn(const Tables& t, State& s, int h) {
    if (s.mode == BATTLE && !s.hero_healing[h] && s.hero_potions[h] && s.hero_health[h] < t.max_health) {
        ask(s, s.turn_seat, TURN_END);
        return;
    }
    next_turn(t, s);
}

void do_move(State& s, int h, const Path& path) {
    for (int i = 1; i < path.len; ++i) {
        int x = path.v[i];
        if (s.potion_at[x]) {
            s.potion_at[x] = 0;
            ++s.hero_potions[h];
        }
    }
    if (path.len > 1) s.came_from = path.v[path.len - 2];
    s.hero_space[h] = path.back();
}

void drink(const Tables& t, State& s, int h) {
    --s.hero_potions[h];
    s.hero_health[h] = std::min(t.max_health, s.hero_health[h] + t.potion_heal);
    if (s.hero_healing[h] && s.hero_health[h] == t.max_health) s.hero_healing[h] = false;
}

void defeat(const Tables& t, State& s, int h, int space) {
    int kind = s.monster_at[space];
    if (kind == t.boss && s.crystal) {
        s.crystal = false;
        return;
    }
    s.monster_at[space] = -1;
    ++s.hero_trophies[h];
    if (kind == t.boss) {
        s.win_turn = s.turn;
        finish(s, s.hero_owner[h], false);
    }
}

void hurt(State& s, int h, int amount) { s.hero_health[h] = std::max(0, s.hero_health[h] - amount); }

int hero_at(const State& s, int space, int but) {
    for (int h = 0; h < s.heroes; ++h)
        if (s.hero_space[h] == space && h != but) return h;
    return -1;
}

void move_back(const Tables& t, State& s, int h, int monster, int came_from) {
    int here = s.hero_space[h];
    auto free = [&](int x) {
        return s.monster_at[x] < 0 && (x == t.start || hero_at(s, x, h) < 0) && t.d(x, monster) >= 2;
    };
    int to = -1;
    if (came_from >= 0 && t.adjacent(came_from, here) && free(came_from)) to = came_from;
    if (to < 0) {
        for (int nb : t.neighbours[size_t(here)]) {   // ascending: ties keep the smallest id
            if (!free(nb)) continue;
            if (to < 0 || t.d(nb, monster) > t.d(to, monster)) to = nb;
        }
    }
    if (to < 0) return;
    Path p;
    p.len = 2;
    p.v[0] = uint8_t(here);
    p.v[1] = uint8_t(to);
    do_move(s, h, p);
}

bool knock_out(State& s, int h) {
    if (s.hero_health[h] > 0) return false;
    s.hero_healing[h] = true;
    ++s.hero_kos[h];
    ++s.ko_total;
    if (s.mode == BATTLE && s.ko_total >= 2) {
        finish(s, s.monster_seat(), false);
        return true;
    }
    return false;
}

void fight_sequence(const Tables& t, State& s, int h) {
    if (any_adjacent_monster(t, s, s.hero_space[h])) ask(s, s.turn_seat, FIGHT);
    else end_hero_turn(t, s, h);
}

void hero_fight(const Tables& t, State& s, int h, int space) {
    s.target = space;
    int strength = t.monster_strength[size_t(s.monster_at[space])];
    int face = s.fight_face = roll(t, s);
    if (face == 0 && t.class_skill[size_t(s.hero_class[h])] == MELEE_ALL_THEN_STEP) {
        ask(s, s.turn_seat, SHIELD);
        return;
    }
    if (face == 0 || face == 1) {
        defeat(t, s, h, space);
        if (!s.game_over) fight_sequence(t, s, h);
        return;
    }
    if (face == 3) {
        defeat(t, s, h, space);
        if (s.game_over) return;
    }
    hurt(s, h, strength);
    move_back(t, s, h, space, s.came_from);
    if (knock_out(s, h)) return;
    if (s.hero_healing[h]) next_turn(t, s);
    else end_hero_turn(t, s, h);
}

void melee(const Tables& t, State& s, int h) {
    int spaces[4], count = 0;
    for (int nb : t.neighbours[size_t(s.hero_space[h])])
        if (s.monster_at[nb] >= 0) spaces[count++] = nb;
    for (int i = 0; i < count; ++i) {
        defeat(t, s, h, spaces[i]);
        if (s.game_over) return;
    }
    s.allowance = t.class_step[size_t(s.hero_class[h])];
    ask(s, s.turn_seat, STEP);
}

void skill(const Tables& t, State& s, int h, int space) {
    defeat(t, s, h, space);
    if (!s.game_over) end_hero_turn(t, s, h);
}

void add_hero(const Tables& t, State& s, int cls, int seat) {
    int h = s.heroes++;
    s.hero_class[h] = cls;
    s.hero_owner[h] = seat;
    s.hero_space[h] = t.start;
    s.hero_health[h] = t.max_health;
    s.hero_healing[h] = false;
    s.hero_potions[h] = s.hero_trophies[h] = s.hero_kos[h] = 0;
}

void monster_fight(const Tables& t, State& s, int space) {
    int h = -1;
    for (int k = 0; k < s.heroes && h < 0; ++k)
        if (s.hero_space[k] == space && !s.hero_healing[k]) h = k;
    int monster = s.monster;
    s.target = space;
    int strength = t.monster_strength[size_t(s.monster_at[monster])];
    int face = s.fight_face = roll(t, s);
    if (face == 1) {
        defeat(t, s, h, monster);
    } else {
        hurt(s, h, face == 0 ? strength + 1 : strength);
        move_back(t, s, h, monster, -1);
        if (knock_out(s, h)) return;
        if (face == 3) defeat(t, s, h, monster);
    }
    if (!s.game_over) next_turn(t, s);
}

// Carry out the legal `action` of the pending decision (turns.act: rules.hero_act, battle.act).
void act(const Tables& t, State& s, int action, const Path* path) {
    HCodec c{t.n};
    int decision = s.pending_kind, h = s.hero;
    bool is_move = action < t.n || action == c.reenter();
    int arg = action < t.n ? action : action < 2 * t.n ? action - t.n : action >= c.hero(0) ? action - c.hero(0) : -1;
    if (decision == MONSTER_PICK) {
        s.monster = arg;
        int face = s.move_face = roll(t, s);
        s.allowance = movement_value(t, face);
        ask(s, s.turn_seat, MONSTER_MOVE);
        return;
    }
    if (decision == MONSTER_MOVE) {
        if (path->len > 1) {
            int from = path->v[0], to = path->back();
            int8_t kind = s.monster_at[from];
            s.monster_at[from] = -1;
            s.monster_at[to] = kind;
        }
        s.monster = path->back();
        int near[4];
        if (path->len > 1 && adjacent_active_heroes(t, s, s.monster, near) > 0) ask(s, s.turn_seat, MONSTER_FIGHT);
        else next_turn(t, s);
        return;
    }
    if (decision == MONSTER_FIGHT) {
        monster_fight(t, s, arg);
        return;
    }
    if (action == c.drink()) {
        drink(t, s, h);
        return;
    }
    if (decision == DRAFT) {
        int seat = s.draft.front();
        s.draft.erase(s.draft.begin());
        add_hero(t, s, arg, seat);
        if (!s.draft.empty()) ask(s, s.draft.front(), DRAFT);
        else start_game(t, s);
    } else if (decision == PICK_HERO) {
        int which = 0;
        while (s.hero_class[which] != arg) ++which;
        hero_turn(t, s, which);
    } else if (decision == MOVE && is_move) {
        do_move(s, h, *path);
        if (path->len > 1) fight_sequence(t, s, h);
        else end_hero_turn(t, s, h);
    } else if (decision == MOVE && action >= t.n && action < 2 * t.n) {
        skill(t, s, h, arg);
    } else if (action == c.self_heal()) {
        s.hero_health[h] = t.max_health;
        end_hero_turn(t, s, h);
    } else if (decision == FIGHT) {
        hero_fight(t, s, h, arg);
    } else if (action == c.plain()) {
        defeat(t, s, h, s.target);
        if (!s.game_over) fight_sequence(t, s, h);
    } else if (action == c.melee()) {
        melee(t, s, h);
    } else if (decision == STEP) {
        do_move(s, h, *path);
        fight_sequence(t, s, h);
    } else if (action == c.end_turn()) {
        next_turn(t, s);
    }
}

}  // namespace

// The entry points play.cpp needs (declared in heroica.hpp).
void act_on(const Tables& t, State& s, int action, const Path* path) { act(t, s, action, path); }
void add_hero_on(const Tables& t, State& s, int cls, int seat) { add_hero(t, s, cls, seat); }
void start_game_on(const Tables& t, State& s) { start_game(t, s); }
void ask_on(State& s, int seat, int kind) { ask(s, seat, kind); }

}  // namespace heroica
