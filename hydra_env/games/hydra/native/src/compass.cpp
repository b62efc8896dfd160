// The compass (R22-R25, hydra_env/games/hydra/rules/compass.py): glory as absolute progress by seat.
#include "engine.hpp"

namespace hydra {

void glory_gain(State& s, int seat, int amount) {
    if (amount <= 0) return;
    // `held` is the set of positions before the move (the mover's own start included)
    int32_t before[kMaxPlayers];
    for (int i = 0; i < s.players; ++i) before[i] = s.glory[i];
    auto in_before = [&](int p) {
        for (int i = 0; i < s.players; ++i) if (before[i] == p) return true;
        return false;
    };
    int p = s.glory[seat];
    for (int k = 0; k < amount; ++k) {
        ++p;
        while (in_before(p)) ++p;
    }
    s.glory[seat] = p;
}

void glory_lose(State& s, int seat, int amount) {
    if (amount <= 0) return;
    int32_t before[kMaxPlayers];
    for (int i = 0; i < s.players; ++i) before[i] = s.glory[i];
    auto in_before = [&](int p) {
        for (int i = 0; i < s.players; ++i) if (before[i] == p) return true;
        return false;
    };
    int p = s.glory[seat];
    for (int k = 0; k < amount; ++k) {
        --p;
        while (in_before(p)) --p;
    }
    s.glory[seat] = p;
}

void glory_ranking(const State& s, int* order) {
    // sorted(range(n), key=-glory): a stable sort, highest progress first
    int n = s.players;
    for (int i = 0; i < n; ++i) order[i] = i;
    for (int i = 1; i < n; ++i) {
        int x = order[i], j = i - 1;
        while (j >= 0 && s.glory[order[j]] < s.glory[x]) {
            order[j + 1] = order[j];
            --j;
        }
        order[j + 1] = x;
    }
}

void glory_support(State& s) {
    int order[kMaxPlayers];
    glory_ranking(s, order);
    for (int place = 1; place < s.players; ++place) {
        int seat = order[place];
        int above = s.glory[order[place - 1]];
        int v = s.glory[seat] + place;
        s.glory[seat] = v < above - 1 ? v : above - 1;
    }
}

void set_turn_order(State& s) {
    int order[kMaxPlayers];
    glory_ranking(s, order);
    for (int i = 0; i < s.players; ++i) s.turn_order[i] = uint8_t(order[s.players - 1 - i]);
}

}  // namespace hydra
