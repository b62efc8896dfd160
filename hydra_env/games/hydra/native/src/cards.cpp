// Decks and the game's random events (hydra_env/games/hydra/rules/cards.py): random event k is
// numpy.random.default_rng([seed, k]).permutation(n), see rng.hpp.
#include "engine.hpp"
#include "common/numpy_rng.hpp"

namespace hydra {

void event_permutation_of(State& s, int n, int* out) {
    s.random_events += 1;
    event_permutation(s.seed, s.random_events, n, out);
}

template <typename T, int N>
void shuffle(State& s, SmallList<T, N>& cards) {
    int n = cards.size();
    if (n <= 1) return;
    int order[N];
    event_permutation_of(s, n, order);
    T copy[N];
    for (int i = 0; i < n; ++i) copy[i] = cards[i];
    for (int i = 0; i < n; ++i) cards[i] = copy[order[i]];
}

template void shuffle(State&, ActionPile&);

void shuffle_ints(State& s, int* values, int n) {
    if (n <= 1) return;
    int order[kMaxQueue * 2];
    int copy[kMaxQueue * 2];
    if (n > kMaxQueue * 2) throw std::length_error("native engine: too many cards to shuffle");
    event_permutation_of(s, n, order);
    for (int i = 0; i < n; ++i) copy[i] = values[i];
    for (int i = 0; i < n; ++i) values[i] = copy[order[i]];
}

template <typename Pile>
static int draw_from(State& s, Pile& deck, Pile& discard) {
    if (deck.empty()) {
        if (discard.empty()) return -1;
        for (int i = 0; i < discard.size(); ++i) deck.push(discard[i]);
        discard.clear();
        shuffle(s, deck);
    }
    return deck.pop();
}

int draw(State& s, ActionPile& deck, ActionPile& discard) { return draw_from(s, deck, discard); }

}  // namespace hydra
