// Python bindings of the native engine: the module hydra_env.games.hydra._native (nanobind).
//
// make_tables / make_rules take plain dicts built by hydra_env/games/hydra/native/tables.py from the
// Python engine's own tables; NativeGame is one game. Use it through hydra_env.Game.
#include <nanobind/nanobind.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <string>
#include <vector>

#include "game.hpp"
#include "common/numpy_rng.hpp"
#include "state_dict.hpp"

namespace nb = nanobind;
using namespace hydra;

namespace hydra {
void bind_views(nb::module_& m);  // bindings_views.cpp
void bind_batch(nb::module_& m);  // batch.cpp
void bind_batch_concept(nb::module_& m);  // batch_concept.cpp (the shared batch template)
}  // namespace hydra

namespace {

[[noreturn]] void unsupported(const std::string& what) {
    throw nb::value_error(("the native engine does not support this component set: " + what).c_str());
}

nb::handle key(nb::handle d, const char* name) {
    PyObject* v = PyDict_GetItemString(d.ptr(), name);
    if (!v) throw nb::key_error(name);
    return nb::handle(v);
}

long long as_int(nb::handle v) { return nb::cast<long long>(v); }
int geti(nb::handle d, const char* name) { return int(as_int(key(d, name))); }
Bits getb(nb::handle d, const char* name) { return int_to_bits(key(d, name), name); }

std::vector<nb::handle> items(nb::handle list) {
    std::vector<nb::handle> out;
    for (nb::handle h : nb::borrow<nb::list>(list)) out.push_back(h);
    return out;
}

void read_effects(nb::handle list, EffectTask (*out)[kMaxEffects], uint8_t* counts, int max_cards,
                  const char* what) {
    auto cards = items(list);
    if (int(cards.size()) > max_cards) unsupported(std::string("more than ") + std::to_string(max_cards) + " " + what);
    for (size_t c = 0; c < cards.size(); ++c) {
        auto effects = items(cards[c]);
        if (effects.size() > size_t(kMaxEffects)) unsupported("a card has more than 8 hydra effects");
        counts[c] = uint8_t(effects.size());
        for (size_t e = 0; e < effects.size(); ++e) {
            auto f = items(effects[e]);
            out[c][e].op = uint8_t(as_int(f[0]));
            out[c][e].colour = int8_t(as_int(f[1]));
            out[c][e].n = int16_t(f.size() > 2 ? as_int(f[2]) : 0);
            out[c][e].bonus_area = int16_t(f.size() > 3 ? as_int(f[3]) : -1);
        }
    }
}

std::shared_ptr<const Tables> make_tables(nb::dict d) {
    auto t = std::make_shared<Tables>();
    BoardTables& b = t->board;
    b.rows = geti(d, "rows");
    b.cols = geti(d, "cols");
    b.n_cells = geti(d, "n_cells");
    b.city = geti(d, "city");
    b.n_spaces = geti(d, "n_spaces");
    if (b.n_spaces > kMaxSpaces) unsupported("more than 127 board cells");
    b.cell_mask = getb(d, "cell_mask");
    b.city_bit = getb(d, "city_bit");
    b.all_mask = getb(d, "all_mask");
    b.not_col0 = getb(d, "not_col0");
    b.not_col_last = getb(d, "not_col_last");
    b.wall_mask = getb(d, "wall_mask");
    b.maelstrom_mask = getb(d, "maelstrom_mask");
    b.portal_mask = getb(d, "portal_mask");
    auto area_of = items(key(d, "area_of"));
    auto nbr = items(key(d, "nbr_mask"));
    auto orth = items(key(d, "orth_mask"));
    auto path_of = items(key(d, "path_of"));
    auto pos_of = items(key(d, "pos_of"));
    for (int s = 0; s < b.n_spaces; ++s) {
        b.area_of[s] = int8_t(as_int(area_of[s]));
        b.nbr_mask[s] = int_to_bits(nbr[s], "nbr_mask");
        b.orth_mask[s] = int_to_bits(orth[s], "orth_mask");
        b.path_of[s] = int8_t(as_int(path_of[s]));
        b.pos_of[s] = int8_t(as_int(pos_of[s]));
    }
    auto paths = items(key(d, "paths"));
    b.n_paths = int(paths.size());
    if (b.n_paths > kMaxColours) unsupported("more than 8 hydra colours");
    b.path_len = geti(d, "path_len");
    b.last_pos = geti(d, "last_pos");
    if (b.path_len > kMaxPathLen) unsupported("paths longer than 32 spaces");
    auto gate = items(key(d, "gate"));
    auto seg = items(key(d, "seg_mask"));
    for (int p = 0; p < b.n_paths; ++p) {
        auto cells = items(paths[p]);
        for (int k = 0; k < b.path_len; ++k) b.paths[p][k] = int16_t(as_int(cells[k]));
        b.gate[p] = int16_t(as_int(gate[p]));
        auto masks = items(seg[p]);
        for (int k = 0; k <= b.path_len; ++k) b.seg_mask[p][k] = int_to_bits(masks[k], "seg_mask");
    }
    Codec& c = t->codec;
    c.n_spaces = geti(d, "codec_n_spaces");
    c.n_colours = geti(d, "codec_n_colours");
    c.n_barricades = geti(d, "codec_n_barricades");
    c.off_sword = geti(d, "off_sword");
    c.off_harpoon = geti(d, "off_harpoon");
    c.off_barricade = geti(d, "off_barricade");
    c.off_protect = geti(d, "off_protect");
    c.card_block = geti(d, "card_block");
    c.city_base = geti(d, "city_base");
    c.city_move = geti(d, "city_move");
    c.city_portal = geti(d, "city_portal");
    c.city_sword = geti(d, "city_sword");
    c.city_harpoon = geti(d, "city_harpoon");
    c.city_protect = geti(d, "city_protect");
    c.pass = geti(d, "pass");
    c.block_base = geti(d, "block_base");
    c.place_base = geti(d, "place_base");
    c.yes = geti(d, "yes");
    c.no = geti(d, "no");
    c.play_base = geti(d, "play_base");
    c.end_turn = geti(d, "end_turn");
    c.size = geti(d, "size");
    if (c.size > ActionMask::kBits - 64) unsupported("the action layout is too large");
    auto kinds = items(key(d, "kind")), slots = items(key(d, "slot")), args = items(key(d, "arg"));
    for (int a = 0; a < c.size; ++a) {
        c.kind[a] = uint8_t(as_int(kinds[a]));
        c.slot[a] = int8_t(as_int(slots[a]));
        c.arg[a] = int16_t(as_int(args[a]));
    }
    t->n_colours = geti(d, "n_colours");
    t->n_barricades = geti(d, "n_barricades");
    if (t->n_colours != b.n_paths) unsupported("one path per hydra colour is needed");
    if (t->n_barricades > kMaxBarricades) unsupported("more than 8 barricades");
    auto shift = items(key(d, "slot_shift"));
    for (int k = 0; k < kCardSlots; ++k) t->slot_shift[k] = int(as_int(shift[k]));
    auto ck = items(key(d, "card_kind")), cs = items(key(d, "card_strength"));
    auto ca = items(key(d, "card_barea")), cb = items(key(d, "card_bcol"));
    t->n_action_cards = int(ck.size());
    if (t->n_action_cards > kMaxActionCards) unsupported("more than 64 action cards");
    for (int k = 0; k < t->n_action_cards; ++k) {
        t->card_kind[k] = uint8_t(as_int(ck[k]));
        t->card_strength[k] = int16_t(as_int(cs[k]));
        t->card_barea[k] = int16_t(as_int(ca[k]));
        t->card_bcol[k] = int16_t(as_int(cb[k]));
        if (t->card_kind[k] == HK_MOVE && t->card_strength[k] > kMaxPathLen) unsupported("a move card of more than 32 steps");
    }
    read_effects(key(d, "card_effects"), t->card_effects, t->n_card_effects, kMaxActionCards, "action cards");
    auto hd = items(key(d, "hcard_deck")), hs = items(key(d, "hcard_solo"));
    t->n_hydra_cards = int(hd.size());
    if (t->n_hydra_cards > kMaxHydraCards) unsupported("more than 64 hydra cards");
    for (int k = 0; k < t->n_hydra_cards; ++k) {
        t->hcard_deck[k] = uint8_t(as_int(hd[k]));
        t->hcard_solo[k] = uint8_t(as_int(hs[k]));
    }
    read_effects(key(d, "hcard_effects"), t->hcard_effects, t->n_hcard_effects, kMaxHydraCards, "hydra cards");
    return t;
}

std::shared_ptr<const RulesHolder> make_rules(std::shared_ptr<const Tables> tables, nb::dict d) {
    auto h = std::make_shared<RulesHolder>();
    h->tables = tables;
    Rules& r = h->rules;
    r.tables = tables.get();
    r.solo = nb::cast<bool>(key(d, "solo"));
    r.number = geti(d, "number");
    r.players = geti(d, "players");
    r.tokens = geti(d, "tokens");
    r.display = geti(d, "display");
    r.hydra_hand = geti(d, "hydra_hand");
    r.action_hand = geti(d, "action_hand");
    r.hydra_stack = geti(d, "hydra_stack");
    if (r.players > kMaxPlayers) unsupported("more than 8 heroes");
    if (r.hydra_stack > kMaxStack) unsupported("a hydra stack of more than 16 cards");
    if (r.display > kDisplaySlots || r.action_hand > kHandSlots || r.hydra_hand > kHydraHandSlots)
        unsupported("a scenario beyond the action layout");
    if (r.solo && (r.hydra_stack < 1 || r.hydra_stack > kBlockSlots)) unsupported("a solo row C beyond the layout");
    std::string moon = nb::cast<std::string>(key(d, "moon"));
    if (moon.empty() || moon.size() > size_t(kMaxRounds)) unsupported("more than 16 rounds");
    r.n_rounds = int(moon.size());
    for (int i = 0; i < r.n_rounds; ++i) r.moon[i] = moon[size_t(i)];
    auto walls = items(key(d, "walls"));
    for (int i = 0; i < 3; ++i) r.walls[i] = int(as_int(walls[size_t(i)]));
    auto heads = items(key(d, "heads")), positions = items(key(d, "positions"));
    for (int p = 0; p < tables->board.n_paths; ++p) {
        r.heads[p] = int(as_int(heads[size_t(p)]));
        r.positions[p] = int(as_int(positions[size_t(p)]));
    }
    r.solo_regrow_heads = nb::cast<bool>(key(d, "solo_regrow_heads"));
    return h;
}

nb::object legal_int(Game& g) {
    const ActionMask& m = g.legal();
    int size = g.rules().tables->codec.size;
    int n_words = (size + 63) / 64;
    unsigned char bytes[ActionMask::kWords * 8];
    for (int i = 0; i < n_words; ++i)
        for (int k = 0; k < 8; ++k) bytes[i * 8 + k] = (unsigned char)(m.w[i] >> (8 * k));
#if PY_VERSION_HEX >= 0x030D0000
    return nb::steal(PyLong_FromUnsignedNativeBytes(bytes, size_t(n_words * 8), Py_ASNATIVEBYTES_LITTLE_ENDIAN));
#else
    return nb::steal(_PyLong_FromByteArray(bytes, size_t(n_words * 8), 1, 0));
#endif
}

// An action index from a Python int; -1 (never legal) for anything else or out of range.
long long action_value(nb::handle a) {
    if (!PyLong_Check(a.ptr()) || PyBool_Check(a.ptr())) return -1;
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(a.ptr(), &overflow);
    if (overflow || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return -1;
    }
    return v;
}

// Python ints 0 .. ActionMask::kBits-1, made once: a legal action list then costs one
// reference per entry instead of an int object.
PyObject* g_action_ints[ActionMask::kBits];

void make_action_ints() {
    for (int a = 0; a < ActionMask::kBits; ++a) g_action_ints[a] = PyLong_FromLong(a);
}

nb::object legal_list(Game& g) {
    const ActionMask& m = g.legal();
    int n_words = (g.rules().tables->codec.size + 63) / 64;
    Py_ssize_t count = 0;
    for (int i = 0; i < n_words; ++i) count += popcount64(m.w[i]);
    PyObject* out = PyList_New(count);
    Py_ssize_t at = 0;
    for (int i = 0; i < n_words; ++i) {
        uint64_t w = m.w[i];
        while (w) {
            int k = ctz64(w);
            w &= w - 1;
            PyObject* value = g_action_ints[i * 64 + k];
            Py_INCREF(value);
            PyList_SET_ITEM(out, at++, value);
        }
    }
    return nb::steal(out);
}

}  // namespace

