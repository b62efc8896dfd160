// Python bindings of the native Hydras engine (the card game): hydra_env.games.hydra._native.HydrasTables,
// hydra_env.games.hydra._native.HydrasNative (used through hydra_env.games.hydras.native.game.NativeHydrasGame), the
// native deal hydras_deal, and HydrasBatch (the shared batch template over HydrasNative).
//
// make_hydras_tables takes the plain dict of hydra_env.games.hydras.native.game.tables_dict (built from
// the Python Tables and encoder); a HydrasNative is made from and turned back into exactly the
// dict of hydra_env.games.hydras.rules.state.State.to_dict (same keys, same order, same values).
#include <nanobind/nanobind.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/batch.hpp"
#include "hgame.hpp"
#include "common/py_buffer.hpp"
#include "common/py_dict.hpp"

namespace nb = nanobind;
using namespace hydras;

namespace {

using hydra_native::dict_item;
using Buffer = hydra_native::MaskOrObservation;

template <typename T>
T get(nb::handle d, const char* name) { return hydra_native::dict_get<T>(d, name); }

std::shared_ptr<const Tables> make_tables(nb::dict d) {
    auto t = std::make_shared<Tables>();
    t->radius = get<int>(d, "radius");
    t->width = get<int>(d, "width");
    t->cells = get<int>(d, "cells");
    t->centre = get<int>(d, "centre");
    t->hand_size = get<int>(d, "hand_size");
    t->kind_count = get<int>(d, "kind_count");
    t->torch = get<int>(d, "torch");
    t->body_code = get<int>(d, "body_code");
    t->deck_size = get<int>(d, "deck_size");
    t->sides = get<std::vector<int>>(d, "sides");
    t->heads = get<std::vector<int>>(d, "heads");
    t->icon = get<std::vector<int>>(d, "icon");
    t->kind_of = get<std::vector<int>>(d, "kind_of");
    for (const auto& n : get<std::vector<std::vector<int>>>(d, "neighbours")) t->neighbours.push_back({n[0], n[1], n[2], n[3]});
    t->kind_heads = get<std::vector<int>>(d, "kind_heads");
    t->is_sword = get<std::vector<uint8_t>>(d, "is_sword");
    t->is_poison = get<std::vector<uint8_t>>(d, "is_poison");
    t->fits = get<std::vector<uint8_t>>(d, "fits");
    t->faces = get<std::vector<float>>(d, "faces");
    t->counts = get<std::vector<float>>(d, "counts");
    t->weights = get<std::vector<float>>(d, "weights");
    Codec& c = t->codec;
    c.hand_size = get<int>(d, "hand_size");
    c.max_players = get<int>(d, "max_players");
    c.cells = t->cells;
    c.sword_base = get<int>(d, "sword_base");
    c.torch_base = get<int>(d, "torch_base");
    c.discard_base = get<int>(d, "discard_base");
    c.burn = get<int>(d, "burn");
    c.no_burn = get<int>(d, "no_burn");
    c.block_base = get<int>(d, "block_base");
    c.pass = get<int>(d, "pass");
    c.size = get<int>(d, "size");
    t->seat_size = get<int>(d, "seat_size");
    t->hand_offset = get<int>(d, "hand_offset");
    t->feature_offset = get<int>(d, "feature_offset");
    t->obs_size = get<int>(d, "obs_size");
    size_t codes = size_t(t->body_code) + 1, kinds = size_t(t->kind_count);
    if (c.max_players != kMaxSeats || t->sides.size() != codes || t->heads.size() != codes ||
        t->icon.size() != codes || t->kind_of.size() != codes || t->neighbours.size() != size_t(t->cells) ||
        t->kind_heads.size() != kinds || t->is_sword.size() != kinds || t->is_poison.size() != kinds ||
        t->fits.size() != kinds * 256 || t->faces.size() != codes * 12 || t->counts.size() != kinds ||
        t->weights.size() != kinds)
        throw nb::value_error("native Hydras tables: inconsistent sizes");
    return t;
}

nb::list int_list(const std::vector<int>& v) {
    nb::list out;
    for (int x : v) out.append(x);
    return out;
}

nb::list pair_list(int a, int b) {
    nb::list out;
    out.append(a);
    out.append(b);
    return out;
}

nb::dict to_dict(const HydrasNative& g) {
    const State& s = g.s;
    nb::dict d;
    d["players"] = s.players;
    d["seed"] = s.seed;
    d["random_events"] = s.random_events;
    d["star_seat"] = s.star_seat;
    d["turn_seat"] = s.turn_seat;
    d["turns_taken"] = s.turns_taken;
    d["final_turns_left"] = s.final_turns_left;
    d["phase"] = s.phase;
    d["game_over"] = s.game_over;
    d["deck"] = int_list(s.deck);
    d["discard"] = int_list(s.discard);
    nb::list blocks;
    for (const auto& b : s.blocks) blocks.append(pair_list(b[0], b[1]));
    d["blocks"] = blocks;
    d["offers"] = int_list(s.offers);
    d["history"] = int_list(s.history);
    nb::list log;
    for (const LogEntry& e : s.log) {
        nb::list entry;
        for (int64_t v : e) entry.append(v);
        log.append(entry);
    }
    d["log"] = log;
    nb::list hands, hydras;
    for (const auto& h : s.hands) hands.append(int_list(h));
    for (const Grid& grid : s.hydras) {
        nb::list cells;
        for (int16_t code : grid) cells.append(int(code));
        hydras.append(cells);
    }
    d["hands"] = hands;
    d["hydras"] = hydras;
    d["pending"] = s.has_pending ? nb::object(pair_list(s.pending_kind, s.pending_seat)) : nb::none();
    if (s.has_attack) {
        const Attack& a = s.attack;
        nb::list attack;
        for (int v : {a.kind, a.seat, a.card, a.target, a.cell, int(a.burn)}) attack.append(v);
        d["attack"] = attack;
    } else {
        d["attack"] = nb::none();
    }
    d["burn_cell"] = s.has_burn ? nb::object(pair_list(s.burn_target, s.burn_cell)) : nb::none();
    return d;
}

// Every index the engine will follow lies inside its arrays (the Python side checks saved
// games fully, hydra_env.games.hydras.rules.save; this keeps any other dict from reading out of bounds).
void check_ranges(const State& s, const Tables& t) {
    auto fail = [](const char* what) { throw nb::value_error((std::string("native Hydras state: ") + what).c_str()); };
    auto seat_ok = [&](int seat) { return seat >= 0 && seat < s.players; };
    auto kinds_ok = [&](const std::vector<int>& cards) {
        for (int c : cards) if (c < 0 || c >= t.kind_count) return false;
        return true;
    };
    if (!seat_ok(s.star_seat) || !seat_ok(s.turn_seat)) fail("a seat is out of range");
    if (!kinds_ok(s.deck) || !kinds_ok(s.discard)) fail("a card kind is out of range");
    for (const auto& hand : s.hands)
        if (!kinds_ok(hand) || int(hand.size()) > t.hand_size) fail("a hand is out of range");
    for (const Grid& grid : s.hydras)
        for (int16_t code : grid)
            if (code < kEmpty || code > t.body_code) fail("a cell code is out of range");
    for (const auto& b : s.blocks)
        if (!seat_ok(b[0]) || b[1] < 0 || b[1] >= t.kind_count) fail("a block is out of range");
    for (int seat : s.offers)
        if (!seat_ok(seat)) fail("an offer is out of range");
    if (s.has_pending && (!seat_ok(s.pending_seat) || s.pending_kind < DK_TURN || s.pending_kind > DK_BURN))
        fail("the pending decision is out of range");
    const Attack& a = s.attack;
    if (s.has_attack && (!seat_ok(a.seat) || !seat_ok(a.target) || a.card < 0 || a.card >= t.kind_count ||
                         a.cell < 0 || a.cell >= t.cells || a.kind < AK_SWORD || a.kind > AK_TORCH))
        fail("the attack is out of range");
    if (s.has_burn && (!seat_ok(s.burn_target) || s.burn_cell < 0 || s.burn_cell >= t.cells))
        fail("the burn cell is out of range");
}

// A game from a checked State.to_dict (hydra_env.games.hydras.rules.save checks saved games first).
HydrasNative from_dict(std::shared_ptr<const Tables> tables, nb::dict d) {
    HydrasNative g{tables, State{}};
    State& s = g.s;
    const Tables& t = *tables;
    s.players = get<int>(d, "players");
    if (s.players < 2 || s.players > kMaxSeats) throw nb::value_error("players must be 2 to 4");
    s.seed = get<uint64_t>(d, "seed");
    s.random_events = get<int64_t>(d, "random_events");
    s.star_seat = get<int>(d, "star_seat");
    s.turn_seat = get<int>(d, "turn_seat");
    s.turns_taken = get<int64_t>(d, "turns_taken");
    s.final_turns_left = get<int64_t>(d, "final_turns_left");
    s.phase = get<int>(d, "phase");
    s.game_over = get<bool>(d, "game_over");
    s.deck = get<std::vector<int>>(d, "deck");
    s.discard = get<std::vector<int>>(d, "discard");
    for (const auto& b : get<std::vector<std::vector<int>>>(d, "blocks")) s.blocks.push_back({b.at(0), b.at(1)});
    s.offers = get<std::vector<int>>(d, "offers");
    s.history = get<std::vector<int>>(d, "history");
    for (const auto& e : get<std::vector<std::vector<int64_t>>>(d, "log"))
        s.log.push_back({e.at(0), e.at(1), e.at(2), e.at(3), e.at(4), e.at(5)});
    s.hands = get<std::vector<std::vector<int>>>(d, "hands");
    for (const auto& grid : get<std::vector<std::vector<int>>>(d, "hydras")) {
        if (grid.size() != size_t(t.cells)) throw nb::value_error("a hydra has the wrong number of cells");
        s.hydras.emplace_back(grid.begin(), grid.end());
    }
    if (s.hands.size() != size_t(s.players) || s.hydras.size() != size_t(s.players))
        throw nb::value_error("hands and hydras need one entry per seat");
    nb::handle pending = dict_item(d, "pending");
    if (!pending.is_none()) {
        auto p = nb::cast<std::vector<int>>(pending);
        s.has_pending = true;
        s.pending_kind = p.at(0);
        s.pending_seat = p.at(1);
    }
    nb::handle attack = dict_item(d, "attack");
    if (!attack.is_none()) {
        auto a = nb::cast<std::vector<int>>(attack);
        s.has_attack = true;
        s.attack = {a.at(0), a.at(1), a.at(2), a.at(3), a.at(4), a.at(5) != 0};
    }
    nb::handle burn = dict_item(d, "burn_cell");
    if (!burn.is_none()) {
        auto b = nb::cast<std::vector<int>>(burn);
        s.has_burn = true;
        s.burn_target = b.at(0);
        s.burn_cell = b.at(1);
    }
    check_ranges(s, t);
    return g;
}

void check_seat(const HydrasNative& g, int seat) {
    if (seat < 0 || seat >= g.s.players) throw nb::value_error("seat out of range");
}

}  // namespace

