// A native Hail Hydra state from the dict of hydra_env/games/hail_hydra/state.py: State.to_data (a save's state,
// a hand-built position or a re-dealt copy). The Python side checks saves; this reads them.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <string>
#include <vector>

#include "hh_game.hpp"

namespace nb = nanobind;

namespace hail_hydra {

namespace {

nb::handle at(nb::handle d, const char* name) {
    PyObject* v = PyDict_GetItemString(d.ptr(), name);
    if (!v) throw nb::key_error(name);
    return nb::handle(v);
}

int as_int(nb::handle h) { return nb::cast<int>(h); }   // bools are ints in Python

template <typename A>
void seat_values(nb::handle list, A& out) {
    size_t i = 0;
    for (nb::handle h : nb::cast<nb::list>(list)) {
        if (i >= out.size()) throw nb::value_error("a per-seat list is longer than 8");
        out[i++] = decltype(+out[0])(as_int(h));
    }
}

std::vector<int> ints(nb::handle list) {
    std::vector<int> v;
    for (nb::handle h : nb::cast<nb::list>(list)) v.push_back(as_int(h));
    return v;
}

void count_rows(nb::handle list, std::array<Counts, kMaxSeats>& rows) {
    size_t i = 0;
    for (nb::handle h : nb::cast<nb::list>(list)) seat_values(h, rows.at(i++));
}

Offensive offensive(nb::handle d) {
    Offensive o;
    o.mission = as_int(at(d, "mission"));
    o.holder = as_int(at(d, "holder"));
    seat_values(at(d, "active"), o.active);
    seat_values(at(d, "out"), o.out);
    seat_values(at(d, "revealed"), o.revealed);
    count_rows(at(d, "down"), o.down);
    count_rows(at(d, "up"), o.up);
    seat_values(at(d, "claim"), o.claim);
    seat_values(at(d, "gave"), o.gave);
    seat_values(at(d, "gave_to"), o.gave_to);
    count_rows(at(d, "gift"), o.gift);
    seat_values(at(d, "used"), o.used);
    nb::handle cards = at(d, "cards");
    o.has_cards = !cards.is_none();
    if (o.has_cards) seat_values(cards, o.cards);
    o.hidden = nb::cast<bool>(at(d, "hidden"));
    nb::handle total = at(d, "total");
    o.has_total = !total.is_none();
    if (o.has_total) o.total = as_int(total);
    o.villain_damage = as_int(at(d, "villain_damage"));
    o.city_damage = as_int(at(d, "city_damage"));
    o.defeated = nb::cast<bool>(at(d, "defeated"));
    seat_values(at(d, "played"), o.played);
    return o;
}

Round round(nb::handle d) {
    Round r;
    r.phase = as_int(at(d, "phase"));
    r.number = as_int(at(d, "round"));
    seat_values(at(d, "nominations"), r.nominations);
    seat_values(at(d, "votes"), r.votes);
    r.result = as_int(at(d, "result"));
    r.ambush = nb::cast<bool>(at(d, "ambush"));
    r.rally = nb::cast<bool>(at(d, "rally"));
    r.closed = nb::cast<bool>(at(d, "closed"));
    return r;
}

}  // namespace

void from_dict_into(State& s, nb::dict d) {
    s.players = as_int(at(d, "players"));
    if (s.players < 1 || s.players > kMaxSeats) throw nb::value_error("players must be 1-8");
    s.seed = nb::cast<uint64_t>(at(d, "seed"));
    nb::handle opt = at(d, "options");
    s.options.first_player = as_int(at(opt, "first_player"));
    s.options.heroes = nb::cast<std::string>(at(opt, "heroes"));
    s.options.claims = nb::cast<bool>(at(opt, "claims"));
    s.options.nominations = nb::cast<bool>(at(opt, "nominations"));
    s.options.balance = nb::cast<std::string>(at(opt, "balance"));
    s.options.history = as_int(at(opt, "history"));
    nb::list rng = nb::cast<nb::list>(at(d, "rng"));
    s.rng_seed = nb::cast<uint64_t>(rng[0]);
    s.rng_counter = nb::cast<uint64_t>(rng[1]);
    s.history = ints(at(d, "history"));
    s.first_player = as_int(at(d, "first_player"));
    s.token = as_int(at(d, "token"));
    s.heroes = ints(at(d, "heroes"));
    s.loyalty = ints(at(d, "loyalty"));
    seat_values(at(d, "revealed"), s.revealed);
    seat_values(at(d, "out"), s.out);
    seat_values(at(d, "immune"), s.immune);
    seat_values(at(d, "used"), s.used);
    count_rows(at(d, "hands"), s.hands);
    s.draw = ints(at(d, "draw"));
    seat_values(at(d, "discard"), s.discard);
    seat_values(at(d, "discard_public"), s.discard_public);
    s.reshuffles = as_int(at(d, "reshuffles"));
    s.city = as_int(at(d, "city"));
    s.stack = ints(at(d, "stack"));
    s.stack_tiers = ints(at(d, "stack_tiers"));
    s.mission = as_int(at(d, "mission"));
    s.villain = as_int(at(d, "villain"));
    s.health = as_int(at(d, "health"));
    s.start_health = as_int(at(d, "start_health"));
    s.strength = as_int(at(d, "strength"));
    s.defence = as_int(at(d, "defence"));
    s.defeated = ints(at(d, "defeated"));
    for (nb::handle h : nb::cast<nb::list>(at(d, "offensives"))) s.offensives.push_back(offensive(h));
    s.mission_offensives = as_int(at(d, "mission_offensives"));
    for (nb::handle h : nb::cast<nb::list>(at(d, "rounds"))) s.rounds.push_back(round(h));
    s.rounds_left = as_int(at(d, "rounds_left"));
    size_t i = 0;
    for (nb::handle w : nb::cast<nb::list>(at(d, "widow"))) {
        for (nb::handle pair : nb::cast<nb::list>(w)) {
            std::vector<int> p = ints(pair);
            s.widow.at(i).push_back({p.at(0), p.at(1)});
        }
        ++i;
    }
    i = 0;
    for (nb::handle w : nb::cast<nb::list>(at(d, "web"))) {
        nb::list l = nb::cast<nb::list>(w);
        Web& web = s.web.at(i++);
        web.set = l.size() > 0;
        if (web.set) {
            web.offensive = as_int(l[0]);
            web.target = as_int(l[1]);
            seat_values(l[2], web.counts);
        }
    }
    i = 0;
    for (nb::handle w : nb::cast<nb::list>(at(d, "radar"))) {
        nb::list l = nb::cast<nb::list>(w);
        Radar& radar = s.radar.at(i++);
        radar.set = l.size() > 0;
        if (radar.set) {
            radar.offensive = as_int(l[0]);
            radar.target = as_int(l[1]);
            radar.truth = as_int(l[2]);
        }
    }
    std::string stage = nb::cast<std::string>(at(d, "stage"));
    s.stage = -1;
    for (int k = 0; k < ST_COUNT; ++k)
        if (stage == kStageNames[k]) s.stage = k;
    if (s.stage < 0) throw nb::value_error(("unknown stage " + stage).c_str());
    s.queue = ints(at(d, "queue"));
    nb::handle pending = at(d, "pending");
    s.has_pending = !pending.is_none();
    if (s.has_pending) {
        std::vector<int> p = ints(pending);
        s.pending = Pending{p.at(0), p.at(1), p.at(2)};
    }
    s.total = as_int(at(d, "total"));
    s.total_flag = nb::cast<bool>(at(d, "total_flag"));
    s.smash = nb::cast<bool>(at(d, "smash"));
    s.panther = nb::cast<bool>(at(d, "panther"));
    std::vector<int> k = ints(at(d, "knockouts"));
    s.knockouts = {k.at(0), k.at(1)};
    s.game_over = nb::cast<bool>(at(d, "game_over"));
    s.winner = nb::cast<std::string>(at(d, "winner"));
    s.cause = nb::cast<std::string>(at(d, "cause"));
}

}  // namespace hail_hydra
