// The solo rules of the heuristic bot (hydra_env/games/hydra/bots/heuristic_solo.py), decision for decision.
#include <algorithm>

#include "rules.hpp"

namespace bots {

using namespace hydra;

std::pair<double, int> max_pair(const Scored& scored) {
    std::pair<double, int> best = scored[0];
    for (const auto& x : scored)
        if (x.first > best.first || (x.first == best.first && x.second > best.second)) best = x;
    return best;
}

std::vector<int> order_of(const Scored& scored) {
    Scored sorted(scored);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const std::pair<double, int>& a, const std::pair<double, int>& b) { return -a.first < -b.first; });
    std::vector<int> out;
    for (const auto& x : sorted) out.push_back(x.second);
    return out;
}

namespace {

struct Context {
    int left = 0;
    std::vector<int> plan;
    std::vector<std::pair<int, double>> harm;  // slot -> harm, in unused_slots order
    double city_cost = 0.0;
    Scored attacks;
};

double harm_of_slot(const Context& ctx, int slot) {
    for (const auto& h : ctx.harm) if (h.first == slot) return h.second;
    return 0.0;
}

bool is_attack(int k) { return k == A_SWORD || k == A_HARPOON || k == A_CITY_SWORD || k == A_CITY_HARPOON; }

double attack_value(const State& s, const Rules& r, int seat, int a, const Gains* gains, double city_cost) {
    const Codec& codec = r.tables->codec;
    int k = codec.kind[a], arg = codec.arg[a];
    int c, dmg;
    attack(s, r, seat, a, c, dmg);
    if (k == A_SWORD || k == A_HARPOON) {
        int forgone = k == A_SWORD ? (arg & 1) : arg;
        return gains[c][std::min(dmg, kMostDamage)] - (forgone ? 0.01 : 0.0);
    }
    return gains[c][1] - city_cost - 0.05;
}

Context context(const State& s, const Rules& r, int seat, const Legal& legal, const SoloParams& p) {
    const Weights& w = p.w;
    Context ctx;
    ctx.left = tokens_left(s, r, seat);
    int slots[kCardSlots];
    int n = unused_slots(s, r, seat, slots);
    std::vector<double> values;
    for (int i = 0; i < n; ++i) {
        double h = effect_harm(s, r, card_effects(r, s.display[slots[i]], false), w);
        ctx.harm.push_back({slots[i], h});
        values.push_back(h);
    }
    if (s.phase == PH_ACTIONS_II) ctx.plan = block_plan(s, r, ctx.left, values, w, p.block_margin);
    int spare = ctx.left - int(ctx.plan.size()) - int(ctx.harm.size());
    std::sort(values.begin(), values.end());
    ctx.city_cost = spare > 0 ? 0.0 : (values.empty() ? 0.0 : values[0]);
    Gains gains[kMaxColours];
    for (int c = 0; c < r.tables->n_colours; ++c) damage_gains(s, r, c, w, gains[c]);
    for (int a : legal)
        if (is_attack(r.tables->codec.kind[a]))
            ctx.attacks.push_back({attack_value(s, r, seat, a, gains, ctx.city_cost), a});
    return ctx;
}

int target_distance(const State& s, const Rules& r, int seat, int a) {
    const Codec& codec = r.tables->codec;
    int k = codec.kind[a], arg = codec.arg[a];
    int c = k == A_SWORD ? arg >> 1 : k == A_CITY_SWORD ? arg : on_neck_colour(s, r, seat);
    return s.head_count[c] > 0 ? distance_to_wall(s, r, c) : 99;
}

int barricade_choice(const State& s, const Rules& r, int seat, const std::vector<int>& card_acts) {
    const Codec& codec = r.tables->codec;
    std::vector<int> bars;
    for (int a : card_acts) if (codec.kind[a] == A_BARRICADE) bars.push_back(a);
    if (bars.empty()) return -1;
    int here = s.hero_space[seat];
    if (here == r.tables->board.city) return bars[0];
    for (int c = 0; c < r.tables->n_colours; ++c) {
        if (front_space(s, r, c) == here && s.head_count[c] > 0 && distance_to_wall(s, r, c) <= 4) {
            for (int a : bars) if (codec.arg[a] < 0) return a;  // min(bars, key=arg >= 0)
            return bars[0];
        }
    }
    return -1;
}

int priority(const State& s, const Rules& r, int seat, const std::vector<int>& card_acts, const Context& ctx,
             const SoloParams& p) {
    const Codec& codec = r.tables->codec;
    if (!ctx.plan.empty() && (ctx.left <= int(ctx.plan.size()) || card_acts.empty()))
        return codec.block_base + ctx.plan[0];
    Scored urgent;
    for (const auto& x : ctx.attacks)
        if (target_distance(s, r, seat, x.second) <= p.urgent_d) urgent.push_back(x);
    if (!urgent.empty() && max_pair(urgent).first > 0) return max_pair(urgent).second;
    if (p.barricade_rule) return barricade_choice(s, r, seat, card_acts);
    return -1;
}

double block_harm(const State& s, const Rules& r, int a, const Weights& w) {
    int card = s.solo_row_c[r.tables->codec.arg[a]];
    return effect_harm(s, r, card_effects(r, card, true), w);
}

Scored scores(const State& s, const Rules& r, int seat, const Legal& legal, const Context& ctx, const SoloParams& p) {
    const Weights& w = p.w;
    const Codec& codec = r.tables->codec;
    double base = value_at(s, r, seat, s.hero_space[seat], -1, w);
    bool exposed = hero_exposed(s, r, seat);
    Scored out;
    for (int a : legal) {
        int k = codec.kind[a], slot = codec.slot[a];
        if (k == A_BLOCK) {
            out.push_back({block_harm(s, r, a, w) - ctx.city_cost, a});
            continue;
        }
        double now = 0.0;
        for (const auto& x : ctx.attacks) if (x.second == a) now = x.first;
        if (k == A_CITY_SWORD || k == A_CITY_HARPOON) now += ctx.city_cost;
        int dest = (k == A_DEST || k == A_CITY_MOVE || k == A_CITY_PORTAL) ? codec.arg[a] : s.hero_space[seat];
        if (k == A_BARRICADE) now += barricade_gain(s, r, seat, w);
        else if ((k == A_PROTECT || k == A_CITY_PROTECT) && exposed) now += w.exposed + w.shield;
        int used = k <= A_PROTECT ? slot : -1;
        double v = now + value_at(s, r, seat, dest, used, w) - base;
        if (used < 0) v -= ctx.city_cost;
        else v += p.order_credit * harm_of_slot(ctx, slot);
        out.push_back({v, a});
    }
    return out;
}

int last_resort(const State& s, const Rules& r, int seat, const Legal& legal, const Context& ctx,
                const SoloParams& p) {
    const Weights& w = p.w;
    const Codec& codec = r.tables->codec;
    double base = value_at(s, r, seat, s.hero_space[seat], -1, w);
    Scored options(ctx.attacks);
    for (int a : legal) {
        int k = codec.kind[a];
        if (k == A_CITY_MOVE || k == A_CITY_PORTAL)
            options.push_back({value_at(s, r, seat, codec.arg[a], -1, w) - base - ctx.city_cost, a});
        else if (k == A_CITY_PROTECT && hero_exposed(s, r, seat))
            options.push_back({w.exposed - ctx.city_cost, a});
        else if (k == A_PASS)
            options.push_back({-ctx.city_cost, a});
        else if (k == A_BLOCK)
            options.push_back({block_harm(s, r, a, w) - ctx.city_cost, a});
    }
    return options.empty() ? legal[0] : max_pair(options).second;
}

}  // namespace

