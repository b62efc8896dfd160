// The native Hadara engine's data from and to Python: the component tables (the dict of
// hydra_env.games.hadara.native.game.tables_dict) and the state (exactly the dict of
// hydra_env.games.hadara.save.state_data: same keys, same order, same values).
#include "common/py_buffer.hpp"
#include "common/py_dict.hpp"
#include "state_dict.hpp"

#include <nanobind/stl/vector.h>

#include <string>
#include <vector>

namespace nb = nanobind;

namespace hadara {

namespace {


[[noreturn]] void fail(const std::string& what) { throw nb::value_error(("native Hadara: " + what).c_str()); }

nb::handle item(nb::handle d, const char* name) { return hydra_native::dict_item(d, name); }

template <typename T>
T get(nb::handle d, const char* name) { return hydra_native::dict_get<T>(d, name); }

template <size_t N>
std::array<int, N> fixed(const std::vector<int>& v, const char* what) {
    if (v.size() != N) fail(std::string(what) + " has the wrong length");
    std::array<int, N> out{};
    for (size_t k = 0; k < N; ++k) out[k] = v[k];
    return out;
}

}  // namespace

std::shared_ptr<const Tables> make_tables(nb::dict d) {
    auto t = std::make_shared<Tables>();
    for (const auto& c : get<std::vector<std::vector<int>>>(d, "cards")) {
        if (c.size() != 10) fail("a card row must hold 10 values");
        t->cards.push_back({c[0], c[1], c[2], c[3], c[4], c[5], {c[6], c[7], c[8], c[9]}});
    }
    for (const auto& c : get<std::vector<std::vector<int>>>(d, "colonies")) {
        if (c.size() != 9) fail("a colony row must hold 9 values");
        t->colonies.push_back({c[0], c[1], c[2], c[3], c[4], {c[5], c[6], c[7], c[8]}});
    }
    for (const auto& c : get<std::vector<std::vector<int>>>(d, "setup_cards")) {
        if (c.size() != 6) fail("a setup card row must hold 6 values");
        t->setup_cards.push_back({c[0], c[1], {c[2], c[3], c[4], c[5]}});
    }
    auto statues = get<std::vector<std::vector<int>>>(d, "statues");
    if (statues.size() != kStatues) fail("there must be 6 statues");
    for (size_t k = 0; k < kStatues; ++k) t->statues[k] = {statues[k].at(0), statues[k].at(1), statues[k].at(2)};
    t->board_order = fixed<kColours>(get<std::vector<int>>(d, "board_order"), "board_order");
    t->sale_value = fixed<3>(get<std::vector<int>>(d, "sale_value"), "sale_value");
    t->silver_price = fixed<3>(get<std::vector<int>>(d, "silver_price"), "silver_price");
    t->gold_price = fixed<3>(get<std::vector<int>>(d, "gold_price"), "gold_price");
    t->tiles_per_track = get<int>(d, "tiles_per_track");
    t->silver_spaces = get<int>(d, "silver_spaces");
    t->gold_spaces = get<int>(d, "gold_spaces");
    t->gold_points_per_set = get<int>(d, "gold_points_per_set");
    t->coins_per_point = get<int>(d, "coins_per_point");
    auto epoch_cards = get<std::vector<std::vector<std::vector<int>>>>(d, "epoch_cards");
    if (epoch_cards.size() != 3) fail("epoch_cards needs 3 epochs");
    for (size_t e = 0; e < 3; ++e) {
        if (epoch_cards[e].size() != kColours) fail("epoch_cards needs 5 colours per epoch");
        for (size_t c = 0; c < kColours; ++c) t->epoch_cards[e][c] = epoch_cards[e][c];
    }
    auto levels = get<std::vector<std::vector<int>>>(d, "level_colonies");
    if (levels.size() != kLevels) fail("level_colonies needs 5 levels");
    for (size_t l = 0; l < kLevels; ++l) {
        if (levels[l].empty()) fail("a colony level is empty");
        t->level_colonies[l] = levels[l];
    }
    t->card_table = get<std::vector<float>>(d, "card_table");
    for (float& v : t->card_table) v = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);   // clipped, as every use is
    if (t->card_table.size() != t->cards.size() * kCardRow) fail("card_table must hold 21 values per card");
    if (t->setup_cards.size() < kMaxSeats) fail("there must be at least 5 setup cards");
    if (t->silver_spaces > kMaxSilver) fail("more silver spaces than the native engine holds");
    if (t->coins_per_point < 1) fail("coins_per_point must be at least 1");
    for (const auto& e : t->epoch_cards)
        for (const auto& group : e)
            for (int card : group)
                if (card < 0 || size_t(card) >= t->cards.size()) fail("epoch_cards names an unknown card");
    for (const auto& group : t->level_colonies)
        for (int c : group)
            if (c < 0 || size_t(c) >= t->colonies.size()) fail("level_colonies names an unknown colony");
    return t;
}

