// See views.hpp. Mirrors hydra_env/games/hydra/rules/views.py line by line: the same slots in the same
// order, the cards sorted first, the same draws from the generator.
#include "views.hpp"

#include <algorithm>
#include <utility>

namespace hydra {

void generator_permutation(Pcg64& rng, int n, int* out) {
    for (int i = 0; i < n; ++i) out[i] = i;
    for (int i = n - 1; i >= 1; --i) {
        int j = int(rng.interval(uint64_t(i)));
        std::swap(out[i], out[j]);
    }
}

uint64_t generator_below_2_63(Pcg64& rng) {
    // bounded_lemire_uint64 with rng_excl = 2^63: (x * 2^63) >> 64, threshold 0 (never rejects)
    return rng.next64() >> 1;
}

namespace {

constexpr int kMaxSlots = 2 * kMaxActionCards + 2 * kMaxHydraCards;

// The cards held at a list of slots (pointers into the state's lists), re-dealt.
struct Slots {
    int8_t* at[kMaxSlots];
    bool negated[kMaxSlots];  // the queue holds hydra cards as ~card
    int n = 0;
    void add(int8_t* p, bool neg = false) {
        if (n >= kMaxSlots) throw std::length_error("native determinize: too many hidden cards");
        at[n] = p;
        negated[n++] = neg;
    }
    void redeal(Pcg64& rng) {
        int cards[kMaxSlots], order[kMaxSlots];
        for (int i = 0; i < n; ++i) cards[i] = negated[i] ? ~int(*at[i]) : int(*at[i]);
        std::sort(cards, cards + n);
        generator_permutation(rng, n, order);
        for (int i = 0; i < n; ++i) {
            int c = cards[order[i]];
            *at[i] = int8_t(negated[i] ? ~c : c);
        }
    }
};

bool hidden_owner(int owner, int seat) { return owner != -1 && owner != seat; }

void shuffle_positions(State& s, int seat, Pcg64& rng) {
    int positions[kMaxQueue], n = 0;
    for (int i = 0; i < s.hydra_queue.size(); ++i)
        if (s.hydra_queue[i] >= 0) positions[n++] = i;
    if (n < 2) return;
    std::pair<int, int> entries[kMaxQueue];
    int hidden_cards[kMaxQueue], hidden_srcs[kMaxQueue];
    int n_known = 0, n_hidden = 0;
    for (int k = 0; k < n; ++k) {
        int c = s.hydra_queue[positions[k]], x = s.hydra_queue_owner[positions[k]];
        if (hidden_owner(x, seat)) {
            hidden_cards[n_hidden] = c;
            hidden_srcs[n_hidden++] = x;
        } else {
            entries[n_known++] = {c, x};
        }
    }
    std::sort(entries, entries + n_known);
    std::sort(hidden_cards, hidden_cards + n_hidden);
    std::sort(hidden_srcs, hidden_srcs + n_hidden);
    for (int k = 0; k < n_hidden; ++k) entries[n_known + k] = {hidden_cards[k], hidden_srcs[k]};
    int order[kMaxQueue];
    generator_permutation(rng, n, order);
    for (int k = 0; k < n; ++k) {
        s.hydra_queue[positions[k]] = int8_t(entries[order[k]].first);
        s.hydra_queue_owner[positions[k]] = int8_t(entries[order[k]].second);
    }
}

}  // namespace

void determinize(State& s, const Rules& r, int seat, Pcg64& rng) {
    const Tables& t = *r.tables;
    int players = s.players;
    Slots slots;
    for (int i = 0; i < s.action_deck.size(); ++i) slots.add(&s.action_deck[i]);
    for (int o = 0; o < players; ++o) {
        if (o == seat) continue;
        for (int k = 0; k < s.action_hands[o].size(); ++k)
            if (!s.action_hand_used[o][k]) slots.add(&s.action_hands[o][k]);
    }
    for (int i = 0; i < s.hydra_queue.size(); ++i)
        if (s.hydra_queue[i] >= 0 && hidden_owner(s.hydra_queue_owner[i], seat)) slots.add(&s.hydra_queue[i]);
    slots.redeal(rng);
    shuffle_positions(s, seat, rng);
    for (int d = 0; d < 2; ++d) {
        Slots h;
        for (int i = 0; i < s.hydra_decks[d].size(); ++i) h.add(&s.hydra_decks[d][i]);
        for (int o = 0; o < players; ++o) {
            if (o == seat) continue;
            for (int k = 0; k < s.hydra_hands[o].size(); ++k)
                if (t.hcard_deck[s.hydra_hands[o][k]] == d) h.add(&s.hydra_hands[o][k]);
        }
        for (int i = 0; i < s.hydra_stack.size(); ++i)
            if (t.hcard_deck[s.hydra_stack[i]] == d) h.add(&s.hydra_stack[i]);
        if (r.solo && !s.solo_row_c_face_up)
            for (int j = 0; j < s.solo_row_c.size(); ++j)
                if (s.solo_row_c[j] >= 0 && t.hcard_deck[s.solo_row_c[j]] == d) h.add(&s.solo_row_c[j]);
        for (int i = 0; i < s.hydra_queue.size(); ++i)
            if (s.hydra_queue[i] < 0 && t.hcard_deck[~int(s.hydra_queue[i])] == d) h.add(&s.hydra_queue[i], true);
        h.redeal(rng);
    }
    s.seed = generator_below_2_63(rng);
    s.random_events = 0;
}

}  // namespace hydra

namespace hydra {

int action_tokens_left(const State& s, const Rules& r, int seat) {
    int tokens = r.tokens;
    int phase = s.phase;
    if (s.solo) {
        if (phase == PH_ACTIONS || phase == PH_ACTIONS_II) return tokens - s.actions_done;
        return 0;
    }
    if (phase == PH_BUCKLE_UP) return tokens;
    if (phase != PH_ACTIONS) return 0;
    int place = 0;
    while (place < s.players && s.turn_order[place] != seat) ++place;
    int index = s.turn_order_index;
    bool acted = place < index || (place == index && s.turn_acted == 1);
    return tokens - s.turn - (acted ? 1 : 0);
}

}  // namespace hydra
