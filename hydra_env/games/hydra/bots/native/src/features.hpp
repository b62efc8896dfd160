// The scripted bots' evaluation (hydra_env/games/hydra/bots/features/*.py) on the native engine's plain-copy state.
//
// Every function mirrors the Python function of the same name, with the same operation order
// in double precision, so that values, ties and argmaxes are identical on both engines.
// Weights are defined in Python (hydra_env/games/hydra/bots/features/weights.py) and handed over as a Weights.
#pragma once

#include <vector>

#include "engine.hpp"
#include "hero_facts.hpp"

namespace bots {

using hydra::Bits;
using hydra::Rules;
using hydra::State;
// Read off a state by the engine (hero_facts.hpp), as the Python bots call hydra_env.games.hydra.rules.heroes.
using hydra::attack;
using hydra::on_neck_colour;
using hydra::slot_card;

constexpr double kLoss = -1000.0;  // hydra_env.games.hydra.bots.features.LOSS
constexpr int kMostDamage = 12;    // damage_gains(most=12)

// hydra_env.games.hydra.bots.features.SoloWeights (the tuples as arrays with their lengths).
struct Weights {
    double wall = 1.0, bite = 0.5, dormant = 0.3, low_walls = 2.0, use = 0.3, damage = 0.8;
    double leftover = 3.0, barrier = 2.0, barrier_dormant = 0.5, barrier_threat = 0.5;
    double exposed = 0.5, shield = 0.3, on_wall_last = 5.0, shared = 1.0;
    std::vector<double> front, crowd, reach;
};

// hydra_env.games.hydra.bots.features.CoopWeights.
struct CoopWeights {
    double city = 1.0, glory = 0.3, rank = 1.0;
    Weights board;
};

using Gains = double[kMostDamage + 1];

// ---- board_facts.py / board_eval.py (board_eval.cpp)
int head_space(const State& s, const Rules& r, int colour);
int distance_to_wall(const State& s, const Rules& r, int colour);
int front_space(const State& s, const Rules& r, int colour);
Bits danger_mask(const State& s, const Rules& r);
bool hero_exposed(const State& s, const Rules& r, int seat);
int reach_layers(hydra::Reach& reach, const Rules& r, int depth, Bits* layers);
int first_layer(const Bits* layers, int n, const Bits& target);
void attack_masks(const State& s, const Rules& r, Bits* out);
void neck_masks(const State& s, const Rules& r, Bits* out);
double threat(const Weights& w, int distance, int counter);
double head_threat(const State& s, const Rules& r, int colour, const Weights& w);
int solo_score(const State& s, const Rules& r);
double board_value(const State& s, const Rules& r, const Weights& w);
double wall_gain(const State& s, const Weights& w);
double barrier_value(const State& s, const Rules& r, int colour, const Weights& w);
void damage_gains(const State& s, const Rules& r, int colour, const Weights& w, Gains& out);

// ---- card_facts.py (card_eval.cpp)
using Effects = std::vector<hydra::EffectTask>;
int tokens_left(const State& s, const Rules& r, int seat);
int unused_slots(const State& s, const Rules& r, int seat, int* out);
Effects card_effects(const Rules& r, int card, bool hydra_card);
Effects pending_row_effects(const State& s, const Rules& r);
State run_effects(const State& s, const Rules& r, const Effects& effects);
double effect_harm(const State& s, const Rules& r, const Effects& effects, const Weights& w);

// ---- hero_eval.py / game_eval.py (hero_eval.cpp)
int card_potential(const State& s, const Rules& r, int seat, const Weights& w, std::vector<double>& pots);
double barricade_gain(const State& s, const Rules& r, int seat, const Weights& w);
double hero_value(const State& s, const Rules& r, int seat, const Weights& w, int left);
double hero_value(const State& s, const Rules& r, int seat, const Weights& w);
double value_at(const State& s, const Rules& r, int seat, int space, int used_slot, const Weights& w);
double solo_value(const State& s, const Rules& r, int seat, const Weights& w);
double coop_value(const State& s, const Rules& r, int seat, const CoopWeights& w);
double glory_lead(const State& s, int seat);

}  // namespace bots
