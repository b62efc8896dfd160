// Bindings of the native hot paths beyond the rules: determinize (numpy's PCG64 stream in
// and out), the observation encoder and the candidate features (hydra_env/native/observation.py).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <memory>
#include <string>
#include <vector>

#include "game.hpp"
#include "candidates.hpp"
#include "observation.hpp"
#include "views.hpp"
#include "common/py_buffer.hpp"

namespace nb = nanobind;

namespace hydra {

namespace {

// A caller's buffer of bools ('?') or float32 ('f') items.
struct Buffer : hydra_native::PyBufferView {
    Buffer(nb::handle obj, size_t itemsize, char kind, const char* what)
        : PyBufferView(obj, itemsize, kind == '?' ? "?" : "f", what,
                       kind == '?' ? "a bool array" : "a float32 array") {}
};

int dict_int(nb::dict d, const char* name) {
    PyObject* v = PyDict_GetItemString(d.ptr(), name);
    if (!v) throw nb::key_error(name);
    return nb::cast<int>(nb::handle(v));
}

std::vector<float> float_list(nb::dict d, const char* name) {
    PyObject* v = PyDict_GetItemString(d.ptr(), name);
    if (!v) throw nb::key_error(name);
    return nb::cast<std::vector<float>>(nb::handle(v));
}

std::shared_ptr<const ObsLayout> make_obs_layout(nb::dict d) {
    auto L = std::make_shared<ObsLayout>();
#define HYDRA_INT(field) L->field = dict_int(d, #field)
    HYDRA_INT(size); HYDRA_INT(n_cells); HYDRA_INT(max_heads); HYDRA_INT(hero_block); HYDRA_INT(max_seats);
    HYDRA_INT(ch_path); HYDRA_INT(ch_barricade); HYDRA_INT(ch_hero); HYDRA_INT(ch_shield); HYDRA_INT(ch_target);
    HYDRA_INT(ch_head); HYDRA_INT(ch_counter); HYDRA_INT(ch_neck);
    HYDRA_INT(f_heads); HYDRA_INT(f_mode); HYDRA_INT(f_players); HYDRA_INT(f_stars); HYDRA_INT(f_scenario);
    HYDRA_INT(f_round); HYDRA_INT(f_moon); HYDRA_INT(f_decision); HYDRA_INT(f_decider); HYDRA_INT(f_evade_cause);
    HYDRA_INT(f_target_city); HYDRA_INT(f_walls); HYDRA_INT(f_walls_missing); HYDRA_INT(f_heroes);
    HYDRA_INT(f_hand); HYDRA_INT(f_hydra_hand); HYDRA_INT(f_display); HYDRA_INT(f_row_c); HYDRA_INT(f_solo);
    HYDRA_INT(f_coop); HYDRA_INT(f_decks);
    HYDRA_INT(hydra_lo); HYDRA_INT(hydra_hi); HYDRA_INT(solo_lo); HYDRA_INT(solo_hi); HYDRA_INT(coop_lo);
    HYDRA_INT(coop_hi); HYDRA_INT(hand_block); HYDRA_INT(hhand_block); HYDRA_INT(disp_block); HYDRA_INT(row_block);
    HYDRA_INT(hand_card); HYDRA_INT(hhand_card); HYDRA_INT(disp_card); HYDRA_INT(row_card);
    HYDRA_INT(acard_size); HYDRA_INT(hcard_size); HYDRA_INT(max_tokens); HYDRA_INT(max_stack);
    HYDRA_INT(n_wall_tokens); HYDRA_INT(n_acards); HYDRA_INT(pos_norm);
#undef HYDRA_INT
    L->n_hdeck[0] = dict_int(d, "n_hdeck0");
    L->n_hdeck[1] = dict_int(d, "n_hdeck1");
    L->acard_vec = float_list(d, "acard_vec");
    L->hcard_vec = float_list(d, "hcard_vec");
    L->static_template = float_list(d, "static_template");
    if (int(L->static_template.size()) != L->size) throw nb::value_error("static_template must have `size` entries");
    L->scen_index = nb::cast<std::vector<int>>(nb::handle(PyDict_GetItemString(d.ptr(), "scen_index")));
    auto phases = nb::cast<std::vector<int>>(nb::handle(PyDict_GetItemString(d.ptr(), "phase_pos")));
    for (int i = 0; i < 16; ++i) L->phase_pos[i] = i < int(phases.size()) ? phases[size_t(i)] : -1;
    return L;
}

void check_seat(const Game& g, int seat) {
    if (seat < 0 || seat >= g.state.players) throw nb::value_error("seat out of range");
}

}  // namespace

void bind_views(nb::module_& m) {
    m.def(
        "determinize",
        [](const Game& g, int seat, uint64_t state_hi, uint64_t state_lo, uint64_t inc_hi, uint64_t inc_lo,
           bool has_uint32, uint32_t uinteger) {
            check_seat(g, seat);
            Pcg64 rng;
            rng.state_hi = state_hi;
            rng.state_lo = state_lo;
            rng.inc_hi = inc_hi;
            rng.inc_lo = inc_lo;
            rng.has_uint32 = has_uint32;
            rng.uinteger = uinteger;
            auto copy = std::make_unique<Game>(g);
            determinize(copy->state, copy->rules(), seat, rng);
            copy->mask_valid = false;
            nb::object out = nb::cast(copy.release(), nb::rv_policy::take_ownership);
            return nb::make_tuple(out, rng.state_hi, rng.state_lo, rng.has_uint32, rng.uinteger);
        },
        nb::arg("game"), nb::arg("seat"), nb::arg("state_hi"), nb::arg("state_lo"), nb::arg("inc_hi"),
        nb::arg("inc_lo"), nb::arg("has_uint32"), nb::arg("uinteger"),
        "views.determinize on a copy of the game, with a numpy PCG64 state: (copy, state_hi, state_lo, "
        "has_uint32, uinteger) after it.");

    m.def(
        "legal_mask_into",
        [](Game& g, nb::handle out_obj) {
            Buffer out(out_obj, sizeof(bool), '?', "out");
            int size = g.rules().tables->codec.size;
            if (out.size() != size_t(size)) throw nb::value_error("the output buffer must hold action_size bools");
            const ActionMask& m = g.legal();
            unpack_bits(m.w, size, out.data<unsigned char>());
        },
        nb::arg("game"), nb::arg("out"), "The legal mask written into out (bool[action_size]).");

    nb::class_<ObsLayout>(m, "ObsLayout", "The observation layout of one Encoder (opaque).");
    m.def("make_obs_layout", &make_obs_layout, nb::arg("layout"),
          "The native observation layout from the dict of hydra_env.native.observation.layout_dict.");
    m.def(
        "encode_observation",
        [](const ObsLayout& L, const Game& g, int seat, nb::handle out_obj) {
            check_seat(g, seat);
            Buffer out(out_obj, sizeof(float), 'f', "out");
            if (out.size() != size_t(L.size)) throw nb::value_error("the output buffer must hold `size` float32");
            encode_observation(L, g.state, g.rules(), seat, out.data<float>());
        },
        nb::arg("layout"), nb::arg("game"), nb::arg("seat"), nb::arg("out"),
        "Encoder.encode(game, seat) written into out (float32[size], C-contiguous).");

    nb::class_<CandLayout>(m, "CandLayout", "The candidate feature tables of one CandidateEncoder (opaque).");
    m.def(
        "make_cand_layout",
        [](int n_features, int harm_width, std::vector<double> card_harm, std::vector<double> hcard_harm,
           uint32_t redeal_seed) {
            auto C = std::make_shared<CandLayout>();
            C->n_features = n_features;
            C->harm_width = harm_width;
            C->card_harm = std::move(card_harm);
            C->hcard_harm = std::move(hcard_harm);
            C->redeal_seed = redeal_seed;
            if (n_features > 256) throw nb::value_error("more than 256 candidate features");
            return std::shared_ptr<const CandLayout>(C);
        },
        nb::arg("n_features"), nb::arg("harm_width"), nb::arg("card_harm"), nb::arg("hcard_harm"),
        nb::arg("redeal_seed"), "The native candidate tables (see hydra_env/native/observation.py).");
    m.def(
        "encode_candidates",
        [](const CandLayout& C, const Game& g, int seat, nb::handle feat_obj, nb::handle index_obj) {
            check_seat(g, seat);
            Buffer feat(feat_obj, sizeof(float), 'f', "feat"), index(index_obj, sizeof(float), 'f', "index");
            size_t K = index.size();
            if (feat.size() != K * size_t(C.n_features)) throw nb::value_error("feat must be float32[K, n_features]");
            float* f = feat.data<float>();
            float* ix = index.data<float>();
            std::fill(f, f + feat.size(), 0.0f);
            std::fill(ix, ix + K, -1.0f);
            return encode_candidates(C, g, seat, int(K), f, ix);
        },
        nb::arg("layout"), nb::arg("game"), nb::arg("seat"), nb::arg("feat"), nb::arg("index"),
        "CandidateEncoder.encode(game, seat) written into feat (float32[K, F]) and index (float32[K]).");
}

}  // namespace hydra
