// The heuristic bot's decision rules (hydra_env/games/hydra/bots/heuristic_solo.py, hydra_env/games/hydra/bots/heuristic_coop.py) and
// the bots built on them (greedy's one-ply values, rollout's simulations), native.
#pragma once

#include <utility>
#include <vector>

#include "features.hpp"

namespace bots {

using Legal = std::vector<int>;
using Scored = std::vector<std::pair<double, int>>;  // (score, action), as the Python lists

// SoloRules' parameters (hydra_env.games.hydra.bots.heuristic_solo.SoloRules).
struct SoloParams {
    Weights w;
    double block_margin = 0.25, order_credit = 0.01;
    int urgent_d = 1;
    bool barricade_rule = true;
};

// CoopRules' parameters for one style (hydra_env.games.hydra.bots.heuristic_coop.STYLES).
struct CoopParams {
    Weights w;
    double city_w = 1.0, glory_w = 0.15, buckle_min = 1.0;
    bool glory_style = false;
};

// A HeuristicBot: the solo rules and the coordinated rules of its style.
struct Policy {
    SoloParams solo;
    CoopParams coop;
};

// Python's max() of (value, action) tuples: the highest value, ties to the highest action.
std::pair<double, int> max_pair(const Scored& scored);
// [a for _, a in sorted(scored, key=lambda x: -x[0])]
std::vector<int> order_of(const Scored& scored);

// ---- solo_rules.cpp
int solo_decide(const State& s, const Rules& r, int seat, const Legal& legal, const SoloParams& p);
std::vector<int> solo_ranked(const State& s, const Rules& r, int seat, const Legal& legal, const SoloParams& p,
                             bool full);
Scored solo_scored(const State& s, const Rules& r, int seat, const Legal& legal, const SoloParams& p);
std::vector<int> block_plan(const State& s, const Rules& r, int left, const std::vector<double>& harm,
                            const Weights& w, double margin);
int place_choice(const State& s, const Rules& r, int seat, const Legal& legal, const Weights& w);
int follow_choice(const State& s, const Rules& r, int seat, const Weights& w);

// ---- coop_rules.cpp
int coop_decide(const State& s, const Rules& r, int seat, const Legal& legal, const CoopParams& p);
Scored coop_score_actions(const State& s, const Rules& r, int seat, const Legal& legal, const CoopParams& p);

// ---- policy.cpp
Legal legal_of(const State& s, const Rules& r);
int policy_decide(const State& s, const Rules& r, int seat, const Legal& legal, const Policy& p);
std::vector<int> policy_ranked(const State& s, const Rules& r, int seat, const Legal& legal, const Policy& p);
double greedy_value_after(const State& s, const Rules& r, int action, int seat, const Weights& w,
                          const CoopWeights& cw, bool row_lookahead);
double rollout_simulate(const State& s, const Rules& r, int action, int seat, const Policy& p,
                        const CoopWeights& leaf, int coop_horizon);
// rollout_simulate's playout in place: the heuristic plays `g` (the candidate already applied,
// its round the current one) to the horizon; returns the leaf value. Each decision is
// appended to `history` when one is given (agents/ppo_search.py keeps the leaf game).
double rollout_playout(State& g, const Rules& r, int seat, const Policy& p, const CoopWeights& leaf,
                       int coop_horizon, std::vector<int16_t>* history);
// The clairvoyant reference (agents/clairvoyant.py), solo: the heuristic on an exact copy of the
// true game after `action`, to the end of round `last_round` (or of the game). Returns the value
// there (the score of a won game, 0 for a loss, else the board value) and, for ties, the value
// at the end of the current round.
std::pair<double, double> clairvoyant_simulate(const State& s, const Rules& r, int action, const Policy& p,
                                               int last_round);

}  // namespace bots
