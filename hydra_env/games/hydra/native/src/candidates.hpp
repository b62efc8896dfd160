// Candidate features (hydra_env/games/hydra/observe/candidates.py CandidateEncoder.encode) on the native
// engine: each legal action applied to a copy of the seat's re-dealt game (determinize with
// default_rng(REDEAL_SEED)), described by its after-state. Computed in double in the Python
// code's order and cast to float32, so the values are bit-identical.
#pragma once

#include <vector>

#include "game.hpp"

namespace hydra {

struct CandLayout {
    int n_features = 109;
    int harm_width = 12;               // 3 per colour
    std::vector<double> card_harm;     // per action card: move, grow, bite per colour
    std::vector<double> hcard_harm;    // per hydra card
    uint32_t redeal_seed = 0x5EED;
};

// The features of the first K legal actions of `seat` into feat[K * n_features] and
// index[K] (both filled by the caller with 0 / -1 first); returns how many rows were written.
int encode_candidates(const CandLayout& C, const Game& g, int seat, int K, float* feat, float* index);

}  // namespace hydra
