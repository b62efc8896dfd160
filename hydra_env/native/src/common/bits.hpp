// Fixed-size bitsets: Bits (board spaces, 128 bits) and ActionMask (the flat action layout).
//
// The Python engine keeps masks as Python ints of any width; the native engine keeps a
// board mask in two 64-bit words (boards up to 127 grid cells plus the inner city) and a
// legal-action mask in ActionMask::kWords words. Both are plain values: copying is a memcpy.
#pragma once

#include <cstdint>
#include <cstring>

namespace hydra {

inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
// Without -mpopcnt (the portable default build) __builtin_popcountll is a call into libgcc,
// which profiled at 12% of batch stepping; the hardware instruction where the compiler may use
// it, else an inline SWAR count (no call).
inline int popcount64(uint64_t x) {
#ifdef __POPCNT__
    return int(__builtin_popcountll(x));
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return int((x * 0x0101010101010101ULL) >> 56);
#endif
}

struct Bits {
    uint64_t lo = 0, hi = 0;

    static constexpr int kWidth = 128;
    static Bits bit(int s) {
        Bits b;
        if (s < 64) b.lo = uint64_t(1) << s; else b.hi = uint64_t(1) << (s - 64);
        return b;
    }
    bool test(int s) const { return s < 64 ? (lo >> s) & 1 : (hi >> (s - 64)) & 1; }
    void set(int s) { if (s < 64) lo |= uint64_t(1) << s; else hi |= uint64_t(1) << (s - 64); }
    void reset(int s) { if (s < 64) lo &= ~(uint64_t(1) << s); else hi &= ~(uint64_t(1) << (s - 64)); }
    bool any() const { return (lo | hi) != 0; }
    bool none() const { return (lo | hi) == 0; }
    int count() const { return popcount64(lo) + popcount64(hi); }
    // Lowest set bit (undefined when empty).
    int lowest() const { return lo ? ctz64(lo) : 64 + ctz64(hi); }
    // Remove and return the lowest set bit.
    int pop_lowest() {
        if (lo) { int s = ctz64(lo); lo &= lo - 1; return s; }
        int s = 64 + ctz64(hi); hi &= hi - 1; return s;
    }
    Bits operator|(const Bits& o) const { return {lo | o.lo, hi | o.hi}; }
    Bits operator&(const Bits& o) const { return {lo & o.lo, hi & o.hi}; }
    Bits operator^(const Bits& o) const { return {lo ^ o.lo, hi ^ o.hi}; }
    Bits operator~() const { return {~lo, ~hi}; }
    Bits& operator|=(const Bits& o) { lo |= o.lo; hi |= o.hi; return *this; }
    Bits& operator&=(const Bits& o) { lo &= o.lo; hi &= o.hi; return *this; }
    bool operator==(const Bits& o) const { return lo == o.lo && hi == o.hi; }
    bool operator!=(const Bits& o) const { return !(*this == o); }
    Bits shl(int k) const {  // 0 <= k < 128
        if (k == 0) return *this;
        if (k >= 64) return {0, lo << (k - 64)};
        return {lo << k, (hi << k) | (lo >> (64 - k))};
    }
    Bits shr(int k) const {
        if (k == 0) return *this;
        if (k >= 64) return {hi >> (k - 64), 0};
        return {(lo >> k) | (hi << (64 - k)), hi >> k};
    }
};

// A mask over the flat action layout (see hydra_env/games/hydra/rules/codec.py).
struct ActionMask {
    static constexpr int kWords = 48;  // 3072 actions: 128 spaces, 8 colours, 8 barricades fit
    static constexpr int kBits = kWords * 64;
    uint64_t w[kWords];

    void clear() { std::memset(w, 0, sizeof(w)); }
    bool test(int a) const { return (w[a >> 6] >> (a & 63)) & 1; }
    void set(int a) { w[a >> 6] |= uint64_t(1) << (a & 63); }
    bool any() const {
        for (int i = 0; i < kWords; ++i) if (w[i]) return true;
        return false;
    }
    // OR in `count` low bits of `bits` (a word of up to 64 bits) at offset `at`.
    void or_word(uint64_t bits, int at) {
        if (!bits) return;
        int i = at >> 6, k = at & 63;
        w[i] |= bits << k;
        if (k && (bits >> (64 - k))) w[i + 1] |= bits >> (64 - k);
    }
    void or_bits(const Bits& b, int at) {
        or_word(b.lo, at);
        or_word(b.hi, at + 64);
    }
};

// Bits 0 .. size-1 of `words` as one byte each (0 or 1) into out: 8 bytes per table lookup.
inline void unpack_bits(const uint64_t* words, int size, unsigned char* out) {
    struct Table {
        uint64_t v[256];
        Table() {
            for (int b = 0; b < 256; ++b) {
                uint64_t x = 0;
                for (int k = 0; k < 8; ++k) x |= uint64_t((b >> k) & 1) << (8 * k);  // little-endian bytes
                v[b] = x;
            }
        }
    };
    static const Table table;
    int full = size / 8;
    for (int i = 0; i < full; ++i) {
        uint64_t x = table.v[(words[i >> 3] >> ((i & 7) * 8)) & 0xff];
        std::memcpy(out + 8 * i, &x, 8);
    }
    for (int a = full * 8; a < size; ++a) out[a] = (unsigned char)((words[a >> 6] >> (a & 63)) & 1);
}

}  // namespace hydra
