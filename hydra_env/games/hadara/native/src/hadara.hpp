// The native engine of Hadara (rules with reconstructed components): the C++17 twin of the
// Python reference in hydra_env/games/hadara/ (state.py, engine.py, rules.py, scoring.py,
// observer.py), line for line: the same state fields, the same CounterRng draws, the same
// decisions, masks, observation floats and result.
//
// Tables: the component data of one set (made once from the Python Components by
// hydra_env.games.hadara.native.game.tables_dict). State: plain fixed-capacity arrays, so
// that a copy is a memcpy and a batch row resets cheaply. HadaraNative: one game; it satisfies
// the batch concept of common/batch.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "common/rng.hpp"

namespace hadara {

constexpr int kMaxSeats = 5;
constexpr int kColours = 5;
constexpr int kTracks = 4;
constexpr int kLevels = 5;
constexpr int kStatues = 6;
constexpr int kRounds = 5;
constexpr int kActions = 76;
constexpr int kMaxTableau = 30;
constexpr int kMaxSilver = 16;
constexpr int kCardRow = 21;
constexpr int kObsSize = 4223;

// the action blocks (codec.py)
constexpr int WHEEL0 = 0, DRAFT0 = 5, PICK0 = 9, COLONY0 = 19, PLUNDER = 24, INTEGRATE = 25, STATUE0 = 26,
              TILE0 = 32, REMOVE0 = 40, SILVER0 = 70, GOLD = 74, PASS = 75;
// decision kinds (state.py)
enum Kind { WHEEL, DRAFT, COLONY, COLONY_MODE, STATUE, TILE, PICK, REMOVE, MEDAL };
// steps of an epoch (state.py)
enum Step { S_WHEEL, S_DRAFT, S_INCOME_A, S_COLONY_A, S_STATUE_A, S_PICK, S_INCOME_B, S_COLONY_B, S_STATUE_B,
            S_FEED, S_MEDAL, S_OVER };
enum Track { INCOME, MILITARY, CULTURE, FOOD };
enum Effect { EFFECT_NONE, EFFECT_COINS, EFFECT_BOOST, EFFECT_SELL_BONUS };

// A list of at most N small integers (card, colony or track indices), copied by value.
template <int N>
struct FixedVec {
    int16_t n = 0;
    int16_t v[N] = {};
    int size() const { return n; }
    bool empty() const { return n == 0; }
    int operator[](int i) const { return v[i]; }
    int16_t& operator[](int i) { return v[i]; }
    int back() const { return v[n - 1]; }
    void push(int x) {
        if (n >= N) throw std::length_error("native Hadara: a list is over its capacity");
        v[n++] = int16_t(x);
    }
    int pop() { return v[--n]; }
    void clear() { n = 0; }
    int erase_at(int i) {
        int x = v[i];
        for (int k = i; k + 1 < n; ++k) v[k] = v[k + 1];
        --n;
        return x;
    }
    void insert_at(int i, int x) {
        if (n >= N) throw std::length_error("native Hadara: a list is over its capacity");
        for (int k = n; k > i; --k) v[k] = v[k - 1];
        v[i] = int16_t(x);
        ++n;
    }
};

struct Card {
    int epoch, colour, cost, points, effect, effect_arg;
    std::array<int, kTracks> tracks;
};

struct Colony {
    int level, requirement, points, plunder, cost;
    std::array<int, kTracks> back;
};

struct SetupCard {
    int initiative, coins;
    std::array<int, kTracks> tracks;
};

struct Statue {
    int culture, points, bonus;
};

struct Tables {
    std::vector<Card> cards;
    std::vector<Colony> colonies;
    std::vector<SetupCard> setup_cards;
    std::array<Statue, kStatues> statues{};
    std::array<int, kColours> board_order{};
    std::array<int, 3> sale_value{}, silver_price{}, gold_price{};
    int tiles_per_track = 0, silver_spaces = 0, gold_spaces = 0, gold_points_per_set = 0, coins_per_point = 1;
    std::array<std::array<std::vector<int>, kColours>, 3> epoch_cards;  // [epoch-1][colour]: unstarred, by index
    std::array<std::vector<int>, kLevels> level_colonies;              // [level-1]: by index
    std::vector<float> card_table;                                     // cards x 21: card row F, clipped to [0, 1]
};

struct State {
    int players = 0;
    uint64_t seed = 0;
    hydra_common::CounterRng rng;
    std::array<int, kColours> board_order{};
    std::array<int, kMaxSeats> setup{}, rank{};
    std::array<int, 3> first{};
    int epoch = 0, step = S_WHEEL, index = 0, wheel = -1, round = 0, picks = 0;
    std::array<FixedVec<10>, kColours> decks, piles;
    std::array<FixedVec<2>, kMaxSeats> pairs;
    std::array<int, kMaxSeats> choices{}, coins{}, gold{}, sales_a{};
    std::array<std::array<int, kTracks>, kMaxSeats> tracks{}, tiles{};
    std::array<FixedVec<kMaxTableau>, kMaxSeats> tableau;
    std::array<FixedVec<15>, kMaxSeats> sold_a, sold_b;
    std::array<FixedVec<kMaxTableau>, kMaxSeats> removed;
    std::array<FixedVec<kMaxSeats>, kLevels> stacks;
    std::array<FixedVec<kLevels>, kMaxSeats> colonies, integrated;
    std::array<std::array<int, kStatues>, kMaxSeats> statues{};
    std::array<FixedVec<kMaxSilver>, kMaxSeats> silver;
    int pending_colony = -1, pending_statue = -1;
    bool has_pending = false;
    int pending_kind = 0, pending_seat = 0;
    bool game_over = false;
    std::vector<uint8_t> history;

