// Python bindings of the native scripted bots (bots.hpp): hydra_env.games.hail_hydra._native.ScriptedBots, used by
// hydra_env/games/hail_hydra/native/bots.py.
#include <nanobind/nanobind.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <vector>

#include "bots.hpp"

namespace nb = nanobind;
using namespace hail_hydra;

void bind_scripted_bots(nb::module_& m) {
    nb::class_<ScriptedBots>(m, "ScriptedBots",
                             "The native loyal and saboteur bots of a table, by seat (bots.hpp).")
        .def(nb::init<>())
        .def("seat",
             [](ScriptedBots& b, int seat, bool saboteur, int r, const std::vector<uint32_t>& state) {
                 if (seat < 0 || seat >= kMaxSeats) throw nb::index_error("seat out of range");
                 if (state.size() != 625) throw nb::value_error("state: the 624 words and the index of getstate()");
                 b.seats[size_t(seat)] = ScriptedBot{saboteur, r, PyRandom(state)};
             },
             nb::arg("seat"), nb::arg("saboteur"), nb::arg("r"), nb::arg("state"),
             "Seat a bot: saboteur or loyal, its r, its generator's state (random.Random.getstate()[1]).")
        .def("seat_seeded",
             [](ScriptedBots& b, int seat, bool saboteur, int r, uint64_t seed) {
                 if (seat < 0 || seat >= kMaxSeats) throw nb::index_error("seat out of range");
                 b.seats[size_t(seat)] = ScriptedBot{saboteur, r, PyRandom::seeded(seed)};
             },
             nb::arg("seat"), nb::arg("saboteur"), nb::arg("r"), nb::arg("seed"),
             "Seat a bot whose generator is random.Random(seed) (a seed 0 ... 2**64 - 1).")
        .def("has_seat", [](const ScriptedBots& b, int seat) {
            return seat >= 0 && seat < kMaxSeats && b.seats[size_t(seat)].has_value();
        })
        .def("rng_state", [](const ScriptedBots& b, int seat) {
            if (seat < 0 || seat >= kMaxSeats || !b.seats[size_t(seat)]) throw nb::index_error("no bot on that seat");
            return b.seats[size_t(seat)]->rng.state();
        })
        .def("act",
             [](ScriptedBots& b, const HailHydraGame& g) {
                 const int seat = g.current_player();
                 if (seat < 0 || !b.seats[size_t(seat)]) throw nb::value_error("no bot decides now");
                 return b.act(g);
             },
             nb::arg("game"), "The action of the bot whose seat decides now.")
        .def("play", &ScriptedBots::play, nb::arg("game"), nb::arg("stop_seat"),
             "The bots play until stop_seat (or a seat without a bot) decides or the game is over.")
        .def("__getstate__",
             [](const ScriptedBots& b) {   // the seated bots (the posterior's memo is rebuilt on demand)
                 nb::list seats;
                 for (int seat = 0; seat < kMaxSeats; ++seat) {
                     const auto& bot = b.seats[size_t(seat)];
                     if (bot) seats.append(nb::make_tuple(seat, bot->saboteur, bot->r, bot->rng.state()));
                 }
                 return seats;
             })
        .def("__setstate__",
             [](ScriptedBots& b, nb::list seats) {
                 new (&b) ScriptedBots();
                 for (nb::handle item : seats) {
                     auto t = nb::cast<nb::tuple>(item);
                     b.seats[size_t(nb::cast<int>(t[0]))] =
                         ScriptedBot{nb::cast<bool>(t[1]), nb::cast<int>(t[2]),
                                     PyRandom(nb::cast<std::vector<uint32_t>>(t[3]))};
                 }
             })
        .def("public_marginals",
             [](ScriptedBots& b, const HailHydraGame& g) { return b.public_marginals(g.s, *g.tables); },
             nb::arg("game"), "The public posterior's chance that each seat is HYDRA.");
}
