// Hadara's greedy bot in C++ (greedy.cpp) and the playouts of the `rollout` search bot.
#pragma once

#include <cstdint>

#include "common/rng.hpp"
#include "hadara.hpp"

namespace hadara {

constexpr int kPurple = 4;   // components.PURPLE: the colour index of purple cards

// V of `seat`'s position (bots.value); `colour`: the specialist's colour (-1: greedy); `extra`:
// null, or 4 values added to the seat's tracks (an integration valued with its level's mean back).
double greedy_value(const State& s, const Tables& t, int seat, int colour, const double* extra);
// The best V over the positions a legal non-WHEEL action of the pending seat leads to (bots._after).
double action_value(const State& s, const Tables& t, int colour, int action);
// GreedyBot.act on the true state: the legal action of best V (ties: the lowest index, 1e-9 margin);
// a WHEEL from `wheel_rng` (-1 without one); -1 once the game is over.
int greedy_choice(const State& s, const Tables& t, int colour, hydra_common::CounterRng* wheel_rng);
// Play `s` to its end with a greedy (colours[seat] = -1) or specialist at every seat, the WHEEL
// set from CounterRng(seed). The history is not kept.
void greedy_playout(State& s, const Tables& t, const int* colours, uint64_t seed);

// A seat's outcome at the end: its win share (1 / the winners when it is one, else 0) and its
// score less the best score of the other seats.
struct Outcome {
    double share;
    int margin;
};
Outcome outcome_of(const State& s, const Tables& t, int seat);

}  // namespace hadara
