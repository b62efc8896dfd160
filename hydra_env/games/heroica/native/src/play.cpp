// Playing a game: the start from a setup, applying a decision, and settle (decisions with a single
// legal action are applied by the engine, game.py and rules.settle); the paths of the pending
// decision are kept with the state so that a movement is walked once.
#include <cstring>
#include <vector>

#include "heroica.hpp"

namespace heroica {

namespace {

int move_key(const Tables& t, int action) { return action == 2 * t.n ? kReenterKey : action; }

bool is_movement(const Tables& t, int action) { return action < t.n || action == 2 * t.n; }

// Keep the paths of the legal movement ends with the state (valid false when they do not fit).
void keep_paths(const Tables& t, State& s, const Movements& moves) {
    PathCache& c = s.paths;
    c.valid = false;
    c.count = c.used = 0;
    if (s.pending_kind != MOVE && s.pending_kind != STEP && s.pending_kind != MONSTER_MOVE) return;
    for (int i = 0; i < s.legal.count; ++i) {
        int action = s.legal.a[i];
        if (!is_movement(t, action)) continue;
        const Path& p = moves.path[move_key(t, action)];
        if (c.used + p.len > kPathPool) return;
        c.key[c.count] = uint8_t(move_key(t, action));
        c.len[c.count] = uint8_t(p.len);
        c.off[c.count] = uint16_t(c.used);
        std::memcpy(c.pool + c.used, p.v, size_t(p.len));
        c.used += p.len;
        ++c.count;
    }
    c.valid = true;
}

void settle(const Tables& t, State& s) {
    Movements moves;
    while (s.has_pending) {
        options(s, t, s.legal, moves);     // options reads no part of s.legal
        if (s.legal.count != 1) {
            keep_paths(t, s, moves);
            return;
        }
        int action = s.legal.a[0];
        act_on(t, s, action, is_movement(t, action) ? &moves.path[move_key(t, action)] : nullptr);
    }
    s.legal.count = 0;
    s.paths.valid = false;
}

}  // namespace

void setup_game(State& s, const Tables& t) {
    s.rng = hydra_common::CounterRng{s.seed, 0};
    s.rolls = 0;
    s.heroes = 0;
    std::memset(s.monster_at, -1, sizeof(s.monster_at));
    std::memset(s.potion_at, 0, sizeof(s.potion_at));
    for (const auto& m : t.setup_monsters) s.monster_at[m.first] = int8_t(m.second);
    for (int x : t.setup_potions) s.potion_at[x] = 1;
    s.crystal = s.opt_crystal;
    s.ko_total = 0;
    s.draft.clear();
    s.turn = s.round = s.turn_seat = 0;
    s.hero = s.move_face = s.fight_face = -1;
    s.allowance = 0;
    s.came_from = s.target = s.monster = -1;
    s.has_pending = false;
    s.game_over = false;
    s.winner = -1;
    s.truncated = false;
    s.win_turn = 0;
    s.history.clear();
    if (s.drafted) {
        int count = s.mode == BATTLE ? (s.players == 2 ? 2 : s.players - 1) : s.players;
        if (s.players == 2 && s.mode == BATTLE) s.draft = {0, 0};
        else for (int k = 0; k < count; ++k) s.draft.push_back(k);
        ask_on(s, s.draft.front(), DRAFT);
    } else {
        bool two = s.mode == BATTLE && s.players == 2;
        for (size_t k = 0; k < s.setup_heroes.size(); ++k) add_hero_on(t, s, s.setup_heroes[k], two ? 0 : int(k));
        start_game_on(t, s);
    }
    settle(t, s);
}

bool apply_action(State& s, const Tables& t, int action) {
    if (action < 0 || action >= t.action_size || !is_legal(s, action)) return false;
    apply_legal(s, t, action);
    return true;
}

void apply_legal(State& s, const Tables& t, int action) {
    Path path;
    bool found = false;
    if (is_movement(t, action)) {       // a movement end: its canonical path, kept or walked again
        const PathCache& c = s.paths;
        int key = move_key(t, action);
        for (int i = 0; c.valid && i < c.count && !found; ++i) {
            if (c.key[i] != key) continue;
            path.len = c.len[i];
            std::memcpy(path.v, c.pool + c.off[i], size_t(path.len));
            found = true;
        }
        if (!found) {
            Movements moves;
            if (s.pending_kind == MONSTER_MOVE) monster_movements(t, s, s.monster, s.allowance, moves);
            else hero_movements(t, s, s.hero, s.allowance, moves);
            path = moves.path[key];
            found = true;
        }
    }
    s.history.push_back(action);
    act_on(t, s, action, found ? &path : nullptr);
    settle(t, s);
}

void HeroicaNative::reset(uint64_t seed) {
    s.seed = seed;
    s.chosen.clear();
    setup_game(s, *tables);
}

}  // namespace heroica
