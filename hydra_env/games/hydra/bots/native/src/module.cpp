// Python bindings of the native bots: the module hydra_env.games.hydra.bots._native_bots (nanobind).
//
// Every function takes the C++ game of a hydra_env NativeGame (its `._native`, the type bound
// by hydra_env.games.hydra._native, shared across modules built with the same nanobind) and reads its
// state; nothing here changes the game (rollout_playout returns a new one). Weights come from
// hydra_env/games/hydra/bots/features/weights.py.
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/vector.h>

#include <string>

#include "game.hpp"
#include "rules.hpp"

namespace nb = nanobind;
using namespace bots;

namespace {

double getf(nb::dict d, const char* name) { return nb::cast<double>(d[name]); }

std::vector<double> gett(nb::dict d, const char* name) {
    std::vector<double> out;
    for (nb::handle h : nb::borrow<nb::sequence>(d[name])) out.push_back(nb::cast<double>(h));
    return out;
}

Weights make_weights(nb::dict d) {
    Weights w;
    w.wall = getf(d, "wall");
    w.bite = getf(d, "bite");
    w.dormant = getf(d, "dormant");
    w.low_walls = getf(d, "low_walls");
    w.use = getf(d, "use");
    w.damage = getf(d, "damage");
    w.leftover = getf(d, "leftover");
    w.barrier = getf(d, "barrier");
    w.barrier_dormant = getf(d, "barrier_dormant");
    w.barrier_threat = getf(d, "barrier_threat");
    w.exposed = getf(d, "exposed");
    w.shield = getf(d, "shield");
    w.on_wall_last = getf(d, "on_wall_last");
    w.shared = getf(d, "shared");
    w.front = gett(d, "front");
    w.crowd = gett(d, "crowd");
    w.reach = gett(d, "reach");
    if (w.reach.empty()) throw nb::value_error("weights: reach needs at least one entry");
    if (w.reach.size() > size_t(hydra::kMaxPathLen)) throw nb::value_error("weights: reach is too long");
    return w;
}

const hydra::State& state_of(const hydra::Game& g) {
    if (!g.state.has_pending) throw nb::value_error("the game has no pending decision");
    return g.state;
}

// The actions must be legal now: the native engine applies them unchecked.
const Legal& checked(hydra::Game& g, const Legal& actions) {
    for (int a : actions)
        if (!g.is_legal(a)) throw nb::value_error(("action " + std::to_string(a) + " is not legal now").c_str());
    return actions;
}

}  // namespace

