// numpy-compatible randomness: random event k of a game is
// numpy.random.default_rng([seed, k]).permutation(n), reproduced bit for bit:
// SeedSequence (pool of 4 words, hashmix) -> PCG64 (XSL-RR 128/64) -> Generator.permutation
// (Fisher-Yates from the end, random_interval with masked rejection and 32-bit buffering).
#pragma once

#include <cstdint>

namespace hydra {

struct Pcg64 {
    uint64_t state_hi = 0, state_lo = 0, inc_hi = 0, inc_lo = 0;
    bool has_uint32 = false;
    uint32_t uinteger = 0;

    // Seeded like numpy's PCG64(SeedSequence(entropy)) with entropy given as uint32 words.
    void seed_from_words(const uint32_t* words, int n_words);
    uint64_t next64();
    uint32_t next32();
    // numpy's random_interval(max): uniform integer in [0, max].
    uint64_t interval(uint64_t max);
};

// numpy.random.default_rng([seed, event]).permutation(n) written to out[0..n-1].
void event_permutation(uint64_t seed, uint64_t event, int n, int* out);

}  // namespace hydra
