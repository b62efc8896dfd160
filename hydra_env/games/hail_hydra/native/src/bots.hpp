// The native twins of Hail Hydra's scripted bots `loyal` and `saboteur` (hydra_env/games/hail_hydra/bots.py,
// bot_rules.py and belief.py's public posterior): the same decision from the same seat information and the
// same generator, decision by decision. They read only what seat_info (views.py) gives the seat: its own
// hand, loyalty and played cards, the public record, and its team when it is HYDRA.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "hh_game.hpp"

namespace hail_hydra {

// CPython's random.Random (MT19937 with its random(), getrandbits and _randbelow), taken over from a Python
// bot's rng.getstate(): 624 state words and the index.
class PyRandom {
public:
    PyRandom() = default;
    explicit PyRandom(const std::vector<uint32_t>& state);
    static PyRandom seeded(uint64_t seed);   // random.Random(seed) for a seed 0 ... 2**64 - 1
    double random();                 // random.random()
    int below(int n);                // random._randbelow(n), n >= 1: what choice() indexes with
    std::vector<uint32_t> state() const;

private:
    uint32_t next();
    std::array<uint32_t, 624> mt_{};
    int index_ = 624;
};

// The number of HYDRA agents at this table (the data's player row).
int hydra_of(const State& s, const Tables& t);

// One seat's bot: `loyal` plays SHIELD's rules whatever its disc; `saboteur` sabotages as HYDRA with its r
// most negative reds a play.
struct ScriptedBot {
    bool saboteur = false;
    int r = 1;
    PyRandom rng;
};

// The bots of a table, by seat (a seat without one is played by someone else), and the public posterior's
// memo they share (every seat asks for the same posterior, several times a decision).
class ScriptedBots {
public:
    std::array<std::optional<ScriptedBot>, kMaxSeats> seats;

    // The action seat's bot takes now (the pending decision is that seat's).
    int act(const HailHydraGame& game);
    // The bots play until `stop_seat` decides, a seat without a bot decides, or the game is over.
    void play(HailHydraGame& game, int stop_seat);
    // The public posterior's chance that each seat is HYDRA (belief.public_belief(info).marginals()).
    std::vector<double> public_marginals(const State& s, const Tables& t);

private:
    std::vector<int> key_, memo_key_;               // what the posterior is made of (belief.public_belief's key)
    std::vector<double> memo_weights_, scratch_;
    // The terms of every offensive but the last, which never change once the next one starts (the rules
    // write only to the last), for the game they were read from (its address, seed and history length).
    std::vector<int> earlier_terms_;
    size_t earlier_count_ = 0, earlier_history_ = 0;
    const State* earlier_state_ = nullptr;
    uint64_t earlier_seed_ = 0;
    const std::vector<double>& public_weights(const State& s, const Tables& t);
};

}  // namespace hail_hydra
