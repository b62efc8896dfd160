// GameBatch: N native games stepped together, writing observations, legal masks, candidate
// features and status into preallocated numpy arrays (the contract of hydra_env/games/hydra/native/batch.py
// NativeGameBatch, shared with the Python reference PythonGameBatch).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/shared_ptr.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "candidates.hpp"
#include "common/batch.hpp"
#include "game.hpp"
#include "observation.hpp"

namespace nb = nanobind;

namespace hydra {

namespace {

template <typename T>
using Array = nb::ndarray<T, nb::c_contig, nb::device::cpu>;

struct GameBatch {
    std::shared_ptr<const RulesHolder> holder;
    std::shared_ptr<const ObsLayout> obs_layout;   // null: no observations written
    std::shared_ptr<const CandLayout> cand_layout; // null: no candidates
    std::vector<Game> games;
    std::vector<uint8_t> started;
    int seat = 0, K = 0, F = 0, obs_size = 0, action_size = 0;
    bool write_masks = true;
    // the buffers (numpy arrays owned by the Python wrapper; the handles keep them alive)
    Array<float> obs_a, cand_f_a, cand_i_a;
    Array<int8_t> masks_a;
    Array<int32_t> cur_a, walls_a, necks_a, heads_a;
    Array<bool> over_a, won_a;
    Array<double> score_a;

    GameBatch(std::shared_ptr<const RulesHolder> rules, int n, int seat_, std::shared_ptr<const ObsLayout> obs,
              std::shared_ptr<const CandLayout> cand, int k, bool masks)
        : holder(std::move(rules)), obs_layout(std::move(obs)), cand_layout(std::move(cand)),
          games(size_t(n)), started(size_t(n), 0), seat(seat_), K(k), write_masks(masks) {
        for (Game& g : games) g.holder = holder;
        F = cand_layout ? cand_layout->n_features : 0;
        obs_size = obs_layout ? obs_layout->size : 0;
        action_size = holder->rules.tables->codec.size;
    }

    int size() const { return int(games.size()); }

    void check_row(long long row) const {
        if (row < 0 || row >= size()) throw nb::index_error("row out of range");
    }

    void write(int row) {
        Game& g = games[size_t(row)];
        const State& s = g.state;
        bool on = started[size_t(row)] != 0;
        int cur = on && s.has_pending ? int(s.pending.seat) : -1;
        bool over = !on || s.game_over;
        bool won = on && s.game_over && s.outcome == OUT_WON;
        const Rules& r = g.rules();
        const BoardTables& b = r.tables->board;
        int necks = 0, heads = 0;
        if (on)
            for (int c = 0; c < r.tables->n_colours; ++c) {
                necks += s.head_position[c];
                heads += s.head_count[c];
            }
        double score = 0.0;
        if (won && r.solo) {
            int on_wall = 0;
            for (int h = 0; h < s.players; ++h) on_wall += b.wall_mask.test(s.hero_space[h]) ? 1 : 0;
            score = double(100 - necks - heads - 5 * on_wall + s.walls);
        }
        cur_a.data()[row] = cur;
        over_a.data()[row] = over;
        won_a.data()[row] = won;
        score_a.data()[row] = score;
        walls_a.data()[row] = on ? s.walls : 0;
        necks_a.data()[row] = necks;
        heads_a.data()[row] = heads;
        if (write_masks) {
            int8_t* m = masks_a.data() + size_t(row) * size_t(action_size);
            std::memset(m, 0, size_t(action_size));
            if (cur == seat) {
                unpack_bits(g.legal().w, action_size, reinterpret_cast<unsigned char*>(m));
            }
        }
        if (obs_layout) {
            float* o = obs_a.data() + size_t(row) * size_t(obs_size);
            if (on) encode_observation(*obs_layout, s, r, seat, o);
            else std::fill(o, o + obs_size, 0.0f);
        }
        if (K > 0) {
            float* f = cand_f_a.data() + size_t(row) * size_t(K) * size_t(F);
            float* ix = cand_i_a.data() + size_t(row) * size_t(K);
            std::fill(f, f + size_t(K) * size_t(F), 0.0f);
            std::fill(ix, ix + K, -1.0f);
            if (cur == seat) encode_candidates(*cand_layout, g, seat, K, f, ix);
        }
    }

    void start_row(long long row, int stars, uint64_t seed) {
        check_row(row);
        if (stars < 1 || stars > 3) throw nb::value_error("stars must be 1, 2 or 3");
        Game& g = games[size_t(row)];
        g.state = State();
        g.history.clear();
        g.mask_valid = false;
        start(g.state, g.rules(), stars, seed);
        started[size_t(row)] = 1;
        write(int(row));
    }

