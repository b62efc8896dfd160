// Batch<G>: N native games of one game stepped together, EnvPool-style, written once for every
// game. It writes each row's observation, legal mask, deciding seat, end flag and returns into
// numpy arrays the Python side owns (hydra_env/envs/vector/batch.py: NativeBatch, whose pure-Python
// reference PythonBatch fills the same buffers from the Python engine, row for row).
//
// The game concept G (a game's native engine provides it; copyable, a copy is an independent game):
//   int  num_players() const;        int action_size() const;        int obs_size() const;
//   void reset(uint64_t seed);       // a new deal with G's parameters, as new_game(seed=seed)
//   int  current_player() const;     // the deciding seat, -1 once over
//   bool is_legal(int action) const;
//   void legal_mask(uint8_t* out) const;        // action_size() bytes, 1 = legal
//   void apply(int action);                     // a legal action
//   void encode(int seat, float* out) const;    // obs_size() floats: the game's observer for seat
// and, optionally (detected at compile time):
//   void returns(double* out) const;            // num_players() values: the end rewards (0 while on);
//                                               // without it the Python side fills them from the result
//   int  legal_count() const;                   // the number of legal actions, and
//   int  legal_at(int k) const;                 // the k-th of them in increasing order (both or neither:
//                                               // sample_legal then skips the mask it would build)
//   int  legal_into(int* out) const;            // or: the legal actions in increasing order into out
//                                               // (action_size() ints), their count (sample_legal
//                                               // then lists them once instead of building the mask)
// G must be bound to Python (nanobind) by the game: the batch takes a prototype and gives copies.
//
// bind_batch<G>(module, "Batch") exposes the template to Python for one game.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace hydra_common {

namespace nb = nanobind;

template <typename T>
using BatchArray = nb::ndarray<T, nb::c_contig, nb::device::cpu>;

// The rows of a batch's apply(actions, rows): every row in order when rows is None (one action
// per row), else the given rows, each in range and none twice (ValueError / IndexError otherwise).
inline std::vector<int64_t> apply_rows(size_t n_actions, nb::object rows_obj, size_t n_games) {
    std::vector<int64_t> rows;
    if (rows_obj.is_none()) {
        if (n_actions != n_games) throw nb::value_error("apply: one action per row is needed when rows is None");
        rows.resize(n_actions);
        for (size_t j = 0; j < n_actions; ++j) rows[j] = int64_t(j);
    } else {
        auto r = nb::cast<BatchArray<const int64_t>>(rows_obj);
        if (r.size() != n_actions) throw nb::value_error("apply: actions and rows must have the same length");
        rows.assign(r.data(), r.data() + n_actions);
    }
    std::vector<uint8_t> seen(n_games, 0);
    for (int64_t row : rows) {
        if (row < 0 || size_t(row) >= n_games) throw nb::index_error("row out of range");
        if (seen[size_t(row)]++) throw nb::value_error("apply: a row appears twice in rows");
    }
    return rows;
}

template <class G, class = void>
struct HasReturns : std::false_type {};
template <class G>
struct HasReturns<G, std::void_t<decltype(std::declval<const G&>().returns(std::declval<double*>()))>>
    : std::true_type {};

template <class G, class = void>
struct HasLegalList : std::false_type {};
template <class G>
struct HasLegalList<G, std::void_t<decltype(std::declval<const G&>().legal_count()),
                                   decltype(std::declval<const G&>().legal_at(0))>> : std::true_type {};

template <class G, class = void>
struct HasLegalInto : std::false_type {};
template <class G>
struct HasLegalInto<G, std::void_t<decltype(std::declval<const G&>().legal_into(std::declval<int*>()))>>
    : std::true_type {};

template <class G>
struct Batch {
    G prototype;
    std::vector<G> games;
    std::vector<uint8_t> started;
    std::vector<uint8_t> scratch;  // one legal mask
    std::vector<int> listed;       // one legal list (games with legal_into)
    int seat = -1;                 // the seat whose buffers are written; -1: the deciding seat
    int A = 0, O = 0, P = 0;
    bool write_obs = true, write_masks = true;
    BatchArray<float> obs;
    BatchArray<int8_t> masks;
    BatchArray<int32_t> current;
    BatchArray<bool> over;
    BatchArray<double> returns;

    Batch(const G& proto, int n, int seat_, BatchArray<float> obs_, BatchArray<int8_t> masks_,
          BatchArray<int32_t> current_, BatchArray<bool> over_, BatchArray<double> returns_)
        : prototype(proto), games(size_t(std::max(n, 0)), proto), started(size_t(std::max(n, 0)), 0),
          seat(seat_), obs(obs_), masks(masks_), current(current_), over(over_), returns(returns_) {
        if (n < 1) throw nb::value_error("num_games must be at least 1");
        A = proto.action_size();
        O = proto.obs_size();
        P = proto.num_players();
        if (seat < -1 || seat >= P) throw nb::value_error("seat must be -1 (the deciding seat) or a seat of the game");
        write_obs = obs.size() != 0;     // an empty buffer: not written (a benchmark of the rules alone)
        write_masks = masks.size() != 0;
        if (write_obs) check(obs.size(), size_t(O), "obs");
        if (write_masks) check(masks.size(), size_t(A), "masks");
        check(current.size(), 1, "current_player");
        check(over.size(), 1, "over");
        check(returns.size(), size_t(P), "returns");
        scratch.assign(size_t(A), 0);
        listed.assign(size_t(A), 0);
        for (int row = 0; row < n; ++row) write(row);
    }

    void check(size_t got, size_t per_row, const char* name) const {
        if (got != games.size() * per_row)
            throw nb::value_error((std::string("buffer ") + name + " has the wrong size").c_str());
    }

