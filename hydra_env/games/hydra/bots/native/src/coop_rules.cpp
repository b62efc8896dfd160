// The coordinated rules of the heuristic bot, styles defender and glory (hydra_env/games/hydra/bots/heuristic_coop.py).
#include <algorithm>

#include "rules.hpp"

namespace bots {

using namespace hydra;

namespace {

constexpr double kHarmless = 0.3;
constexpr double kShoveCity = 1.0;
constexpr int kDangerWalls = 2, kDangerWallsFront = 4;

double card_worth(int kind) {
    switch (kind) {
        case HK_SWORD: return 2.0;
        case HK_HARPOON: case HK_BARRICADE: return 1.5;
        case HK_MOVE: case HK_PORTAL: return 1.0;
        default: return 0.5;  // HK_PROTECT
    }
}

bool in_danger(const State& s, const Rules& r) {
    if (s.walls <= kDangerWalls) return true;
    if (s.walls > kDangerWallsFront) return false;
    for (int c = 0; c < r.tables->n_colours; ++c)
        if (s.head_count[c] > 0 && distance_to_wall(s, r, c) == 0) return true;
    return false;
}

void style_weights(const State& s, const Rules& r, const CoopParams& p, double& city_w, double& glory_w) {
    if (p.glory_style && in_danger(s, r)) { city_w = 1.0; glory_w = 0.3; return; }
    city_w = p.city_w;
    glory_w = p.glory_w;
}

int buckle(const State& s, const Rules& r, int seat, const CoopParams& p) {
    const auto& hand = s.action_hands[seat];
    double worth = 0.0;
    for (int i = 0; i < hand.size(); ++i) {
        int k = r.tables->card_kind[hand[i]];
        worth += (k == HK_PROTECT && s.shielded[seat]) ? 0.0 : card_worth(k);
    }
    return (!hand.empty() && worth < p.buckle_min * hand.size()) ? r.tables->codec.yes : r.tables->codec.no;
}

void hydra_outcome(const State& s, const Rules& r, int seat, int k, const CoopParams& p, double& harm, double& lead) {
    State after = run_effects(s, r, card_effects(r, s.hydra_hands[seat][k], true));
    if (after.game_over) { harm = 1000.0; lead = 0.0; return; }
    harm = board_value(s, r, p.w) - board_value(after, r, p.w);
    lead = glory_lead(after, seat) - glory_lead(s, seat);
}

// The held hydra card cheapest to play now: false when there is none.
bool best_hydra(const State& s, const Rules& r, int seat, const Legal& legal, const CoopParams& p,
                double& best_cost, int& best_a) {
    const Codec& codec = r.tables->codec;
    double city_w, glory_w;
    style_weights(s, r, p, city_w, glory_w);
    bool have = false;
    for (int a : legal) {
        if (codec.kind[a] != A_PLAY_HYDRA) continue;
        double harm, lead;
        hydra_outcome(s, r, seat, codec.arg[a], p, harm, lead);
        double cost = city_w * harm - glory_w * lead;
        if (!have || cost < best_cost) { have = true; best_cost = cost; best_a = a; }
    }
    return have;
}

int after(const State& s, const Rules& r, int seat, const Legal& legal, const CoopParams& p) {
    const Codec& codec = r.tables->codec;
    double cost = 0.0;
    int a = -1;
    bool have = best_hydra(s, r, seat, legal, p, cost, a);
    bool can_end = std::find(legal.begin(), legal.end(), codec.end_turn) != legal.end();
    if (!can_end || (have && cost <= kHarmless)) return have ? a : legal[0];
    return codec.end_turn;
}

double city_cost(const State& s, const Rules& r, int seat, const CoopParams& p) {
    int hand[kHandSlots];
    int n = 0;
    for (int k = 0; k < s.action_hand_used[seat].size(); ++k)
        if (!s.action_hand_used[seat][k]) hand[n++] = kDisplaySlots + k;
    if (tokens_left(s, r, seat) > n || n == 0) return 0.0;
    double best = 0.0;
    for (int i = 0; i < n; ++i) {
        double h = effect_harm(s, r, card_effects(r, slot_card(s, seat, hand[i]), false), p.w);
        if (i == 0 || h < best) best = h;
    }
    return best;
}

int action(const State& s, const Rules& r, int seat, const Legal& legal, const CoopParams& p) {
    double cost = 0.0;
    int a = -1;
    if (best_hydra(s, r, seat, legal, p, cost, a) && cost <= kHarmless) return a;
    return max_pair(coop_score_actions(s, r, seat, legal, p)).second;
}

}  // namespace

Scored coop_score_actions(const State& s, const Rules& r, int seat, const Legal& legal, const CoopParams& p) {
    const Weights& w = p.w;
    const Codec& codec = r.tables->codec;
    double city_w, glory_w;
    style_weights(s, r, p, city_w, glory_w);
    Gains gains[kMaxColours];
    for (int c = 0; c < r.tables->n_colours; ++c) damage_gains(s, r, c, w, gains[c]);
    double cost = city_cost(s, r, seat, p);
    bool exposed = hero_exposed(s, r, seat);
    int here = s.hero_space[seat];
    double base = value_at(s, r, seat, here, -1, w);
    Scored out;
    for (int a : legal) {
        int k = codec.kind[a], slot = codec.slot[a];
        if (k == A_PLAY_HYDRA || k == A_END_TURN) continue;
        int c, dmg;
        attack(s, r, seat, a, c, dmg);
        double now = dmg ? gains[c][std::min(dmg, kMostDamage)] : 0.0;
        double glory = double(dmg);
        int dest = (k == A_DEST || k == A_CITY_MOVE || k == A_CITY_PORTAL) ? codec.arg[a] : here;
        if (k == A_BARRICADE) {
            now += barricade_gain(s, r, seat, w);
            glory += 1.0;
        } else if ((k == A_PROTECT || k == A_CITY_PROTECT) && exposed) {
            now += w.exposed + w.shield;
            glory += 0.5;
        }
        if (dest != here && dest != r.tables->board.city && hero_at(s, dest, seat) >= 0) {
            glory -= 1.0;
            now -= kShoveCity;
        }
        int used = k <= A_PROTECT ? slot : -1;
        double pos = value_at(s, r, seat, dest, used, w) - base;
        double v = city_w * (now + pos) + glory_w * glory;
        if (used < 0) v -= city_w * cost;
        else if (slot >= kDisplaySlots) v += 0.05;
        out.push_back({v, a});
    }
    return out;
}

int coop_decide(const State& s, const Rules& r, int seat, const Legal& legal, const CoopParams& p) {
    int kind = s.pending.kind;
    if (kind == D_BUCKLE_UP) return buckle(s, r, seat, p);
    if (kind == D_ACTION) return action(s, r, seat, legal, p);
    if (kind == D_AFTER_ACTION) return after(s, r, seat, legal, p);
    if (kind == D_FOLLOW) return follow_choice(s, r, seat, p.w);
    return place_choice(s, r, seat, legal, p.w);
}

}  // namespace bots
