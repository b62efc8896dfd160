// The single effects of Hail Hydra (rules.py) and a new game (deal.py), in C++.
#include <algorithm>

#include "hh_game.hpp"

namespace hail_hydra {

const char* const kStageNames[ST_COUNT] = {"setup", "draft", "deal", "flip", "offensive", "gift", "play", "resolve",
                                           "attack", "mission_end", "round", "ko_offer", "nominate", "vote",
                                           "verdict"};
const char* const kPowerNames[P_COUNT] = {"heal", "strength_up", "discard_random", "defence_up", "no_draw_others",
                                          "damage_cap", "hide_cards", "red_shift", "blue_shift", "max_play",
                                          "exact_play", "negative_threshold"};
const char* const kEffectNames[E_COUNT] = {"cancel_knockout", "smash", "peek_loyalty", "peek_played",
                                           "skip_villain_attack", "zero_defence", "remove_card", "direct_damage",
                                           "negate_total", "check_claim", "ambush", "draw", "immunity", "heal_city"};
const char* const kWindowNames[W_COUNT] = {"play", "resolve", "knockout", "verdict"};

Multisets::Multisets() {
    int a = 0;
    for (int length = 1; length <= 3; ++length) {
        // combinations_with_replacement(range(8), length) in lexicographic order
        int c[3] = {0, 0, 0};
        for (;;) {
            Counts k{};
            for (int i = 0; i < length; ++i) ++k[size_t(c[i])];
            counts[size_t(a)] = k;
            this->length[size_t(a)] = length;
            if (length == 1) index1[c[0]] = a;
            if (length == 2) index2[c[0]][c[1]] = a;
            if (length == 3) index3[c[0]][c[1]][c[2]] = a;
            ++a;
            int i = length - 1;
            while (i >= 0 && c[i] == kValues - 1) --i;
            if (i < 0) break;
            ++c[i];
            for (int j = i + 1; j < length; ++j) c[j] = c[i];
        }
    }
}

const Multisets& multisets() {
    static const Multisets m;
    return m;
}

Offensive new_offensive(int players, int mission, int holder) {
    Offensive o;
    o.mission = mission;
    o.holder = holder;
    for (int s = 0; s < players; ++s) {
        o.active[size_t(s)] = 1;
        o.claim[size_t(s)] = NONE;
        o.gave_to[size_t(s)] = NONE;
    }
    return o;
}

Round new_round(int players, int phase, int number) {
    Round r;
    r.phase = phase;
    r.number = number;
    for (int s = 0; s < players; ++s) r.nominations[size_t(s)] = r.votes[size_t(s)] = OPEN;
    return r;
}

HailHydraGame::HailHydraGame(std::shared_ptr<const Tables> t, int players, Options options) : tables(std::move(t)) {
    s.players = players;
    s.options = std::move(options);
}

// ------------------------------------------------------------------ deal.new_state
void HailHydraGame::reset(uint64_t seed) {
    State fresh;
    fresh.players = s.players;
    fresh.options = s.options;
    s = std::move(fresh);
    s.offensives.reserve(36);   // HH31's bound: no reallocation while a game runs
    s.rounds.reserve(16);
    const int n = s.players;
    s.seed = seed;
    s.rng_seed = seed;
    s.rng_counter = 0;
    s.first_player = s.options.first_player < 0 ? draw_below(n) : s.options.first_player;
    s.token = s.first_player;
    if (!s.options.fixed_heroes.empty()) {
        s.heroes = s.options.fixed_heroes;
    } else if (s.options.heroes == "random") {
        std::vector<int> deck(T().heroes.size());
        for (size_t i = 0; i < deck.size(); ++i) deck[i] = int(i);
        shuffle(deck);
        s.heroes.assign(deck.begin(), deck.begin() + n);
    } else {
        s.heroes.assign(size_t(n), -1);
    }
    if (s.options.heroes == "draft") {
        s.stage = ST_DRAFT;
        for (int k = 0; k < n; ++k) s.queue.push_back((s.first_player + k) % n);
    } else {
        s.stage = ST_DEAL;
    }
    advance();
}

// ------------------------------------------------------------------ randomness (HH8)
int HailHydraGame::draw_below(int n) {
    hydra_common::CounterRng rng{s.rng_seed, s.rng_counter};
    int v = int(rng.below(uint64_t(n)));
    s.rng_counter = rng.counter;
    return v;
}

template <typename V>
void HailHydraGame::shuffle(V& items) {
    hydra_common::CounterRng rng{s.rng_seed, s.rng_counter};
    rng.shuffle(items.data(), int(items.size()));
    s.rng_counter = rng.counter;
}

// ------------------------------------------------------------------ cards (HH2, HH11)
void HailHydraGame::draw_cards(int seat, int count) {
    for (int i = 0; i < count; ++i) {
        if (s.draw.empty()) {
            bool any = false;
            for (int v : s.discard) any = any || v != 0;
            if (!any) return;
            for (int v = 0; v < kValues; ++v)
                for (int k = 0; k < s.discard[size_t(v)]; ++k) s.draw.push_back(v);
            s.discard.fill(0);
            s.discard_public.fill(0);
            s.reshuffles += 1;
            shuffle(s.draw);
        }
        int v = s.draw.back();
        s.draw.pop_back();
        s.hands[size_t(seat)][size_t(v)] += 1;
    }
}

void HailHydraGame::discard_hand(int seat) {
    for (int v = 0; v < kValues; ++v) s.discard[size_t(v)] += s.hands[size_t(seat)][size_t(v)];
    s.hands[size_t(seat)].fill(0);
}

bool HailHydraGame::has_power(int kind) const {
    return s.villain != NONE && T().villains[size_t(s.villain)].power == kind;
}

int HailHydraGame::power_amount(int kind) const {
    return has_power(kind) ? T().villains[size_t(s.villain)].amount : 0;
}

int HailHydraGame::card_value(int index) const {
    return kCardValues[index] - power_amount(is_blue(index) ? P_BLUE_SHIFT : P_RED_SHIFT);
}

int HailHydraGame::play_lengths(int seat) const {
    int size = s.hand_size(seat);
    int low = T().play_min, high = T().play_max;
    if (has_power(P_MAX_PLAY)) high = std::min(high, power_amount(P_MAX_PLAY));
    if (has_power(P_EXACT_PLAY)) low = high = power_amount(P_EXACT_PLAY);
    if (size == 0) return 0;
    if (size < low) return 1 << size;
    int mask = 0;
    for (int k = std::max(low, 0); k <= high && k < 31; ++k)
        if (k <= size) mask |= 1 << k;
    return mask;
}

// ------------------------------------------------------------------ damage and the end (HH4, HH30)
void HailHydraGame::hurt_city(int amount, const char* cause) {
    if (amount <= 0) return;
    s.city -= amount;
    Offensive* o = s.offensive();
    if (o && (s.stage == ST_PLAY || s.stage == ST_RESOLVE || s.stage == ST_GIFT || s.stage == ST_ATTACK))
        o->city_damage += amount;
    if (s.city <= 0) end_game("hydra", cause);
}

void HailHydraGame::hurt_villain(int amount) {
    amount = std::max(0, std::min(amount, s.health));
    s.health -= amount;
    Offensive* o = s.offensive();
    if (o) o->villain_damage += amount;
    if (s.health <= 0 && T().villains[size_t(s.villain)].tier == 4) {
        o->defeated = true;
        s.defeated.push_back(s.villain);
        end_game("shield", "red_skull_defeated");
    }
}

void HailHydraGame::end_game(const char* winner, const char* cause) {
    s.game_over = true;
    s.winner = winner;
    s.cause = cause;
    s.has_pending = false;
    throw GameEnd{};
}

void HailHydraGame::reveal(int seat) {
    const Hero& hero = hero_of(seat);
    s.revealed[size_t(seat)] = 1;
    if (Offensive* o = s.offensive()) o->revealed[size_t(seat)] = 1;
    hurt_city(s.out[size_t(seat)] ? hero.reveal_out : hero.reveal_active, "reveal");
}

// ------------------------------------------------------------------ abilities (HH27-HH29)
bool HailHydraGame::can_use(int seat) const {
    return !s.used[size_t(seat)] && !s.out[size_t(seat)] && !s.revealed[size_t(seat)];
}

int HailHydraGame::eligible_targets(int seat, int* out) const {
    int n = 0;
    for (int t = 0; t < s.players; ++t)
        if (t != seat && !s.out[size_t(t)] && !s.immune[size_t(t)]) out[n++] = t;
    return n;
}

int HailHydraGame::ability_targets(int seat, int* out) const {
    int effect = hero_of(seat).effect;
    const Offensive* o = s.offensive();
    int n = 0;
    for (int t = 0; t < s.players; ++t) {
        if (t == seat) continue;
        size_t u = size_t(t);
        if (effect == E_PEEK_LOYALTY) {
            if (!s.revealed[u]) out[n++] = t;
        } else if (effect == E_PEEK_PLAYED) {
            if (o) {
                int down = 0;
                for (int v : o->down[u]) down += v;
                if (o->played[u] && down > 0) out[n++] = t;
            }
        } else if (effect == E_CHECK_CLAIM) {
            if (o && o->claim[u] != NONE) out[n++] = t;
        } else if (effect == E_AMBUSH) {
            if (!s.out[u] && !s.immune[u]) out[n++] = t;
        }
    }
    return n;
}

bool HailHydraGame::ability_legal(int seat, int window) const {
    if (!can_use(seat)) return false;
    const Hero& hero = hero_of(seat);
    if (hero.window != window) return false;
    switch (hero.effect) {
        case E_PEEK_LOYALTY: case E_PEEK_PLAYED: case E_CHECK_CLAIM: case E_AMBUSH:
        {
            int targets[kMaxSeats];
            return ability_targets(seat, targets) > 0;
        }
        case E_ZERO_DEFENCE:
            return s.defence > 0;
        case E_REMOVE_CARD: {
            const Offensive* o = s.offensive();
            int sum = 0;
            for (int v : o->cards) sum += v;
            return o->has_cards && !o->hidden && sum > 0;
        }
        case E_CANCEL_KNOCKOUT:
            return !s.rounds.empty() && s.rounds.back().result != NONE && !s.rounds.back().rally;
        default:
            return true;
    }
}

bool HailHydraGame::may_hail(int seat) const {
    return !s.loyalty.empty() && s.loyalty[size_t(seat)] == HYDRA && !s.revealed[size_t(seat)];
}

void HailHydraGame::returns(double* out) const {
    for (int i = 0; i < s.players; ++i) out[i] = 0.0;
    if (!s.game_over) return;
    int team = s.winner == "hydra" ? HYDRA : SHIELD;
    int winners = 0;
    for (int i = 0; i < s.players; ++i) winners += s.loyalty[size_t(i)] == team;
    if (winners == 0) return;
    for (int i = 0; i < s.players; ++i)
        if (s.loyalty[size_t(i)] == team) out[i] = 1.0 / winners;
}

}  // namespace hail_hydra
