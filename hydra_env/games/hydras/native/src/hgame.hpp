// HydrasNative: one native Hydras game (tables + state), the class bound to Python as
// hydra_env.games.hydra._native.HydrasNative, and the game concept of the shared batch template
// (hydra_env/native/src/common/batch.hpp): num_players, action_size, obs_size, reset,
// current_player, is_legal, legal_mask, apply, encode. No returns(): the batch's Python side
// scores an ended game with the Python scoring, as the facade does.
#pragma once

#include <cstdint>
#include <memory>

#include "hengine.hpp"

namespace hydras {

struct HydrasNative {
    std::shared_ptr<const Tables> tables;
    State s;

    int num_players() const { return s.players; }
    int action_size() const { return tables->codec.size; }
    int obs_size() const { return tables->obs_size; }
    void reset(uint64_t seed) { start(s, *tables, s.players, seed); }
    int current_player() const { return s.has_pending ? s.pending_seat : -1; }
    bool is_legal(int action) const { return hydras::is_legal(s, *tables, action); }
    void legal_mask(uint8_t* out) const {
        for (int a : legal_actions(s, *tables)) out[a] = 1;
    }
    void apply(int action) { hydras::apply(s, *tables, action); }
    void encode(int seat, float* out) const { encode_flat(s, *tables, seat, out); }
};

}  // namespace hydras
