// Hadara's deal, the flow of an epoch, the legal actions and one decision: the twin of
// hydra_env/games/hadara/engine.py and rules.py (function for function, same names), and the
// score of scoring.py for the batch's end returns.
#include <algorithm>

#include "hadara.hpp"

namespace hadara {

namespace {

void add_tracks(State& s, int seat, const std::array<int, kTracks>& values, int sign) {
    auto& tracks = s.tracks[size_t(seat)];
    for (int k = 0; k < kTracks; ++k) tracks[size_t(k)] = std::max(0, tracks[size_t(k)] + sign * values[size_t(k)]);
}

bool card_before(const Tables& t, int a, int b) {  // card_key: colour, epoch, index
    const Card& x = t.cards[size_t(a)];
    const Card& y = t.cards[size_t(b)];
    if (x.colour != y.colour) return x.colour < y.colour;
    if (x.epoch != y.epoch) return x.epoch < y.epoch;
    return a < b;
}

int sale_value(const State& s, const Tables& t, int seat, int card) {
    return t.sale_value[size_t(t.cards[size_t(card)].epoch - 1)] + sell_bonus(s, t, seat);
}

}  // namespace

void buy(State& s, const Tables& t, int seat, int card) {
    s.coins[size_t(seat)] -= price(s, t, seat, card);
    auto& tab = s.tableau[size_t(seat)];
    int at = 0;
    while (at < tab.size() && card_before(t, tab[at], card)) ++at;
    tab.insert_at(at, card);
    const Card& c = t.cards[size_t(card)];
    add_tracks(s, seat, c.tracks, 1);
    if (c.effect == EFFECT_COINS) s.coins[size_t(seat)] += c.effect_arg;
    else if (c.effect == EFFECT_BOOST) s.tracks[size_t(seat)][size_t(c.effect_arg)] += colour_count(s, t, seat, c.effect_arg);
}

void sell(State& s, const Tables& t, int seat, int card, bool phase_a) {
    s.coins[size_t(seat)] += sale_value(s, t, seat, card);
    if (phase_a) {
        s.sold_a[size_t(seat)].push(card);
        s.sales_a[size_t(seat)] += 1;
    } else {
        s.sold_b[size_t(seat)].push(card);
    }
}

namespace {

void first_players(State& s) {
    int ranks[3] = {1, 2, s.players == 2 ? 1 : 3};
    for (int e = 0; e < 3; ++e)
        for (int seat = 0; seat < s.players; ++seat)
            if (s.rank[size_t(seat)] == ranks[e]) {
                s.first[size_t(e)] = seat;
                break;
            }
}

void start_epoch(State& s, const Tables& t) {
    for (int colour = 0; colour < kColours; ++colour) {
        std::vector<int> cards = t.epoch_cards[size_t(s.epoch)][size_t(colour)];
        s.rng.shuffle(cards.data(), int(cards.size()));
        auto& deck = s.decks[size_t(colour)];
        deck.clear();
        for (int k = 0; k < 2 * s.players && k < int(cards.size()); ++k) deck.push(cards[size_t(k)]);
        s.piles[size_t(colour)].clear();
    }
    s.step = S_WHEEL;
    s.index = 0;
    s.wheel = -1;
    s.round = 0;
    s.picks = 0;
    for (int seat = 0; seat < s.players; ++seat) s.sales_a[size_t(seat)] = 0;
}

void draw(State& s) {
    for (int seat = 0; seat < s.players; ++seat) {
        auto& deck = s.decks[size_t(s.board_order[size_t((seat + s.wheel + s.round) % 5)])];
        int a = deck.pop(), b = deck.pop();
        auto& pair = s.pairs[size_t(seat)];
        pair.clear();
        pair.push(std::min(a, b));
        pair.push(std::max(a, b));
        s.choices[size_t(seat)] = -1;
    }
}

void resolve_round(State& s, const Tables& t) {
    for (int k = 0; k < s.players; ++k) {
        int seat = s.order_seat(k);
        int choice = s.choices[size_t(seat)] - DRAFT0;
        int which = choice / 2;
        bool sold = choice % 2 != 0;
        auto& pair = s.pairs[size_t(seat)];
        int keep = pair[which], other = pair[1 - which];
        s.piles[size_t(t.cards[size_t(other)].colour)].push(other);
        if (sold) sell(s, t, seat, keep, true);
        else buy(s, t, seat, keep);
        pair.clear();
        s.choices[size_t(seat)] = -1;
    }
}

void next_step(State& s) {
    s.step += 1;
    s.index = 0;
}

void set_pending(State& s, int kind, int seat) {
    s.has_pending = true;
    s.pending_kind = kind;
    s.pending_seat = seat;
}

// engine.find_pending: the next decision after every automatic step before it; false: none.
bool find_pending(State& s, const Tables& t) {
    const int n = s.players;
    for (;;) {
        const int step = s.step;
        if (step == S_WHEEL) {
            set_pending(s, WHEEL, s.first[size_t(s.epoch)]);
            return true;
        }
        if (step == S_DRAFT) {
            for (int k = 0; k < n; ++k) {
                int seat = s.order_seat(k);
                if (s.choices[size_t(seat)] < 0) {
                    set_pending(s, DRAFT, seat);
                    return true;
                }
            }
            resolve_round(s, t);
            s.round += 1;
            if (s.round == kRounds) next_step(s);
            else draw(s);
        } else if (step == S_INCOME_A || step == S_INCOME_B) {
            for (int k = 0; k < n; ++k) {
                int seat = s.order_seat(k);
                s.coins[size_t(seat)] += s.tracks[size_t(seat)][INCOME];
            }
            next_step(s);
        } else if (step == S_COLONY_A || step == S_COLONY_B) {
            if (s.pending_colony >= 0) {
                set_pending(s, COLONY_MODE, s.order_seat(s.index));
                return true;
            }
            if (s.index < n) {
                set_pending(s, COLONY, s.order_seat(s.index));
                return true;
            }
            next_step(s);
        } else if (step == S_STATUE_A || step == S_STATUE_B) {
            if (s.pending_statue >= 0) {
                set_pending(s, TILE, s.order_seat(s.index));
                return true;
            }
            if (s.index < n) {
                set_pending(s, STATUE, s.order_seat(s.index));
                return true;
            }
            next_step(s);
        } else if (step == S_PICK) {
            if (s.picks < kRounds * n) {
                set_pending(s, PICK, s.order_seat(s.picks % n));
                return true;
            }
            next_step(s);
        } else if (step == S_FEED) {
            while (s.index < n) {
                int seat = s.order_seat(s.index);
                if (s.tableau[size_t(seat)].size() > s.tracks[size_t(seat)][FOOD]) {
                    set_pending(s, REMOVE, seat);
                    return true;
                }
                s.index += 1;
            }
            next_step(s);
        } else if (step == S_MEDAL) {
            if (s.index < n) {
                set_pending(s, MEDAL, s.order_seat(s.index));
                return true;
            }
            if (s.epoch == 2) {
                s.step = S_OVER;
                s.game_over = true;
                return false;
            }
            s.epoch += 1;
            start_epoch(s, t);
        } else {
            s.game_over = true;
            return false;
        }
    }
}

}  // namespace

// engine.carry_out: one legal action of the pending seat (no check, no history, no advance).
void carry_out(State& s, const Tables& t, int action) {
    const int seat = s.pending_seat, kind = s.pending_kind;
    const size_t st = size_t(seat);
    if (kind == WHEEL) {
        s.wheel = action - WHEEL0;
        s.step = S_DRAFT;
        s.round = 0;
        draw(s);
    } else if (kind == DRAFT) {
        s.choices[st] = action;
    } else if (kind == COLONY) {
        if (action == PASS) {
            s.index += 1;
        } else {
            int level = action - COLONY0 + 1;
            int taken = s.stacks[size_t(level - 1)].pop();
            s.colonies[st].push(taken);
            s.integrated[st].push(0);
            s.pending_colony = taken;
        }
    } else if (kind == COLONY_MODE) {
        const Colony& colony = t.colonies[size_t(s.pending_colony)];
        if (action == INTEGRATE) {
            s.coins[st] -= colony.cost;
            s.integrated[st][s.integrated[st].size() - 1] = 1;
            add_tracks(s, seat, colony.back, 1);
        } else {
            s.coins[st] += colony.plunder;
        }
        s.pending_colony = -1;
        s.index += 1;
    } else if (kind == STATUE) {
        if (action == PASS) s.index += 1;
        else s.pending_statue = action - STATUE0;
    } else if (kind == TILE) {
        int a = (action - TILE0) / 2, b = (action - TILE0) % 2;
        s.tiles[st][size_t(a)] -= 1;
        s.statues[st][size_t(s.pending_statue)] = 2 * a + b;
        if (!b) s.tracks[st][size_t(a)] += t.statues[size_t(s.pending_statue)].bonus;
        s.pending_statue = -1;
        s.index += 1;
    } else if (kind == PICK) {
        int a = (action - PICK0) / 2, b = (action - PICK0) % 2;
        int card = s.piles[size_t(a)].pop();
        if (b) sell(s, t, seat, card, false);
        else buy(s, t, seat, card);
        s.picks += 1;
    } else if (kind == REMOVE) {
        int card = s.tableau[st].erase_at(action - REMOVE0);
        s.removed[st].push(card);
        add_tracks(s, seat, t.cards[size_t(card)].tracks, -1);
    } else if (kind == MEDAL) {
        if (action == GOLD) {
            s.coins[st] -= t.gold_price[size_t(s.epoch)];
            s.gold[st] += 1;
        } else if (action == PASS) {
            s.index += 1;
        } else {
            int track = action - SILVER0;
            s.coins[st] -= t.silver_price[size_t(s.epoch)];
            s.tiles[st][size_t(track)] -= 1;
            s.silver[st].push(track);
        }
    }
}

void new_state(State& s, const Tables& t, int players, uint64_t seed, bool board_random) {
    s.players = players;
    s.seed = seed;
    s.rng = hydra_common::CounterRng{seed, 0};
    s.board_order = t.board_order;
    if (board_random) s.rng.shuffle(s.board_order.data(), kColours);
    std::vector<int> setups(t.setup_cards.size());
    for (size_t k = 0; k < setups.size(); ++k) setups[k] = int(k);
    s.rng.shuffle(setups.data(), int(setups.size()));
    for (int seat = 0; seat < players; ++seat) s.setup[size_t(seat)] = setups[size_t(seat)];
    for (int seat = 0; seat < players; ++seat) {
        int mine = t.setup_cards[size_t(s.setup[size_t(seat)])].initiative, below = 0;
        for (int other = 0; other < players; ++other)
            below += t.setup_cards[size_t(s.setup[size_t(other)])].initiative < mine;
        s.rank[size_t(seat)] = 1 + below;
    }
    for (int level = 1; level <= kLevels; ++level) {
        std::vector<int> group = t.level_colonies[size_t(level - 1)];
        s.rng.shuffle(group.data(), int(group.size()));
        auto& stack = s.stacks[size_t(level - 1)];
        stack.clear();
        for (int k = 0; k < players && k < int(group.size()); ++k) stack.push(group[size_t(k)]);
    }
    first_players(s);
    for (int seat = 0; seat < players; ++seat) {
        const SetupCard& card = t.setup_cards[size_t(s.setup[size_t(seat)])];
        s.coins[size_t(seat)] = card.coins;
        s.tracks[size_t(seat)] = card.tracks;
        s.choices[size_t(seat)] = -1;
        s.statues[size_t(seat)].fill(-1);
        s.tiles[size_t(seat)].fill(t.tiles_per_track);
        int rank = s.rank[size_t(seat)];
        if ((players >= 4 && rank >= 4) || (players == 2 && rank == 2)) s.coins[size_t(seat)] += 1;
    }
    start_epoch(s, t);
    advance(s, t);
}

void advance(State& s, const Tables& t) {
    int buf[kActions];
    for (;;) {
        s.has_pending = false;
        if (!find_pending(s, t)) return;
        if (legal_actions(s, t, buf) != 1) return;
        carry_out(s, t, buf[0]);
    }
}

bool apply(State& s, const Tables& t, int action) {
    if (!is_legal(s, t, action)) return false;
    carry_out(s, t, action);
    s.history.push_back(uint8_t(action));
    advance(s, t);
    return true;
}

}  // namespace hadara
