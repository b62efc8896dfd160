// The native twin of Heroica's rules engine (hydra_env/games/heroica/: state.py, rules.py,
// battle.py, walks.py, options.py, observer.py), decision for decision: the same state fields,
// the same rolls (common/rng.hpp, the twin of CounterRng), the same legal actions, canonical
// paths, observation and result. The tables are handed over from the Python loader
// (hydra_env.games.heroica.native.game.tables_dict); nothing is derived twice.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "common/rng.hpp"

namespace heroica {

constexpr int kMaxSpaces = 128;   // the loader's bound (MAX_SPACES)
static_assert(kMaxSpaces % 8 == 0, "walks.cpp reads monster_at eight spaces at a time");
constexpr int kMaxHeroes = 4;
constexpr int kMaxPath = 64;      // longer paths (only on odd maps) are refused with an error
constexpr int kMaxActions = 2 * kMaxSpaces + 10;
constexpr int kReenterKey = kMaxSpaces;  // the key of a re-entering path in a movement table

enum Mode { SOLO = 0, RACE = 1, BATTLE = 2 };
enum Decision {
    DRAFT = 0, PICK_HERO, MOVE, FIGHT, SHIELD, STEP, HEAL_END, TURN_END, MONSTER_PICK, MONSTER_MOVE,
    MONSTER_FIGHT, DECISION_COUNT
};
enum Skill { MELEE_ALL_THEN_STEP = 0, RANGED_PATH, RANGED_LINE, HEAL_SELF_FULL };

extern const char* const kModeNames[3];
extern const char* const kDecisionNames[DECISION_COUNT];

// Every component and precomputed table of one map (loader.Tables, observer sizes).
struct Tables {
    int n = 0, width = 0, height = 0, start = 0;
    int shield_move = 4, max_health = 4, boss = 0, potion_heal = 2;
    std::vector<int> faces;            // the die's tiles as face kinds
    std::vector<int> class_skill, class_range, class_step;
    std::vector<int> monster_strength;
    std::vector<std::vector<int>> neighbours;
    uint8_t adj[kMaxSpaces][4] = {}, deg[kMaxSpaces] = {};   // neighbours, flat (set by finish_tables)
    uint64_t around[kMaxSpaces][2] = {};                    // the neighbours as bits (finish_tables)
    uint64_t serial = 0;               // this map's number in the process (set by finish_tables; never 0)
    std::vector<int16_t> dist, line;   // n * n
    std::vector<int> coord_x, coord_y;
    std::vector<std::pair<int, int>> setup_monsters;  // (space, kind)
    std::vector<int> setup_potions;                   // sorted
    int action_size = 0, obs_size = 0;

