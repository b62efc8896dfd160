// The state as the Python engine's State.to_dict() (same keys, order, values and types)
// and back, validated so that a saved game cannot make the native engine misbehave.
#pragma once

#include <nanobind/nanobind.h>

#include "game.hpp"

namespace hydra {

nanobind::dict state_to_dict(const Game& game);
// Fills game.state and game.history from a dict; raises ValueError on a bad value.
void state_from_dict(Game& game, nanobind::handle data);
nanobind::object bits_to_int(const Bits& b);
Bits int_to_bits(nanobind::handle value, const char* what);

}  // namespace hydra