namespace {

template <int N>
nb::list fixed_list(const FixedVec<N>& v) {
    nb::list out;
    for (int i = 0; i < v.size(); ++i) out.append(v[i]);
    return out;
}

template <typename A>
nb::list array_list(const A& a, int n) {
    nb::list out;
    for (int i = 0; i < n; ++i) out.append(a[size_t(i)]);
    return out;
}

template <typename A>
nb::list nested(const A& a, int n) {
    nb::list out;
    for (int i = 0; i < n; ++i) out.append(fixed_list(a[size_t(i)]));
    return out;
}

template <typename A>
nb::list nested_arrays(const A& a, int n, int m) {
    nb::list out;
    for (int i = 0; i < n; ++i) out.append(array_list(a[size_t(i)], m));
    return out;
}

// hydra_env.games.hadara.save.state_data, key for key.
}  // namespace

nb::dict to_dict(const HadaraNative& g) {
    const State& s = g.s;
    const int n = s.players;
    nb::dict d;
    d["players"] = n;
    d["seed"] = s.seed;
    d["epoch"] = s.epoch;
    d["step"] = s.step;
    d["index"] = s.index;
    d["wheel"] = s.wheel;
    d["round"] = s.round;
    d["picks"] = s.picks;
    d["pending_colony"] = s.pending_colony;
    d["pending_statue"] = s.pending_statue;
    d["game_over"] = s.game_over;
    d["board_order"] = array_list(s.board_order, kColours);
    d["setup"] = array_list(s.setup, n);
    d["rank"] = array_list(s.rank, n);
    d["first"] = array_list(s.first, 3);
    d["choices"] = array_list(s.choices, n);
    d["coins"] = array_list(s.coins, n);
    d["gold"] = array_list(s.gold, n);
    d["sales_a"] = array_list(s.sales_a, n);
    nb::list history;
    for (uint8_t a : s.history) history.append(int(a));
    d["history"] = history;
    d["decks"] = nested(s.decks, kColours);
    d["piles"] = nested(s.piles, kColours);
    d["pairs"] = nested(s.pairs, n);
    d["tracks"] = nested_arrays(s.tracks, n, kTracks);
    d["tableau"] = nested(s.tableau, n);
    d["sold_a"] = nested(s.sold_a, n);
    d["sold_b"] = nested(s.sold_b, n);
    d["removed"] = nested(s.removed, n);
    d["stacks"] = nested(s.stacks, kLevels);
    d["colonies"] = nested(s.colonies, n);
    nb::list integrated;
    for (int seat = 0; seat < n; ++seat) {
        nb::list row;
        const auto& v = s.integrated[size_t(seat)];
        for (int i = 0; i < v.size(); ++i) row.append(bool(v[i]));
        integrated.append(row);
    }
    d["integrated"] = integrated;
    d["statues"] = nested_arrays(s.statues, n, kStatues);
    d["tiles"] = nested_arrays(s.tiles, n, kTracks);
    d["silver"] = nested(s.silver, n);
    nb::list rng;
    rng.append(s.rng.seed);
    rng.append(s.rng.counter);
    d["rng"] = rng;
    if (s.has_pending) {
        nb::list pending;
        pending.append(s.pending_kind);
        pending.append(s.pending_seat);
        d["pending"] = pending;
    } else {
        d["pending"] = nb::none();
    }
    return d;
}

