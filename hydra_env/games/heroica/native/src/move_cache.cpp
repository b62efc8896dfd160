// A per-thread cache of hero movement tables (walks.cpp; solo games, where they repeat): the same
// walk inputs (map, start, allowance, and the spaces that may be entered, stop, are taken or hold
// items) always give the same ends, order and paths, so a table is walked once and copied
// afterwards. Direct-mapped: a new table replaces the one in its slot; tables too large for a
// slot are not kept.
#include <cstring>
#include <memory>
#include <vector>

#include "heroica.hpp"

namespace heroica {

namespace {

constexpr int kSlots = 2048;       // a power of two
constexpr int kSlotKeys = 64;      // the most ends a kept table has
constexpr int kSlotPool = 256;     // the most path bytes a kept table has

struct Slot {
    uint64_t key[kWalkKeyWords];   // key[0] == 0: empty (a map's serial is never 0)
    int count;
    int16_t keys[kSlotKeys];
    uint8_t len[kSlotKeys], off[kSlotKeys];
    uint8_t pool[kSlotPool + 8];   // 8 more: a short path is copied as one 8-byte word
};

Slot* slot_for(const uint64_t* key) {
    thread_local std::unique_ptr<std::vector<Slot>> slots;
    if (!slots) {
        slots.reset(new std::vector<Slot>(kSlots));
        for (Slot& s : *slots) s.key[0] = 0;
    }
    uint64_t h = 0;
    for (int i = 0; i < kWalkKeyWords; ++i) h = (h ^ key[i]) * 0x9E3779B97F4A7C15ULL;
    return &(*slots)[size_t(hydra_common::mix(h) & (kSlots - 1))];
}

}  // namespace

bool cached_movements(const uint64_t* key, Movements& out) {
    const Slot* s = slot_for(key);
    uint64_t differ = 0;
    for (int i = 0; i < kWalkKeyWords; ++i) differ |= s->key[i] ^ key[i];
    if (differ) return false;
    out.has.clear();
    out.count = s->count;
    for (int i = 0; i < s->count; ++i) {
        int k = s->keys[i];
        out.keys[i] = int16_t(k);
        out.has.set(k);
        Path& p = out.path[k];
        p.len = s->len[i];
        if (p.len <= 8) std::memcpy(p.v, s->pool + s->off[i], 8);
        else std::memcpy(p.v, s->pool + s->off[i], size_t(p.len));
    }
    return true;
}

void remember_movements(const uint64_t* key, const Movements& moves) {
    Slot* s = slot_for(key);
    if (moves.count > kSlotKeys) return;
    int used = 0;
    for (int i = 0; i < moves.count; ++i) {
        const Path& p = moves.path[moves.keys[i]];
        if (used + p.len > kSlotPool) {
            s->key[0] = 0;
            return;
        }
        s->keys[i] = moves.keys[i];
        s->len[i] = uint8_t(p.len);
        s->off[i] = uint8_t(used);
        std::memcpy(s->pool + used, p.v, size_t(p.len));
        used += p.len;
    }
    s->count = moves.count;
    std::memcpy(s->key, key, sizeof(s->key));
}

}  // namespace heroica