std::vector<int> solo_ranked(const State& s, const Rules& r, int seat, const Legal& legal, const SoloParams& p,
                             bool full) {
    const Codec& codec = r.tables->codec;
    std::vector<int> card_acts;
    for (int a : legal) if (codec.kind[a] <= A_PROTECT) card_acts.push_back(a);
    Context ctx = context(s, r, seat, legal, p);
    int first = priority(s, r, seat, card_acts, ctx, p);
    if (first >= 0 && !full) return {first};
    Scored scored = scores(s, r, seat, legal, ctx, p);
    std::vector<int> order = order_of(scored);
    if (first < 0) {
        bool take = !order.empty() && (max_pair(scored).first > -ctx.city_cost || ctx.plan.empty());
        first = take ? order[0] : last_resort(s, r, seat, legal, ctx, p);
    }
    std::vector<int> out{first};
    for (int a : order) if (a != first) out.push_back(a);
    return out;
}

Scored solo_scored(const State& s, const Rules& r, int seat, const Legal& legal, const SoloParams& p) {
    Context ctx = context(s, r, seat, legal, p);
    return scores(s, r, seat, legal, ctx, p);
}

std::vector<int> block_plan(const State& s, const Rules& r, int left, const std::vector<double>& harm,
                            const Weights& w, double margin) {
    std::vector<std::pair<double, int>> rows;
    for (int j = 0; j < s.solo_row_c.size(); ++j) {
        int card = s.solo_row_c[j];
        if (card >= 0 && !s.solo_row_c_blocked[j])
            rows.push_back({effect_harm(s, r, card_effects(r, card, true), w), j});
    }
    std::sort(rows.begin(), rows.end(), [](const std::pair<double, int>& a, const std::pair<double, int>& b) {
        return a.first > b.first || (a.first == b.first && a.second > b.second);
    });
    std::vector<double> cards(harm);
    std::sort(cards.begin(), cards.end());
    int n_cards = int(cards.size());
    std::vector<int> plan;
    for (const auto& row : rows) {
        int n_plan = int(plan.size());
        int n_left = std::max(0, n_cards - (left - n_plan - 1));
        double extra = (0 < n_left && n_left <= n_cards) ? cards[size_t(n_left - 1)] : 0.0;
        if (n_plan + 1 > left || row.first <= extra + margin) break;
        plan.push_back(row.second);
    }
    return plan;
}

int place_choice(const State& s, const Rules& r, int seat, const Legal& legal, const Weights& w) {
    const Codec& codec = r.tables->codec;
    Bits danger = danger_mask(s, r);
    bool have = false;
    double best_v = 0.0;
    int best = legal[0];
    for (int a : legal) {
        int sp = codec.arg[a];
        double v = value_at(s, r, seat, sp, -1, w) - (danger.test(sp) ? 3.0 : 0.0);
        if (!have || v > best_v) { have = true; best_v = v; best = a; }
    }
    return best;
}

int follow_choice(const State& s, const Rules& r, int seat, const Weights& w) {
    double here = value_at(s, r, seat, s.hero_space[seat], -1, w);
    double there = value_at(s, r, seat, s.pending.follow_space, -1, w);
    return there >= here ? r.tables->codec.yes : r.tables->codec.no;
}

int solo_decide(const State& s, const Rules& r, int seat, const Legal& legal, const SoloParams& p) {
    int kind = s.pending.kind;
    if (kind == D_ACTION) return solo_ranked(s, r, seat, legal, p, false)[0];
    if (kind == D_FOLLOW) return follow_choice(s, r, seat, p.w);
    return place_choice(s, r, seat, legal, p.w);
}

}  // namespace bots
