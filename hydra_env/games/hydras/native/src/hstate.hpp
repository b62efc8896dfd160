// The native Hydras engine (the card game, hydra_env.games.hydras.rules): its tables and its state.
//
// The same fields as hydra_env.games.hydras.rules.state.State and hydra_env.games.hydras.rules.tables.Tables, built
// from the Python ones (bindings_hydras.cpp), so to_dict() gives the Python engine's dict.
// Nothing here draws randomness: the deal is done in Python (hydra_env.games.hydras.rules.engine.start)
// and handed over; after the set-up a Hydras game is deterministic.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace hydras {

constexpr int kMaxSeats = 4;
constexpr int kEmpty = -1;

enum Icon : int8_t { ICON_PLAIN = 0, ICON_SWORD = 1, ICON_POISON = 2, ICON_TORCH = 3, ICON_BODY = 4 };
enum Phase : int8_t { PH_TURN = 0, PH_BLOCK = 1, PH_BURN = 2, PH_OVER = 3 };
enum DecisionKind : int8_t { DK_TURN = 0, DK_BLOCK = 1, DK_BURN = 2 };
enum AttackKind : int8_t { AK_SWORD = 0, AK_TORCH = 1 };
enum Event : int8_t { EV_NECK = 0, EV_SWORD, EV_TORCH, EV_DISCARD, EV_BLOCK, EV_CUT, EV_CANCELLED,
                      EV_SKIP, EV_DRAW, EV_PLACED };
enum ActionKind : int8_t { A_NECK = 0, A_SWORD, A_TORCH, A_DISCARD, A_BURN, A_NO_BURN, A_BLOCK, A_PASS };

// The flat action layout of hydra_env.games.hydras.rules.codec.HydrasCodec.
struct Codec {
    int hand_size = 4, max_players = 4, cells = 121;
    int sword_base = 0, torch_base = 0, discard_base = 0, burn = 0, no_burn = 0, block_base = 0;
    int pass = 0, size = 0;
};

struct Decoded {
    int kind, slot, target, cell, rotation;
};

// Everything derived from a card set (hydra_env.games.hydras.rules.tables.Tables and the encoder's arrays).
struct Tables {
    int radius = 5, width = 11, cells = 121, centre = 60, hand_size = 4, kind_count = 0;
    int torch = 0, body_code = 0, deck_size = 0;
    std::vector<int> sides, heads, icon, kind_of;         // by cell code (body_code + 1 codes)
    std::vector<std::array<int, 4>> neighbours;            // by cell: N E S W, −1 outside
    std::vector<int> kind_heads;                           // by kind
    std::vector<uint8_t> is_sword, is_poison;              // by kind
    std::vector<uint8_t> fits;                             // [kind·256 + fixed·16 + required]: rotation bits
    std::vector<float> faces;                              // [code·12 + plane]: planes 0–11 of a code
    std::vector<float> counts, weights;                    // by kind: cards of the kind, 1 / cards (float32)
    Codec codec;
    // encoder sizes (hydra_env.games.hydras.rules.encoding.HydrasEncoder)
    int seat_size = 0, hand_offset = 0, feature_offset = 0, obs_size = 0;

    Decoded decode(int index) const;
};

// hydra_env.games.hydras.rules.hydra.Analysis of one grid.
struct OpenEnd {
    int cell, fixed, required;
};

struct Analysis {
    std::vector<OpenEnd> open_ends;   // by cell, ascending
    std::vector<int> sword_targets;   // ascending
    std::vector<int16_t> depth;       // by cell: neck length, −1 when not linked by necks
    std::vector<int> order;           // the cells of depth in breadth-first order (the Python dict's)
    int dangling = 0, torches = 0, heads = 0, neck = 0, swords = 0, poisons = 0, cards = 0;
    bool complete() const { return open_ends.empty() && dangling == 0 && torches == 0; }
};

struct Attack {
    int kind, seat, card, target, cell;
    bool burn;
};

using LogEntry = std::array<int64_t, 6>;
using Grid = std::vector<int16_t>;

struct State {
    int players = 0, star_seat = 0, turn_seat = 0, phase = PH_TURN;
    uint64_t seed = 0;
    int64_t random_events = 0, turns_taken = 0, final_turns_left = -1;
    bool game_over = false;
    std::vector<int> deck, discard, offers, history;
    std::vector<std::array<int, 2>> blocks;     // (seat, card)
    std::vector<LogEntry> log;
    std::vector<std::vector<int>> hands;
    std::vector<Grid> hydras;
    bool has_pending = false;
    int pending_kind = 0, pending_seat = 0;
    bool has_attack = false;
    Attack attack{};
    bool has_burn = false;
    int burn_target = 0, burn_cell = 0;
    // caches (shared by clones: an analysis is never changed once made)
    mutable std::array<std::shared_ptr<const Analysis>, kMaxSeats> analysis{};
    mutable std::vector<int> legal;
    mutable bool legal_valid = false;
};

}  // namespace hydras