namespace {

template <int N>
void read_fixed(FixedVec<N>& out, const std::vector<int>& v, const char* what) {
    if (v.size() > size_t(N)) fail(std::string(what) + " is longer than the native engine holds");
    out.clear();
    for (int x : v) out.push(x);
}

template <int N, size_t M>
void read_nested(std::array<FixedVec<N>, M>& out, nb::handle d, const char* name, size_t count) {
    auto rows = get<std::vector<std::vector<int>>>(d, name);
    if (rows.size() != count) fail(std::string(name) + " has the wrong number of rows");
    for (size_t i = 0; i < count; ++i) read_fixed(out[i], rows[i], name);
}

template <size_t M, size_t K>
void read_arrays(std::array<std::array<int, K>, M>& out, nb::handle d, const char* name, size_t count) {
    auto rows = get<std::vector<std::vector<int>>>(d, name);
    if (rows.size() != count) fail(std::string(name) + " has the wrong number of rows");
    for (size_t i = 0; i < count; ++i) out[i] = fixed<K>(rows[i], name);
}

template <size_t M>
void read_seats(std::array<int, M>& out, nb::handle d, const char* name, size_t count) {
    auto v = get<std::vector<int>>(d, name);
    if (v.size() != count) fail(std::string(name) + " has the wrong length");
    for (size_t i = 0; i < count; ++i) out[i] = v[i];
}

// Every index the engine follows lies inside its arrays (saves are checked in full by the
// Python side, hydra_env.games.hadara.save; this keeps any other dict from reading out of bounds).
void check_ranges(const State& s, const Tables& t) {
    const int cards = int(t.cards.size()), colonies = int(t.colonies.size()), n = s.players;
    auto card_ok = [&](int c) { return c >= 0 && c < cards; };
    auto colony_ok = [&](int c) { return c >= 0 && c < colonies; };
    auto all_cards = [&](const auto& rows, int count) {
        for (int i = 0; i < count; ++i)
            for (int k = 0; k < rows[size_t(i)].size(); ++k)
                if (!card_ok(rows[size_t(i)][k])) fail("a card index is out of range");
    };
    all_cards(s.decks, kColours);
    all_cards(s.piles, kColours);
    all_cards(s.pairs, n);
    all_cards(s.tableau, n);
    all_cards(s.sold_a, n);
    all_cards(s.sold_b, n);
    all_cards(s.removed, n);
    for (int l = 0; l < kLevels; ++l)
        for (int k = 0; k < s.stacks[size_t(l)].size(); ++k)
            if (!colony_ok(s.stacks[size_t(l)][k])) fail("a colony index is out of range");
    for (int seat = 0; seat < n; ++seat) {
        if (s.colonies[size_t(seat)].size() != s.integrated[size_t(seat)].size())
            fail("colonies and integrated differ in length");
        for (int k = 0; k < s.colonies[size_t(seat)].size(); ++k)
            if (!colony_ok(s.colonies[size_t(seat)][k])) fail("a colony index is out of range");
        for (int k = 0; k < s.silver[size_t(seat)].size(); ++k)
            if (s.silver[size_t(seat)][k] < 0 || s.silver[size_t(seat)][k] >= kTracks) fail("a silver tile is out of range");
        if (s.setup[size_t(seat)] < 0 || size_t(s.setup[size_t(seat)]) >= t.setup_cards.size()) fail("a setup card is out of range");
        if (s.rank[size_t(seat)] < 1 || s.rank[size_t(seat)] > kMaxSeats) fail("a rank is out of range");
        if (s.pairs[size_t(seat)].size() == 1) fail("a drawn pair holds one card");
        for (int k = 0; k < kStatues; ++k)
            if (s.statues[size_t(seat)][size_t(k)] < -1 || s.statues[size_t(seat)][size_t(k)] >= 2 * kTracks)
                fail("a statue is out of range");
    }
    for (int c : s.board_order)
        if (c < 0 || c >= kColours) fail("board_order is out of range");
    for (int f : s.first)
        if (f < 0 || f >= n) fail("a first player is out of range");
    if (s.epoch < 0 || s.epoch > 2 || s.step < S_WHEEL || s.step > S_OVER || s.round < 0 || s.round > kRounds ||
        s.wheel < -1 || s.wheel >= kColours)
        fail("epoch, step, round or wheel is out of range");
    if (s.pending_colony >= colonies || s.pending_colony < -1 || s.pending_statue >= kStatues || s.pending_statue < -1)
        fail("the pending colony or statue is out of range");
    if (s.has_pending && (s.pending_seat < 0 || s.pending_seat >= n || s.pending_kind < WHEEL || s.pending_kind > MEDAL))
        fail("the pending decision is out of range");
    for (uint8_t a : s.history)
        if (a >= kActions) fail("the history holds an action outside the action space");
}

}  // namespace