    int order_seat(int k) const { return (first[epoch] + k) % players; }
};

// rules.cpp
void new_state(State& s, const Tables& t, int players, uint64_t seed, bool board_random);
bool apply(State& s, const Tables& t, int action);              // false (nothing changed) when illegal
void advance(State& s, const Tables& t);
// one legal action of the pending seat, no check, no history, no advance (engine.carry_out);
// buying and selling a card (rules.buy, rules.sell): the greedy bot's look-ahead uses them too
void carry_out(State& s, const Tables& t, int action);
void buy(State& s, const Tables& t, int seat, int card);
void sell(State& s, const Tables& t, int seat, int card, bool phase_a);
// legal.cpp
int legal_actions(const State& s, const Tables& t, int* out);   // ascending; returns the count
bool is_legal(const State& s, const Tables& t, int action);
int colour_count(const State& s, const Tables& t, int seat, int colour);
// legal.cpp
int price(const State& s, const Tables& t, int seat, int card);
int sell_bonus(const State& s, const Tables& t, int seat);
// scoring.cpp: the score by category (cards, colonies, statues, silver, gold, coins), the end returns
std::array<int, 6> breakdown(const State& s, const Tables& t, int seat);
void end_returns(const State& s, const Tables& t, double* out);
// encode.cpp
void encode(const State& s, const Tables& t, int seat, bool piles_top, float* out);

// One game: the batch concept of common/batch.hpp.
struct HadaraNative {
    std::shared_ptr<const Tables> tables;
    State s;
    bool board_random = false;
    bool piles_top = false;

    int num_players() const { return s.players; }
    int action_size() const { return kActions; }
    int obs_size() const { return kObsSize; }
    void reset(uint64_t seed) {
        int players = s.players;
        s = State();
        new_state(s, *tables, players, seed, board_random);
    }
    int current_player() const { return s.has_pending ? s.pending_seat : -1; }
    bool is_legal(int action) const { return hadara::is_legal(s, *tables, action); }
    void legal_mask(uint8_t* out) const {
        int buf[kActions];
        int n = legal_actions(s, *tables, buf);
        for (int i = 0; i < n; ++i) out[buf[i]] = 1;
    }
    void apply(int action) { hadara::apply(s, *tables, action); }
    void encode(int seat, float* out) const { hadara::encode(s, *tables, seat, piles_top, out); }
    void returns(double* out) const { end_returns(s, *tables, out); }
};

}  // namespace hadara
