// The coordinated game for 2-4 heroes (R22-R31, hydra_env/games/hydra/rules/coop.py).
#include "engine.hpp"

namespace hydra {
namespace coop {

template <typename Pile, typename Out>
static void draw_many(State& s, Pile& deck, Pile& discard, int count, Out& out) {
    out.clear();
    for (int i = 0; i < count; ++i) {
        int card = draw(s, deck, discard);
        if (card < 0) break;
        out.push(int8_t(card));
    }
}

static void set_pending(State& s, int kind, int seat) {
    s.has_pending = true;
    s.pending = Pending();
    s.pending.kind = uint8_t(kind);
    s.pending.seat = uint8_t(seat);
}

static void start_round(State& s, const Rules& r) {
    // R27 phase 1: hands, display refill (from round 2), the face-down stack
    int d = s.moon[s.round] == 'L' ? 0 : 1;
    for (int i = 0; i < s.players; ++i) {
        int seat = s.turn_order[i];
        draw_many(s, s.hydra_decks[d], s.hydra_discards[d], r.hydra_hand, s.hydra_hands[seat]);
        draw_many(s, s.action_deck, s.action_discard, r.action_hand, s.action_hands[seat]);
        s.action_hand_used[seat].clear();
        for (int k = 0; k < s.action_hands[seat].size(); ++k) s.action_hand_used[seat].push(0);
    }
    if (s.round > 0) {
        draw_many(s, s.action_deck, s.action_discard, r.display, s.display);
        s.display_token.clear();
        for (int k = 0; k < s.display.size(); ++k) s.display_token.push(0);
    }
    draw_many(s, s.hydra_decks[d], s.hydra_discards[d], r.hydra_stack, s.hydra_stack);
    for (int h = 0; h < s.players; ++h) s.city_actions_used[h] = 0;
    s.phase = PH_BUCKLE_UP;
    s.turn_order_index = 0;
    s.turn = 0;
    s.turn_acted = 0;
}

void setup(State& s, const Rules& r, int stars, uint64_t seed) {
    int players = r.players;
    init_common(s, r, stars, seed, players);
    int perm[kMaxPlayers];
    event_permutation_of(s, players, perm);
    for (int place = 0; place < players; ++place) s.glory[perm[place]] = -place;  // R23
    set_turn_order(s);
    draw_many(s, s.action_deck, s.action_discard, r.display, s.display);
    s.display_token.clear();
    for (int k = 0; k < s.display.size(); ++k) s.display_token.push(0);
    start_round(s, r);
}

void buckle_up(State& s, const Rules&, int seat) {
    // R26: pay 1 glory, discard the hand, draw as many
    glory_lose(s, seat, 1);
    int count = s.action_hands[seat].size();
    for (int k = 0; k < count; ++k) s.action_discard.push(s.action_hands[seat][k]);
    draw_many(s, s.action_deck, s.action_discard, count, s.action_hands[seat]);
    s.action_hand_used[seat].clear();
    for (int k = 0; k < s.action_hands[seat].size(); ++k) s.action_hand_used[seat].push(0);
}

static void start_hydra_phase(State& s) {
    // R29: unused action cards shuffled, then the face-down stack in order
    int unused[kMaxQueue * 2];  // card * 16 + (seat + 1), seat -1 for the display
    int n = 0;
    for (int slot = 0; slot < s.display.size(); ++slot) {
        if (s.display[slot] >= 0 && !s.display_token[slot]) {
            unused[n++] = s.display[slot] * 16;
            s.display[slot] = -1;
        }
    }
    for (int seat = 0; seat < s.players; ++seat) {
        SmallList<int8_t, kHandSlots> keep;
        for (int k = 0; k < s.action_hands[seat].size(); ++k) {
            if (s.action_hand_used[seat][k]) keep.push(s.action_hands[seat][k]);
            else unused[n++] = s.action_hands[seat][k] * 16 + seat + 1;
        }
        s.action_hands[seat] = keep;
        s.action_hand_used[seat].clear();
        for (int k = 0; k < keep.size(); ++k) s.action_hand_used[seat].push(1);
    }
    shuffle_ints(s, unused, n);
    s.hydra_queue.clear();
    s.hydra_queue_owner.clear();
    for (int i = 0; i < n; ++i) {
        s.hydra_queue.push(int8_t(unused[i] / 16));
        s.hydra_queue_owner.push(int8_t(unused[i] % 16 - 1));
    }
    for (int i = 0; i < s.hydra_stack.size(); ++i) {
        s.hydra_queue.push(int8_t(~s.hydra_stack[i]));
        s.hydra_queue_owner.push(-1);
    }
    s.hydra_stack.clear();
    s.phase = PH_HYDRA;
    Task t;
    t.op = T_COOP_HYDRA;
    s.push_task(t);
}

void end_turn(State& s, const Rules& r) {
    s.turn_acted = 0;
    s.turn_order_index += 1;
    if (s.turn_order_index < s.players) return;
    s.turn_order_index = 0;
    s.turn += 1;
    if (s.victory) end_game(s, OUT_WON);  // R31
    else if (s.turn >= r.tokens) start_hydra_phase(s);
}

static void end_round(State& s, const Rules& r) {
    // phases 4-6: support (R24), turn order (R25), cleanup (R30) or the end
    glory_support(s);
    if (s.round + 1 >= s.n_moon) {
        end_game(s, OUT_WON);
        return;
    }
    set_turn_order(s);
    for (int seat = 0; seat < s.players; ++seat) {
        for (int k = 0; k < s.action_hands[seat].size(); ++k) s.action_deck.push(s.action_hands[seat][k]);
        s.action_hands[seat].clear();
        s.action_hand_used[seat].clear();
    }
    for (int k = 0; k < s.display.size(); ++k) if (s.display[k] >= 0) s.action_deck.push(s.display[k]);
    for (int k = 0; k < s.action_discard.size(); ++k) s.action_deck.push(s.action_discard[k]);
    s.action_discard.clear();
    s.display.clear();
    s.display_token.clear();
    shuffle(s, s.action_deck);
    regrow_heads(s, r);  // R30
    s.round += 1;
    start_round(s, r);
}

void flow(State& s, const Rules& r) {
    int phase = s.phase;
    if (phase == PH_BUCKLE_UP) {
        if (s.turn_order_index < s.players) {
            set_pending(s, D_BUCKLE_UP, s.turn_order[s.turn_order_index]);
        } else {
            s.phase = PH_ACTIONS;
            s.turn_order_index = 0;
            s.turn = 0;
            s.turn_acted = 0;
        }
    } else if (phase == PH_ACTIONS) {
        int seat = s.turn_order[s.turn_order_index];
        if (s.turn_acted == 0) set_pending(s, D_ACTION, seat);
        else if (!s.hydra_hands[seat].empty() && !s.victory) set_pending(s, D_AFTER_ACTION, seat);
        else end_turn(s, r);
    } else if (phase == PH_HYDRA) {
        end_round(s, r);
    } else {
        throw std::logic_error("native engine: no decision and no task in this phase");
    }
}

void legal_main(const State& s, const Rules& r, int seat, ActionMask& m) {
    const Tables& t = *r.tables;
    Reach reach(s, r, seat);
    for (int slot = 0; slot < s.display.size(); ++slot)
        if (s.display[slot] >= 0 && !s.display_token[slot]) reach.card(s.display[slot], m, t.slot_shift[slot]);
    for (int k = 0; k < s.action_hands[seat].size(); ++k)
        if (!s.action_hand_used[seat][k]) reach.card(s.action_hands[seat][k], m, t.slot_shift[kDisplaySlots + k]);
    reach.city(s.city_actions_used[seat], m);
    if (!s.victory) m.or_word((uint64_t(1) << s.hydra_hands[seat].size()) - 1, t.codec.play_base);
}

void legal_after(const State& s, const Rules& r, int seat, ActionMask& m) {
    const Codec& codec = r.tables->codec;
    m.or_word((uint64_t(1) << s.hydra_hands[seat].size()) - 1, codec.play_base);
    if (s.turn < r.tokens - 1) m.set(codec.end_turn);
}

int use_slot(State& s, const Rules&, int seat, int slot) {
    if (slot < kDisplaySlots) {
        s.display_token[slot] = int8_t(seat + 1);
        return s.display[slot];
    }
    int k = slot - kDisplaySlots;
    s.action_hand_used[seat][k] = 1;
    return s.action_hands[seat][k];
}

void after_action(State& s, const Rules& r, int) {
    s.turn_acted = 1;
    if (!s.victory) {
        int most = 0;
        for (int c = 0; c < r.tables->n_colours; ++c) if (s.head_count[c] > most) most = s.head_count[c];
        if (most == 0) {
            s.victory = 1;  // R31 (the Python engine stores the int 1 here)
            s.victory_is_int = 1;
        }
    }
}

void play_hydra(State& s, const Rules& r, int seat, int hand_index) {
    auto& hand = s.hydra_hands[seat];
    int card = hand[hand_index];
    for (int k = hand_index + 1; k < hand.size(); ++k) hand[k - 1] = hand[k];
    hand.n -= 1;
    s.hydra_discards[r.tables->hcard_deck[card]].push(int8_t(card));
    push_effects(s, r.tables->hcard_effects[card], r.tables->n_hcard_effects[card]);
}

void t_coop_hydra(State& s, const Rules& r, const Task&) {
    if (s.hydra_queue.empty()) return;
    int x = s.hydra_queue.pop_front();
    s.hydra_queue_owner.pop_front();
    Task t;
    t.op = T_COOP_HYDRA;
    s.push_task(t);
    const Tables& tb = *r.tables;
    if (x >= 0) {
        s.action_discard.push(int8_t(x));
        push_effects(s, tb.card_effects[x], tb.n_card_effects[x]);
    } else {
        int h = ~x;
        s.hydra_discards[tb.hcard_deck[h]].push(int8_t(h));
        push_effects(s, tb.hcard_effects[h], tb.n_hcard_effects[h]);
    }
}

}  // namespace coop
}  // namespace hydra
