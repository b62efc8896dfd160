// CounterRng: the C++ twin of hydra_env/api/rng.py, draw for draw. The k-th draw of a stream
// is mix(seed + k * GAMMA) (SplitMix64); integers below n by rejection; Fisher-Yates shuffles
// from the last position down. Header-only; any game's native engine may include it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <utility>

namespace hydra_common {

constexpr uint64_t kGamma = 0x9E3779B97F4A7C15ULL;

inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct CounterRng {
    uint64_t seed = 0;
    uint64_t counter = 0;

    uint64_t next64() {
        ++counter;
        return mix(seed + counter * kGamma);
    }

    // A uniform integer in 0 ... n-1 (n >= 1).
    uint64_t below(uint64_t n) {
        if (n < 1) throw std::invalid_argument("CounterRng::below needs n >= 1");
        // limit = 2^64 - (2^64 mod n); values at or above it are rejected.
        uint64_t rem = (~uint64_t(0) % n + 1) % n;   // 2^64 mod n
        for (;;) {
            uint64_t v = next64();
            if (rem == 0 || v < uint64_t(0) - rem) return v % n;
        }
    }

    template <typename T>
    void shuffle(T* items, int n) {
        for (int i = n - 1; i > 0; --i) {
            int j = int(below(uint64_t(i) + 1));
            std::swap(items[i], items[j]);
        }
    }
};

}  // namespace hydra_common