HadaraNative from_dict(std::shared_ptr<const Tables> tables, nb::dict d, bool board_random, bool piles_top) {
    HadaraNative g{tables, State{}, board_random, piles_top};
    State& s = g.s;
    s.players = get<int>(d, "players");
    if (s.players < 2 || s.players > kMaxSeats) fail("players must be 2 to 5");
    const size_t n = size_t(s.players);
    s.seed = get<uint64_t>(d, "seed");
    s.epoch = get<int>(d, "epoch");
    s.step = get<int>(d, "step");
    s.index = get<int>(d, "index");
    s.wheel = get<int>(d, "wheel");
    s.round = get<int>(d, "round");
    s.picks = get<int>(d, "picks");
    s.pending_colony = get<int>(d, "pending_colony");
    s.pending_statue = get<int>(d, "pending_statue");
    s.game_over = get<bool>(d, "game_over");
    s.board_order = fixed<kColours>(get<std::vector<int>>(d, "board_order"), "board_order");
    read_seats(s.setup, d, "setup", n);
    read_seats(s.rank, d, "rank", n);
    s.first = fixed<3>(get<std::vector<int>>(d, "first"), "first");
    read_seats(s.choices, d, "choices", n);
    read_seats(s.coins, d, "coins", n);
    read_seats(s.gold, d, "gold", n);
    read_seats(s.sales_a, d, "sales_a", n);
    for (int a : get<std::vector<int>>(d, "history")) {
        if (a < 0 || a >= kActions) fail("the history holds an action outside the action space");
        s.history.push_back(uint8_t(a));
    }
    read_nested(s.decks, d, "decks", kColours);
    read_nested(s.piles, d, "piles", kColours);
    read_nested(s.pairs, d, "pairs", n);
    read_arrays(s.tracks, d, "tracks", n);
    read_nested(s.tableau, d, "tableau", n);
    read_nested(s.sold_a, d, "sold_a", n);
    read_nested(s.sold_b, d, "sold_b", n);
    read_nested(s.removed, d, "removed", n);
    read_nested(s.stacks, d, "stacks", kLevels);
    read_nested(s.colonies, d, "colonies", n);
    auto integrated = get<std::vector<std::vector<bool>>>(d, "integrated");
    if (integrated.size() != n) fail("integrated has the wrong number of rows");
    for (size_t i = 0; i < n; ++i) {
        std::vector<int> row(integrated[i].begin(), integrated[i].end());
        read_fixed(s.integrated[i], row, "integrated");
    }
    read_arrays(s.statues, d, "statues", n);
    read_arrays(s.tiles, d, "tiles", n);
    read_nested(s.silver, d, "silver", n);
    auto rng = get<std::vector<uint64_t>>(d, "rng");
    if (rng.size() != 2) fail("rng must be [seed, counter]");
    s.rng = hydra_common::CounterRng{rng[0], rng[1]};
    nb::handle pending = item(d, "pending");
    if (!pending.is_none()) {
        auto p = nb::cast<std::vector<int>>(pending);
        if (p.size() != 2) fail("pending must be [kind, seat]");
        s.has_pending = true;
        s.pending_kind = p[0];
        s.pending_seat = p[1];
    }
    check_ranges(s, *tables);
    return g;
}

}  // namespace hadara