NB_MODULE(_native_bots, m) {
    m.doc() = "Native evaluation and decisions of the scripted bots (hydra_env.games.hydra.bots.greedy, heuristic, rollout).";
    nb::class_<Weights>(m, "Weights", "hydra_env.games.hydra.bots.features.SoloWeights, native (opaque).");
    nb::class_<CoopWeights>(m, "CoopWeights", "hydra_env.games.hydra.bots.features.CoopWeights, native (opaque).");
    nb::class_<Policy>(m, "Policy", "The heuristic's solo and coordinated rule parameters (opaque).");
    m.def("weights", &make_weights, nb::arg("fields"), "Weights from the fields of a SoloWeights (a dict).");
    m.def("coop_weights", [](double city, double glory, double rank, const Weights& board) {
            return CoopWeights{city, glory, rank, board};
        }, nb::arg("city"), nb::arg("glory"), nb::arg("rank"), nb::arg("board"));
    m.def("policy", [](const Weights& solo_w, double block_margin, double order_credit, int urgent_d,
                       bool barricade_rule, const Weights& coop_w, double city_w, double glory_w,
                       double buckle_min, bool glory_style) {
            Policy p;
            p.solo = SoloParams{solo_w, block_margin, order_credit, urgent_d, barricade_rule};
            p.coop = CoopParams{coop_w, city_w, glory_w, buckle_min, glory_style};
            return p;
        }, nb::arg("solo_weights"), nb::arg("block_margin"), nb::arg("order_credit"), nb::arg("urgent_d"),
        nb::arg("barricade_rule"), nb::arg("coop_weights"), nb::arg("city_w"), nb::arg("glory_w"),
        nb::arg("buckle_min"), nb::arg("glory_style"));
    m.def("heuristic_decide", [](const hydra::Game& g, int seat, const Legal& legal, const Policy& p) {
            return policy_decide(state_of(g), g.rules(), seat, legal, p);
        }, nb::arg("game"), nb::arg("seat"), nb::arg("legal"), nb::arg("policy"),
        "HeuristicBot's decision (SoloRules.decide / CoopRules.decide) on a sampled game.");
    m.def("heuristic_ranked", [](const hydra::Game& g, int seat, const Legal& legal, const Policy& p) {
            return policy_ranked(state_of(g), g.rules(), seat, legal, p);
        }, nb::arg("game"), nb::arg("seat"), nb::arg("legal"), nb::arg("policy"),
        "HeuristicBot.ranked: the legal actions best first.");
    m.def("heuristic_scores", [](const hydra::Game& g, int seat, const Legal& legal, const Policy& p) {
            const hydra::State& s = state_of(g);
            return g.rules().solo ? solo_scored(s, g.rules(), seat, legal, p.solo)
                                  : coop_score_actions(s, g.rules(), seat, legal, p.coop);
        }, nb::arg("game"), nb::arg("seat"), nb::arg("legal"), nb::arg("policy"),
        "(score, action) of each hero action: SoloRules.scored / CoopRules.score_actions.");
    m.def("greedy_values", [](hydra::Game& g, int seat, const Legal& legal, const Weights& w,
                              const CoopWeights& cw, bool row_lookahead) {
            const hydra::State& s = state_of(g);
            std::vector<double> out;
            for (int a : checked(g, legal)) out.push_back(greedy_value_after(s, g.rules(), a, seat, w, cw, row_lookahead));
            return out;
        }, nb::arg("game"), nb::arg("seat"), nb::arg("legal"), nb::arg("weights"), nb::arg("coop_weights"),
        nb::arg("row_lookahead"), "GreedyBot.value_after of every legal action.");
    m.def("rollout_simulate", [](hydra::Game& g, int action, int seat, const Policy& p,
                                 const CoopWeights& leaf, int coop_horizon) {
            checked(g, Legal{action});
            return rollout_simulate(state_of(g), g.rules(), action, seat, p, leaf, coop_horizon);
        }, nb::arg("game"), nb::arg("action"), nb::arg("seat"), nb::arg("policy"), nb::arg("leaf"),
        nb::arg("coop_horizon"), "RolloutBot.simulate: the value at the horizon after `action`.");
    m.def("rollout_playout", [](hydra::Game& g, int action, int seat, const Policy& p,
                                const CoopWeights& leaf, int coop_horizon) {
            checked(g, Legal{action});
            state_of(g);
            hydra::Game out = g;
            out.apply(action);
            double value = rollout_playout(out.state, out.rules(), seat, p, leaf, coop_horizon, &out.history);
            out.mask_valid = false;
            return std::make_pair(out, value);
        }, nb::arg("game"), nb::arg("action"), nb::arg("seat"), nb::arg("policy"), nb::arg("leaf"),
        nb::arg("coop_horizon"),
        "(leaf game, value): rollout_simulate on a copy of the game, the copy at the horizon returned too "
        "(a new game; `game` is unchanged).");
    m.def("clairvoyant_simulate", [](hydra::Game& g, int action, const Policy& p, int last_round) {
            if (!g.rules().solo) throw nb::value_error("clairvoyant_simulate: solo games only");
            checked(g, Legal{action});
            return clairvoyant_simulate(state_of(g), g.rules(), action, p, last_round);
        }, nb::arg("game"), nb::arg("action"), nb::arg("policy"), nb::arg("last_round"),
        "agents.clairvoyant: (value at the end of round `last_round`, value at the end of the current "
        "round) of the heuristic after `action` on a copy of the true game (analysis only).");
    m.def("board_value", [](const hydra::Game& g, const Weights& w) {
            return board_value(g.state, g.rules(), w);
        }, nb::arg("game"), nb::arg("weights"), "hydra_env.games.hydra.bots.features.board_value of the game's state.");
}
