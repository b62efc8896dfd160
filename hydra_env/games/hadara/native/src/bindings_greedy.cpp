// Python bindings of Hadara's native greedy bot (greedy.cpp): greedy_action and action_values
// (the bot's choice and its V of each action, for hydra_env.games.hadara.native.greedy and its
// test against bots.GreedyBot), greedy_playout (a copy played to its end) and
// rollout_outcomes (what the `rollout` search bot of hydra_env/games/hadara/search.py asks).
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/vector.h>

#include <string>
#include <utility>
#include <vector>

#include "greedy.hpp"

namespace nb = nanobind;

namespace hadara {

namespace {

std::vector<int> checked_colours(const HadaraNative& g, const std::vector<int>& colours) {
    if (int(colours.size()) != g.s.players)
        throw nb::value_error(("native Hadara: colours must name one bot per seat (" + std::to_string(g.s.players) +
                               "), got " + std::to_string(colours.size())).c_str());
    for (int c : colours)
        if (c < -1 || c >= kColours)
            throw nb::value_error("native Hadara: a seat's colour must be -1 (greedy) or 0-4 (a specialist)");
    return colours;
}

void check_colour(int colour) {
    if (colour < -1 || colour >= kColours)
        throw nb::value_error("native Hadara: colour must be -1 (greedy) or 0-4 (a specialist)");
}

}  // namespace

void bind_greedy(nb::module_& m) {
    m.def("greedy_action",
          [](const HadaraNative& g, int colour) {
              check_colour(colour);
              return greedy_choice(g.s, *g.tables, colour, nullptr);
          },
          nb::arg("game"), nb::arg("colour") = -1,
          "The greedy bot's action (bots.GreedyBot; colour 0-4: the specialist of that colour) in the "
          "pending decision; -1 for a WHEEL (set at random) or once the game is over.");
    m.def("action_values",
          [](const HadaraNative& g, const std::vector<int>& actions, int colour) {
              check_colour(colour);
              if (!g.s.has_pending || g.s.pending_kind == WHEEL)
                  throw nb::value_error("native Hadara: action_values needs a pending decision other than WHEEL");
              std::vector<double> out;
              State base = g.s;
              base.history.clear();
              for (int a : actions) {
                  if (!is_legal(base, *g.tables, a)) throw nb::value_error("native Hadara: action_values: an illegal action");
                  out.push_back(action_value(base, *g.tables, colour, a));
              }
              return out;
          },
          nb::arg("game"), nb::arg("actions"), nb::arg("colour") = -1,
          "The greedy bot's V of each legal action (the best over the positions it leads to, bots._after).");
    m.def("greedy_playout",
          [](const HadaraNative& g, const std::vector<int>& colours, uint64_t seed) {
              std::vector<int> c = checked_colours(g, colours);
              HadaraNative out = g;
              {
                  nb::gil_scoped_release release;
                  greedy_playout(out.s, *out.tables, c.data(), seed);
              }
              return out;
          },
          nb::arg("game"), nb::arg("colours"), nb::arg("seed"),
          "A copy of the game played to its end by a greedy (-1) or specialist (0-4) at each seat, "
          "the WHEEL set from CounterRng(seed); its history is not kept.");
    m.def("rollout_outcomes",
          [](const HadaraNative& g, int seat, const std::vector<int>& candidates, const std::vector<int>& colours,
             uint64_t seed) {
              std::vector<int> c = checked_colours(g, colours);
              if (seat < 0 || seat >= g.s.players) throw nb::value_error("native Hadara: seat out of range");
              for (int a : candidates)
                  if (!is_legal(g.s, *g.tables, a))
                      throw nb::value_error("native Hadara: rollout_outcomes: an illegal candidate action");
              std::vector<std::pair<double, int>> out;
              State base = g.s;
              base.history.clear();
              base.history.shrink_to_fit();
              {
                  nb::gil_scoped_release release;
                  for (int a : candidates) {
                      State s = base;
                      apply(s, *g.tables, a);
                      greedy_playout(s, *g.tables, c.data(), seed);
                      Outcome o = outcome_of(s, *g.tables, seat);
                      out.emplace_back(o.share, o.margin);
                  }
              }
              return out;
          },
          nb::arg("game"), nb::arg("seat"), nb::arg("candidates"), nb::arg("colours"), nb::arg("seed"),
          "For each candidate action: apply it to a copy, play the copy to its end (greedy_playout with "
          "the same seed for every candidate) and give seat's (win share, score less the best other score).");
}

}  // namespace hadara
