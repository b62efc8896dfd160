// The state of a game of Hail Hydra in C++: the twin of hydra_env/games/hail_hydra/state.py, field for
// field (bindings.cpp turns it into exactly the dict of State.to_data), and the component tables the
// Python side hands over (hydra_env/games/hail_hydra/native/game.py: tables_dict).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace hail_hydra {

constexpr int kMaxSeats = 8;
constexpr int kValues = 8;
using Counts = std::array<int, kValues>;
using SeatInts = std::array<int, kMaxSeats>;
using SeatFlags = std::array<uint8_t, kMaxSeats>;

// Decision types (state.py), the observation's one-hot order.
enum Decision { DRAFT, GIFT_TARGET, GIFT_CARDS, PLAY, CLAIM_DECISION, ABILITY_TARGET, ABILITY_VALUE, RESOLVE_OFFER,
                KO_OFFER, NOMINATE, VOTE, VERDICT_OFFER };
constexpr int SHIELD = 0, HYDRA = 1, NONE = -1, UP_VOTE = -2, OPEN = -3;

// Action layout (codec.py).
constexpr int CARDS = 0, CLAIM = 164, TARGET = 168, VALUE = 176, USE = 184, PASS = 185, HAIL = 186, HERO = 187;
constexpr int UP = TARGET + 7, ACTIONS = 201, MULTISETS = 164;

// Flow stages (flow.py), saved by name.
enum Stage { ST_SETUP, ST_DRAFT, ST_DEAL, ST_FLIP, ST_OFFENSIVE, ST_GIFT, ST_PLAY, ST_RESOLVE, ST_ATTACK,
             ST_MISSION_END, ST_ROUND, ST_KO_OFFER, ST_NOMINATE, ST_VOTE, ST_VERDICT, ST_COUNT };
extern const char* const kStageNames[ST_COUNT];

enum Power { P_NONE = -1, P_HEAL, P_STRENGTH_UP, P_DISCARD_RANDOM, P_DEFENCE_UP, P_NO_DRAW_OTHERS, P_DAMAGE_CAP,
             P_HIDE_CARDS, P_RED_SHIFT, P_BLUE_SHIFT, P_MAX_PLAY, P_EXACT_PLAY, P_NEGATIVE_THRESHOLD, P_COUNT };
extern const char* const kPowerNames[P_COUNT];
enum Effect { E_CANCEL_KNOCKOUT, E_SMASH, E_PEEK_LOYALTY, E_PEEK_PLAYED, E_SKIP_VILLAIN_ATTACK, E_ZERO_DEFENCE,
              E_REMOVE_CARD, E_DIRECT_DAMAGE, E_NEGATE_TOTAL, E_CHECK_CLAIM, E_AMBUSH, E_DRAW, E_IMMUNITY,
              E_HEAL_CITY, E_COUNT };
extern const char* const kEffectNames[E_COUNT];
enum Window { W_PLAY, W_RESOLVE, W_KNOCKOUT, W_VERDICT, W_COUNT };
extern const char* const kWindowNames[W_COUNT];

constexpr int kCardValues[kValues] = {1, 2, 3, 4, -2, -3, -4, -5};
inline bool is_blue(int v) { return v < 4; }

struct Villain { int tier, health, strength, defence, power, amount; };
struct Hero { int window, effect, bonus, city, amount, reveal_active, reveal_out; };

struct Tables {
    int city_health = 0, max_health = 0, max_defence = 0, hand_size = 0, second_hand = 0, third_hand = 0;
    int play_min = 0, play_max = 0;
    Counts deck{};
    // per player count 5..8 (index players - 5): shield, hydra, health_mod, strength_mod; present?
    std::array<std::array<int, 4>, 4> rows{};
    std::array<uint8_t, 4> has_row{};
    // knock-out rounds by (tier 0..4 of the coming villain, players - 5); -1 when the table has none
    std::array<std::array<int, 4>, 5> knockout{};
    std::vector<std::array<int, 2>> negative_rows;   // (max_total, city_damage)
    std::vector<Villain> villains;
    std::vector<Hero> heroes;
    int smash_bonus = 0;                              // the first smash hero's bonus (flow._play)
    int history = 40;                                 // not a table: the observation's H (per game)
};

struct Offensive {
    int mission = 0, holder = 0;
    SeatFlags active{}, out{}, revealed{}, used{}, played{};
    std::array<Counts, kMaxSeats> down{}, up{}, gift{};
    SeatInts claim{}, gave{}, gave_to{};
    bool has_cards = false, hidden = false, has_total = false, defeated = false;
    Counts cards{};
    int total = 0, villain_damage = 0, city_damage = 0;
};

struct Round {
    int phase = 0, number = 0, result = NONE;
    SeatInts nominations{}, votes{};
    bool ambush = false, rally = false, closed = false;
};

struct Web { bool set = false; int offensive = 0, target = 0; Counts counts{}; };
struct Radar { bool set = false; int offensive = 0, target = 0, truth = 0; };

struct Options {
    int first_player = -1;
    std::string heroes = "random";
    bool claims = true, nominations = true;
    std::string balance = "calibrated";
    int history = 40;
    std::vector<int> fixed_heroes;   // parsed from heroes when it lists hero ids (not saved)
};

struct Pending { int seat = -1, kind = 0, arg = 0; };

struct State {
    int players = 0;
    uint64_t seed = 0;
    Options options;
    uint64_t rng_seed = 0, rng_counter = 0;
    std::vector<int> history;
    int first_player = 0, token = 0;
    std::vector<int> heroes, loyalty;
    SeatFlags revealed{}, out{}, immune{}, used{};
    std::array<Counts, kMaxSeats> hands{};
    std::vector<int> draw;
    Counts discard{}, discard_public{};
    int reshuffles = 0, city = 0;
    std::vector<int> stack, stack_tiers;
    int mission = -1, villain = NONE, health = 0, start_health = 0, strength = 0, defence = 0;
    std::vector<int> defeated;
    std::vector<Offensive> offensives;
    int mission_offensives = 0;
    std::vector<Round> rounds;
    int rounds_left = 0;
    std::array<std::vector<std::array<int, 2>>, kMaxSeats> widow;
    std::array<Web, kMaxSeats> web;
    std::array<Radar, kMaxSeats> radar;
    int stage = ST_SETUP;
    std::vector<int> queue;
    bool has_pending = false;
    Pending pending;
    int total = 0;
    bool total_flag = false, smash = false, panther = false;
    std::array<int, 2> knockouts{};
    bool game_over = false;
    std::string winner, cause;

    int hand_size(int seat) const {
        int n = 0;
        for (int v : hands[seat]) n += v;
        return n;
    }
    Offensive* offensive() { return offensives.empty() ? nullptr : &offensives.back(); }
    const Offensive* offensive() const { return offensives.empty() ? nullptr : &offensives.back(); }
    Round* round() { return rounds.empty() ? nullptr : &rounds.back(); }
};

Offensive new_offensive(int players, int mission, int holder);
Round new_round(int players, int phase, int number);

}  // namespace hail_hydra