    int d(int a, int b) const { return dist[size_t(a) * size_t(n) + size_t(b)]; }
    int l(int a, int b) const { return line[size_t(a) * size_t(n) + size_t(b)]; }
    bool adjacent(int a, int b) const;
    int num_classes() const { return int(class_skill.size()); }
    void finish_tables();              // adj, deg and serial (after the neighbours are read)
};

struct Path {                            // trivially constructible: tables of them cost nothing to make
    int len;
    uint8_t v[kMaxPath];
    int back() const { return v[len - 1]; }
};

// The legal actions of the pending decision, ascending (kept with the state: computed once per decision).
struct Legal {
    int count = 0;
    int16_t a[kMaxActions];
    void push(int x) { a[count++] = int16_t(x); }
};

// The canonical paths of the pending decision's movement ends (kept with the state, so that
// applying a movement does not walk again): copied here, or (`kept`) left in the move cache under
// `walk_key` (a solo hero's walk); `valid` false, or a kept walk since replaced: walk again.
constexpr int kPathPool = 1024;
constexpr int kWalkKeyWords = 8;   // the map's serial, start and allowance, then monsters, taken, items
struct PathCache {
    bool valid = false, kept = false;
    int count = 0, used = 0;
    uint64_t walk_key[kWalkKeyWords];
    uint8_t key[kMaxSpaces + 1], len[kMaxSpaces + 1];
    uint16_t off[kMaxSpaces + 1];
    uint8_t pool[kPathPool];
};

// The state (state.State) and the setup it came from (what a save records).
struct State {
    // setup
    int mode = SOLO, players = 1;
    uint64_t seed = 0;
    bool opt_crystal = true;
    int solo_turn_limit = 40, max_rounds = 60;
    bool drafted = false;                 // setup heroes None: the seats choose
    std::vector<int> setup_heroes;
    std::vector<int> forced;
    // state
    hydra_common::CounterRng rng;
    int rolls = 0;
    std::vector<std::pair<int, int>> chosen;   // roll number -> face, sorted by roll number
    int heroes = 0;
    int hero_class[kMaxHeroes] = {}, hero_owner[kMaxHeroes] = {}, hero_space[kMaxHeroes] = {};
    int hero_health[kMaxHeroes] = {}, hero_potions[kMaxHeroes] = {}, hero_trophies[kMaxHeroes] = {};
    int hero_kos[kMaxHeroes] = {};
    bool hero_healing[kMaxHeroes] = {};
    int8_t monster_at[kMaxSpaces];        // kind, -1 for none
    uint8_t potion_at[kMaxSpaces];
    bool crystal = true;
    int ko_total = 0;
    std::vector<int> draft;
    int turn = 0, round = 0, turn_seat = 0, hero = -1, move_face = -1, fight_face = -1, allowance = 0;
    int came_from = -1, target = -1, monster = -1;
    bool has_pending = false;
    int pending_seat = 0, pending_kind = 0;
    bool game_over = false;
    int winner = -1;
    bool truncated = false;
    int win_turn = 0;
    std::vector<int> history;
    Legal legal;                          // the legal actions now (a cache of options.py)
    PathCache paths;                      // and their paths

