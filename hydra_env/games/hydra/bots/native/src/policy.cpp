// The heuristic policy as a whole (hydra_env/games/hydra/bots/heuristic.py), greedy's one-ply value
// (hydra_env/games/hydra/bots/greedy.py), rollout's simulation to the horizon (hydra_env/games/hydra/bots/rollout.py) and the
// clairvoyant reference's simulation on the true game (agents/clairvoyant.py).
#include <algorithm>

#include "rules.hpp"

namespace bots {

using namespace hydra;

Legal legal_of(const State& s, const Rules& r) {
    ActionMask m;
    legal_mask(s, r, m);
    Legal out;
    for (int i = 0; i < ActionMask::kWords; ++i) {
        uint64_t word = m.w[i];
        while (word) {
            out.push_back(i * 64 + ctz64(word));
            word &= word - 1;
        }
    }
    return out;
}

int policy_decide(const State& s, const Rules& r, int seat, const Legal& legal, const Policy& p) {
    return r.solo ? solo_decide(s, r, seat, legal, p.solo) : coop_decide(s, r, seat, legal, p.coop);
}

std::vector<int> policy_ranked(const State& s, const Rules& r, int seat, const Legal& legal, const Policy& p) {
    int kind = s.pending.kind;
    if (r.solo && kind == D_ACTION) return solo_ranked(s, r, seat, legal, p.solo, true);
    int first = policy_decide(s, r, seat, legal, p);
    std::vector<int> out{first};
    if (!r.solo && kind == D_ACTION) {
        std::vector<int> rest;
        for (int a : order_of(coop_score_actions(s, r, seat, legal, p.coop))) if (a != first) rest.push_back(a);
        out.insert(out.end(), rest.begin(), rest.end());
        for (int a : legal)
            if (a != first && std::find(rest.begin(), rest.end(), a) == rest.end()) out.push_back(a);
        return out;
    }
    for (int a : legal) if (a != first) out.push_back(a);
    return out;
}

double greedy_value_after(const State& s, const Rules& r, int action, int seat, const Weights& w,
                          const CoopWeights& cw, bool row_lookahead) {
    State g = s;
    apply_legal(g, r, action);
    if (!r.solo) return coop_value(g, r, seat, cw);
    if (row_lookahead && !g.game_over && g.solo_row_c_face_up) {
        State after = run_effects(g, r, pending_row_effects(g, r));
        return board_value(after, r, w) + hero_value(g, r, seat, w);
    }
    return solo_value(g, r, seat, w);
}

// One decision of the heuristic for whoever decides (RolloutBot.step); the action is appended
// to `history` when one is given.
static void step(State& g, const Rules& r, const Policy& p, std::vector<int16_t>* history = nullptr) {
    int seat = g.pending.seat;
    Legal legal = legal_of(g, r);
    int a = legal.size() == 1 ? legal[0] : policy_decide(g, r, seat, legal, p);
    apply_legal(g, r, a);
    if (history) history->push_back(int16_t(a));
}

double rollout_playout(State& g, const Rules& r, int seat, const Policy& p, const CoopWeights& leaf,
                       int coop_horizon, std::vector<int16_t>* history) {
    int rnd = g.round;
    if (r.solo) {
        while (!g.game_over && g.round == rnd) step(g, r, p, history);
        if (g.game_over) return g.outcome == OUT_WON ? double(solo_score(g, r)) : 0.0;
        return board_value(g, r, p.solo.w);
    }
    for (int i = 0; i < coop_horizon; ++i) {
        if (g.game_over || g.round != rnd) break;
        if (g.pending.seat == seat && g.pending.kind == D_ACTION) break;
        step(g, r, p, history);
    }
    return coop_value(g, r, seat, leaf);
}

double rollout_simulate(const State& s, const Rules& r, int action, int seat, const Policy& p,
                        const CoopWeights& leaf, int coop_horizon) {
    State g = s;
    apply_legal(g, r, action);
    return rollout_playout(g, r, seat, p, leaf, coop_horizon, nullptr);
}

static double solo_leaf(const State& g, const Rules& r, const Policy& p) {
    if (g.game_over) return g.outcome == OUT_WON ? double(solo_score(g, r)) : 0.0;
    return board_value(g, r, p.solo.w);
}

std::pair<double, double> clairvoyant_simulate(const State& s, const Rules& r, int action, const Policy& p,
                                               int last_round) {
    State g = s;
    apply_legal(g, r, action);
    int rnd = g.round;
    while (!g.game_over && g.round == rnd) step(g, r, p);
    double round_end = solo_leaf(g, r, p);
    while (!g.game_over && g.round <= last_round) step(g, r, p);
    return {solo_leaf(g, r, p), round_end};
}

}  // namespace bots
