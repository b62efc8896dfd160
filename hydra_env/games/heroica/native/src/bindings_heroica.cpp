// Python bindings of the native Heroica engine: make_heroica_tables (from the dict of
// hydra_env.games.heroica.native.game.tables_dict), HeroicaNative (used through
// hydra_env.games.heroica.native.game.NativeHeroicaGame) and HeroicaBatch (the shared batch
// template). A game is made from a save's setup (new), or from a setup, history and the state
// data of hydra_env.games.heroica.save.state_data (from_dict); to_dict gives those back. The
// conversions themselves are in state_io.cpp.
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/batch.hpp"
#include "common/py_buffer.hpp"
#include "heroica.hpp"
#include "state_io.hpp"

namespace nb = nanobind;
using namespace heroica;

namespace {

using hydra_native::MaskOrObservation;

void check_seat(const HeroicaNative& g, int seat) {
    if (seat < 0 || seat >= g.s.players) throw nb::value_error("seat out of range");
}

}  // namespace

namespace heroica {

void bind_heroica(nb::module_& m) {
    nb::class_<Tables>(m, "HeroicaTables", "The native tables of one Heroica map (opaque).");
    m.def("make_heroica_tables", &make_tables, nb::arg("tables"),
          "The native tables from the dict of hydra_env.games.heroica.native.game.tables_dict.");
    nb::class_<HeroicaNative>(m, "HeroicaNative", "One game of Heroica on the native engine.")
        .def_static("new", &new_game, nb::arg("tables"), nb::arg("setup"), "A new game from a save's setup.")
        .def_static("from_dict", &from_dict, nb::arg("tables"), nb::arg("setup"), nb::arg("history"),
                    nb::arg("state"), "A game holding a setup, its history and save.state_data's state.")
        .def("to_dict",
             [](const HeroicaNative& g) {
                 nb::dict d;
                 d["setup"] = setup_dict(g.s);
                 d["history"] = int_list(g.s.history);
                 d["state"] = state_dict(g.s, *g.tables);
                 return d;
             },
             "{'setup', 'history', 'state'} as the Python save writes them.")
        .def("clone", [](const HeroicaNative& g) { return HeroicaNative(g); }, "An independent copy.")
        .def("reseeded",
             [](const HeroicaNative& g, uint64_t seed) {
                 HeroicaNative copy(g);
                 copy.s.rng = hydra_common::CounterRng{seed, 0};
                 return copy;
             },
             nb::arg("seed"), "A copy whose die stream starts again from seed (HR35: determinize).")
        .def("apply", [](HeroicaNative& g, int action) { return apply_action(g.s, *g.tables, action); },
             nb::arg("action"), "Apply a decision and settle; False (nothing changed) when illegal.")
        .def("legal_actions",
             [](const HeroicaNative& g) {
                 std::vector<int> out;
                 legal_actions(g.s, out);
                 return int_list(out);
             },
             "The legal actions, ascending.")
        .def("is_legal",
             [](const HeroicaNative& g, int action) {
                 return action >= 0 && action < g.tables->action_size && is_legal(g.s, action);
             },
             nb::arg("action"))
        .def("legal_mask_into",
             [](const HeroicaNative& g, nb::handle out_obj) {
                 MaskOrObservation out(out_obj, true, "out");
                 if (out.size() != size_t(g.tables->action_size))
                     throw nb::value_error("the mask buffer must hold action_size items");
                 uint8_t* p = out.data<uint8_t>();
                 std::memset(p, 0, out.size());
                 legal_mask(g.s, p);
             },
             nb::arg("out"), "The legal mask written into out (bool, int8 or uint8 [action_size]).")
        .def("encode_flat_into",
             [](const HeroicaNative& g, int seat, nb::handle out_obj) {
                 check_seat(g, seat);
                 MaskOrObservation out(out_obj, false, "out");
                 if (out.size() != size_t(g.tables->obs_size))
                     throw nb::value_error("the observation buffer must hold obs_size float32");
                 encode(g.s, *g.tables, seat, out.data<float>());
             },
             nb::arg("seat"), nb::arg("out"), "The observer's vector of seat written into out.")
        .def("choose_roll",
             [](HeroicaNative& g, int face) {
                 if (face < 0 || face > 3) throw nb::value_error("a face is 0-3");
                 int roll = g.s.rolls + 1;
                 for (auto& c : g.s.chosen)
                     if (c.first == roll) {
                         c.second = face;
                         return;
                     }
                 g.s.chosen.emplace_back(roll, face);
                 std::sort(g.s.chosen.begin(), g.s.chosen.end());
             },
             nb::arg("face"), "Fix the face of the next roll (HeroicaGame.apply_roll).")
        .def("options",
             [](const HeroicaNative& g) {
                 Movements moves;
                 int16_t order[kMaxActions], key[kMaxActions];
                 nb::dict out;   // Python's dict keeps the insertion order
                 for (int i = 0, count = ordered_options(g.s, *g.tables, order, key, moves); i < count; ++i) {
                     nb::object value = nb::none();
                     if (key[i] >= 0) {             // a movement end: its path as a tuple
                         const Path& p = moves.path[key[i]];
                         value = nb::steal(PyTuple_New(p.len));
                         for (int j = 0; j < p.len; ++j) PyTuple_SET_ITEM(value.ptr(), j, PyLong_FromLong(p.v[j]));
                     }
                     out[nb::int_(order[i])] = value;
                 }
                 return out;
             }, "options.py's dict: each legal action, in its order, and its path (a tuple) or None.")
        .def_prop_ro("current_player", [](const HeroicaNative& g) { return g.current_player(); })
        .def_prop_ro("obs_size", [](const HeroicaNative& g) { return g.tables->obs_size; })
        .def_prop_ro("action_size", [](const HeroicaNative& g) { return g.tables->action_size; })
        .def_prop_ro("is_over", [](const HeroicaNative& g) { return g.s.game_over; })
        .def_prop_ro("players", [](const HeroicaNative& g) { return g.s.players; })
        .def_prop_ro("seed", [](const HeroicaNative& g) { return g.s.seed; })
        .def_prop_ro("mode", [](const HeroicaNative& g) { return std::string(kModeNames[g.s.mode]); })
        .def_prop_ro("history_length", [](const HeroicaNative& g) { return int(g.s.history.size()); })
        .def_prop_ro("history", [](const HeroicaNative& g) { return int_list(g.s.history); })
        .def_prop_ro("decision", [](const HeroicaNative& g) -> nb::object {
            if (!g.s.has_pending) return nb::none();
            return nb::str(kDecisionNames[g.s.pending_kind]);
        });
    hydra_common::bind_batch<HeroicaNative>(m, "HeroicaBatch");
}

}  // namespace heroica
