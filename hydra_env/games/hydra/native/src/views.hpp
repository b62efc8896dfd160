// Re-dealing what a seat may not see (hydra_env/games/hydra/rules/views.py determinize), with numpy's
// Generator(PCG64) stream reproduced: permutation(n) and integers(1 << 63).
#pragma once

#include "common/numpy_rng.hpp"
#include "state.hpp"
#include "tables.hpp"

namespace hydra {

// numpy Generator.permutation(n) on the stream of `rng` (advances it as numpy does).
void generator_permutation(Pcg64& rng, int n, int* out);
// numpy Generator.integers(1 << 63): Lemire's bounded method, one 64-bit draw.
uint64_t generator_below_2_63(Pcg64& rng);
// determinize(state, rules, seat, rng) in place on `s` (a copy of the game's state).
void determinize(State& s, const Rules& r, int seat, Pcg64& rng);

}  // namespace hydra

namespace hydra {

// hydra_env.games.hydra.rules.tokens.action_tokens_left (whole_round=False).
int action_tokens_left(const State& s, const Rules& r, int seat);

}  // namespace hydra
