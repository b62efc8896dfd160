// The conversions between Heroica's native state and the Python dicts of its save (state_io.cpp),
// used by the bindings of bindings_heroica.cpp.
#pragma once

#include <nanobind/nanobind.h>

#include <memory>
#include <vector>

#include "heroica.hpp"

namespace heroica {

// The native tables from the dict of hydra_env.games.heroica.native.game.tables_dict.
std::shared_ptr<const Tables> make_tables(nanobind::dict d);
// A new game from a save's setup.
HeroicaNative new_game(std::shared_ptr<const Tables> tables, nanobind::dict setup);
// A game holding a setup, its history and save.state_data's state.
HeroicaNative from_dict(std::shared_ptr<const Tables> tables, nanobind::dict setup, std::vector<int> history,
                        nanobind::dict state);
// The save's setup and state of a game, as the Python save writes them.
nanobind::dict setup_dict(const State& s);
nanobind::dict state_dict(const State& s, const Tables& t);
// A Python list of ints.
nanobind::list int_list(const std::vector<int>& v);

}  // namespace heroica