namespace hydra {

void bind_hydras(nb::module_& m) {
    nb::class_<Tables>(m, "HydrasTables", "The native tables of one Hydras card set (opaque).");
    m.def("make_hydras_tables", &make_tables, nb::arg("tables"),
          "The native Hydras tables from the dict of hydra_env.games.hydras.native.game.tables_dict.");
    nb::class_<HydrasNative>(m, "HydrasNative", "One game of Hydras on the native engine.")
        .def_static("from_dict", &from_dict, nb::arg("tables"), nb::arg("state"),
                    "A game from the dict of hydra_env.games.hydras.rules.state.State.to_dict.")
        .def("to_dict", &to_dict, "The state as State.to_dict gives it.")
        .def("clone", [](const HydrasNative& g) { return HydrasNative(g); }, "An independent copy.")
        .def("apply", [](HydrasNative& g, int action) { return apply(g.s, *g.tables, action); },
             nb::arg("action"), "Apply a decision and run to the next; False (nothing changed) when illegal.")
        .def("legal_actions", [](const HydrasNative& g) { return int_list(legal_actions(g.s, *g.tables)); },
             "The legal decisions, ascending.")
        .def("is_legal", [](const HydrasNative& g, int action) { return is_legal(g.s, *g.tables, action); },
             nb::arg("action"))
        .def("legal_mask_into",
             [](const HydrasNative& g, nb::handle out_obj) {
                 Buffer out(out_obj, true, "out");
                 if (out.size() != size_t(g.tables->codec.size))
                     throw nb::value_error("the mask buffer must hold action_size items");
                 uint8_t* p = out.data<uint8_t>();
                 std::memset(p, 0, out.size());
                 for (int a : legal_actions(g.s, *g.tables)) p[a] = 1;
             },
             nb::arg("out"), "The legal mask written into out (bool, int8 or uint8 [action_size]).")
        .def("encode_flat_into",
             [](const HydrasNative& g, int seat, nb::handle out_obj) {
                 check_seat(g, seat);
                 Buffer out(out_obj, false, "out");
                 if (out.size() != size_t(g.tables->obs_size))
                     throw nb::value_error("the observation buffer must hold the encoder's size of float32");
                 encode_flat(g.s, *g.tables, seat, out.data<float>());
             },
             nb::arg("seat"), nb::arg("out"), "HydrasEncoder.encode_flat(state, seat) written into out.")
        .def("analysis",
             [](const HydrasNative& g, int seat) {
                 // the fields of hydra_env.games.hydras.rules.hydra.Analysis but placements, as Python values
                 check_seat(g, seat);
                 const Analysis& a = analysis_of(g.s, *g.tables, seat);
                 nb::list ends, targets;
                 for (const OpenEnd& e : a.open_ends) ends.append(nb::make_tuple(e.cell, e.fixed, e.required));
                 for (int cell : a.sword_targets) targets.append(cell);
                 nb::dict depth;
                 for (int cell : a.order) depth[nb::int_(cell)] = int(a.depth[size_t(cell)]);
                 return nb::make_tuple(nb::tuple(ends), a.dangling, nb::tuple(targets), a.torches, a.heads,
                                       a.neck, a.swords, a.poisons, a.cards, depth);
             },
             nb::arg("seat"), "The analysis of seat's hydra (Analysis's fields but placements).")
        .def("seat_figures",
             [](const HydrasNative& g) {
                 // hydra_env.games.hydras.rules.scoring.SeatFigures of every seat, as tuples
                 nb::list out;
                 for (int seat = 0; seat < g.s.players; ++seat) {
                     const Analysis& a = analysis_of(g.s, *g.tables, seat);
                     int hand = 0;
                     for (int card : g.s.hands[size_t(seat)]) hand += g.tables->kind_heads[size_t(card)];
                     out.append(nb::make_tuple(a.heads, a.complete(), a.neck, a.torches, a.swords, a.poisons, hand));
                 }
                 return out;
             },
             "Each seat's score figures: heads, complete, neck, torches, swords, poisons, hand heads.")
        .def_prop_ro("current_player", [](const HydrasNative& g) { return g.s.has_pending ? g.s.pending_seat : -1; })
        .def_prop_ro("obs_size", [](const HydrasNative& g) { return g.tables->obs_size; })
        .def_prop_ro("is_over", [](const HydrasNative& g) { return g.s.game_over; })
        .def_prop_ro("players", [](const HydrasNative& g) { return g.s.players; })
        .def_prop_ro("turn_seat", [](const HydrasNative& g) { return g.s.turn_seat; })
        .def_prop_ro("seed", [](const HydrasNative& g) { return g.s.seed; })
        .def_prop_ro("turns_taken", [](const HydrasNative& g) { return g.s.turns_taken; })
        .def_prop_ro("deck_size", [](const HydrasNative& g) { return int(g.s.deck.size()); })
        .def_prop_ro("history_length", [](const HydrasNative& g) { return int(g.s.history.size()); })
        .def_prop_ro("history", [](const HydrasNative& g) { return int_list(g.s.history); })
        .def_prop_ro("pending", [](const HydrasNative& g) -> nb::object {
            if (!g.s.has_pending) return nb::none();
            return nb::make_tuple(g.s.pending_kind, g.s.pending_seat);
        });
    m.def("hydras_deal", [](const HydrasNative& g, int players, uint64_t seed) {
              if (players < 2 || players > kMaxSeats) throw nb::value_error("players must be 2-4");
              HydrasNative out{g.tables, State()};
              start(out.s, *out.tables, players, seed);
              return out;
          },
          nb::arg("game"), nb::arg("players"), nb::arg("seed"),
          "A new deal on game's tables (engine.start, numpy's permutations bit for bit).");
    hydra_common::bind_batch<HydrasNative>(m, "HydrasBatch");
}

}  // namespace hydra
