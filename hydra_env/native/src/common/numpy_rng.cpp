// See rng.hpp. Constants and steps follow numpy's bit_generator.pyx (SeedSequence),
// pcg64.h/pcg64.c (seeding, stepping, output, 32-bit buffering), distributions.c
// (random_interval) and _generator.pyx (shuffle: for i from n-1 down to 1, swap i, j).
#include "common/numpy_rng.hpp"

namespace hydra {

namespace {

constexpr uint32_t kInitA = 0x43b0d7e5u, kMultA = 0x931e8875u;
constexpr uint32_t kInitB = 0x8b51f9ddu, kMultB = 0x58f38dedu;
constexpr uint32_t kMixMultL = 0xca01f9ddu, kMixMultR = 0x4973f715u;
constexpr int kXShift = 16;
constexpr int kPoolSize = 4;

inline uint32_t hashmix(uint32_t value, uint32_t& hash_const) {
    value ^= hash_const;
    hash_const *= kMultA;
    value *= hash_const;
    value ^= value >> kXShift;
    return value;
}

inline uint32_t mix(uint32_t x, uint32_t y) {
    uint32_t result = kMixMultL * x - kMixMultR * y;
    result ^= result >> kXShift;
    return result;
}

// 128-bit multiply-add on (hi, lo) pairs: (a * b + c) mod 2^128.
inline void mul128(uint64_t a_hi, uint64_t a_lo, uint64_t b_hi, uint64_t b_lo, uint64_t& r_hi,
                   uint64_t& r_lo) {
#if defined(__SIZEOF_INT128__)
    unsigned __int128 a = ((unsigned __int128)a_hi << 64) | a_lo;
    unsigned __int128 b = ((unsigned __int128)b_hi << 64) | b_lo;
    unsigned __int128 r = a * b;
    r_hi = uint64_t(r >> 64);
    r_lo = uint64_t(r);
#else
    uint64_t a0 = a_lo & 0xffffffffu, a1 = a_lo >> 32, b0 = b_lo & 0xffffffffu, b1 = b_lo >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    uint64_t lo = (p00 & 0xffffffffu) | (mid << 32);
    uint64_t hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    hi += a_hi * b_lo + a_lo * b_hi;
    r_hi = hi;
    r_lo = lo;
#endif
}

inline void add128(uint64_t& hi, uint64_t& lo, uint64_t b_hi, uint64_t b_lo) {
    uint64_t old = lo;
    lo += b_lo;
    hi += b_hi + (lo < old ? 1 : 0);
}

constexpr uint64_t kMulHi = 2549297995355413924ULL, kMulLo = 4865540595714422341ULL;

}  // namespace

void Pcg64::seed_from_words(const uint32_t* words, int n_words) {
    // SeedSequence.mix_entropy
    uint32_t pool[kPoolSize];
    uint32_t hash_const = kInitA;
    for (int i = 0; i < kPoolSize; ++i)
        pool[i] = hashmix(i < n_words ? words[i] : 0u, hash_const);
    for (int i_src = 0; i_src < kPoolSize; ++i_src)
        for (int i_dst = 0; i_dst < kPoolSize; ++i_dst)
            if (i_src != i_dst) pool[i_dst] = mix(pool[i_dst], hashmix(pool[i_src], hash_const));
    for (int i_src = kPoolSize; i_src < n_words; ++i_src)
        for (int i_dst = 0; i_dst < kPoolSize; ++i_dst)
            pool[i_dst] = mix(pool[i_dst], hashmix(words[i_src], hash_const));
    // SeedSequence.generate_state(4, uint64): 8 uint32 words, pairs little-endian.
    uint32_t out[8];
    uint32_t hc = kInitB;
    for (int i = 0; i < 8; ++i) {
        uint32_t v = pool[i % kPoolSize];
        v ^= hc;
        hc *= kMultB;
        v *= hc;
        v ^= v >> kXShift;
        out[i] = v;
    }
    uint64_t val[4];
    for (int i = 0; i < 4; ++i) val[i] = uint64_t(out[2 * i]) | (uint64_t(out[2 * i + 1]) << 32);
    // pcg64_set_seed: initstate = (val[0] << 64) | val[1], initseq = (val[2] << 64) | val[3].
    uint64_t seed_hi = val[0], seed_lo = val[1];
    uint64_t seq_hi = val[2], seq_lo = val[3];
    // pcg_setseq_128_srandom_r
    state_hi = state_lo = 0;
    inc_hi = (seq_hi << 1) | (seq_lo >> 63);
    inc_lo = (seq_lo << 1) | 1u;
    next64();  // one step (the output is discarded)
    add128(state_hi, state_lo, seed_hi, seed_lo);
    next64();
    has_uint32 = false;
    uinteger = 0;
}

uint64_t Pcg64::next64() {
    uint64_t hi, lo;
    mul128(state_hi, state_lo, kMulHi, kMulLo, hi, lo);
    add128(hi, lo, inc_hi, inc_lo);
    state_hi = hi;
    state_lo = lo;
    uint64_t x = hi ^ lo;
    unsigned rot = unsigned(hi >> 58);
    return (x >> rot) | (x << ((64 - rot) & 63));
}

uint32_t Pcg64::next32() {
    if (has_uint32) {
        has_uint32 = false;
        return uinteger;
    }
    uint64_t next = next64();
    has_uint32 = true;
    uinteger = uint32_t(next >> 32);
    return uint32_t(next & 0xffffffffu);
}

uint64_t Pcg64::interval(uint64_t max) {
    if (max == 0) return 0;
    uint64_t mask = max;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    uint64_t value;
    if (max <= 0xffffffffULL) {
        while ((value = (next32() & mask)) > max) {}
    } else {
        while ((value = (next64() & mask)) > max) {}
    }
    return value;
}

void event_permutation(uint64_t seed, uint64_t event, int n, int* out) {
    // SeedSequence entropy [seed, event]: each int as little-endian uint32 words (0 -> [0]).
    uint32_t words[4];
    int k = 0;
    const uint64_t parts[2] = {seed, event};
    for (uint64_t v : parts) {
        if (v == 0) {
            words[k++] = 0;
        } else {
            while (v) {
                words[k++] = uint32_t(v & 0xffffffffu);
                v >>= 32;
            }
        }
    }
    Pcg64 rng;
    rng.seed_from_words(words, k);
    for (int i = 0; i < n; ++i) out[i] = i;
    for (int i = n - 1; i >= 1; --i) {
        int j = int(rng.interval(uint64_t(i)));
        int t = out[i];
        out[i] = out[j];
        out[j] = t;
    }
}

}  // namespace hydra