    int size() const { return int(games.size()); }

    void check_row(long long row) const {
        if (row < 0 || row >= size()) throw nb::index_error("row out of range");
    }

    void write(int row) {
        const G& g = games[size_t(row)];
        bool on = started[size_t(row)] != 0;
        int cur = on ? g.current_player() : -1;
        int writer = seat >= 0 ? seat : cur;
        current.data()[row] = cur;
        over.data()[row] = !on || cur < 0;
        double* r = returns.data() + size_t(row) * size_t(P);
        std::fill(r, r + P, 0.0);
        if constexpr (HasReturns<G>::value) {
            if (on) g.returns(r);
        }
        if (write_masks) {
            int8_t* m = masks.data() + size_t(row) * size_t(A);
            std::memset(m, 0, size_t(A));
            if (on && cur >= 0 && cur == writer) g.legal_mask(reinterpret_cast<uint8_t*>(m));
        }
        if (write_obs) {
            float* o = obs.data() + size_t(row) * size_t(O);
            if (on && writer >= 0) g.encode(writer, o);
            else std::fill(o, o + O, 0.0f);
        }
    }

    void start(long long row, uint64_t seed) {
        check_row(row);
        G& g = games[size_t(row)];
        g = prototype;
        g.reset(seed);
        started[size_t(row)] = 1;
        write(int(row));
    }

    // -1 when every action was legal and applied; else the position j of the first illegal one
    // (nothing applied).
    long long apply(BatchArray<const int64_t> actions, nb::object rows_obj) {
        const int64_t* act = actions.data();
        size_t n = actions.size();
        std::vector<int64_t> rows = apply_rows(n, rows_obj, games.size());
        for (size_t j = 0; j < n; ++j) {
            const G& g = games[size_t(rows[j])];
            if (!started[size_t(rows[j])] || g.current_player() < 0 || act[j] < 0 || act[j] >= A ||
                !g.is_legal(int(act[j])))
                return (long long)j;
        }
        for (size_t j = 0; j < n; ++j) {
            games[size_t(rows[j])].apply(int(act[j]));
            write(int(rows[j]));
        }
        return -1;
    }

    // A uniformly random legal action of each row's deciding seat: the floor(u[row] * count)-th
    // legal action in increasing order; -1 for rows without a decision.
    void sample_legal(BatchArray<const double> u, BatchArray<int64_t> out) {
        if (u.size() != games.size() || out.size() != games.size()) throw nb::value_error("one entry per row");
        for (size_t row = 0; row < games.size(); ++row) {
            const G& g = games[row];
            out.data()[row] = -1;
            if (!started[row] || g.current_player() < 0) continue;
            int count = 0;
            if constexpr (HasLegalList<G>::value) {
                count = g.legal_count();
                if (count > 0) out.data()[row] = g.legal_at(std::min(count - 1, int(u.data()[row] * count)));
            } else if constexpr (HasLegalInto<G>::value) {
                count = g.legal_into(listed.data());
                if (count > 0) out.data()[row] = listed[size_t(std::min(count - 1, int(u.data()[row] * count)))];
            } else {
                std::fill(scratch.begin(), scratch.end(), uint8_t(0));
                g.legal_mask(scratch.data());
                for (int a = 0; a < A; ++a) count += scratch[size_t(a)] != 0;
                if (!count) continue;
                int k = std::min(count - 1, int(u.data()[row] * count));
                for (int a = 0; a < A; ++a)
                    if (scratch[size_t(a)] && k-- == 0) {
                        out.data()[row] = a;
                        break;
                    }
            }
        }
    }

    void refresh(nb::object rows_obj) {
        if (rows_obj.is_none()) {
            for (int row = 0; row < size(); ++row) write(row);
            return;
        }
        auto r = nb::cast<BatchArray<const int64_t>>(rows_obj);
        for (size_t j = 0; j < r.size(); ++j) check_row(r.data()[j]);
        for (size_t j = 0; j < r.size(); ++j) write(int(r.data()[j]));
    }

    G game(long long row) const {
        check_row(row);
        if (!started[size_t(row)]) throw nb::value_error("the row holds no game yet; start it first");
        return games[size_t(row)];
    }

    void set_game(long long row, const G& game) {
        check_row(row);
        games[size_t(row)] = game;
        started[size_t(row)] = 1;
        write(int(row));
    }
};

// Binds Batch<G> as `name` in module m; G must already be bound (the prototype's class).
template <class G>
void bind_batch(nb::module_& m, const char* name) {
    using B = Batch<G>;
    nb::class_<B>(m, name, "N games and their buffers (use hydra_env.envs.vector.batch.NativeBatch).")
        .def(nb::init<const G&, int, int, BatchArray<float>, BatchArray<int8_t>, BatchArray<int32_t>,
                      BatchArray<bool>, BatchArray<double>>(),
             nb::arg("prototype"), nb::arg("num_games"), nb::arg("seat"), nb::arg("obs"), nb::arg("masks"),
             nb::arg("current_player"), nb::arg("over"), nb::arg("returns"))
        .def("start", &B::start, nb::arg("row"), nb::arg("seed"))
        .def("apply", &B::apply, nb::arg("actions"), nb::arg("rows").none())
        .def("sample_legal", &B::sample_legal, nb::arg("u"), nb::arg("out"))
        .def("refresh", &B::refresh, nb::arg("rows").none())
        .def("game", &B::game, nb::arg("row"), "A copy of the row's game.")
        .def("set_game", &B::set_game, nb::arg("row"), nb::arg("game"))
        .def_prop_ro("num_games", &B::size)
        .def_prop_ro_static("writes_returns", [](nb::handle) { return HasReturns<G>::value; });
}

}  // namespace hydra_common
