// The native Hadara engine's data from and to Python (state_dict.cpp).
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/shared_ptr.h>

#include <memory>

#include "hadara.hpp"

namespace hadara {

// The native tables from the dict of hydra_env.games.hadara.native.game.tables_dict (ValueError when inconsistent).
std::shared_ptr<const Tables> make_tables(nanobind::dict d);
// The state as hydra_env.games.hadara.save.state_data gives it.
nanobind::dict to_dict(const HadaraNative& g);
// A game from that dict (ValueError when an index lies outside the engine's arrays).
HadaraNative from_dict(std::shared_ptr<const Tables> tables, nanobind::dict d, bool board_random, bool piles_top);

}  // namespace hadara
