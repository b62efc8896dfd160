// HailHydraGame: the rules engine of Hail Hydra in C++, a line-for-line twin of the Python reference
// (rules.py: single effects; flow.py: the automatic flow; moves.py: the decisions; deal.py: a new game;
// observer.py: the observation). It satisfies the batch concept of common/batch.hpp.
#pragma once

#include <memory>
#include <stdexcept>

#include "common/rng.hpp"
#include "hh_state.hpp"

namespace hail_hydra {

// Raised the moment a team wins (rules.GameEndError); the state already records it.
struct GameEnd {};

// The action layout's multisets (codec.MULTISETS): counts per value and length of each CARDS action.
struct Multisets {
    std::array<Counts, MULTISETS> counts{};
    std::array<int, MULTISETS> length{};
    int index1[kValues] = {}, index2[kValues][kValues] = {}, index3[kValues][kValues][kValues] = {};  // of sorted tuples
    Multisets();
};
const Multisets& multisets();

class HailHydraGame {
public:
    std::shared_ptr<const Tables> tables;
    State s;

    HailHydraGame() = default;
    HailHydraGame(std::shared_ptr<const Tables> t, int players, Options options);

    // ---- the batch concept (common/batch.hpp)
    int num_players() const { return s.players; }
    int action_size() const { return ACTIONS; }
    int obs_size() const;
    void reset(uint64_t seed);                  // deal.new_state
    int current_player() const { return s.has_pending ? s.pending.seat : -1; }
    bool is_legal(int action) const;
    void legal_mask(uint8_t* out) const;
    void apply(int action);                     // moves.apply_action (a legal action)
    void encode(int seat, float* out) const;    // observer.encode_info(seat_info(...))
    void returns(double* out) const;            // the spec's default win share

    std::vector<int> legal_actions() const;
    int legal_into(int* out) const;             // the legal actions, increasing, into out (ACTIONS ints); count
    // The TARGET action by which `seat` names `target`, and the seat a TARGET action of `seat` names.
    int relative(int seat, int target) const { return TARGET + ((target - seat) % s.players + s.players) % s.players - 1; }
    int absolute(int seat, int action) const { return (seat + action - TARGET + 1) % s.players; }

private:
    const Tables& T() const { return *tables; }
    // rules.py
    int draw_below(int n);
    template <typename V> void shuffle(V& items);
    void draw_cards(int seat, int count);
    void discard_hand(int seat);
    bool has_power(int kind) const;
    int power_amount(int kind) const;
    int card_value(int index) const;
    int play_lengths(int seat) const;           // a bit mask: bit k when k cards may be played (0: none)
    void hurt_city(int amount, const char* cause);
    void hurt_villain(int amount);
    [[noreturn]] void end_game(const char* winner, const char* cause);
    void reveal(int seat);
    bool can_use(int seat) const;
    int eligible_targets(int seat, int* out) const;   // the seats, increasing, into out (8 ints); count
    int ability_targets(int seat, int* out) const;
    bool ability_legal(int seat, int window) const;
    const Hero& hero_of(int seat) const { return T().heroes[size_t(s.heroes[size_t(seat)])]; }
    // flow.py
    void advance();
    void ask(int seat, int kind, int arg = 0);
    void step();
    void st_deal();
    void st_flip();
    void st_offensive();
    void st_gift();
    void st_play();
    void st_resolve();
    void st_attack();
    void survive_power();
    void discard_attack();
    void st_mission_end();
    void st_round();
    void st_ko_offer();
    void st_nominate();
    void st_vote();
    void st_verdict();
    void knock_out(int seat);
    void close_round();
    // moves.py
    bool may_hail(int seat) const;
    int multisets_from(const Counts& hand, int lengths, int* out) const;
    void pop() { s.queue.erase(s.queue.begin()); }
    void handle(const Pending& p, int action);
    void mv_play(const Pending& p, int action);
    void mv_ability_target(const Pending& p, int action);
    void mv_offer(const Pending& p, int action);
    // observer.py
    void encode_game(int seat, float* g, const int* rel) const;
    void encode_offensive(int seat, const Offensive& o, int index, float* row, const int* rel) const;
    void encode_round(int seat, const Round& r, float* row, const int* rel) const;
};

}  // namespace hail_hydra
