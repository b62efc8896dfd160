// A per-thread cache of hero movement tables (walks.cpp; solo games, where they repeat): the same
// walk inputs (map, start, allowance, and the spaces that hold monsters, are taken or hold items)
// always give the same ends, order and paths, so a table is walked once and read afterwards.
// Direct-mapped: a new table replaces the one in its slot; tables too large for a slot are not
// kept. A kept table lists its ends ascending (what the legal actions need) and remembers the
// order the walk found them in (what options.py's dict order needs).
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "heroica.hpp"

namespace heroica {

namespace {

constexpr int kSlots = 16384;      // a power of two (5 MB a thread)

KeptWalk* slot_for(const uint64_t* key) {
    thread_local std::unique_ptr<std::vector<KeptWalk>> slots;
    if (!slots) {
        slots.reset(new std::vector<KeptWalk>(kSlots));
        for (KeptWalk& s : *slots) s.key[0] = 0;
    }
    uint64_t h = 0;
    for (int i = 0; i < kWalkKeyWords; ++i) h = (h ^ key[i]) * 0x9E3779B97F4A7C15ULL;
    return &(*slots)[size_t(hydra_common::mix(h) & (kSlots - 1))];
}

}  // namespace

int KeptWalk::index_of(int end_key) const {
    for (int i = 0; i < count; ++i)
        if (end[i] == end_key) return i;
    return -1;
}

void KeptWalk::path(int i, Path& out) const {
    out.len = len[i];
    if (out.len <= 8) std::memcpy(out.v, pool + off[i], 8);
    else std::memcpy(out.v, pool + off[i], size_t(out.len));
}

const KeptWalk* kept_walk(const uint64_t* key) {
    const KeptWalk* s = slot_for(key);
    uint64_t differ = 0;
    for (int i = 0; i < kWalkKeyWords; ++i) differ |= s->key[i] ^ key[i];
    return differ ? nullptr : s;
}

void kept_movements(const KeptWalk& w, Movements& out) {
    out.has.clear();
    out.count = w.count;
    for (int j = 0; j < w.count; ++j) {
        int i = w.found[j], k = w.end[i];
        out.keys[j] = int16_t(k);
        out.has.set(k);
        w.path(i, out.path[k]);
    }
}

const KeptWalk* keep_walk(const uint64_t* key, const Movements& moves) {
    KeptWalk* s = slot_for(key);
    s->key[0] = 0;
    if (moves.count > kKeptEnds) return nullptr;
    int16_t sorted[kKeptEnds];
    std::copy(moves.keys, moves.keys + moves.count, sorted);
    std::sort(sorted, sorted + moves.count);           // kReenterKey (above every space) last
    int used = 0;
    for (int i = 0; i < moves.count; ++i) {
        const Path& p = moves.path[sorted[i]];
        if (used + p.len > kKeptPool) return nullptr;
        s->end[i] = uint8_t(sorted[i]);
        s->len[i] = uint8_t(p.len);
        s->off[i] = uint8_t(used);
        std::memcpy(s->pool + used, p.v, size_t(p.len));
        used += p.len;
    }
    for (int j = 0; j < moves.count; ++j)
        s->found[j] = uint8_t(std::lower_bound(sorted, sorted + moves.count, moves.keys[j]) - sorted);
    s->count = moves.count;
    std::memcpy(s->key, key, sizeof(s->key));
    return s;
}

}  // namespace heroica
