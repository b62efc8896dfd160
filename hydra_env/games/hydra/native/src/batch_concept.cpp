// HydraBatchGame: Hydra's native game as the game concept of the shared batch template
// (hydra_env/native/src/common/batch.hpp), bound as hydra_env.games.hydra._native.HydraBatchGame
// with its batch HydraBatch: what hydra_env.envs.vector.batch.NativeBatch steps for any game.
// (Hydra's own GameBatch of batch.cpp adds candidate features and reward inputs for its vector envs.)
#include <nanobind/nanobind.h>
#include <nanobind/stl/shared_ptr.h>

#include <cstring>
#include <memory>

#include "common/batch.hpp"
#include "common/bits.hpp"
#include "engine.hpp"
#include "game.hpp"
#include "observation.hpp"

namespace nb = nanobind;

namespace hydra {

namespace {

struct HydraBatchGame {
    mutable Game game;                        // mutable: its legal mask is a cache
    std::shared_ptr<const ObsLayout> layout;
    int stars = 1;

    int num_players() const { return game.rules().players; }
    int action_size() const { return game.rules().tables->codec.size; }
    int obs_size() const { return layout->size; }
    void reset(uint64_t seed) {
        game.state = State();
        game.history.clear();
        game.mask_valid = false;
        start(game.state, game.rules(), stars, seed);
    }
    int current_player() const { return game.state.has_pending ? int(game.state.pending.seat) : -1; }
    bool is_legal(int action) const { return game.is_legal(action); }
    void legal_mask(uint8_t* out) const {
        unpack_bits(game.legal().w, action_size(), reinterpret_cast<unsigned char*>(out));
    }
    void apply(int action) { game.apply(action); }
    void encode(int seat, float* out) const { encode_observation(*layout, game.state, game.rules(), seat, out); }
};

}  // namespace

void bind_batch_concept(nb::module_& m) {
    nb::class_<HydraBatchGame>(m, "HydraBatchGame", "A native game as the shared batch template's game concept.")
        .def(nb::init<const Game&, std::shared_ptr<const ObsLayout>, int>(), nb::arg("game"), nb::arg("obs_layout"),
             nb::arg("stars"))
        .def_prop_ro("game", [](const HydraBatchGame& g) { return Game(g.game); }, "A copy of the native game.");
    hydra_common::bind_batch<HydraBatchGame>(m, "HydraBatch");
}

}  // namespace hydra
