// The decisions of the native `loyal` and `saboteur` bots (bots.hpp): HailHydraBot.decide and its overrides
// (bots.py) with the rules of thumb of bot_rules.py, on what seat_info (views.py) gives the deciding seat.
#include <algorithm>

#include "bots.hpp"

namespace hail_hydra {

namespace {

constexpr int kBlueHighFirst[4] = {3, 2, 1, 0}, kRedMildFirst[4] = {4, 5, 6, 7};
constexpr int kRedWorstFirst[4] = {7, 6, 5, 4}, kBlueLowFirst[4] = {0, 1, 2, 3};

int total_of(const Counts& c, int from = 0, int to = kValues) {
    int n = 0;
    for (int v = from; v < to; ++v) n += c[size_t(v)];
    return n;
}

// bot_rules._take: up to `count` cards of `hand` not yet picked, in `order`.
void take(const Counts& hand, const int* order, int order_size, int count, Counts& picked) {
    for (int i = 0; i < order_size; ++i) {
        const size_t v = size_t(order[i]);
        while (count > 0 && hand[v] - picked[v] > 0) {
            ++picked[v];
            --count;
        }
    }
}

// bot_rules._fit: padded from `pad` (reds, then blues) up to the shortest play allowed.
void fit(const Counts& hand, Counts& picked, int shortest, const int* reds, const int* blues) {
    while (total_of(picked) < shortest) {
        int before = total_of(picked);
        take(hand, reds, 4, shortest - total_of(picked), picked);
        take(hand, blues, 4, shortest - total_of(picked), picked);
        if (total_of(picked) == before) break;
    }
}

// codec.cards_action; -1 for a multiset no action plays (the Python bot fails there: it never happens).
int cards_action(const Counts& counts) {
    int combo[3], n = 0;
    for (int v = 0; v < kValues; ++v)
        for (int k = 0; k < counts[size_t(v)]; ++k) {
            if (n == 3) return -1;
            combo[n++] = v;
        }
    const Multisets& m = multisets();
    if (n == 1) return m.index1[combo[0]];
    if (n == 2) return m.index2[combo[0]][combo[1]];
    if (n == 3) return m.index3[combo[0]][combo[1]][combo[2]];
    return -1;
}

// Everything one bot decision reads: the game, the seat's bot, its legal actions, its side.
struct BotTurn {
    const HailHydraGame& game;
    const State& s;
    const Tables& t;
    ScriptedBot& bot;
    const int* legal;
    int count, seat;
    bool hydra;          // HailHydraBot.hydra: the saboteur's HYDRA disc (loyal: never)
    uint32_t team;       // the seats it knows HYDRA (all of them when it is HYDRA; only read then)

