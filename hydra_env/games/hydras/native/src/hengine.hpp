// The native Hydras rules: grid analysis (hydra.py), legal actions (moves.py), applying a
// decision (engine.py) and the observation (encoding.py), each a port of the Python reference.
#pragma once

#include <cstdint>
#include <vector>

#include "hstate.hpp"

namespace hydras {

// grid.cpp (hydra_env.games.hydras.rules.hydra)
Analysis analyse(const Grid& grid, const Tables& t);
void constraint(const Grid& grid, const Tables& t, int cell, int& fixed, int& required);
int cut(Grid& grid, const Tables& t, int cell, std::vector<int>& removed_kinds);
const Analysis& analysis_of(const State& s, const Tables& t, int seat);

// moves.cpp (hydra_env.games.hydras.rules.moves)
const std::vector<int>& legal_actions(const State& s, const Tables& t);
bool is_legal(const State& s, const Tables& t, int action);

// play.cpp (hydra_env.games.hydras.rules.engine)
bool apply(State& s, const Tables& t, int action);   // false (state unchanged) when illegal
// engine.start: the deal of `players` seats from `seed` (numpy's default_rng([seed, k]).permutation,
// bit for bit) and the run to the first decision.
void start(State& s, const Tables& t, int players, uint64_t seed);

// encode.cpp (hydra_env.games.hydras.rules.encoding.HydrasEncoder.encode_flat)
void encode_flat(const State& s, const Tables& t, int seat, float* out);

}  // namespace hydras
