// What a hero action does, read off a state (hydra_env.games.hydra.rules.heroes slot_card / attack): shared
// by the candidate features and the scripted bots' native evaluation (hydra_env/games/hydra/bots/native/src).
#pragma once

#include "game.hpp"

namespace hydra {

// The action card in display slot `slot` (0..kDisplaySlots-1) or in the seat's hand slot
// (kDisplaySlots + k); -1 for an empty or missing slot.
int slot_card(const State& s, int seat, int slot);
// The colour whose neck the seat's hero stands on, -1 if none.
int on_neck_colour(const State& s, const Rules& r, int seat);
// The colour struck or harpooned by action `a` and its damage (colour -1, damage 0 for others).
void attack(const State& s, const Rules& r, int seat, int a, int& colour, int& damage);

}  // namespace hydra
