// The observation encoder (hydra_env/games/hydra/observe/encoding, the flat float32 layout) on the native
// state. Its layout comes from the Python Encoder (hydra_env/native/observation.py hands the
// offsets and tables over), so any component set the Python encoder takes works here too;
// the values are those of Encoder.encode (doubles cast to float32, written in its order).
#pragma once

#include <vector>

#include "state.hpp"
#include "tables.hpp"

namespace hydra {

struct ObsLayout {
    int size = 0, n_cells = 0, max_heads = 6, hero_block = 21, max_seats = 4;
    // board channels (offsets in channels)
    int ch_path = 0, ch_barricade = 0, ch_hero = 0, ch_shield = 0, ch_target = 0;
    int ch_head = 0, ch_counter = 0, ch_neck = 0;
    // feature offsets in the flat observation
    int f_heads = 0, f_mode = 0, f_players = 0, f_stars = 0, f_scenario = 0, f_round = 0, f_moon = 0;
    int f_decision = 0, f_decider = 0, f_evade_cause = 0, f_target_city = 0, f_walls = 0;
    int f_walls_missing = 0, f_heroes = 0, f_hand = 0, f_hydra_hand = 0, f_display = 0, f_row_c = 0;
    int f_solo = 0, f_coop = 0, f_decks = 0;
    int phase_pos[16] = {};  // flat index of each phase's one-hot entry, -1: none
    // blocks copied densely: the Hydra, the cards (solo, coordinated)
    int hydra_lo = 0, hydra_hi = 0, solo_lo = 0, solo_hi = 0, coop_lo = 0, coop_hi = 0;
    int hand_block = 0, hhand_block = 0, disp_block = 0, row_block = 0;
    int hand_card = 2, hhand_card = 1, disp_card = 7, row_card = 3;
    int acard_size = 0, hcard_size = 0;
    std::vector<float> acard_vec, hcard_vec, static_template;
    std::vector<int> scen_index;  // by scenario number, -1: none
    int max_tokens = 0, max_stack = 1, n_wall_tokens = 0, n_acards = 1, n_hdeck[2] = {1, 1};
    int pos_norm = 1;
    double queue_norm = 32.0;
};

// Throws std::out_of_range for a state the layout cannot show (loaded past the Python checks).
void check_observable(const ObsLayout& L, const State& s, const Rules& r, int seat);
// Encoder.encode(game, seat) written to out[0 .. L.size).
void encode_observation(const ObsLayout& L, const State& s, const Rules& r, int seat, float* out);

}  // namespace hydra