    // Returns -1 when every action was legal and applied; else the position j of the first
    // illegal one (nothing applied).
    long long apply(Array<const int64_t> actions, nb::object rows_obj) {
        const int64_t* act = actions.data();
        size_t n = actions.size();
        std::vector<int64_t> rows = hydra_common::apply_rows(n, rows_obj, games.size());
        for (size_t j = 0; j < n; ++j) {
            size_t row = size_t(rows[j]);
            if (!started[row] || !games[row].is_legal(act[j])) return (long long)j;
        }
        for (size_t j = 0; j < n; ++j) {
            games[size_t(rows[j])].apply(int(act[j]));
            write(int(rows[j]));
        }
        return -1;
    }

    // A uniformly random legal action of each row's deciding seat: the floor(u[row] * count)-th
    // legal action in increasing order; -1 for rows without a decision.
    void sample_legal(Array<const double> u, Array<int64_t> out) {
        if (u.size() != games.size() || out.size() != games.size()) throw nb::value_error("one entry per row");
        int n_words = (holder->rules.tables->codec.size + 63) / 64;
        for (size_t row = 0; row < games.size(); ++row) {
            Game& g = games[row];
            out.data()[row] = -1;
            if (!started[row] || !g.state.has_pending) continue;
            const ActionMask& m = g.legal();
            int count = 0;
            for (int i = 0; i < n_words; ++i) count += popcount64(m.w[i]);
            if (!count) continue;
            int k = std::min(count - 1, int(u.data()[row] * count));
            for (int i = 0; i < n_words; ++i) {
                int c = popcount64(m.w[i]);
                if (k >= c) {
                    k -= c;
                    continue;
                }
                uint64_t w = m.w[i];
                for (; k > 0; --k) w &= w - 1;
                out.data()[row] = i * 64 + ctz64(w);
                break;
            }
        }
    }

    void refresh(nb::object rows_obj) {
        if (rows_obj.is_none()) {
            for (int row = 0; row < size(); ++row) write(row);
            return;
        }
        auto r = nb::cast<Array<const int64_t>>(rows_obj);
        for (size_t j = 0; j < r.size(); ++j) check_row(r.data()[j]);
        for (size_t j = 0; j < r.size(); ++j) write(int(r.data()[j]));
    }
};

template <typename T>
void check_shape(const Array<T>& a, size_t n, size_t per_row, const char* name) {
    if (a.size() != n * per_row) throw nb::value_error((std::string("buffer ") + name + " has the wrong size").c_str());
}

}  // namespace

void bind_batch(nb::module_& m) {
    nb::class_<GameBatch>(m, "GameBatch", "N native games and their buffers (use hydra_env.games.hydra.native.batch).")
        .def(nb::init<std::shared_ptr<const RulesHolder>, int, int, std::shared_ptr<const ObsLayout>,
                      std::shared_ptr<const CandLayout>, int, bool>(),
             nb::arg("rules"), nb::arg("num_games"), nb::arg("seat"), nb::arg("obs_layout").none(),
             nb::arg("cand_layout").none(), nb::arg("candidates"), nb::arg("write_masks"))
        .def("set_buffers",
             [](GameBatch& b, Array<float> obs, Array<int8_t> masks, Array<float> cand_f, Array<float> cand_i,
                Array<int32_t> cur, Array<bool> over, Array<bool> won, Array<double> score, Array<int32_t> walls,
                Array<int32_t> necks, Array<int32_t> heads) {
                 size_t n = b.games.size();
                 if (b.obs_layout) check_shape(obs, n, size_t(b.obs_size), "obs");
                 if (b.write_masks) check_shape(masks, n, size_t(b.action_size), "masks");
                 check_shape(cand_f, n, size_t(b.K) * size_t(b.F), "cand_features");
                 check_shape(cand_i, n, size_t(b.K), "cand_index");
                 for (size_t s : {cur.size(), over.size(), won.size(), score.size(), walls.size(), necks.size(),
                                  heads.size()})
                     if (s != n) throw nb::value_error("a status buffer has the wrong size");
                 b.obs_a = obs; b.masks_a = masks; b.cand_f_a = cand_f; b.cand_i_a = cand_i;
                 b.cur_a = cur; b.over_a = over; b.won_a = won; b.score_a = score;
                 b.walls_a = walls; b.necks_a = necks; b.heads_a = heads;
                 b.refresh(nb::none());
             })
        .def("start", &GameBatch::start_row, nb::arg("row"), nb::arg("stars"), nb::arg("seed"))
        .def("apply", &GameBatch::apply, nb::arg("actions"), nb::arg("rows").none(),
             "Apply actions[j] to rows[j] (all rows when None) and rewrite their buffers; -1, or the "
             "position of the first illegal action (then nothing is applied).")
        .def("refresh", &GameBatch::refresh, nb::arg("rows").none())
        .def("sample_legal", &GameBatch::sample_legal, nb::arg("u"), nb::arg("out"),
             "A random legal action of each row's deciding seat (floor(u * count)-th), -1 if none.")
        .def("started", [](const GameBatch& b, long long row) { b.check_row(row); return bool(b.started[size_t(row)]); })
        .def("game", [](GameBatch& b, long long row) -> Game& { b.check_row(row); return b.games[size_t(row)]; },
             nb::rv_policy::reference_internal, "The row's game itself (no copy).");
}

}  // namespace hydra
