// Hadara's `greedy` and `specialist` bots in C++ (hydra_env/games/hadara/bots.py: value, _medals,
// _after, _integrate_mean, GreedyBot.act), choice for choice: the Python bot stays the reference
// (tests/games/hadara/test_native_greedy.py compares them decision by decision), and the
// `rollout` search bot (hydra_env/games/hadara/search.py) plays its playouts with this one.
//
// V is computed in the Python bot's arithmetic order, in doubles (an integration adds the mean
// back of its level to the tracks, so tracks may be fractional there). The WHEEL, which the
// Python bot sets at random from its own generator, is set here from the playout's CounterRng.
//
// The effects of one action on a copy of the state (bots._after) are the rules' own carry_out,
// buy and sell (rules.cpp, declared in hadara.hpp): every kind but WHEEL and DRAFT goes through
// carry_out; a DRAFT choice buys or sells directly, as the Python bot does.
#include <algorithm>
#include <functional>

#include "greedy.hpp"

namespace hadara {

namespace {

constexpr double kKappa[4] = {1.35, 0.75, 0.742, 0.4};

// ---------------------------------------------------------------- V (bots.value)

int steps_left(const State& s, int first, int second) {  // bots._left
    return (s.step <= first) + (s.step <= second) + 2 * (2 - s.epoch);
}

int picks_left(const State& s, int seat) {  // bots.picks_left
    const int n = s.players, later = 10 * (2 - s.epoch);
    if (s.step <= S_DRAFT) return (5 - s.round) + 5 + later;
    if (s.step == S_PICK) {
        int count = 0;
        for (int k = s.picks; k < 5 * n; ++k) count += s.order_seat(k % n) == seat;
        return count + later;
    }
    return later;
}

double sum_best(double* options, int count, int keep) {  // sum(sorted(options, reverse=True)[:keep])
    std::sort(options, options + count, std::greater<double>());
    double total = 0.0;
    for (int i = 0; i < count && i < keep; ++i) total += options[i];
    return total;
}

// bots._medals: silver and gold medals held and worth buying, before the last medal step.
double medals(const State& s, const Tables& t, int seat, const double* tracks, double coin, double growth,
              int income_left) {
    const size_t st = size_t(seat);
    const int e = s.epoch;
    const auto& silver = s.silver[st];
    double v = 0.0;
    for (int i = 0; i < silver.size(); ++i) v += 0.5 * (tracks[silver[i]] + growth);
    int open_silver = t.silver_spaces - silver.size();
    if (open_silver > 0) {
        double worth[kTracks];
        int count = 0;
        for (int track = 0; track < kTracks; ++track)
            if (s.tiles[st][size_t(track)] > 0) worth[count++] = 0.5 * (tracks[track] + growth);
        std::sort(worth, worth + count, std::greater<double>());
        double extra = 0.0;
        for (int i = 0; i < count && i < open_silver; ++i)
            extra += 0.8 * std::max(0.0, worth[i] - coin * t.silver_price[size_t(e)]);
        v += extra;
    }
    int counts[kColours] = {0, 0, 0, 0, 0};
    const auto& tab = s.tableau[st];
    for (int i = 0; i < tab.size(); ++i) counts[t.cards[size_t(tab[i])].colour] += 1;
    std::sort(counts, counts + kColours);
    double medal = t.gold_points_per_set * (counts[0] + 0.18 * (counts[1] - counts[0]) + 0.55 * income_left);
    v += medal * s.gold[st];
    v += (t.gold_spaces - s.gold[st]) * 0.8 * std::max(0.0, medal - coin * t.gold_price[size_t(e)]);
    return v;
}

int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

}  // namespace

double greedy_value(const State& s, const Tables& t, int seat, int colour, const double* extra) {
    const size_t st = size_t(seat);
    const int e = s.epoch;
    const double k_now = kKappa[e], k_next = kKappa[e + 1];
    const int income_left = steps_left(s, S_INCOME_A, S_INCOME_B);
    const int colony_left = steps_left(s, S_COLONY_A, S_COLONY_B);
    const int statue_left = steps_left(s, S_STATUE_A, S_STATUE_B);
    const int p_left = picks_left(s, seat);
    const double horizon = 2 + 3.75 * income_left;
    double tracks[kTracks];
    for (int k = 0; k < kTracks; ++k) tracks[k] = s.tracks[st][size_t(k)] + (extra ? extra[k] : 0.0);
    const int coins = s.coins[st];
    const std::array<int, 6> parts = breakdown(s, t, seat);
    double v = double(parts[0] + parts[1] + parts[2]);
    const bool last = e == 2 && s.step >= S_MEDAL;
    if (last) v += floor_div(coins, t.coins_per_point);
    else v += k_now * coins;
    v += tracks[INCOME] * income_left * (k_now + k_next) / 2;
    const int cards = s.tableau[st].size();
    v += 0.12 * p_left * k_next * cards + 0.4 * p_left * k_next * sell_bonus(s, t, seat);

    auto reach = [horizon](double need, double have) {
        return have >= need ? 1.0 : std::max(0.0, 1.0 - (need - have) / horizon);
    };
    double options[kStatues];
    int count = 0;
    const auto& held = s.colonies[st];
    for (int level = 1; level <= kLevels; ++level) {
        bool has = false;
        for (int i = 0; i < held.size(); ++i) has = has || t.colonies[size_t(held[i])].level == level;
        const auto& stack = s.stacks[size_t(level - 1)];
        if (has || stack.empty()) continue;
        const Colony& c = t.colonies[size_t(stack.back())];
        options[count++] = reach(c.requirement, tracks[MILITARY]) * (c.points + k_now * c.plunder);
    }
    v += sum_best(options, count, colony_left);
    const auto& tiles = s.tiles[st];
    const int tiles_left = tiles[0] + tiles[1] + tiles[2] + tiles[3];
    count = 0;
    for (int k = 0; k < kStatues; ++k) {
        if (s.statues[st][size_t(k)] >= 0) continue;
        const Statue& statue = t.statues[size_t(k)];
        options[count++] = reach(statue.culture, tracks[CULTURE]) * (statue.points + statue.bonus);
    }
    v += sum_best(options, count, std::min(statue_left, tiles_left));
    if (last) v += parts[3] + parts[4];
    else v += medals(s, t, seat, tracks, k_now, 1.5 * income_left, income_left);
    const double deficit = std::max(0.0, cards - tracks[FOOD]);
    const int picks_epoch = std::max(0, p_left - 10 * (2 - e) - 1);
    const double expected = std::max(0.0, cards + 0.55 * picks_epoch - tracks[FOOD]);
    v -= (0.9 + e) * (deficit + 0.5 * expected);
    const int feedings = s.step <= S_FEED ? 3 - e : 2 - e;
    v += 0.18 * std::min(std::max(0.0, tracks[FOOD] - cards), 4.0) * std::max(0, feedings - 1);
    if (colour == kPurple) {
        int purple = 0;
        for (int i = 0; i < s.tableau[st].size(); ++i) purple += t.cards[size_t(s.tableau[st][i])].colour == kPurple;
        v += 3.0 * purple;
    } else if (colour >= 0) {
        v += 1.5 * tracks[colour] * (0.5 + income_left / 12.0);
    }
    return v;
}

namespace {

// bots._integrate_mean on `s` (a copy), valued: the pending colony integrated with its level's mean back.
double integrate_mean_value(State& s, const Tables& t, int seat, int colour) {
    const Colony& colony = t.colonies[size_t(s.pending_colony)];
    s.coins[size_t(seat)] -= colony.cost;
    const auto& group = t.level_colonies[size_t(colony.level - 1)];
    double extra[kTracks];
    for (int k = 0; k < kTracks; ++k) {
        int total = 0;
        for (int c : group) total += t.colonies[size_t(c)].back[size_t(k)];
        extra[k] = double(total) / double(group.size());
    }
    auto& integrated = s.integrated[size_t(seat)];
    integrated[integrated.size() - 1] = 1;
    s.pending_colony = -1;
    return greedy_value(s, t, seat, colour, extra);
}

}  // namespace

double action_value(const State& s, const Tables& t, int colour, int action) {
    const int seat = s.pending_seat;
    State copy = s;
    if (action >= DRAFT0 && action < PICK0) {
        int k = (action - DRAFT0) / 2;
        int card = copy.pairs[size_t(seat)][k];
        if ((action - DRAFT0) % 2) sell(copy, t, seat, card, true);
        else buy(copy, t, seat, card);
        return greedy_value(copy, t, seat, colour, nullptr);
    }
    if (action == INTEGRATE) return integrate_mean_value(copy, t, seat, colour);
    carry_out(copy, t, action);
    if (action >= STATUE0 && action < TILE0) {
        copy.pending_kind = TILE;
        double best = -1e300;
        for (int track = 0; track < kTracks; ++track) {
            if (copy.tiles[size_t(seat)][size_t(track)] <= 0) continue;
            for (int face = 0; face < 2; ++face) {
                State twin = copy;
                carry_out(twin, t, TILE0 + 2 * track + face);
                best = std::max(best, greedy_value(twin, t, seat, colour, nullptr));
            }
        }
        return best;
    }
    if (action >= COLONY0 && action < PLUNDER) {
        copy.pending_kind = COLONY_MODE;
        const Colony& colony = t.colonies[size_t(copy.pending_colony)];
        State plunder = copy;
        carry_out(plunder, t, PLUNDER);
        double best = greedy_value(plunder, t, seat, colour, nullptr);
        if (copy.coins[size_t(seat)] >= colony.cost) best = std::max(best, integrate_mean_value(copy, t, seat, colour));
        return best;
    }
    return greedy_value(copy, t, seat, colour, nullptr);
}

int greedy_choice(const State& s, const Tables& t, int colour, hydra_common::CounterRng* wheel_rng) {
    int legal[kActions];
    const int n = legal_actions(s, t, legal);
    if (n == 0) return -1;
    if (n == 1) return legal[0];
    if (s.pending_kind == WHEEL) return wheel_rng ? legal[wheel_rng->below(uint64_t(n))] : -1;
    State base = s;                 // no history: the copies of _after allocate nothing
    base.history.clear();
    base.history.shrink_to_fit();
    int best = legal[0];
    double best_value = -1e18;
    for (int i = 0; i < n; ++i) {
        double score = action_value(base, t, colour, legal[i]);
        if (score > best_value + 1e-9) {
            best = legal[i];
            best_value = score;
        }
    }
    return best;
}

void greedy_playout(State& s, const Tables& t, const int* colours, uint64_t seed) {
    hydra_common::CounterRng rng{seed, 0};
    s.history.clear();
    while (s.has_pending && !s.game_over) {
        int action = greedy_choice(s, t, colours[s.pending_seat], &rng);
        if (action < 0 || !apply(s, t, action)) break;   // no legal action: cannot happen (HD30)
        s.history.clear();          // kept empty: the copies of each choice allocate nothing
    }
}

Outcome outcome_of(const State& s, const Tables& t, int seat) {
    double shares[kMaxSeats];
    end_returns(s, t, shares);
    int scores[kMaxSeats];
    for (int other = 0; other < s.players; ++other) {
        auto parts = breakdown(s, t, other);
        scores[other] = parts[0] + parts[1] + parts[2] + parts[3] + parts[4] + parts[5];
    }
    int best_other = -(1 << 30);
    for (int other = 0; other < s.players; ++other)
        if (other != seat) best_other = std::max(best_other, scores[other]);
    return Outcome{shares[seat], scores[seat] - best_other};
}

}  // namespace hadara