NB_MODULE(_native, m) {
    m.doc() = "Native (C++17) rules engine of hydra-env; use it through hydra_env.Game.";
    m.attr("STATE_BYTES") = sizeof(State);
    // Native rules are cached for the life of the process (hydra_env/games/hydra/native/tables.py).
    nb::set_leak_warnings(false);
    make_action_ints();

    m.def(
        "event_permutation",
        [](uint64_t seed, uint64_t event, int n) {
            std::vector<int> out(n > 0 ? size_t(n) : 0);
            if (n > 0) event_permutation(seed, event, n, out.data());
            return out;
        },
        nb::arg("seed"), nb::arg("event"), nb::arg("n"),
        "numpy.random.default_rng([seed, event]).permutation(n).tolist(), computed natively.");

    nb::class_<Tables>(m, "Tables", "Lookup tables of one component set (opaque).");
    nb::class_<RulesHolder>(m, "Rules", "Tables, scenario and options of one game (opaque).");
    m.def("make_tables", &make_tables, nb::arg("tables"),
          "Native tables from the plain dict of hydra_env.games.hydra.native.tables.native_tables_dict.");
    m.def("make_rules", &make_rules, nb::arg("tables"), nb::arg("rules"),
          "Native rules from native tables and the dict of hydra_env.games.hydra.native.tables.native_rules_dict.");

    nb::class_<Game>(m, "NativeGame", "One game on the native engine.")
        .def_static(
            "start",
            [](std::shared_ptr<const RulesHolder> rules, int stars, uint64_t seed) {
                auto g = std::make_unique<Game>();
                g->holder = rules;
                if (stars < 1 || stars > 3) throw nb::value_error("stars must be 1, 2 or 3");
                start(g->state, g->holder->rules, stars, seed);
                return g.release();
            },
            nb::arg("rules"), nb::arg("stars"), nb::arg("seed"), nb::rv_policy::take_ownership,
            "Set up a new game and run to its first decision.")
        .def_static(
            "from_dict",
            [](std::shared_ptr<const RulesHolder> rules, nb::handle data) {
                auto g = std::make_unique<Game>();
                g->holder = rules;
                state_from_dict(*g, data);
                return g.release();
            },
            nb::arg("rules"), nb::arg("state"), nb::rv_policy::take_ownership,
            "A game from the dict of State.to_dict() (ValueError on a bad value).")
        .def("to_dict", &state_to_dict, "The state as State.to_dict() gives it.")
        .def("clone", [](const Game& g) { return new Game(g); }, nb::rv_policy::take_ownership,
             "An independent copy.")
        .def("legal_mask_int", &legal_int, "The legal decisions as an int bitmask.")
        .def("legal_actions", &legal_list, "The legal decisions in increasing order.")
        .def("is_legal", [](Game& g, nb::handle a) { return g.is_legal(action_value(a)); }, nb::arg("action"))
        .def(
            "apply",
            [](Game& g, nb::handle action) {
                long long a = action_value(action);
                if (!g.is_legal(a)) return false;
                g.apply(int(a));
                return true;
            },
            nb::arg("action"), "Apply a decision if it is legal (False and no change if not).")
        .def("run", [](Game& g) {
                State next = g.state;
                run(next, g.rules());
                g.state = next;
                g.mask_valid = false;
            }, "Run tasks and the round flow to the next decision.")
        .def_prop_ro("current_player", [](const Game& g) { return g.state.has_pending ? int(g.state.pending.seat) : -1; })
        .def_prop_ro("is_over", [](const Game& g) { return g.state.game_over; })
        .def_prop_ro("pending", [](const Game& g) -> nb::object {
                if (!g.state.has_pending) return nb::none();
                return nb::make_tuple(int(g.state.pending.kind), int(g.state.pending.seat), int(g.state.pending.cause));
            }, "(kind, seat, cause) of the pending decision, None if none.")
        .def_prop_ro("round", [](const Game& g) { return int(g.state.round); })
        .def_prop_ro("phase", [](const Game& g) { return int(g.state.phase); })
        .def_prop_ro("players", [](const Game& g) { return int(g.state.players); })
        .def_prop_ro("scenario", [](const Game& g) { return int(g.state.scenario); })
        .def_prop_ro("stars", [](const Game& g) { return int(g.state.stars); })
        .def_prop_ro("seed", [](const Game& g) { return g.state.seed; })
        .def_prop_ro("history", [](const Game& g) {
                std::vector<int> out(g.history.begin(), g.history.end());
                return out;
            })
        .def_prop_ro("history_length", [](const Game& g) { return g.history.size(); });
    hydra::bind_views(m);
    hydra::bind_batch(m);
    hydra::bind_batch_concept(m);
}
