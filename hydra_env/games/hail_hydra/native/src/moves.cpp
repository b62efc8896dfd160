// The seats' decisions of Hail Hydra (moves.py), in C++: legal actions and what a legal one does (HH34, HH35).
#include <algorithm>

#include "hh_game.hpp"

namespace hail_hydra {

// The CARDS actions of every multiset of hand whose size is a bit of lengths, increasing: sizes 1, 2, 3 in
// turn, each in lexicographic order (codec.MULTISETS), so the nested loops give them in order.
int HailHydraGame::multisets_from(const Counts& hand, int lengths, int* out) const {
    const Multisets& m = multisets();
    int n = 0;
    Counts h = hand;
    if (lengths & (1 << 1))
        for (int a = 0; a < kValues; ++a)
            if (h[size_t(a)] > 0) out[n++] = m.index1[a];
    if (lengths & (1 << 2))
        for (int a = 0; a < kValues; ++a) {
            if (h[size_t(a)] == 0) continue;
            --h[size_t(a)];
            for (int b = a; b < kValues; ++b)
                if (h[size_t(b)] > 0) out[n++] = m.index2[a][b];
            ++h[size_t(a)];
        }
    if (lengths & (1 << 3))
        for (int a = 0; a < kValues; ++a) {
            if (h[size_t(a)] == 0) continue;
            --h[size_t(a)];
            for (int b = a; b < kValues; ++b) {
                if (h[size_t(b)] == 0) continue;
                --h[size_t(b)];
                for (int c = b; c < kValues; ++c)
                    if (h[size_t(c)] > 0) out[n++] = m.index3[a][b][c];
                ++h[size_t(b)];
            }
            ++h[size_t(a)];
        }
    return n;
}

// The legal actions of the pending decision, increasing (moves.legal_actions).
int HailHydraGame::legal_into(int* out) const {
    if (!s.has_pending) return 0;
    const int seat = s.pending.seat, kind = s.pending.kind, n = s.players;
    const Counts& hand = s.hands[size_t(seat)];
    int count = 0;
    int seats[kMaxSeats];
    switch (kind) {
        case DRAFT:
            for (int h = 0; h < int(T().heroes.size()); ++h)
                if (std::find(s.heroes.begin(), s.heroes.end(), h) == s.heroes.end()) out[count++] = HERO + h;
            return count;
        case GIFT_TARGET: {
            if (s.hand_size(seat) == 0) {
                out[count++] = PASS;
            } else {
                for (int t = 0; t < n; ++t)
                    if (t != seat && !s.out[size_t(t)]) out[count++] = relative(seat, t);
                std::sort(out, out + count);
            }
            if (may_hail(seat)) out[count++] = HAIL;
            return count;
        }
        case GIFT_CARDS:
            return multisets_from(hand, (1 << 1) | (1 << 2), out);
        case PLAY: {
            int lengths = play_lengths(seat);
            if (lengths == 0) out[count++] = PASS;
            else count = multisets_from(hand, lengths, out);
            // CARDS < USE < PASS < HAIL: appending keeps the order
            if (ability_legal(seat, W_PLAY)) {
                if (count && out[count - 1] == PASS) {
                    out[count - 1] = USE;
                    out[count++] = PASS;
                } else {
                    out[count++] = USE;
                }
            }
            if (may_hail(seat)) out[count++] = HAIL;
            return count;
        }
        case CLAIM_DECISION:
            for (int g = 0; g <= s.pending.arg; ++g) out[count++] = CLAIM + g;
            return count;
        case ABILITY_TARGET: {
            int k = ability_targets(seat, seats);
            for (int i = 0; i < k; ++i) out[count++] = relative(seat, seats[i]);
            std::sort(out, out + count);
            return count;
        }
        case ABILITY_VALUE:
            for (int v = 0; v < kValues; ++v)
                if (s.offensives.back().cards[size_t(v)] > 0) out[count++] = VALUE + v;
            return count;
        case RESOLVE_OFFER: case KO_OFFER: case VERDICT_OFFER:
            out[0] = USE;
            out[1] = PASS;
            return 2;
        default: {
            int k = eligible_targets(seat, seats);
            for (int i = 0; i < k; ++i) out[count++] = relative(seat, seats[i]);
            std::sort(out, out + count);
            out[count++] = UP;
            return count;
        }
    }
}

std::vector<int> HailHydraGame::legal_actions() const {
    int buffer[ACTIONS];
    return std::vector<int>(buffer, buffer + legal_into(buffer));
}

bool HailHydraGame::is_legal(int action) const {
    if (action < 0 || action >= ACTIONS) return false;
    int buffer[ACTIONS];
    int count = legal_into(buffer);
    return std::find(buffer, buffer + count, action) != buffer + count;
}

void HailHydraGame::legal_mask(uint8_t* out) const {
    int buffer[ACTIONS];
    int count = legal_into(buffer);
    for (int i = 0; i < count; ++i) out[buffer[i]] = 1;
}

void HailHydraGame::apply(int action) {
    Pending p = s.pending;
    s.history.push_back(action);
    s.has_pending = false;
    try {
        handle(p, action);
    } catch (const GameEnd&) {
        return;
    }
    advance();
}

void HailHydraGame::handle(const Pending& p, int action) {
    const int seat = p.seat;
    switch (p.kind) {
        case DRAFT:
            s.heroes[size_t(seat)] = action - HERO;
            pop();
            return;
        case GIFT_TARGET:
            if (action == HAIL) {
                pop();
                reveal(seat);
            } else if (action == PASS) {
                pop();
            } else {
                ask(seat, GIFT_CARDS, absolute(seat, action));
            }
            return;
        case GIFT_CARDS: {
            const Counts& counts = multisets().counts[size_t(action)];
            Offensive& record = s.offensives.back();
            int sum = 0;
            for (int v = 0; v < kValues; ++v) {
                s.hands[size_t(seat)][size_t(v)] -= counts[size_t(v)];
                s.hands[size_t(p.arg)][size_t(v)] += counts[size_t(v)];
                sum += counts[size_t(v)];
            }
            record.gave[size_t(seat)] = sum;
            record.gave_to[size_t(seat)] = p.arg;
            record.gift[size_t(seat)] = counts;
            pop();
            return;
        }
        case PLAY: return mv_play(p, action);
        case CLAIM_DECISION:
            s.offensives.back().claim[size_t(seat)] = action - CLAIM;
            return;
        case ABILITY_TARGET: return mv_ability_target(p, action);
        case ABILITY_VALUE:
            s.total -= card_value(action - VALUE);
            pop();
            return;
        case RESOLVE_OFFER: case KO_OFFER: return mv_offer(p, action);
        case VERDICT_OFFER:
            if (action == USE) {
                s.used[size_t(seat)] = 1;
                Round& round = s.rounds.back();
                int target = round.result;
                s.out[size_t(target)] = 0;
                s.knockouts[size_t(s.loyalty[size_t(target)])] -= 1;
                round.rally = true;
            }
            close_round();
            return;
        default: {  // NOMINATE, VOTE
            int choice = action == UP ? UP_VOTE : absolute(seat, action);
            Round& round = s.rounds.back();
            (p.kind == NOMINATE ? round.nominations : round.votes)[size_t(seat)] = choice;
            pop();
            return;
        }
    }
}

void HailHydraGame::mv_play(const Pending& p, int action) {
    const int seat = p.seat;
    Offensive& record = s.offensives.back();
    if (action == USE) {
        const Hero& hero = hero_of(seat);
        s.used[size_t(seat)] = record.used[size_t(seat)] = 1;
        ask(seat, PLAY, p.arg);
        if (hero.effect == E_PEEK_PLAYED) {
            ask(seat, ABILITY_TARGET, s.heroes[size_t(seat)]);
        } else if (hero.effect == E_DRAW) {
            draw_cards(seat, hero.amount);
        } else if (hero.effect == E_SMASH) {
            s.smash = true;
            hurt_city(hero.city, "smash");
        }
        return;
    }
    if (action == HAIL) {
        ask(seat, PLAY, 1);
        reveal(seat);
        return;
    }
    record.played[size_t(seat)] = 1;
    pop();
    if (action == PASS) return;
    const Counts& counts = multisets().counts[size_t(action)];
    int sum = 0;
    for (int v = 0; v < kValues; ++v) {
        s.hands[size_t(seat)][size_t(v)] -= counts[size_t(v)];
        sum += counts[size_t(v)];
    }
    if (s.revealed[size_t(seat)]) {
        record.up[size_t(seat)] = counts;
    } else {
        record.down[size_t(seat)] = counts;
        if (s.options.claims) ask(seat, CLAIM_DECISION, sum);
    }
}

void HailHydraGame::mv_ability_target(const Pending& p, int action) {
    const int seat = p.seat;
    const int target = absolute(seat, action);
    const int effect = hero_of(seat).effect;
    const int index = int(s.offensives.size()) - 1;
    if (effect == E_PEEK_PLAYED) {
        Web& w = s.web[size_t(seat)];
        w.set = true;
        w.offensive = index;
        w.target = target;
        w.counts = s.offensives.back().down[size_t(target)];
        ask(seat, PLAY, 0);
    } else if (effect == E_CHECK_CLAIM) {
        const Offensive& o = s.offensives.back();
        int blue = 0;
        for (int v = 0; v < 4; ++v) blue += o.down[size_t(target)][size_t(v)];
        Radar& r = s.radar[size_t(seat)];
        r.set = true;
        r.offensive = index;
        r.target = target;
        r.truth = int(o.claim[size_t(target)] == blue);
        pop();
    } else if (effect == E_PEEK_LOYALTY) {
        s.widow[size_t(seat)].push_back({target, s.loyalty[size_t(target)]});
        pop();
    } else {  // ambush: replaces the round (HH28, HR11)
        knock_out(target);
        Round& round = s.rounds.back();
        round.ambush = true;
        round.result = target;
        s.queue.clear();
        s.stage = ST_VERDICT;
    }
}

void HailHydraGame::mv_offer(const Pending& p, int action) {
    const int seat = p.seat;
    if (action == PASS) {
        pop();
        return;
    }
    const Hero& hero = hero_of(seat);
    s.used[size_t(seat)] = 1;
    if (!s.offensives.empty() && p.kind == RESOLVE_OFFER) s.offensives.back().used[size_t(seat)] = 1;
    const int effect = hero.effect;
    if (effect == E_CHECK_CLAIM || effect == E_PEEK_LOYALTY || effect == E_AMBUSH) {
        ask(seat, ABILITY_TARGET, s.heroes[size_t(seat)]);
        return;
    }
    if (effect == E_REMOVE_CARD) {
        ask(seat, ABILITY_VALUE, s.heroes[size_t(seat)]);
        return;
    }
    pop();
    switch (effect) {
        case E_SKIP_VILLAIN_ATTACK: s.panther = true; break;
        case E_ZERO_DEFENCE: s.defence = 0; break;
        case E_NEGATE_TOTAL: s.total = -s.total; break;
        case E_HEAL_CITY: s.city = std::min(T().city_health, s.city + hero.amount); break;
        case E_IMMUNITY: s.immune[size_t(seat)] = 1; break;
        case E_DIRECT_DAMAGE: hurt_villain(hero.amount); break;
        default: break;
    }
}

}  // namespace hail_hydra
