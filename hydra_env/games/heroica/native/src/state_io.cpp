// Heroica's native state as Python sees it: the tables from the dict of
// hydra_env.games.heroica.native.game.tables_dict (make_tables), a game from a save's setup
// (new_game) or from a setup, history and the state data of hydra_env.games.heroica.save.state_data
// (from_dict, every index checked against the arrays it reads), and the same back (setup_dict,
// state_dict), key for key and type for type, so that the Python side writes the same JSON text.
#include "state_io.hpp"

#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/py_dict.hpp"

namespace nb = nanobind;

namespace heroica {

namespace {

nb::handle item(nb::handle d, const char* name) { return hydra_native::dict_item(d, name); }

template <typename T> T get(nb::handle d, const char* name) { return hydra_native::dict_get<T>(d, name); }

[[noreturn]] void fail(const std::string& what) { throw nb::value_error(("native Heroica: " + what).c_str()); }

}  // namespace

std::shared_ptr<const Tables> make_tables(nb::dict d) {
    auto t = std::make_shared<Tables>();
    t->n = get<int>(d, "n");
    t->width = get<int>(d, "width");
    t->height = get<int>(d, "height");
    t->start = get<int>(d, "start");
    t->shield_move = get<int>(d, "shield_move");
    t->max_health = get<int>(d, "max_health");
    t->boss = get<int>(d, "boss");
    t->potion_heal = get<int>(d, "potion_heal");
    t->faces = get<std::vector<int>>(d, "faces");
    t->class_skill = get<std::vector<int>>(d, "class_skill");
    t->class_range = get<std::vector<int>>(d, "class_range");
    t->class_step = get<std::vector<int>>(d, "class_step");
    t->monster_strength = get<std::vector<int>>(d, "monster_strength");
    t->neighbours = get<std::vector<std::vector<int>>>(d, "neighbours");
    t->dist = get<std::vector<int16_t>>(d, "dist");
    t->line = get<std::vector<int16_t>>(d, "line");
    t->coord_x = get<std::vector<int>>(d, "coord_x");
    t->coord_y = get<std::vector<int>>(d, "coord_y");
    t->setup_monsters = get<std::vector<std::pair<int, int>>>(d, "monsters");
    t->setup_potions = get<std::vector<int>>(d, "potions");
    t->action_size = get<int>(d, "action_size");
    t->obs_size = get<int>(d, "obs_size");
    size_t n = size_t(t->n);
    if (t->n < 1 || t->n > kMaxSpaces) fail("a map has 1 to 128 spaces");
    if (t->neighbours.size() != n || t->dist.size() != n * n || t->line.size() != n * n ||
        t->coord_x.size() != n || t->coord_y.size() != n || t->faces.size() != 6 ||
        t->class_range.size() != t->class_skill.size() || t->class_step.size() != t->class_skill.size() ||
        t->class_skill.size() > 4 || t->action_size != 2 * t->n + 10 ||
        t->obs_size != 12 * t->width * t->height + 64)
        fail("inconsistent table sizes");
    for (const auto& nbs : t->neighbours)
        if (nbs.size() > 4) fail("a space has more than 4 neighbours");
    if (t->boss < 0 || t->boss >= int(t->monster_strength.size())) fail("the boss is not a monster kind");
    t->finish_tables();
    return t;
}

static nb::list int_list(const int* v, int count) {
    nb::list out;
    for (int i = 0; i < count; ++i) out.append(v[i]);
    return out;
}

nb::list int_list(const std::vector<int>& v) { return int_list(v.data(), int(v.size())); }

static nb::list bool_list(const bool* v, int count) {
    nb::list out;
    for (int i = 0; i < count; ++i) out.append(v[i]);
    return out;
}

static nb::list pair(int64_t a, int64_t b) {
    nb::list out;
    out.append(a);
    out.append(b);
    return out;
}

nb::dict setup_dict(const State& s) {
    nb::dict d;
    d["players"] = s.players;
    d["mode"] = kModeNames[s.mode];
    d["heroes"] = s.drafted ? nb::none() : nb::object(int_list(s.setup_heroes));
    d["seed"] = s.seed;
    d["rolls"] = int_list(s.forced);
    nb::list options;
    options.append(s.opt_crystal);
    options.append(s.solo_turn_limit);
    options.append(s.max_rounds);
    d["options"] = options;
    return d;
}

nb::dict state_dict(const State& s, const Tables& t) {
    nb::dict d;
    int k = s.heroes;
    d["rolls"] = s.rolls;
    d["hero_class"] = int_list(s.hero_class, k);
    d["hero_owner"] = int_list(s.hero_owner, k);
    d["hero_space"] = int_list(s.hero_space, k);
    d["hero_health"] = int_list(s.hero_health, k);
    d["hero_healing"] = bool_list(s.hero_healing, k);
    d["hero_potions"] = int_list(s.hero_potions, k);
    d["hero_trophies"] = int_list(s.hero_trophies, k);
    d["hero_kos"] = int_list(s.hero_kos, k);
    nb::list potions, monsters, chosen;
    for (int x = 0; x < t.n; ++x) {
        if (s.potion_at[x]) potions.append(x);
        if (s.monster_at[x] >= 0) monsters.append(pair(x, s.monster_at[x]));
    }
    d["potions"] = potions;
    d["crystal"] = s.crystal;
    d["ko_total"] = s.ko_total;
    d["draft"] = int_list(s.draft);
    d["turn"] = s.turn;
    d["round"] = s.round;
    d["turn_seat"] = s.turn_seat;
    d["hero"] = s.hero;
    d["move_face"] = s.move_face;
    d["fight_face"] = s.fight_face;
    d["allowance"] = s.allowance;
    d["came_from"] = s.came_from;
    d["target"] = s.target;
    d["monster"] = s.monster;
    d["game_over"] = s.game_over;
    d["winner"] = s.winner;
    d["truncated"] = s.truncated;
    d["win_turn"] = s.win_turn;
    d["monsters"] = monsters;
    nb::list rng;
    rng.append(s.rng.seed);
    rng.append(s.rng.counter);
    d["rng"] = rng;
    if (s.has_pending) {
        nb::list pending;
        pending.append(s.pending_seat);
        pending.append(kDecisionNames[s.pending_kind]);
        d["pending"] = pending;
    } else {
        d["pending"] = nb::none();
    }
    for (const auto& c : s.chosen) chosen.append(pair(c.first, c.second));
    d["chosen"] = chosen;
    return d;
}

static int index_of(const char* const* names, int count, const std::string& name, const char* what) {
    for (int i = 0; i < count; ++i)
        if (name == names[i]) return i;
    fail(std::string("unknown ") + what + " '" + name + "'");
}

static void read_setup(State& s, const Tables& t, nb::handle d) {
    s.players = get<int>(d, "players");
    s.mode = index_of(kModeNames, 3, get<std::string>(d, "mode"), "mode");
    if (s.players < 1 || s.players > 4 || (s.mode == SOLO) != (s.players == 1)) fail("the seats do not fit the mode");
    nb::handle heroes = item(d, "heroes");
    s.drafted = heroes.is_none();
    s.setup_heroes = s.drafted ? std::vector<int>() : nb::cast<std::vector<int>>(heroes);
    int count = s.mode == BATTLE ? (s.players == 2 ? 2 : s.players - 1) : s.players;
    if (!s.drafted && int(s.setup_heroes.size()) != count) fail("the setup has the wrong number of heroes");
    for (int c : s.setup_heroes)
        if (c < 0 || c >= t.num_classes()) fail("a hero class is out of range");
    s.seed = get<uint64_t>(d, "seed");
    s.forced = get<std::vector<int>>(d, "rolls");
    for (int f : s.forced)
        if (f < 0 || f > 3) fail("a forced roll is not a face 0-3");
    nb::handle options = item(d, "options");
    s.opt_crystal = nb::cast<bool>(options[0]);
    s.solo_turn_limit = nb::cast<int>(options[1]);
    s.max_rounds = nb::cast<int>(options[2]);
    if (s.solo_turn_limit < 1 || s.max_rounds < 1) fail("the limits must be at least 1");
}

static std::vector<std::pair<int, int>> read_chosen(nb::handle d) {
    std::vector<std::pair<int, int>> out;
    for (const auto& p : nb::cast<std::vector<std::vector<int64_t>>>(d)) {
        if (p.size() != 2 || p[0] < 1 || p[1] < 0 || p[1] > 3) fail("a chosen roll is out of range");
        out.emplace_back(int(p[0]), int(p[1]));
    }
    std::sort(out.begin(), out.end());
    return out;
}

HeroicaNative new_game(std::shared_ptr<const Tables> tables, nb::dict setup) {
    HeroicaNative g{tables, State{}};
    read_setup(g.s, *tables, setup);
    setup_game(g.s, *tables);
    return g;
}

// A game holding exactly this state (every index checked against the arrays it reads).
HeroicaNative from_dict(std::shared_ptr<const Tables> tables, nb::dict setup, std::vector<int> history,
                        nb::dict d) {
    HeroicaNative g{tables, State{}};
    State& s = g.s;
    const Tables& t = *tables;
    read_setup(s, t, setup);
    s.history = std::move(history);
    auto rng = get<std::vector<uint64_t>>(d, "rng");
    if (rng.size() != 2) fail("rng must be [seed, counter]");
    s.rng = hydra_common::CounterRng{rng[0], rng[1]};
    s.rolls = get<int>(d, "rolls");
    s.chosen = read_chosen(item(d, "chosen"));
    auto cls = get<std::vector<int>>(d, "hero_class");
    s.heroes = int(cls.size());
    if (s.heroes > kMaxHeroes) fail("at most 4 heroes");
    const char* names[] = {"hero_owner", "hero_space", "hero_health", "hero_potions", "hero_trophies", "hero_kos"};
    int* arrays[] = {s.hero_owner, s.hero_space, s.hero_health, s.hero_potions, s.hero_trophies, s.hero_kos};
    for (int i = 0; i < 6; ++i) {
        auto v = get<std::vector<int>>(d, names[i]);
        if (int(v.size()) != s.heroes) fail(std::string(names[i]) + " needs one entry per hero");
        std::copy(v.begin(), v.end(), arrays[i]);
    }
    auto healing = get<std::vector<bool>>(d, "hero_healing");
    if (int(healing.size()) != s.heroes) fail("hero_healing needs one entry per hero");
    for (int h = 0; h < s.heroes; ++h) {
        s.hero_class[h] = cls[size_t(h)];
        s.hero_healing[h] = healing[size_t(h)];
        if (cls[size_t(h)] < 0 || cls[size_t(h)] >= t.num_classes() || s.hero_space[h] < 0 ||
            s.hero_space[h] >= t.n || s.hero_owner[h] < 0 || s.hero_owner[h] >= s.players)
            fail("a hero is out of range");
    }
    std::memset(s.monster_at, -1, sizeof(s.monster_at));
    std::memset(s.potion_at, 0, sizeof(s.potion_at));
    for (const auto& m : get<std::vector<std::vector<int>>>(d, "monsters")) {
        if (m.size() != 2 || m[0] < 0 || m[0] >= t.n || m[1] < 0 || m[1] >= int(t.monster_strength.size()))
            fail("a monster is out of range");
        s.monster_at[m[0]] = int8_t(m[1]);
    }
    int last = -1;
    for (int x : get<std::vector<int>>(d, "potions")) {
        if (x <= last || x >= t.n) fail("the potions must be ascending space ids");
        s.potion_at[x] = 1;
        last = x;
    }
    s.crystal = get<bool>(d, "crystal");
    s.ko_total = get<int>(d, "ko_total");
    s.draft = get<std::vector<int>>(d, "draft");
    for (int seat : s.draft)
        if (seat < 0 || seat >= s.players) fail("a draft seat is out of range");
    s.turn = get<int>(d, "turn");
    s.round = get<int>(d, "round");
    s.turn_seat = get<int>(d, "turn_seat");
    s.hero = get<int>(d, "hero");
    s.move_face = get<int>(d, "move_face");
    s.fight_face = get<int>(d, "fight_face");
    s.allowance = get<int>(d, "allowance");
    s.came_from = get<int>(d, "came_from");
    s.target = get<int>(d, "target");
    s.monster = get<int>(d, "monster");
    s.game_over = get<bool>(d, "game_over");
    s.winner = get<int>(d, "winner");
    s.truncated = get<bool>(d, "truncated");
    s.win_turn = get<int>(d, "win_turn");
    if (s.turn_seat < 0 || s.turn_seat >= s.players || s.hero < -1 || s.hero >= s.heroes || s.move_face < -1 ||
        s.move_face > 3 || s.fight_face < -1 || s.fight_face > 3 || s.came_from < -1 || s.came_from >= t.n ||
        s.target < -1 || s.target >= t.n || s.monster < -1 || s.monster >= t.n || s.winner < -1 ||
        s.winner >= s.players || s.allowance < 0 || s.allowance > 64)
        fail("a state field is out of range");
    nb::handle pending = item(d, "pending");
    s.has_pending = !pending.is_none();
    if (s.has_pending) {
        s.pending_seat = nb::cast<int>(pending[0]);
        s.pending_kind = index_of(kDecisionNames, DECISION_COUNT, nb::cast<std::string>(pending[1]), "decision");
        if (s.pending_seat < 0 || s.pending_seat >= s.players) fail("the pending seat is out of range");
        bool needs_hero = s.pending_kind >= MOVE && s.pending_kind <= TURN_END;
        bool needs_monster = s.pending_kind == MONSTER_MOVE || s.pending_kind == MONSTER_FIGHT;
        if ((needs_hero && s.hero < 0) || (needs_monster && (s.monster < 0 || s.monster_at[s.monster] < 0)))
            fail("the pending decision has no hero or monster");
        if (s.pending_kind == DRAFT && s.draft.empty()) fail("a draft decision needs seats to draft");
    }
    refresh_legal(s, t);
    return g;
}

}  // namespace heroica
