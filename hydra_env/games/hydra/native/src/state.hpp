// The game state as one plain struct: fixed-size arrays with lengths, no pointers, so a clone
// is a copy of at most 2 KB and no heap allocation (the same fields as hydra_env.games.hydra.rules.state.
// State; the decision history is kept beside it, by the game object, not in the state).
#pragma once

#include <cstdint>
#include <stdexcept>

#include "common/bits.hpp"
#include "tables.hpp"

namespace hydra {

enum Phase : uint8_t { PH_SETUP = 0, PH_BUCKLE_UP = 1, PH_ACTIONS = 2, PH_ACTIONS_II = 3, PH_HYDRA = 4, PH_OVER = 9 };
enum Decide : uint8_t { D_ACTION = 0, D_AFTER_ACTION, D_SHOVED, D_EVADE, D_FOLLOW, D_BUCKLE_UP };
enum Cause : uint8_t { EV_BITE = 0, EV_RUN_OVER = 1, EV_MAELSTROM = 2 };
enum Outcome : uint8_t { OUT_NONE = 0, OUT_WON = 1, OUT_LOST = 2 };
enum CityBit : uint8_t { CITY_MOVE = 1, CITY_SWORD = 2, CITY_HARPOON = 4, CITY_PROTECT = 8 };

// A list of at most N small values (cards, flags).
template <typename T, int N>
struct SmallList {
    T v[N];
    uint8_t n = 0;

    int size() const { return n; }
    bool empty() const { return n == 0; }
    T& operator[](int i) { return v[i]; }
    const T& operator[](int i) const { return v[i]; }
    void push(T x) {
        if (n >= N) throw std::length_error("native engine: a card list is over its capacity");
        v[n++] = x;
    }
    T pop() { return v[--n]; }
    T pop_front() {
        T x = v[0];
        for (int i = 1; i < n; ++i) v[i - 1] = v[i];
        --n;
        return x;
    }
    void clear() { n = 0; }
    int index(T x) const {
        for (int i = 0; i < n; ++i) if (v[i] == x) return i;
        return -1;
    }
};

// One task of the task stack (hydra_env.games.hydra.rules.tables.T_*): op and up to three integers;
// T_BITE_HEROES keeps its victims, T_SHOVE its excluded spaces.
struct Task {
    uint8_t op = 0;
    int8_t a = 0;       // colour, hero or seat
    int16_t b = 0;      // n, points, old front space, reading index
    int16_t c = 0;      // bonus area, wall damage done
    uint8_t n_victims = 0;
    uint8_t victims[kMaxPlayers] = {};
    Bits mask;          // T_SHOVE: excluded spaces
};

struct Pending {
    uint8_t kind = 0;
    uint8_t seat = 0;
    uint8_t cause = 0;
    int8_t follow_colour = -1;
    int16_t follow_space = -1;
    Bits choices;
};

using ActionPile = SmallList<int8_t, kMaxActionCards>;
using HydraPile = SmallList<int8_t, kMaxHydraCards>;

struct State {
    // the game and its randomness
    bool solo = false;
    uint8_t players = 0;
    uint8_t stars = 0;
    uint8_t n_moon = 0;
    int32_t scenario = 0;
    char moon[kMaxRounds] = {};
    uint64_t seed = 0;
    uint32_t random_events = 0;
    // round flow
    int16_t round = 0;
    uint8_t phase = PH_SETUP;
    uint8_t turn_order_index = 0;
    int16_t turn = 0;
    int16_t actions_done = 0;
    uint8_t turn_acted = 0;
    uint8_t solo_columns_used = 0;
    uint8_t victory = 0;
    uint8_t victory_is_int = 0;  // the Python engine stores False at first, then the int 1
    bool game_over = false;
    uint8_t outcome = OUT_NONE;
    uint8_t solo_row_c_face_up = 0;
    int16_t walls = 0, walls_at_start = 0;
    // the Hydra, by colour
    int8_t hydra_path[kMaxColours] = {};
    int8_t head_position[kMaxColours] = {};
    int8_t head_count[kMaxColours] = {};
    // heroes, by seat
    int16_t hero_space[kMaxPlayers] = {};
    uint8_t shielded[kMaxPlayers] = {};
    int32_t glory[kMaxPlayers] = {};
    uint8_t turn_order[kMaxPlayers] = {};
    uint8_t city_actions_used[kMaxPlayers] = {};
    uint8_t n_barricades = 0;
    int16_t barricade_space[kMaxBarricades] = {};
    // action cards
    ActionPile action_deck, action_discard;
    SmallList<int8_t, kDisplaySlots> display, display_token;
    SmallList<int8_t, kHandSlots> action_hands[kMaxPlayers], action_hand_used[kMaxPlayers];
    // hydra cards
    HydraPile hydra_decks[2], hydra_discards[2];
    SmallList<int8_t, kHydraHandSlots> hydra_hands[kMaxPlayers];
    SmallList<int8_t, kMaxStack> hydra_stack;
    SmallList<int8_t, kMaxQueue> hydra_queue, hydra_queue_owner;
    SmallList<int8_t, kBlockSlots> solo_row_c, solo_row_c_blocked;
    // decisions
    bool has_pending = false;
    Pending pending;
    uint8_t n_tasks = 0;
    Task tasks[kMaxTasks];

    void push_task(const Task& t) {
        if (n_tasks >= kMaxTasks) throw std::length_error("native engine: the task stack is full");
        tasks[n_tasks++] = t;
    }
};

static_assert(sizeof(State) <= 2048, "the plain-copy state must stay within 2 KB");

}  // namespace hydra
