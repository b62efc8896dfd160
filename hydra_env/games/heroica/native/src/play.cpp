// Playing a game: the start from a setup, applying a decision, and settle (decisions with a single
// legal action are applied by the engine, game.py and turns.settle); the paths of the pending
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
    c.valid = c.kept = false;
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
    const KeptWalk* kept;
    uint64_t walk_key[kWalkKeyWords];
    while (s.has_pending) {
        options(s, t, s.legal, moves, &kept, walk_key);   // options reads no part of s.legal
        if (s.legal.count != 1) {
            if (kept) {               // a solo hero's paths stay in the move cache
                s.paths.valid = s.paths.kept = true;
                std::memcpy(s.paths.walk_key, walk_key, sizeof(walk_key));
            } else {
                keep_paths(t, s, moves);
            }
            return;
        }
        int action = s.legal.a[0];
        Path path;
        const Path* way = nullptr;
        if (is_movement(t, action)) {
            if (kept) kept->path(kept->index_of(move_key(t, action)), path);
            way = kept ? &path : &moves.path[move_key(t, action)];
        }
        act_on(t, s, action, way);
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

bool pending_path(const State& s, const Tables& t, int action, Path& out) {
    const PathCache& c = s.paths;
    if (!c.valid || !is_movement(t, action)) return false;
    int key = move_key(t, action);
    if (c.kept) {
        const KeptWalk* w = kept_walk(c.walk_key);     // nullptr: replaced in the cache since
        int i = w ? w->index_of(key) : -1;
        if (i < 0) return false;
        w->path(i, out);
        return true;
    }
    for (int i = 0; i < c.count; ++i) {
        if (c.key[i] != key) continue;
        out.len = c.len[i];
        std::memcpy(out.v, c.pool + c.off[i], size_t(out.len));
        return true;
    }
    return false;
}

void apply_legal(State& s, const Tables& t, int action) {
    Path path;
    bool movement = is_movement(t, action);
    if (movement && !pending_path(s, t, action, path)) {     // not kept: walk again
        Movements moves;
        if (s.pending_kind == MONSTER_MOVE) monster_movements(t, s, s.monster, s.allowance, moves);
        else hero_movements(t, s, s.hero, s.allowance, moves);
        path = moves.path[move_key(t, action)];
    }
    s.history.push_back(action);
    act_on(t, s, action, movement ? &path : nullptr);
    settle(t, s);
}

void HeroicaNative::reset(uint64_t seed) {
    s.seed = seed;
    s.chosen.clear();
    setup_game(s, *tables);
}

}  // namespace heroica