    bool has(int action) const { return std::find(legal, legal + count, action) != legal + count; }
    int seat_of(int action) const { return game.absolute(seat, action); }
    const Villain& villain() const {   // comp.villain(info["villain"]), Python's index (-1: the last)
        const int id = s.villain;
        return t.villains[size_t(id >= 0 ? id : int(t.villains.size()) + id)];
    }
    const Hero& hero() const { return t.heroes[size_t(s.heroes[size_t(seat)])]; }
    int total() const { return s.total_flag ? s.total : 0; }
    Counts visible_cards() const {   // info["offensives"][-1]["cards"] or [0] * 8
        const Offensive& o = s.offensives.back();
        return o.has_cards && !o.hidden ? o.cards : Counts{};
    }
    // bot_rules._lengths: bit k when a legal CARDS action plays k cards.
    int lengths() const {
        int bits = 0;
        for (int i = 0; i < count; ++i)
            if (legal[i] < CLAIM) bits |= 1 << multisets().length[size_t(legal[i])];
        return bits;
    }
};

int shortest(int bits) { return __builtin_ctz(unsigned(bits)); }
int longest(int bits) { return 31 - __builtin_clz(unsigned(bits)); }

// bot_rules.play_cards with reserve 0 (the spec's loyal play).
int loyal_play(const BotTurn& d) {
    const int bits = d.lengths();
    if (!bits) return -1;
    const Counts& hand = d.s.hands[size_t(d.seat)];
    Counts picked{};
    take(hand, kBlueHighFirst, 4, std::min(longest(bits), std::max(1, total_of(hand, 0, 4))), picked);
    if (!total_of(picked)) take(hand, kRedMildFirst, 4, 1, picked);
    fit(hand, picked, shortest(bits), kRedMildFirst, kBlueLowFirst);
    return cards_action(picked);
}

// bot_rules.red_first.
int saboteur_play(const BotTurn& d) {
    const int bits = d.lengths();
    if (!bits) return -1;
    const Counts& hand = d.s.hands[size_t(d.seat)];
    Counts picked{};
    take(hand, kRedWorstFirst, 4, std::min(d.bot.r, longest(bits)), picked);
    if (!total_of(picked)) take(hand, kBlueLowFirst, 4, 1, picked);
    fit(hand, picked, shortest(bits), kRedWorstFirst, kBlueLowFirst);
    return cards_action(picked);
}

// bot_rules.gift_choice.
int gift_cards(const BotTurn& d) {
    const Counts& hand = d.s.hands[size_t(d.seat)];
    Counts picked{};
    if (!d.hydra) {
        take(hand, kBlueHighFirst, 4, 2, picked);
        if (!total_of(picked)) take(hand, kRedMildFirst, 4, 1, picked);
    } else {
        const int target = d.s.pending.arg;
        take(hand, kRedWorstFirst, 4, (d.team >> target & 1u) ? 2 : 1, picked);
        if (!total_of(picked)) take(hand, kBlueLowFirst, 4, 1, picked);
    }
    return cards_action(picked);
}

// bot_rules.best_target: the legal target of highest suspicion (HYDRA spares its team); ties by random().
int best_target(const BotTurn& d, const std::vector<double>& suspicion, bool hydra) {
    int options[kMaxSeats], n = 0, spared = 0;
    for (int i = 0; i < d.count; ++i)
        if (TARGET <= d.legal[i] && d.legal[i] < UP) options[n++] = d.legal[i];
    if (hydra)
        for (int i = 0; i < n; ++i) spared += (d.team >> d.seat_of(options[i]) & 1u) ? 1 : 0;
    const bool skip_team = hydra && spared < n;
    int best = -1;
    double best_suspicion = 0, best_random = 0;
    for (int i = 0; i < n; ++i) {
        if (skip_team && (d.team >> d.seat_of(options[i]) & 1u)) continue;
        const double x = suspicion[size_t(d.seat_of(options[i]))], r = d.bot.rng.random();
        if (best < 0 || x > best_suspicion || (x == best_suspicion && r > best_random)) {
            best = options[i];
            best_suspicion = x;
            best_random = r;
        }
    }
    if (best >= 0) return best;
    return d.has(UP) ? UP : d.legal[0];
}

// HailHydraBot.gift_target (SHIELD: the unrevealed target of lowest suspicion) and SaboteurBot's
// (HYDRA: a teammate at random, else any target at random).
int gift_target(const BotTurn& d, const std::vector<double>& suspicion) {
    int targets[kMaxSeats], n = 0;
    for (int i = 0; i < d.count; ++i)
        if (TARGET <= d.legal[i] && d.legal[i] < UP) targets[n++] = d.legal[i];
    if (!n) return d.has(PASS) ? PASS : d.legal[0];
    if (d.hydra) {
        int mates[kMaxSeats], m = 0;
        for (int i = 0; i < n; ++i)
            if (d.team >> d.seat_of(targets[i]) & 1u) mates[m++] = targets[i];
        return m ? mates[d.bot.rng.below(m)] : targets[d.bot.rng.below(n)];
    }
    int hidden = 0;
    for (int i = 0; i < n; ++i) hidden += d.s.revealed[size_t(d.seat_of(targets[i]))] ? 0 : 1;
    int best = -1;
    double best_suspicion = 0, best_random = 0;
    for (int i = 0; i < n; ++i) {
        if (hidden && d.s.revealed[size_t(d.seat_of(targets[i]))]) continue;
        const double x = suspicion[size_t(d.seat_of(targets[i]))], r = d.bot.rng.random();
        if (best < 0 || x < best_suspicion || (x == best_suspicion && r < best_random)) {
            best = targets[i];
            best_suspicion = x;
            best_random = r;
        }
    }
    return best;
}

// SaboteurBot.wants_reveal.
bool wants_reveal(const BotTurn& d) {
    if (!d.hydra || d.s.villain < 0) return false;
    if (d.villain().tier == 4) return true;
    int damage = 0;
    for (int seat = 0; seat < d.s.players; ++seat) {
        if (!(d.team >> seat & 1u) || d.s.revealed[size_t(seat)]) continue;
        const Hero& h = d.t.heroes[size_t(d.s.heroes[size_t(seat)])];
        damage += d.s.out[size_t(seat)] ? h.reveal_out : h.reveal_active;
    }
    return damage >= d.s.city;
}

int effective(const BotTurn& d, int index) {   // bot_rules._effective
    const Villain& v = d.villain();
    const bool shifted = (v.power == P_BLUE_SHIFT && index < 4) || (v.power == P_RED_SHIFT && index >= 4);
    return kCardValues[index] - (shifted ? v.amount : 0);
}

int damage(int total, int defence, int cap) {   // bot_rules._damage; cap < 0: none
    if (total < 1) return 0;
    const int dealt = std::max(0, total - defence);
    return cap < 0 ? dealt : std::min(cap, dealt);
}

// bot_rules.resolve_damage: (now, with the ability).
std::pair<int, int> resolve_damage(const BotTurn& d) {
    const Hero& hero = d.hero();
    const Villain& v = d.villain();
    const int total = d.total(), defence = d.s.defence, cap = v.power == P_DAMAGE_CAP ? v.amount : -1;
    const int now = damage(total, defence, cap);
    switch (hero.effect) {
        case E_REMOVE_CARD: {
            const Counts cards = d.visible_cards();
            int worst = -1;
            for (int i = 0; i < kValues; ++i)
                if (cards[size_t(i)] > 0 && (worst < 0 || effective(d, i) < effective(d, worst))) worst = i;
            if (worst < 0) return {now, now};
            return {now, damage(total - effective(d, worst), defence, cap)};
        }
        case E_ZERO_DEFENCE: return {now, damage(total, 0, cap)};
        case E_DIRECT_DAMAGE: return {now, now + hero.amount};
        case E_NEGATE_TOTAL: return {now, damage(-total, defence, cap)};
        default: return {now, now};
    }
}

bool resolve_wanted(const BotTurn& d) {   // bot_rules._resolve_wanted
    const int tier = d.villain().tier, health = d.s.health, effect = d.hero().effect;
    const auto [now, used] = resolve_damage(d);
    const bool decisive = now < health && health <= used;
    switch (effect) {
        case E_REMOVE_CARD: return total_of(d.visible_cards()) > 0 && (tier == 4 || decisive);
        case E_ZERO_DEFENCE:
        case E_DIRECT_DAMAGE: return tier == 4 || decisive;
        case E_NEGATE_TOTAL: return decisive || (tier >= 3 && d.total() <= -6);
        case E_HEAL_CITY: return d.s.city <= 12;
        case E_SKIP_VILLAIN_ATTACK:
            return now < health && (tier >= 3 || d.s.city <= d.s.strength + 3 * hydra_of(d.s, d.t));
        default: return effect == E_CHECK_CLAIM;
    }
}

// bot_rules.ability_wanted.
bool ability_wanted(const BotTurn& d, int window, const std::vector<double>& suspicion) {
    const int effect = d.hero().effect;
    if (d.hydra) {
        if (effect == E_IMMUNITY)
            return int(std::max_element(suspicion.begin(), suspicion.end()) - suspicion.begin()) == d.seat;
        if (effect == E_CANCEL_KNOCKOUT) {
            const int result = d.s.rounds.empty() ? NONE : d.s.rounds.back().result;
            return result >= 0 && (d.team >> result & 1u);
        }
        return false;
    }
    if (window == W_PLAY) {
        if (effect == E_SMASH) return d.villain().tier == 4 || d.s.health <= 8;
        if (effect == E_DRAW) return total_of(d.s.hands[size_t(d.seat)], 0, 4) < 2;
        return effect == E_PEEK_PLAYED;
    }
    if (window == W_RESOLVE) return resolve_wanted(d);
    if (window == W_KNOCKOUT) {
        if (effect == E_AMBUSH) return !d.s.stack_tiers.empty() && d.s.stack_tiers[0] == 4;
        return effect == E_PEEK_LOYALTY;
    }
    return false;
}

}  // namespace

int ScriptedBots::act(const HailHydraGame& game) {
    const State& s = game.s;
    int legal[ACTIONS];
    const int count = game.legal_into(legal);
    if (count == 1) return legal[0];
    const int seat = s.pending.seat, kind = s.pending.kind;
    ScriptedBot& bot = *seats[size_t(seat)];
    const bool hydra = bot.saboteur && !s.loyalty.empty() && s.loyalty[size_t(seat)] == HYDRA;
    uint32_t team = 0;
    if (hydra)
        for (int x = 0; x < s.players; ++x) team |= (s.loyalty[size_t(x)] == HYDRA ? 1u : 0u) << x;
    const BotTurn d{game, s, *game.tables, bot, legal, count, seat, hydra, team};
    int action = -1;
    if (kind == DRAFT) return legal[bot.rng.below(count)];
    if ((kind == PLAY || kind == GIFT_TARGET) && d.has(HAIL) && wants_reveal(d)) return HAIL;
    switch (kind) {
        case PLAY:
            if (d.has(USE) && ability_wanted(d, W_PLAY, public_marginals(s, *game.tables))) return USE;
            if (d.has(PASS)) return PASS;
            action = hydra ? saboteur_play(d) : loyal_play(d);
            break;
        case CLAIM_DECISION: {
            const Counts& down = s.offensives.back().down[size_t(seat)];
            action = CLAIM + (hydra ? total_of(down) : total_of(down, 0, 4));
            break;
        }
        case GIFT_TARGET: action = gift_target(d, public_marginals(s, *game.tables)); break;
        case GIFT_CARDS: action = gift_cards(d); break;
        case RESOLVE_OFFER:
        case KO_OFFER:
        case VERDICT_OFFER: {
            const int window = kind == RESOLVE_OFFER ? W_RESOLVE : kind == KO_OFFER ? W_KNOCKOUT : W_VERDICT;
            action = ability_wanted(d, window, public_marginals(s, *game.tables)) ? USE : PASS;
            break;
        }
        case ABILITY_VALUE: {   // SHIELD removes the card worth least, HYDRA the one worth most
            for (int i = 0; i < count; ++i) {
                const int v = legal[i] - VALUE;
                if (action < 0 || (hydra ? kCardValues[v] > kCardValues[action - VALUE]
                                         : kCardValues[v] < kCardValues[action - VALUE]))
                    action = legal[i];
            }
            break;
        }
        case ABILITY_TARGET: action = best_target(d, public_marginals(s, *game.tables), hydra); break;
        case NOMINATE:
        case VOTE: action = best_target(d, public_marginals(s, *game.tables), hydra); break;
        default: action = legal[0];
    }
    return d.has(action) ? action : legal[0];
}

void ScriptedBots::play(HailHydraGame& game, int stop_seat) {
    while (game.s.has_pending) {
        const int seat = game.s.pending.seat;
        if (seat == stop_seat || !seats[size_t(seat)]) return;
        game.apply(act(game));
    }
}

}  // namespace hail_hydra
