// Python bindings of the native Hadara engine: hydra_env.games.hadara._native.HadaraTables (the
// component data), HadaraNative (one game; used through
// hydra_env.games.hadara.native.game.NativeHadaraGame) and HadaraBatch (the shared batch template).
//
// make_hadara_tables takes the plain dict of hydra_env.games.hadara.native.game.tables_dict; a
// HadaraNative is made from and turned back into exactly the dict of
// hydra_env.games.hadara.save.state_data (same keys, same order, same values), so that the
// Python side writes a save identical to the Python engine's.
#include <nanobind/nanobind.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/batch.hpp"
#include "common/py_buffer.hpp"
#include "common/py_dict.hpp"
#include "hadara.hpp"
#include "state_dict.hpp"

namespace nb = nanobind;
using namespace hadara;

namespace {

[[noreturn]] void fail(const std::string& what) { throw nb::value_error(("native Hadara: " + what).c_str()); }

using Buffer = hydra_native::MaskOrObservation;

HadaraNative new_game(std::shared_ptr<const Tables> tables, int players, uint64_t seed, bool board_random,
                      bool piles_top) {
    if (players < 2 || players > kMaxSeats) fail("players must be 2 to 5");
    HadaraNative g{tables, State{}, board_random, piles_top};
    g.s.players = players;
    g.reset(seed);
    return g;
}

nb::list legal_list(const HadaraNative& g) {
    int buf[kActions];
    int n = legal_actions(g.s, *g.tables, buf);
    nb::list out;
    for (int i = 0; i < n; ++i) out.append(buf[i]);
    return out;
}

}  // namespace

namespace hadara {

void bind_hadara(nb::module_& m) {
    nb::class_<Tables>(m, "HadaraTables", "The native tables of one Hadara component set (opaque).");
    m.def("make_hadara_tables", &make_tables, nb::arg("tables"),
          "The native tables from the dict of hydra_env.games.hadara.native.game.tables_dict.");
    nb::class_<HadaraNative>(m, "HadaraNative", "One game of Hadara on the native engine.")
        .def_static("new", &new_game, nb::arg("tables"), nb::arg("players"), nb::arg("seed"),
                    nb::arg("board_random"), nb::arg("piles_top"), "A new deal (engine.new_state), run to its first decision.")
        .def_static("from_dict", &from_dict, nb::arg("tables"), nb::arg("state"), nb::arg("board_random"),
                    nb::arg("piles_top"), "A game from the dict of hydra_env.games.hadara.save.state_data.")
        .def("to_dict", &to_dict, "The state as save.state_data gives it.")
        .def("clone", [](const HadaraNative& g) { return HadaraNative(g); }, "An independent copy.")
        .def("apply", [](HadaraNative& g, int action) { return hadara::apply(g.s, *g.tables, action); },
             nb::arg("action"), "Apply a decision and run to the next; False (nothing changed) when illegal.")
        .def("legal_actions", &legal_list, "The legal decisions, ascending.")
        .def("is_legal", [](const HadaraNative& g, int action) { return g.is_legal(action); }, nb::arg("action"))
        .def("legal_mask_into",
             [](const HadaraNative& g, nb::handle out_obj) {
                 Buffer out(out_obj, true, "out");
                 if (out.size() != size_t(kActions)) throw nb::value_error("the mask buffer must hold 76 items");
                 uint8_t* p = out.data<uint8_t>();
                 std::memset(p, 0, out.size());
                 g.legal_mask(p);
             },
             nb::arg("out"), "The legal mask written into out (bool, int8 or uint8 [76]).")
        .def("encode_flat_into",
             [](const HadaraNative& g, int seat, nb::handle out_obj) {
                 if (seat < 0 || seat >= g.s.players) throw nb::value_error("seat out of range");
                 Buffer out(out_obj, false, "out");
                 if (out.size() != size_t(kObsSize)) throw nb::value_error("the observation buffer must hold 4223 float32");
                 g.encode(seat, out.data<float>());
             },
             nb::arg("seat"), nb::arg("out"), "observer.encode_state(state, seat) written into out.")
        .def("returns",
             [](const HadaraNative& g) {
                 double r[kMaxSeats];
                 g.returns(r);
                 nb::list out;
                 for (int i = 0; i < g.s.players; ++i) out.append(r[i]);
                 return out;
             },
             "The end rewards: the win share of each seat once over, else zeros.")
        .def_prop_ro("current_player", &HadaraNative::current_player)
        .def_prop_ro("obs_size", &HadaraNative::obs_size)
        .def_prop_ro("is_over", [](const HadaraNative& g) { return g.s.game_over; })
        .def_prop_ro("players", [](const HadaraNative& g) { return g.s.players; })
        .def_prop_ro("seed", [](const HadaraNative& g) { return g.s.seed; })
        .def_prop_ro("board_random", [](const HadaraNative& g) { return g.board_random; })
        .def_prop_ro("piles_top", [](const HadaraNative& g) { return g.piles_top; })
        .def_prop_ro("history_length", [](const HadaraNative& g) { return int(g.s.history.size()); })
        .def_prop_ro("history", [](const HadaraNative& g) {
            nb::list out;
            for (uint8_t a : g.s.history) out.append(int(a));
            return out;
        })
        .def_prop_ro("pending", [](const HadaraNative& g) -> nb::object {
            if (!g.s.has_pending) return nb::none();
            return nb::make_tuple(g.s.pending_kind, g.s.pending_seat);
        });
    hydra_common::bind_batch<HadaraNative>(m, "HadaraBatch");
}

}  // namespace hadara
