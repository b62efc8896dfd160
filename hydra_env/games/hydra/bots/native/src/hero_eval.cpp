// The hero value H and a seat's whole value (hydra_env/games/hydra/bots/features/hero_eval.py, game_eval.py).
#include <algorithm>
#include <functional>

#include "features.hpp"

namespace bots {

using namespace hydra;

static bool card_usable(Reach& reach, const Tables& t, int card) {
    switch (t.card_kind[card]) {
        case HK_MOVE: return reach.move_targets(t.card_strength[card], t.card_barea[card]).any();
        case HK_PORTAL: return reach.portal_targets().any();
        case HK_SWORD: return reach.attack != 0;
        case HK_HARPOON: return reach.on_neck >= 0;
        case HK_BARRICADE: return reach.barricade_targets() != 0;
        case HK_PROTECT: return !reach.s.shielded[reach.seat];
    }
    return false;
}

namespace {
struct AttackCard {
    int strength, bcol;
    const int* dist;
    double share;
};
}  // namespace

int card_potential(const State& s, const Rules& r, int seat, const Weights& w, std::vector<double>& pots) {
    const Tables& tables = *r.tables;
    int nc = tables.n_colours;
    Reach reach(s, r, seat);
    Bits layers[kMaxPathLen + 2];
    int n_layers = reach_layers(reach, r, int(w.reach.size()) - 1, layers);
    Bits masks[kMaxColours];
    int att[kMaxColours], necks[kMaxColours];
    attack_masks(s, r, masks);
    for (int c = 0; c < nc; ++c) att[c] = first_layer(layers, n_layers, masks[c]);
    neck_masks(s, r, masks);
    for (int c = 0; c < nc; ++c) necks[c] = first_layer(layers, n_layers, masks[c]);
    std::vector<double> disc(w.reach);
    disc.push_back(0.0);
    Gains gains[kMaxColours];
    for (int c = 0; c < nc; ++c) damage_gains(s, r, c, w, gains[c]);
    int given[kMaxColours] = {};
    Bits bar = barricade_mask(s);
    std::vector<double> fronts;
    for (int c = 0; c < nc; ++c) {
        int f = front_space(s, r, c);
        if (f >= 0 && s.head_count[c] > 0 && !bar.test(f))
            fronts.push_back(disc[size_t(first_layer(layers, n_layers, Bits::bit(f)))] * barrier_value(s, r, c, w));
    }
    if (s.walls < s.walls_at_start) {
        double repair = disc[size_t(first_layer(layers, n_layers, tables.board.city_bit))] * wall_gain(s, w);
        for (int k = 0; k < s.walls_at_start - s.walls; ++k) fronts.push_back(repair);
    }
    std::stable_sort(fronts.begin(), fronts.end(), std::greater<double>());
    size_t next_front = 0;
    pots.clear();
    int usable = 0;
    std::vector<AttackCard> attacks;
    int slots[kCardSlots];
    int n_slots = unused_slots(s, r, seat, slots);
    for (int i = 0; i < n_slots; ++i) {
        int sl = slots[i];
        int card = slot_card(s, seat, sl);
        int kind = tables.card_kind[card], strength = tables.card_strength[card], bcol = tables.card_bcol[card];
        double share = sl < kDisplaySlots ? w.shared : 1.0;
        if (card_usable(reach, tables, card)) usable += 1;
        if (kind == HK_SWORD) attacks.push_back({strength, bcol, att, share});
        else if (kind == HK_HARPOON) attacks.push_back({strength, bcol, necks, share});
        else if (kind == HK_BARRICADE) pots.push_back(next_front < fronts.size() ? share * fronts[next_front++] : 0.0);
        else pots.push_back(0.0);
    }
    std::stable_sort(attacks.begin(), attacks.end(),
                     [](const AttackCard& a, const AttackCard& b) { return -a.strength < -b.strength; });
    int n_disc = int(disc.size());
    for (const AttackCard& a : attacks) {
        double best = 0.0;
        int best_c = -1, best_d = 0;
        for (int c = 0; c < nc; ++c) {
            if (a.dist[c] >= n_disc - 1) continue;
            int d = a.strength + (c == a.bcol ? 1 : 0);
            int top = kMostDamage;
            double v = disc[size_t(a.dist[c])] *
                       (gains[c][std::min(given[c] + d, top)] - gains[c][std::min(given[c], top)]);
            if (v > best) { best = v; best_c = c; best_d = d; }
        }
        if (best_c >= 0) given[best_c] += best_d;
        pots.push_back(a.share * best);
    }
    return usable;
}

double barricade_gain(const State& s, const Rules& r, int seat, const Weights& w) {
    int here = s.hero_space[seat];
    if (here == r.tables->board.city) return wall_gain(s, w);
    for (int c = 0; c < r.tables->n_colours; ++c)
        if (front_space(s, r, c) == here) return barrier_value(s, r, c, w);
    return 0.0;
}

double hero_value(const State& s, const Rules& r, int seat, const Weights& w, int left) {
    double v = 0.0;
    if (left) {
        std::vector<double> pots;
        int usable = card_potential(s, r, seat, w, pots);
        std::stable_sort(pots.begin(), pots.end(), std::greater<double>());
        int n = int(pots.size());
        // Python's pots[:left], a negative `left` included
        int take = left >= 0 ? std::min(left, n) : std::max(0, n + left);
        double sum = 0.0;
        for (int i = 0; i < take; ++i) sum += pots[size_t(i)];
        v += w.damage * sum;
        v += w.use * std::min(usable, left);
        v -= w.leftover * std::max(0, n - left);
    }
    Bits bar = barricade_mask(s);
    for (int c = 0; c < r.tables->n_colours; ++c) {
        int f = front_space(s, r, c);
        if (f >= 0 && bar.test(f)) v += barrier_value(s, r, c, w);
    }
    if (hero_exposed(s, r, seat)) v -= w.exposed;
    if (s.shielded[seat]) v += w.shield;
    bool last_round = s.round + 1 == s.n_moon;
    if (r.solo && last_round && r.tables->board.wall_mask.test(s.hero_space[seat])) v -= w.on_wall_last;
    return v;
}

double hero_value(const State& s, const Rules& r, int seat, const Weights& w) {
    return hero_value(s, r, seat, w, tokens_left(s, r, seat));
}

double value_at(const State& s, const Rules& r, int seat, int space, int used_slot, const Weights& w) {
    int left = tokens_left(s, r, seat) - 1;
    State t = s;
    t.hero_space[seat] = int16_t(space);
    if (0 <= used_slot && used_slot < kDisplaySlots) t.display_token[used_slot] = 1;
    else if (used_slot >= kDisplaySlots) t.action_hand_used[seat][used_slot - kDisplaySlots] = 1;
    return hero_value(t, r, seat, w, left);
}

double solo_value(const State& s, const Rules& r, int seat, const Weights& w) {
    double v = board_value(s, r, w);
    if (s.game_over) return v;
    return v + hero_value(s, r, seat, w);
}

double glory_lead(const State& s, int seat) {
    bool any = false;
    int best = 0;
    for (int h = 0; h < s.players; ++h) {
        if (h == seat) continue;
        if (!any || s.glory[h] > best) best = s.glory[h];
        any = true;
    }
    return any ? double(s.glory[seat] - best) : 0.0;
}

double coop_value(const State& s, const Rules& r, int seat, const CoopWeights& w) {
    if (s.game_over) {
        bool won = s.outcome == OUT_WON;
        int order[kMaxPlayers];
        glory_ranking(s, order);
        int rank = 0;
        while (order[rank] != seat) ++rank;
        double own = (s.players - 1 - rank) * 10.0;
        if (won) return 200.0 * w.city + own * w.rank * (rank == 0 ? 3.0 : 1.0);
        return kLoss * w.city - (rank == s.players - 1 ? 30.0 * w.rank : 0.0);
    }
    double v = w.city * board_value(s, r, w.board);
    v += hero_value(s, r, seat, w.board);
    v += w.glory * glory_lead(s, seat);
    return v;
}

}  // namespace bots
