// Python bindings of the native Hail Hydra engine: hydra_env.games.hail_hydra._native.HailHydraTables (from the dict
// of hydra_env/games/hail_hydra/native/tables.py), HailHydraNative (the game; made from and turned back into exactly
// the dict of hydra_env/games/hail_hydra/state.py: State.to_data, same keys, order and values) and Batch (the shared
// batch template of common/batch.hpp over HailHydraNative).
#include <nanobind/nanobind.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/batch.hpp"
#include "common/py_buffer.hpp"
#include "common/py_dict.hpp"
#include "hh_game.hpp"

namespace nb = nanobind;
using namespace hail_hydra;

namespace {

nb::handle item(nb::handle d, const char* name) { return hydra_native::dict_item(d, name); }

template <typename T>
T get(nb::handle d, const char* name) { return hydra_native::dict_get<T>(d, name); }

int index_of(const char* const* names, int count, const std::string& name, const char* what) {
    for (int i = 0; i < count; ++i)
        if (name == names[i]) return i;
    throw nb::value_error((std::string("unknown ") + what + " " + name).c_str());
}

using Buffer = hydra_native::MaskOrObservation;

std::shared_ptr<const Tables> make_tables(nb::dict d) {
    auto t = std::make_shared<Tables>();
    t->city_health = get<int>(d, "city_health");
    t->max_health = get<int>(d, "max_health");
    t->max_defence = get<int>(d, "max_defence");
    t->hand_size = get<int>(d, "hand_size");
    t->second_hand = get<int>(d, "second_hand");
    t->third_hand = get<int>(d, "third_hand");
    t->play_min = get<int>(d, "play_min");
    t->play_max = get<int>(d, "play_max");
    auto deck = get<std::vector<int>>(d, "deck");
    for (int v = 0; v < kValues; ++v) t->deck[size_t(v)] = deck.at(size_t(v));
    for (auto& row : t->knockout) row.fill(-1);
    for (auto row : get<std::vector<std::vector<int>>>(d, "rows")) {   // players, shield, hydra, health, strength
        int p = row.at(0) - 5;
        if (p < 0 || p > 3) continue;
        t->rows[size_t(p)] = {row.at(1), row.at(2), row.at(3), row.at(4)};
        t->has_row[size_t(p)] = 1;
    }
    for (auto row : get<std::vector<std::vector<int>>>(d, "knockout")) {   // tier, players, rounds
        if (row.at(0) < 0 || row.at(0) > 4 || row.at(1) < 5 || row.at(1) > 8) continue;
        t->knockout[size_t(row[0])][size_t(row[1] - 5)] = row.at(2);
    }
    for (auto row : get<std::vector<std::vector<int>>>(d, "negative_rows")) t->negative_rows.push_back({row.at(0), row.at(1)});
    for (nb::handle v : nb::cast<nb::list>(item(d, "villains"))) {
        Villain x{get<int>(v, "tier"), get<int>(v, "health"), get<int>(v, "strength"), get<int>(v, "defence"),
                  index_of(kPowerNames, P_COUNT, get<std::string>(v, "power"), "villain power"), get<int>(v, "amount")};
        t->villains.push_back(x);
    }
    bool smash_found = false;
    for (nb::handle h : nb::cast<nb::list>(item(d, "heroes"))) {
        Hero x{index_of(kWindowNames, W_COUNT, get<std::string>(h, "window"), "hero window"),
               index_of(kEffectNames, E_COUNT, get<std::string>(h, "effect"), "hero effect"),
               get<int>(h, "bonus"), get<int>(h, "city"), get<int>(h, "amount"),
               get<int>(h, "reveal_active"), get<int>(h, "reveal_out")};
        if (x.effect == E_SMASH && !smash_found) {
            t->smash_bonus = x.bonus;
            smash_found = true;
        }
        t->heroes.push_back(x);
    }
    return t;
}

Options make_options(nb::dict d, std::vector<int> fixed) {
    Options o;
    o.first_player = get<int>(d, "first_player");
    o.heroes = get<std::string>(d, "heroes");
    o.claims = get<bool>(d, "claims");
    o.nominations = get<bool>(d, "nominations");
    o.balance = get<std::string>(d, "balance");
    o.history = get<int>(d, "history");
    o.fixed_heroes = std::move(fixed);
    return o;
}

// ------------------------------------------------------------------ to_dict: State.to_data, key for key
template <typename A>
nb::list ints(const A& a, int n) {
    nb::list l;
    for (int i = 0; i < n; ++i) l.append(int(a[size_t(i)]));
    return l;
}
template <typename A>
nb::list flags(const A& a, int n) {
    nb::list l;
    for (int i = 0; i < n; ++i) l.append(bool(a[size_t(i)]));
    return l;
}
nb::list vec(const std::vector<int>& v) { return ints(v, int(v.size())); }
nb::list count_rows(const std::array<Counts, kMaxSeats>& rows, int n) {
    nb::list l;
    for (int i = 0; i < n; ++i) l.append(ints(rows[size_t(i)], kValues));
    return l;
}

nb::dict offensive_dict(const Offensive& o, int n) {
    nb::dict d;
    d["mission"] = o.mission;
    d["holder"] = o.holder;
    d["active"] = flags(o.active, n);
    d["out"] = flags(o.out, n);
    d["revealed"] = flags(o.revealed, n);
    d["down"] = count_rows(o.down, n);
    d["up"] = count_rows(o.up, n);
    d["claim"] = ints(o.claim, n);
    d["gave"] = ints(o.gave, n);
    d["gave_to"] = ints(o.gave_to, n);
    d["gift"] = count_rows(o.gift, n);
    d["used"] = flags(o.used, n);
    d["cards"] = o.has_cards ? nb::object(ints(o.cards, kValues)) : nb::none();
    d["hidden"] = o.hidden;
    d["total"] = o.has_total ? nb::object(nb::int_(o.total)) : nb::none();
    d["villain_damage"] = o.villain_damage;
    d["city_damage"] = o.city_damage;
    d["defeated"] = o.defeated;
    d["played"] = flags(o.played, n);
    return d;
}

nb::dict round_dict(const Round& r, int n) {
    nb::dict d;
    d["phase"] = r.phase;
    d["round"] = r.number;
    d["nominations"] = ints(r.nominations, n);
    d["votes"] = ints(r.votes, n);
    d["result"] = r.result;
    d["ambush"] = r.ambush;
    d["rally"] = r.rally;
    d["closed"] = r.closed;
    return d;
}

nb::dict to_dict(const HailHydraGame& g) {
    const State& s = g.s;
    const int n = s.players;
    nb::dict d, opt;
    d["players"] = n;
    d["seed"] = s.seed;
    opt["first_player"] = s.options.first_player;
    opt["heroes"] = s.options.heroes;
    opt["claims"] = s.options.claims;
    opt["nominations"] = s.options.nominations;
    opt["balance"] = s.options.balance;
    opt["history"] = s.options.history;
    d["options"] = opt;
    nb::list rng;
    rng.append(s.rng_seed);
    rng.append(s.rng_counter);
    d["rng"] = rng;
    d["history"] = vec(s.history);
    d["first_player"] = s.first_player;
    d["token"] = s.token;
    d["heroes"] = vec(s.heroes);
    d["loyalty"] = vec(s.loyalty);
    d["revealed"] = flags(s.revealed, n);
    d["out"] = flags(s.out, n);
    d["immune"] = flags(s.immune, n);
    d["used"] = flags(s.used, n);
    d["hands"] = count_rows(s.hands, n);
    d["draw"] = vec(s.draw);
    d["discard"] = ints(s.discard, kValues);
    d["discard_public"] = ints(s.discard_public, kValues);
    d["reshuffles"] = s.reshuffles;
    d["city"] = s.city;
    d["stack"] = vec(s.stack);
    d["stack_tiers"] = vec(s.stack_tiers);
    d["mission"] = s.mission;
    d["villain"] = s.villain;
    d["health"] = s.health;
    d["start_health"] = s.start_health;
    d["strength"] = s.strength;
    d["defence"] = s.defence;
    d["defeated"] = vec(s.defeated);
    nb::list offensives, rounds, widow, web, radar;
    for (const Offensive& o : s.offensives) offensives.append(offensive_dict(o, n));
    d["offensives"] = offensives;
    d["mission_offensives"] = s.mission_offensives;
    for (const Round& r : s.rounds) rounds.append(round_dict(r, n));
    d["rounds"] = rounds;
    d["rounds_left"] = s.rounds_left;
    for (int i = 0; i < n; ++i) {
        nb::list w;
        for (const auto& pair : s.widow[size_t(i)]) w.append(ints(pair, 2));
        widow.append(w);
        nb::list x, y;
        const Web& wb = s.web[size_t(i)];
        if (wb.set) {
            x.append(wb.offensive);
            x.append(wb.target);
            x.append(ints(wb.counts, kValues));
        }
        web.append(x);
        const Radar& rd = s.radar[size_t(i)];
        if (rd.set) {
            y.append(rd.offensive);
            y.append(rd.target);
            y.append(rd.truth);
        }
        radar.append(y);
    }
    d["widow"] = widow;
    d["web"] = web;
    d["radar"] = radar;
    d["stage"] = kStageNames[s.stage];
    d["queue"] = vec(s.queue);
    if (s.has_pending) {
        nb::list p;
        p.append(s.pending.seat);
        p.append(s.pending.kind);
        p.append(s.pending.arg);
        d["pending"] = p;
    } else {
        d["pending"] = nb::none();
    }
    d["total"] = s.total;
    d["total_flag"] = s.total_flag;
    d["smash"] = s.smash;
    d["panther"] = s.panther;
    d["knockouts"] = ints(s.knockouts, 2);
    d["game_over"] = s.game_over;
    d["winner"] = s.winner;
    d["cause"] = s.cause;
    return d;
}

}  // namespace

