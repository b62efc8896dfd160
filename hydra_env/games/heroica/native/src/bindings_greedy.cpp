// Python bindings of what the one-seat envs need fast: the native `greedy` bot (greedy.cpp):
// greedy_action (the bot's choice in a native game) and play_greedy (greedy seats playing until
// another seat decides), restart (a new game as a prototype's, from another seed; what the
// batch's rows do) and result_fields (what result.game_result reads, without a Python state).
// Used by hydra_env.games.heroica.native.game.NativeHeroicaGame and, through it, by
// bots.GreedyBot and the envs (envs.py).
#include <nanobind/nanobind.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <tuple>
#include <vector>

#include "heroica.hpp"

namespace nb = nanobind;

namespace heroica {

void bind_greedy(nb::module_& m) {
    m.def("greedy_action", [](const HeroicaNative& g) { return greedy_action(g.s, *g.tables); }, nb::arg("game"),
          "The greedy bot's action in the pending decision of a native game (-1 once over; -2 when "
          "the board holds several Generals: ask the Python bot).");
    m.def("legal_count", [](const HeroicaNative& g) { return g.s.legal.count; }, nb::arg("game"),
          "How many actions are legal now.");
    m.def("play_greedy",
          [](HeroicaNative& g, int seat, unsigned seats) {
              int played = 0;
              while (g.s.has_pending && g.s.pending_seat != seat && g.s.pending_seat < 32 &&
                     ((seats >> g.s.pending_seat) & 1u)) {
                  int action = greedy_action(g.s, *g.tables);
                  if (action < 0) break;            // several Generals: the Python bot decides
                  apply_legal(g.s, *g.tables, action);
                  ++played;
              }
              return std::make_tuple(played, !g.s.has_pending || g.s.pending_seat == seat);
          },
          nb::arg("game"), nb::arg("seat"), nb::arg("seats"),
          "Play the greedy bot for the seats whose bit is set in `seats` until `seat` (or a seat not "
          "in `seats`) decides, the game is over or greedy_action answers -2; returns (how many "
          "decisions were applied, whether `seat` decides now or the game is over).");
    m.def("restart",
          [](const HeroicaNative& prototype, uint64_t seed) {
              HeroicaNative g = prototype;
              g.reset(seed);
              return g;
          },
          nb::arg("prototype"), nb::arg("seed"),
          "A new game with the prototype's setup, dealt from `seed` (as new_game(seed=seed, ...)).");
    m.def("result_fields",
          [](const HeroicaNative& g) {
              const State& s = g.s;
              std::vector<int> kos(s.hero_kos, s.hero_kos + s.heroes);
              std::vector<int> trophies(s.hero_trophies, s.hero_trophies + s.heroes);
              std::vector<int> classes(s.hero_class, s.hero_class + s.heroes);
              return std::make_tuple(s.game_over, s.truncated, s.winner, s.turn, s.round, s.win_turn, kos, trophies,
                                     classes, std::make_tuple(s.opt_crystal, s.solo_turn_limit, s.max_rounds));
          },
          nb::arg("game"),
          "(game_over, truncated, winner, turn, round, win_turn, hero_kos, hero_trophies, hero_class, "
          "(crystal, solo_turn_limit, max_rounds)).");
}

}  // namespace heroica