    int monster_seat() const { return mode == BATTLE ? players - 1 : -1; }
};

// A set of spaces (or movement keys, kReenterKey included) as bits: cleared by three stores.
struct SpaceBits {
    uint64_t w[3];
    void clear() { w[0] = w[1] = w[2] = 0; }
    bool operator[](int x) const { return (w[x >> 6] >> (x & 63)) & 1; }
    void set(int x) { w[x >> 6] |= uint64_t(1) << (x & 63); }
};
static_assert(kMaxSpaces + 1 <= 3 * 64, "SpaceBits holds the spaces and kReenterKey");

// A movement table: for each end (space id, or kReenterKey) whether it is reachable, and its path.
struct Movements {
    SpaceBits has;
    int rank_value[kMaxSpaces + 1];
    Path path[kMaxSpaces + 1];
    int count;                           // the keys with has true, in the order found
    int16_t keys[kMaxSpaces + 1];
};

// The codec (codec.py) of a map of n spaces.
struct HCodec {
    int n;
    int target(int s) const { return n + s; }
    int reenter() const { return 2 * n; }
    int plain() const { return 2 * n + 1; }
    int melee() const { return 2 * n + 2; }
    int self_heal() const { return 2 * n + 3; }
    int drink() const { return 2 * n + 4; }
    int end_turn() const { return 2 * n + 5; }
    int hero(int c) const { return 2 * n + 6 + c; }
};

// walks.cpp
void hero_movements(const Tables& t, const State& s, int hero, int allowance, Movements& out);
void monster_movements(const Tables& t, const State& s, int space, int allowance, Movements& out);
bool any_adjacent_monster(const Tables& t, const State& s, int space);
int adjacent_active_heroes(const Tables& t, const State& s, int space, int* out);

// move_cache.cpp: the hero movement tables already walked, by their walk's inputs (the map's
// serial, start and allowance, then the bits of the monsters, the taken spaces and the items).
// A kept table lists its ends ascending (a space id; kReenterKey last), each with its path, and
// the order the walk found them in.
constexpr int kKeptEnds = 32;      // the most ends a kept table has (Draida's have at most 20)
constexpr int kKeptPool = 128;     // the most path bytes a kept table has (Draida's, at most 80)
struct KeptWalk {
    uint64_t key[kWalkKeyWords];   // key[0] == 0: empty (a map's serial is never 0)
    int count;
    uint8_t end[kKeptEnds], len[kKeptEnds], off[kKeptEnds], found[kKeptEnds];
    uint8_t pool[kKeptPool + 8];   // 8 more: a short path is copied as one 8-byte word
    int index_of(int end_key) const;                              // -1: not an end
    void path(int i, Path& out) const;                            // the path of end i
};
const KeptWalk* kept_walk(const uint64_t* key);                   // nullptr: not kept
const KeptWalk* keep_walk(const uint64_t* key, const Movements& moves);   // nullptr: too large to keep
void kept_movements(const KeptWalk& w, Movements& out);           // as the walk gave it
// A solo hero's walk (walks.cpp): its kept table (walked and kept when new), and its key in `key`;
// nullptr when the table is too large to keep (then `out` holds the walk).
const KeptWalk* solo_walk(const Tables& t, const State& s, int hero, int allowance, uint64_t* key,
                          Movements& out);

// options.cpp: the legal actions, and the paths of a movement in `moves`; with `kept` (settle), a
// solo hero's movement leaves its paths in the move cache instead: *kept is its table (else nullptr).
void options(const State& s, const Tables& t, Legal& out, Movements& moves, const KeptWalk** kept = nullptr,
             uint64_t* walk_key = nullptr);
// The legal actions in the order of options.py's dict (movement ends as its walk finds them, the
// drink last); path_key[i]: the key of order[i]'s path in moves, -1 for none. Returns the count.
int ordered_options(const State& s, const Tables& t, int16_t* order, int16_t* path_key, Movements& moves);

// rules.cpp (rules.py, battle.py): one legal action carried out, and what play.cpp starts with
void act_on(const Tables& t, State& s, int action, const Path* path);
void add_hero_on(const Tables& t, State& s, int cls, int seat);
void start_game_on(const Tables& t, State& s);
void ask_on(State& s, int seat, int kind);

// play.cpp
void setup_game(State& s, const Tables& t);                       // from the setup fields, settled
bool apply_action(State& s, const Tables& t, int action);         // false (nothing changed) when illegal
void apply_legal(State& s, const Tables& t, int action);          // an action known to be legal
// The canonical path of a legal movement end of the pending decision, as kept with the state;
// false when it is not kept (walk again).
bool pending_path(const State& s, const Tables& t, int action, Path& out);

// greedy.cpp: the `greedy` bot (bots.py GreedyBot, spec 4.8), decision for decision
// -1 once the game is over; -2 when the board holds several Generals (the Python bot's choice
// then follows the order of its monsters dict, which the native state does not keep).
int greedy_action(const State& s, const Tables& t);

// options.cpp
void refresh_legal(State& s, const Tables& t);                     // after the state was set from data
void legal_actions(const State& s, std::vector<int>& out);
void legal_mask(const State& s, uint8_t* out);
bool is_legal(const State& s, int action);

// encode.cpp
void encode(const State& s, const Tables& t, int seat, float* out);

// The batch concept of common/batch.hpp.
struct HeroicaNative {
    std::shared_ptr<const Tables> tables;
    State s;

    int num_players() const { return s.players; }
    int action_size() const { return tables->action_size; }
    int obs_size() const { return tables->obs_size; }
    void reset(uint64_t seed);
    int current_player() const { return s.has_pending ? s.pending_seat : -1; }
    bool is_legal(int action) const { return heroica::is_legal(s, action); }
    void legal_mask(uint8_t* out) const { heroica::legal_mask(s, out); }
    int legal_count() const { return s.legal.count; }             // s.legal is ascending, each once
    int legal_at(int k) const { return s.legal.a[k]; }
    void apply(int action) { apply_legal(s, *tables, action); }   // the batch checked it
    void encode(int seat, float* out) const { heroica::encode(s, *tables, seat, out); }
    void returns(double* out) const {
        for (int p = 0; p < s.players; ++p) out[p] = 0.0;
        if (s.game_over && s.winner >= 0) out[s.winner] = 1.0;
    }
};

}  // namespace heroica