namespace hail_hydra {
void from_dict_into(State& s, nb::dict d);   // from_dict.cpp
}

namespace {

HailHydraGame from_dict(std::shared_ptr<const Tables> tables, nb::dict d, std::vector<int> fixed) {
    HailHydraGame g;
    g.tables = std::move(tables);
    from_dict_into(g.s, d);
    g.s.options.fixed_heroes = std::move(fixed);
    return g;
}

}  // namespace

void bind_hail_hydra(nb::module_& m) {
    nb::class_<Tables>(m, "HailHydraTables", "The component tables of a Hail Hydra data file (read-only).");
    m.def("make_tables", &make_tables, nb::arg("tables"), "Tables from the dict of native.tables.tables_dict.");
    using G = HailHydraGame;
    nb::class_<G>(m, "HailHydraNative", "A game of Hail Hydra on the native engine.")
        .def("__init__",
             [](G* g, std::shared_ptr<const Tables> t, int players, nb::dict options, std::vector<int> fixed) {
                 new (g) G(std::move(t), players, make_options(options, std::move(fixed)));
             },
             nb::arg("tables"), nb::arg("players"), nb::arg("options"), nb::arg("fixed_heroes"))
        .def_static("from_dict", &from_dict, nb::arg("tables"), nb::arg("state"), nb::arg("fixed_heroes"))
        .def("to_dict", &to_dict)
        .def("reset", &G::reset, nb::arg("seed"), "A new deal from seed (deal.new_state).")
        .def("clone", [](const G& g) { return G(g); }, "An independent copy.")
        .def_prop_ro("current_player", &G::current_player)
        .def_prop_ro("is_over", [](const G& g) { return g.s.game_over; })
        .def_prop_ro("players", [](const G& g) { return g.s.players; })
        .def_prop_ro("seed", [](const G& g) { return g.s.seed; })
        .def_prop_ro("history", [](const G& g) { return g.s.history; })
        .def("result_fields",
             [](const G& g) {   // what result.result_of reads, without the whole state
                 return nb::make_tuple(g.s.game_over, g.s.winner, g.s.cause, g.s.loyalty, g.s.city,
                                       g.s.defeated.size(), g.s.offensives.size(), g.s.knockouts[0],
                                       g.s.knockouts[1], g.s.history.size());
             },
             "(game over, winner, cause, loyalty, city, villains defeated, offensives, knock-outs of SHIELD "
             "and of HYDRA, decisions): what the result is made of.")
        .def_prop_ro("obs_size", &G::obs_size)
        .def("legal_actions", &G::legal_actions)
        .def("is_legal", &G::is_legal, nb::arg("action"))
        .def("apply",
             [](G& g, int action) {
                 if (g.current_player() < 0 || !g.is_legal(action)) return false;
                 g.apply(action);
                 return true;
             },
             nb::arg("action"), "Apply a legal action (True); False for an illegal one (nothing changes).")
        .def("legal_mask_into",
             [](const G& g, nb::handle out) {
                 Buffer b(out, true, "out");
                 if (b.size() != size_t(ACTIONS)) throw nb::value_error("out must hold 201 entries");
                 std::memset(b.data<uint8_t>(), 0, size_t(ACTIONS));
                 g.legal_mask(b.data<uint8_t>());
             },
             nb::arg("out"))
        .def("encode_flat_into",
             [](const G& g, int seat, nb::handle out) {
                 if (seat < 0 || seat >= g.s.players) throw nb::index_error("seat out of range");
                 Buffer b(out, false, "out");
                 if (b.size() != size_t(g.obs_size())) throw nb::value_error("out must hold obs_size floats");
                 g.encode(seat, b.data<float>());
             },
             nb::arg("seat"), nb::arg("out"))
        .def("returns", [](const G& g) {
            std::vector<double> r(size_t(g.s.players));
            g.returns(r.data());
            return r;
        });
    hydra_common::bind_batch<G>(m, "Batch");
}
