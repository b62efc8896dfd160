// Lookup tables of one component set (Tables) and the constant context of one game (Rules).
//
// Everything here is filled from the Python engine's own tables (hydra_env.games.hydra.rules.board.
// BoardTables, hydra_env.games.hydra.rules.codec.ActionCodec, hydra_env.games.hydra.rules.tables.Tables/Rules) by
// hydra_env/games/hydra/native/tables.py; nothing is parsed or derived from the raw data in C++.
#pragma once

#include <cstdint>

#include "common/bits.hpp"

namespace hydra {

// Capacities of the plain-copy state. A component set beyond them runs on the Python engine.
constexpr int kMaxSpaces = Bits::kWidth;  // grid cells + the inner city
constexpr int kMaxColours = 8;
constexpr int kMaxPlayers = 8;
constexpr int kMaxBarricades = 8;
constexpr int kMaxActionCards = 64;
constexpr int kMaxHydraCards = 64;
constexpr int kMaxPathLen = 32;
constexpr int kMaxRounds = 16;
constexpr int kMaxEffects = 8;      // hydra effects of one card
constexpr int kDisplaySlots = 10;   // LAYOUT_LIMITS["display"]
constexpr int kHandSlots = 3;       // LAYOUT_LIMITS["action_hand"]
constexpr int kHydraHandSlots = 3;  // LAYOUT_LIMITS["hydra_hand"]
constexpr int kBlockSlots = 5;      // LAYOUT_LIMITS["solo_hydra_stack"]
constexpr int kMaxStack = 16;       // coordinated face-down hydra stack
constexpr int kMaxQueue = kDisplaySlots + kMaxPlayers * kHandSlots + kMaxStack;
constexpr int kMaxTasks = 32;
constexpr int kCardSlots = kDisplaySlots + kHandSlots;

// Task operations (hydra_env.games.hydra.rules.tables.T_*).
enum TaskOp : uint8_t {
    T_MOVE = 0, T_GROW = 1, T_BITE = 2, T_STEP = 3, T_BITE_HEROES = 4, T_BITE_WALL = 5,
    T_SHOVE = 6, T_PUSHED = 7, T_FOLLOW = 8, T_AFTER = 9, T_SOLO_HYDRA = 10, T_COOP_HYDRA = 11,
    T_COUNT = 12
};

// Hero action kinds of action cards (hydra_env.games.hydra.rules.tables.HK_*).
enum HeroKind : uint8_t { HK_MOVE = 0, HK_SWORD, HK_HARPOON, HK_BARRICADE, HK_PORTAL, HK_PROTECT };

// Decision kinds of an action index (hydra_env.games.hydra.rules.codec.A_*).
enum ActionKind : uint8_t {
    A_DEST = 0, A_SWORD, A_HARPOON, A_BARRICADE, A_PROTECT, A_CITY_MOVE, A_CITY_PORTAL,
    A_CITY_SWORD, A_CITY_HARPOON, A_CITY_PROTECT, A_PASS, A_BLOCK, A_PLACE, A_YES, A_NO,
    A_PLAY_HYDRA, A_END_TURN
};

struct EffectTask {  // a hydra effect as its task: (op, colour, n, bonus_area)
    uint8_t op;
    int8_t colour;
    int16_t n;
    int16_t bonus_area;
};

struct BoardTables {
    int rows = 0, cols = 0, n_cells = 0, city = 0, n_spaces = 0;
    Bits cell_mask, city_bit, all_mask, not_col0, not_col_last, wall_mask, maelstrom_mask, portal_mask;
    int8_t area_of[kMaxSpaces] = {};
    Bits nbr_mask[kMaxSpaces];
    Bits orth_mask[kMaxSpaces];
    int n_paths = 0, path_len = 0, last_pos = 0;
    int16_t paths[kMaxColours][kMaxPathLen] = {};
    int16_t gate[kMaxColours] = {};
    int8_t path_of[kMaxSpaces] = {};
    int8_t pos_of[kMaxSpaces] = {};
    Bits seg_mask[kMaxColours][kMaxPathLen + 1];

    // Every space adjacent (R1) to a space of `mask` (BoardTables.neighbours).
    Bits neighbours(const Bits& mask) const {
        Bits x = mask & cell_mask;
        Bits row = (x.shl(1) & not_col0) | (x.shr(1) & not_col_last);
        Bits hx = x | row;
        Bits out = (row | hx.shl(cols) | hx.shr(cols)) & cell_mask;
        if ((x & wall_mask).any()) out |= city_bit;
        if ((mask & city_bit).any()) out |= wall_mask;
        return out;
    }
    // The space in front of position `pos` of path `p` (R10).
    int front(int p, int pos) const { return pos + 1 < path_len ? paths[p][pos + 1] : gate[p]; }
};

struct Codec {
    int n_spaces = 0, n_colours = 0, n_barricades = 0;
    int off_sword = 0, off_harpoon = 0, off_barricade = 0, off_protect = 0, card_block = 0;
    int city_base = 0, city_move = 0, city_portal = 0, city_sword = 0, city_harpoon = 0;
    int city_protect = 0, pass = 0, block_base = 0, place_base = 0, yes = 0, no = 0;
    int play_base = 0, end_turn = 0, size = 0;
    // decode tables (ActionCodec.kind/slot/arg), one entry per index
    uint8_t kind[ActionMask::kBits] = {};
    int8_t slot[ActionMask::kBits] = {};
    int16_t arg[ActionMask::kBits] = {};
};

struct Tables {
    BoardTables board;
    Codec codec;
    int n_colours = 0, n_barricades = 0, n_action_cards = 0, n_hydra_cards = 0;
    int slot_shift[kCardSlots] = {};
    uint8_t card_kind[kMaxActionCards] = {};
    int16_t card_strength[kMaxActionCards] = {};
    int16_t card_barea[kMaxActionCards] = {};
    int16_t card_bcol[kMaxActionCards] = {};
    // effects in card order (the Python tables hold them reversed, for tasks.extend)
    EffectTask card_effects[kMaxActionCards][kMaxEffects] = {};
    uint8_t n_card_effects[kMaxActionCards] = {};
    EffectTask hcard_effects[kMaxHydraCards][kMaxEffects] = {};
    uint8_t n_hcard_effects[kMaxHydraCards] = {};
    uint8_t hcard_deck[kMaxHydraCards] = {};  // 0 light, 1 red
    uint8_t hcard_solo[kMaxHydraCards] = {};  // marked for the solo deck
};

struct Rules {
    const Tables* tables = nullptr;
    // the scenario
    bool solo = false;
    int number = 0, players = 0, tokens = 0, display = 0, hydra_hand = 0, action_hand = 0;
    int hydra_stack = 0, n_rounds = 0;
    char moon[kMaxRounds] = {};
    int walls[3] = {};
    int heads[kMaxColours] = {};      // by path
    int positions[kMaxColours] = {};  // by path
    // rule options
    bool solo_regrow_heads = false;
};

// R20: wall damage of a bite by head count; R30 regrow; at most 3 wall damage per effect.
constexpr int kBiteWallDamage[7] = {0, 1, 1, 2, 2, 2, 3};
constexpr int kRegrowHeads = 3;
constexpr int kMaxWallDamagePerEffect = 3;
constexpr int kMaxHeads = 6;

}  // namespace hydra
