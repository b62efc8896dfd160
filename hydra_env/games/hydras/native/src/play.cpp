// The course of a game after its set-up: turns, block chains, slash and burn, drawing, the
// end (a port of hydra_env/games/hydras/rules/engine.py from apply() on; nothing here is random, H13).
#include <algorithm>

#include "hengine.hpp"
#include "common/numpy_rng.hpp"

namespace hydras {

namespace {

void log(State& s, int event, int seat, int card = -1, int target = -1, int cell = -1, int rotation = -1) {
    s.log.push_back({event, seat, card, target, cell, rotation});
}

void set_pending(State& s, int kind, int seat, int phase) {
    s.has_pending = true;
    s.pending_kind = kind;
    s.pending_seat = seat;
    s.phase = phase;
}

void end_of_turn(State& s, const Tables& t) {
    int seat = s.turn_seat;
    if (s.final_turns_left == -1) {
        std::vector<int>& hand = s.hands[size_t(seat)];
        int count = std::min(int(t.hand_size) - int(hand.size()), int(s.deck.size()));
        if (count > 0) {
            for (int i = 0; i < count; ++i) {
                hand.push_back(s.deck.back());
                s.deck.pop_back();
            }
            std::sort(hand.begin(), hand.end());
            log(s, EV_DRAW, seat, -1, -1, -1, count);
            if (s.deck.empty()) s.final_turns_left = s.players;
        }
        return;
    }
    s.final_turns_left -= 1;
    if (s.final_turns_left == 0) {
        s.game_over = true;
        s.has_pending = false;
        s.phase = PH_OVER;
    }
}

// Begin turns until one has a decision: a seat with an empty hand skips its play (H4).
void begin_turn(State& s, const Tables& t) {
    while (true) {
        int seat = s.turn_seat;
        s.turns_taken += 1;
        if (!s.hands[size_t(seat)].empty()) {
            set_pending(s, DK_TURN, seat, PH_TURN);
            return;
        }
        log(s, EV_SKIP, seat);
        end_of_turn(s, t);
        if (s.game_over) return;
        s.turn_seat = (seat + 1) % s.players;
    }
}

void finish_turn(State& s, const Tables& t) {
    end_of_turn(s, t);
    if (!s.game_over) {
        s.turn_seat = (s.turn_seat + 1) % s.players;
        begin_turn(s, t);
    }
}

void invalidate(State& s, int seat) { s.analysis[size_t(seat)].reset(); }

// A round ended with no block: resolve the chain (H11, H12).
void resolve(State& s, const Tables& t) {
    Attack attack = s.attack;
    bool effective = s.blocks.size() % 2 == 0;
    for (const auto& block : s.blocks) s.discard.push_back(block[1]);
    s.has_attack = false;
    s.blocks.clear();
    Grid& grid = s.hydras[size_t(attack.target)];
    if (attack.kind == AK_SWORD) {
        s.discard.push_back(attack.card);
        if (!effective) {
            log(s, EV_CANCELLED, attack.seat, attack.card, attack.target, attack.cell);
            finish_turn(s, t);
            return;
        }
        std::vector<int> removed;
        int count = cut(grid, t, attack.cell, removed);
        s.discard.insert(s.discard.end(), removed.begin(), removed.end());
        invalidate(s, attack.target);
        log(s, EV_CUT, attack.seat, attack.card, attack.target, attack.cell, count);
        const std::vector<int>& hand = s.hands[size_t(attack.seat)];
        if (attack.target != attack.seat && std::find(hand.begin(), hand.end(), t.torch) != hand.end() &&
            grid[size_t(attack.cell)] == kEmpty) {
            int fixed, required;
            constraint(grid, t, attack.cell, fixed, required);
            if (required) {
                s.has_burn = true;
                s.burn_target = attack.target;
                s.burn_cell = attack.cell;
                set_pending(s, DK_BURN, attack.seat, PH_BURN);
                return;
            }
        }
    } else if (effective) {
        grid[size_t(attack.cell)] = int16_t(4 * t.torch);
        invalidate(s, attack.target);
        log(s, EV_PLACED, attack.seat, attack.card, attack.target, attack.cell);
    } else {
        s.discard.push_back(attack.card);
        log(s, EV_CANCELLED, attack.seat, attack.card, attack.target, attack.cell);
    }
    finish_turn(s, t);
}

void next_offer(State& s, const Tables& t) {
    if (!s.offers.empty()) {
        int seat = s.offers.front();
        s.offers.erase(s.offers.begin());
        set_pending(s, DK_BLOCK, seat, PH_BLOCK);
        return;
    }
    resolve(s, t);
}

// Offer a block on the card `blocked` just played (H11): every other seat with cards in hand,
// in turn order from its left.
void open_offers(State& s, const Tables& t, int blocked) {
    s.offers.clear();
    for (int offset = 1; offset < s.players; ++offset) {
        int seat = (blocked + offset) % s.players;
        if (!s.hands[size_t(seat)].empty()) s.offers.push_back(seat);
    }
    s.has_pending = false;
    next_offer(s, t);
}

int take(std::vector<int>& hand, int slot) {
    int card = hand[size_t(slot)];
    hand.erase(hand.begin() + slot);
    return card;
}

void remove_torch(std::vector<int>& hand, int torch) {
    hand.erase(std::find(hand.begin(), hand.end(), torch));
}

}  // namespace

void start(State& s, const Tables& t, int players, uint64_t seed) {
    s = State();
    s.players = players;
    s.seed = seed;
    s.random_events = 0;
    // The star body is always among the bodies pulled out; shuffle and deal them.
    std::vector<int> bodies(static_cast<size_t>(players), 0);
    hydra::event_permutation(seed, uint64_t(++s.random_events), players, bodies.data());
    s.star_seat = int(std::find(bodies.begin(), bodies.end(), 0) - bodies.begin());
    std::vector<int> deck;
    for (int kind = 0; kind < t.kind_count; ++kind)
        for (int k = 0; k < int(t.counts[size_t(kind)]); ++k) deck.push_back(kind);
    std::vector<int> order(deck.size());
    hydra::event_permutation(seed, uint64_t(++s.random_events), int(deck.size()), order.data());
    s.deck.resize(deck.size());
    for (size_t i = 0; i < deck.size(); ++i) s.deck[i] = deck[size_t(order[i])];
    s.hands.assign(size_t(players), {});
    for (int offset = 0; offset < players; ++offset) {
        std::vector<int>& hand = s.hands[size_t((s.star_seat + offset) % players)];
        for (int k = 0; k < t.hand_size; ++k) {
            hand.push_back(s.deck.back());
            s.deck.pop_back();
        }
        std::sort(hand.begin(), hand.end());
    }
    Grid empty(size_t(t.cells), int16_t(kEmpty));
    empty[size_t(t.centre)] = int16_t(t.body_code);
    s.hydras.assign(size_t(players), empty);
    s.turn_seat = s.star_seat;
    s.turns_taken = 0;
    s.final_turns_left = -1;
    s.game_over = false;
    begin_turn(s, t);
}

bool apply(State& s, const Tables& t, int action) {
    if (!is_legal(s, t, action)) return false;
    s.history.push_back(action);
    s.legal_valid = false;
    Decoded d = t.decode(action);
    int seat = s.pending_seat;
    std::vector<int>& hand = s.hands[size_t(seat)];
    int absolute = d.target >= 0 ? (seat + d.target) % s.players : -1;
    switch (d.kind) {
        case A_NECK: {
            int card = take(hand, d.slot);
            s.hydras[size_t(absolute)][size_t(d.cell)] = int16_t(4 * card + d.rotation);
            invalidate(s, absolute);
            log(s, EV_NECK, seat, card, absolute, d.cell, d.rotation);
            finish_turn(s, t);
            break;
        }
        case A_DISCARD: {
            int card = take(hand, d.slot);
            s.discard.push_back(card);
            log(s, EV_DISCARD, seat, card);
            finish_turn(s, t);
            break;
        }
        case A_SWORD: {
            int card = take(hand, d.slot);
            s.has_attack = true;
            s.attack = {AK_SWORD, seat, card, absolute, d.cell, false};
            log(s, EV_SWORD, seat, card, absolute, d.cell);
            open_offers(s, t, seat);
            break;
        }
        case A_TORCH:
            remove_torch(hand, t.torch);
            s.has_attack = true;
            s.attack = {AK_TORCH, seat, t.torch, absolute, d.cell, false};
            log(s, EV_TORCH, seat, t.torch, absolute, d.cell);
            open_offers(s, t, seat);
            break;
        case A_BLOCK: {
            int card = take(hand, d.slot);
            s.blocks.push_back({seat, card});
            log(s, EV_BLOCK, seat, card);
            open_offers(s, t, seat);
            break;
        }
        case A_PASS:
            next_offer(s, t);
            break;
        case A_BURN:
            s.has_burn = false;
            remove_torch(hand, t.torch);
            s.has_attack = true;
            s.attack = {AK_TORCH, seat, t.torch, s.burn_target, s.burn_cell, true};
            log(s, EV_TORCH, seat, t.torch, s.burn_target, s.burn_cell);
            open_offers(s, t, seat);
            break;
        default:  // A_NO_BURN
            s.has_burn = false;
            finish_turn(s, t);
    }
    return true;
}

}  // namespace hydras
