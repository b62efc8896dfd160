// State <-> the dict of hydra_env.games.hydra.rules.state.State.to_dict() (see state_dict.hpp).
#include "state_dict.hpp"

#include <string>

namespace nb = nanobind;

namespace hydra {

namespace {

inline PyObject* py_int(long long v) { return PyLong_FromLongLong(v); }

template <typename T>
nb::object int_list(const T* values, int n) {
    PyObject* list = PyList_New(n);
    for (int i = 0; i < n; ++i) PyList_SET_ITEM(list, i, py_int(values[i]));
    return nb::steal(list);
}

template <typename L>
nb::object small_list(const L& l) { return int_list(l.v, l.size()); }

template <typename L>
nb::object nested(const L* lists, int n) {
    PyObject* out = PyList_New(n);
    for (int i = 0; i < n; ++i) PyList_SET_ITEM(out, i, small_list(lists[i]).release().ptr());
    return nb::steal(out);
}

nb::object task_list(const Task& t) {
    switch (t.op) {
        case T_MOVE: case T_STEP: {
            long long v[4] = {t.op, t.a, t.b, t.c};
            return int_list(v, 4);
        }
        case T_GROW: case T_FOLLOW: {
            long long v[3] = {t.op, t.a, t.b};
            return int_list(v, 3);
        }
        case T_BITE_HEROES: {
            PyObject* list = PyList_New(3);
            PyList_SET_ITEM(list, 0, py_int(t.op));
            PyList_SET_ITEM(list, 1, py_int(t.a));
            PyList_SET_ITEM(list, 2, int_list(t.victims, t.n_victims).release().ptr());
            return nb::steal(list);
        }
        case T_SHOVE: {
            PyObject* list = PyList_New(3);
            PyList_SET_ITEM(list, 0, py_int(t.op));
            PyList_SET_ITEM(list, 1, py_int(t.a));
            PyList_SET_ITEM(list, 2, bits_to_int(t.mask).release().ptr());
            return nb::steal(list);
        }
        case T_SOLO_HYDRA: {
            long long v[2] = {t.op, t.b};
            return int_list(v, 2);
        }
        case T_COOP_HYDRA: {
            long long v[1] = {t.op};
            return int_list(v, 1);
        }
        default: {  // T_BITE, T_BITE_WALL, T_PUSHED, T_AFTER
            long long v[2] = {t.op, t.a};
            return int_list(v, 2);
        }
    }
}

[[noreturn]] void bad(const std::string& what) {
    throw nb::value_error(("saved state: " + what).c_str());
}

long long get_int(nb::handle v, const char* what, long long lo, long long hi) {
    if (!PyLong_Check(v.ptr())) bad(std::string(what) + " must be an integer");
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
    if (overflow || x < lo || x > hi)
        bad(std::string(what) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
    return x;
}

nb::handle item(nb::handle data, const char* key) {
    PyObject* v = PyDict_GetItemString(data.ptr(), key);
    if (!v) bad(std::string("field '") + key + "' is missing");
    return nb::handle(v);
}

nb::handle get_list(nb::handle v, const char* what, int max_len) {
    if (!PyList_Check(v.ptr())) bad(std::string(what) + " must be a list");
    if (PyList_GET_SIZE(v.ptr()) > max_len)
        bad(std::string(what) + " has more than " + std::to_string(max_len) + " entries");
    return v;
}

template <typename T>
int read_ints(nb::handle v, const char* what, T* out, int max_len, long long lo, long long hi) {
    get_list(v, what, max_len);
    int n = int(PyList_GET_SIZE(v.ptr()));
    for (int i = 0; i < n; ++i) out[i] = T(get_int(nb::handle(PyList_GET_ITEM(v.ptr(), i)), what, lo, hi));
    return n;
}

template <typename L>
void read_small(nb::handle v, const char* what, L& out, int max_len, long long lo, long long hi) {
    int cap = int(sizeof(out.v) / sizeof(out.v[0]));
    out.n = uint8_t(read_ints(v, what, out.v, max_len < cap ? max_len : cap, lo, hi));
}

void read_exact(nb::handle v, const char* what, int n, long long lo, long long hi, int16_t* out16,
                int8_t* out8, uint8_t* outu8, int32_t* out32) {
    get_list(v, what, n);
    if (PyList_GET_SIZE(v.ptr()) != n) bad(std::string(what) + " must have " + std::to_string(n) + " entries");
    for (int i = 0; i < n; ++i) {
        long long x = get_int(nb::handle(PyList_GET_ITEM(v.ptr(), i)), what, lo, hi);
        if (out16) out16[i] = int16_t(x);
        if (out8) out8[i] = int8_t(x);
        if (outu8) outu8[i] = uint8_t(x);
        if (out32) out32[i] = int32_t(x);
    }
}

bool get_bool(nb::handle v, const char* what) {
    if (PyBool_Check(v.ptr())) return v.ptr() == Py_True;
    return get_int(v, what, 0, 1) != 0;
}

}  // namespace

nb::object bits_to_int(const Bits& b) {
    if (!b.hi) return nb::steal(PyLong_FromUnsignedLongLong(b.lo));
    nb::object hi = nb::steal(PyLong_FromUnsignedLongLong(b.hi));
    nb::object lo = nb::steal(PyLong_FromUnsignedLongLong(b.lo));
    nb::object shift = nb::steal(PyLong_FromLong(64));
    nb::object up = nb::steal(PyNumber_Lshift(hi.ptr(), shift.ptr()));
    return nb::steal(PyNumber_Or(up.ptr(), lo.ptr()));
}

Bits int_to_bits(nb::handle value, const char* what) {
    if (!PyLong_Check(value.ptr()) || PyBool_Check(value.ptr())) bad(std::string(what) + " must be an integer");
    if (PyObject_RichCompareBool(value.ptr(), nb::int_(0).ptr(), Py_LT) == 1) bad(std::string(what) + " must not be negative");
    if (_PyLong_NumBits(value.ptr()) > 128) bad(std::string(what) + " has bits beyond the board");
    Bits b;
    b.lo = PyLong_AsUnsignedLongLongMask(value.ptr());
    nb::object shift = nb::steal(PyLong_FromLong(64));
    nb::object hi = nb::steal(PyNumber_Rshift(value.ptr(), shift.ptr()));
    b.hi = PyLong_AsUnsignedLongLongMask(hi.ptr());
    return b;
}

nb::dict state_to_dict(const Game& g) {
    const State& s = g.state;
    nb::dict d;
    d["solo"] = nb::bool_(s.solo);
    d["players"] = nb::int_(s.players);
    d["scenario"] = nb::int_(s.scenario);
    d["stars"] = nb::int_(s.stars);
    d["moon_tokens"] = nb::str(s.moon, s.n_moon);
    d["seed"] = nb::steal(PyLong_FromUnsignedLongLong(s.seed));
    d["random_events"] = nb::int_(s.random_events);
    d["round"] = nb::int_(s.round);
    d["phase"] = nb::int_(s.phase);
    d["turn"] = nb::int_(s.turn);
    d["turn_order_index"] = nb::int_(s.turn_order_index);
    d["turn_acted"] = nb::int_(s.turn_acted);
    d["actions_done"] = nb::int_(s.actions_done);
    d["solo_columns_used"] = nb::int_(s.solo_columns_used);
    if (s.victory_is_int) d["victory"] = nb::int_(s.victory);
    else d["victory"] = nb::bool_(s.victory != 0);
    d["game_over"] = nb::bool_(s.game_over);
    if (s.outcome == OUT_NONE) d["outcome"] = nb::none();
    else d["outcome"] = nb::str(s.outcome == OUT_WON ? "won" : "lost");
    d["walls"] = nb::int_(s.walls);
    d["walls_at_start"] = nb::int_(s.walls_at_start);
    d["solo_row_c_face_up"] = nb::int_(s.solo_row_c_face_up);
    int nc = g.rules().tables->n_colours;
    d["hydra_path"] = int_list(s.hydra_path, nc);
    d["head_position"] = int_list(s.head_position, nc);
    d["head_count"] = int_list(s.head_count, nc);
    d["hero_space"] = int_list(s.hero_space, s.players);
    d["shielded"] = int_list(s.shielded, s.players);
    d["glory"] = int_list(s.glory, s.players);
    d["turn_order"] = int_list(s.turn_order, s.players);
    d["city_actions_used"] = int_list(s.city_actions_used, s.players);
    d["barricade_space"] = int_list(s.barricade_space, s.n_barricades);
    d["action_deck"] = small_list(s.action_deck);
    d["action_discard"] = small_list(s.action_discard);
    d["display"] = small_list(s.display);
    d["display_token"] = small_list(s.display_token);
    d["hydra_stack"] = small_list(s.hydra_stack);
    d["hydra_queue"] = small_list(s.hydra_queue);
    d["hydra_queue_owner"] = small_list(s.hydra_queue_owner);
    d["solo_row_c"] = small_list(s.solo_row_c);
    d["solo_row_c_blocked"] = small_list(s.solo_row_c_blocked);
    d["history"] = int_list(g.history.data(), int(g.history.size()));
    PyObject* tasks = PyList_New(s.n_tasks);
    for (int i = 0; i < s.n_tasks; ++i) PyList_SET_ITEM(tasks, i, task_list(s.tasks[i]).release().ptr());
    d["tasks"] = nb::steal(tasks);
    d["action_hands"] = nested(s.action_hands, s.players);
    d["action_hand_used"] = nested(s.action_hand_used, s.players);
    d["hydra_decks"] = nested(s.hydra_decks, 2);
    d["hydra_discards"] = nested(s.hydra_discards, 2);
    d["hydra_hands"] = nested(s.hydra_hands, s.players);
    if (s.has_pending) {
        const Pending& p = s.pending;
        PyObject* list = PyList_New(6);
        PyList_SET_ITEM(list, 0, py_int(p.kind));
        PyList_SET_ITEM(list, 1, py_int(p.seat));
        PyList_SET_ITEM(list, 2, bits_to_int(p.choices).release().ptr());
        PyList_SET_ITEM(list, 3, py_int(p.cause));
        PyList_SET_ITEM(list, 4, py_int(p.follow_space));
        PyList_SET_ITEM(list, 5, py_int(p.follow_colour));
        d["pending"] = nb::steal(list);
    } else {
        d["pending"] = nb::none();
    }
    return d;
}

static Task read_task(nb::handle v, const Rules& r, int players, int n_spaces) {
    get_list(v, "a task", 4);
    int n = int(PyList_GET_SIZE(v.ptr()));
    if (n < 1) bad("a task is empty");
    auto at = [&](int i) { return nb::handle(PyList_GET_ITEM(v.ptr(), i)); };
    Task t;
    t.op = uint8_t(get_int(at(0), "task op", 0, T_COUNT - 1));
    static const int lengths[T_COUNT] = {4, 3, 2, 4, 3, 2, 3, 2, 3, 2, 2, 1};
    if (n != lengths[t.op]) bad("task " + std::to_string(t.op) + " must have " + std::to_string(lengths[t.op]) + " items");
    int nc = r.tables->n_colours;
    switch (t.op) {
        case T_MOVE:
            t.a = int8_t(get_int(at(1), "task colour", 0, nc - 1));
            t.b = int16_t(get_int(at(2), "task movement", -1000, 1000));
            t.c = int16_t(get_int(at(3), "task bonus area", -1, 127));
            break;
        case T_GROW:
            t.a = int8_t(get_int(at(1), "task colour", 0, nc - 1));
            t.b = int16_t(get_int(at(2), "task growth", -1000, 1000));
            break;
        case T_STEP:
            t.a = int8_t(get_int(at(1), "task colour", 0, nc - 1));
            t.b = int16_t(get_int(at(2), "task points", -1000, 1000));
            t.c = int16_t(get_int(at(3), "task wall damage", -1000, 1000));
            break;
        case T_BITE: case T_BITE_WALL:
            t.a = int8_t(get_int(at(1), "task colour", 0, nc - 1));
            break;
        case T_BITE_HEROES: {
            t.a = int8_t(get_int(at(1), "task colour", 0, nc - 1));
            uint8_t victims[kMaxPlayers];
            int k = read_ints(at(2), "task victims", victims, players, 0, players - 1);
            if (k < 1) bad("task victims must not be empty");
            t.n_victims = uint8_t(k);
            for (int i = 0; i < k; ++i) t.victims[i] = victims[i];
            break;
        }
        case T_SHOVE:
            t.a = int8_t(get_int(at(1), "task hero", 0, players - 1));
            t.mask = int_to_bits(at(2), "task excluded spaces");
            break;
        case T_PUSHED: case T_AFTER:
            t.a = int8_t(get_int(at(1), "task hero", 0, players - 1));
            break;
        case T_FOLLOW:
            t.a = int8_t(get_int(at(1), "task colour", 0, nc - 1));
            t.b = int16_t(get_int(at(2), "task space", -1, n_spaces - 1));
            break;
        case T_SOLO_HYDRA:
            t.b = int16_t(get_int(at(1), "task reading index", 0, 1000));
            break;
        default:
            break;
    }
    return t;
}

void state_from_dict(Game& g, nb::handle data) {
    if (!PyDict_Check(data.ptr())) bad("the state must be a dict");
    const Rules& r = g.rules();
    const Tables& t = *r.tables;
    const int nc = t.n_colours, ns = t.board.n_spaces;
    State s;
    s.solo = get_bool(item(data, "solo"), "solo");
    if (s.solo != r.solo) bad("solo does not match the scenario");
    s.players = uint8_t(get_int(item(data, "players"), "players", 1, kMaxPlayers));
    const int np = s.players;
    s.scenario = int32_t(get_int(item(data, "scenario"), "scenario", -2147483647, 2147483647));
    s.stars = uint8_t(get_int(item(data, "stars"), "stars", 1, 3));
    nb::handle moon = item(data, "moon_tokens");
    if (!PyUnicode_Check(moon.ptr())) bad("moon_tokens must be a string");
    Py_ssize_t moon_len = 0;
    const char* moon_text = PyUnicode_AsUTF8AndSize(moon.ptr(), &moon_len);
    if (!moon_text || moon_len < 1 || moon_len > kMaxRounds) bad("moon_tokens must have 1 to 16 letters");
    s.n_moon = uint8_t(moon_len);
    for (int i = 0; i < moon_len; ++i) s.moon[i] = moon_text[i];
    nb::handle seed = item(data, "seed");
    if (!PyLong_Check(seed.ptr()) || PyBool_Check(seed.ptr())) bad("seed must be an integer");
    s.seed = PyLong_AsUnsignedLongLong(seed.ptr());
    if (PyErr_Occurred()) {
        PyErr_Clear();
        bad("seed must be an integer 0 .. 2**64-1 for the native engine");
    }
    s.random_events = uint32_t(get_int(item(data, "random_events"), "random_events", 0, 0xffffffffLL));
    s.round = int16_t(get_int(item(data, "round"), "round", 0, s.n_moon - 1));
    s.phase = uint8_t(get_int(item(data, "phase"), "phase", 0, PH_OVER));
    if (s.phase > PH_HYDRA && s.phase != PH_OVER) bad("phase is not a phase");
    s.turn = int16_t(get_int(item(data, "turn"), "turn", -1000, 1000));
    s.turn_order_index = uint8_t(get_int(item(data, "turn_order_index"), "turn_order_index", 0, np));
    s.turn_acted = uint8_t(get_int(item(data, "turn_acted"), "turn_acted", 0, 1));
    s.actions_done = int16_t(get_int(item(data, "actions_done"), "actions_done", -1000, 1000));
    s.solo_columns_used = uint8_t(get_int(item(data, "solo_columns_used"), "solo_columns_used", 0, 255));
    nb::handle victory = item(data, "victory");
    s.victory_is_int = PyBool_Check(victory.ptr()) ? 0 : 1;
    s.victory = get_bool(victory, "victory") ? 1 : 0;
    s.game_over = get_bool(item(data, "game_over"), "game_over");
    nb::handle outcome = item(data, "outcome");
    if (outcome.is_none()) s.outcome = OUT_NONE;
    else if (PyUnicode_Check(outcome.ptr()) && PyUnicode_CompareWithASCIIString(outcome.ptr(), "won") == 0) s.outcome = OUT_WON;
    else if (PyUnicode_Check(outcome.ptr()) && PyUnicode_CompareWithASCIIString(outcome.ptr(), "lost") == 0) s.outcome = OUT_LOST;
    else bad("outcome must be null, \"won\" or \"lost\"");
    s.walls = int16_t(get_int(item(data, "walls"), "walls", -1000, 1000));
    s.walls_at_start = int16_t(get_int(item(data, "walls_at_start"), "walls_at_start", -1000, 1000));
    s.solo_row_c_face_up = uint8_t(get_int(item(data, "solo_row_c_face_up"), "solo_row_c_face_up", 0, 1));
    read_exact(item(data, "hydra_path"), "hydra_path", nc, 0, t.board.n_paths - 1, nullptr, s.hydra_path, nullptr, nullptr);
    read_exact(item(data, "head_position"), "head_position", nc, 0, t.board.last_pos, nullptr, s.head_position, nullptr, nullptr);
    read_exact(item(data, "head_count"), "head_count", nc, -100, 100, nullptr, s.head_count, nullptr, nullptr);
    read_exact(item(data, "hero_space"), "hero_space", np, 0, ns - 1, s.hero_space, nullptr, nullptr, nullptr);
    read_exact(item(data, "shielded"), "shielded", np, 0, 1, nullptr, nullptr, s.shielded, nullptr);
    read_exact(item(data, "glory"), "glory", np, -1000000, 1000000, nullptr, nullptr, nullptr, s.glory);
    read_exact(item(data, "turn_order"), "turn_order", np, 0, np - 1, nullptr, nullptr, s.turn_order, nullptr);
    read_exact(item(data, "city_actions_used"), "city_actions_used", np, 0, 15, nullptr, nullptr, s.city_actions_used, nullptr);
    read_exact(item(data, "barricade_space"), "barricade_space", t.n_barricades, -1, ns - 1, s.barricade_space, nullptr, nullptr, nullptr);
    s.n_barricades = uint8_t(t.n_barricades);
    const int na = t.n_action_cards, nh = t.n_hydra_cards;
    read_small(item(data, "action_deck"), "action_deck", s.action_deck, kMaxActionCards, 0, na - 1);
    read_small(item(data, "action_discard"), "action_discard", s.action_discard, kMaxActionCards, 0, na - 1);
    read_small(item(data, "display"), "display", s.display, kDisplaySlots, -1, na - 1);
    read_small(item(data, "display_token"), "display_token", s.display_token, kDisplaySlots, 0, 127);
    if (s.display_token.size() != s.display.size()) bad("display_token must be as long as display");
    read_small(item(data, "hydra_stack"), "hydra_stack", s.hydra_stack, kMaxStack, 0, nh - 1);
    read_small(item(data, "hydra_queue"), "hydra_queue", s.hydra_queue, kMaxQueue, -nh, na - 1);
    read_small(item(data, "hydra_queue_owner"), "hydra_queue_owner", s.hydra_queue_owner, kMaxQueue, -1, np - 1);
    if (s.hydra_queue_owner.size() != s.hydra_queue.size()) bad("hydra_queue_owner must be as long as hydra_queue");
    read_small(item(data, "solo_row_c"), "solo_row_c", s.solo_row_c, kBlockSlots, -1, nh - 1);
    read_small(item(data, "solo_row_c_blocked"), "solo_row_c_blocked", s.solo_row_c_blocked, kBlockSlots, 0, 1);
    if (s.solo_row_c_blocked.size() != s.solo_row_c.size()) bad("solo_row_c_blocked must be as long as solo_row_c");
    if (r.solo && s.solo_row_c.size() < 1) bad("a solo game needs row C");
    nb::handle history = item(data, "history");
    get_list(history, "history", 1 << 20);
    std::vector<int16_t> hist(size_t(PyList_GET_SIZE(history.ptr())));
    for (size_t i = 0; i < hist.size(); ++i)
        hist[i] = int16_t(get_int(nb::handle(PyList_GET_ITEM(history.ptr(), i)), "history", 0, t.codec.size - 1));
    nb::handle tasks = item(data, "tasks");
    get_list(tasks, "tasks", kMaxTasks);
    s.n_tasks = uint8_t(PyList_GET_SIZE(tasks.ptr()));
    for (int i = 0; i < s.n_tasks; ++i) s.tasks[i] = read_task(nb::handle(PyList_GET_ITEM(tasks.ptr(), i)), r, np, ns);
    auto read_nested = [&](const char* key, int outer, auto* lists, int cap, long long lo, long long hi) {
        nb::handle v = item(data, key);
        get_list(v, key, outer);
        if (PyList_GET_SIZE(v.ptr()) != outer) bad(std::string(key) + " must have " + std::to_string(outer) + " lists");
        for (int i = 0; i < outer; ++i) read_small(nb::handle(PyList_GET_ITEM(v.ptr(), i)), key, lists[i], cap, lo, hi);
    };
    read_nested("action_hands", np, s.action_hands, kHandSlots, 0, na - 1);
    read_nested("action_hand_used", np, s.action_hand_used, kHandSlots, 0, 1);
    for (int i = 0; i < np; ++i)
        if (s.action_hand_used[i].size() != s.action_hands[i].size()) bad("action_hand_used must match action_hands");
    read_nested("hydra_decks", 2, s.hydra_decks, kMaxHydraCards, 0, nh - 1);
    read_nested("hydra_discards", 2, s.hydra_discards, kMaxHydraCards, 0, nh - 1);
    read_nested("hydra_hands", np, s.hydra_hands, kHydraHandSlots, 0, nh - 1);
    nb::handle pending = item(data, "pending");
    if (pending.is_none()) {
        s.has_pending = false;
    } else {
        get_list(pending, "pending", 6);
        if (PyList_GET_SIZE(pending.ptr()) != 6) bad("pending must have 6 items");
        auto at = [&](int i) { return nb::handle(PyList_GET_ITEM(pending.ptr(), i)); };
        s.has_pending = true;
        s.pending.kind = uint8_t(get_int(at(0), "pending kind", 0, D_BUCKLE_UP));
        s.pending.seat = uint8_t(get_int(at(1), "pending seat", 0, np - 1));
        s.pending.choices = int_to_bits(at(2), "pending choices");
        if ((s.pending.choices & ~t.board.all_mask).any()) bad("pending choices name spaces off the board");
        s.pending.cause = uint8_t(get_int(at(3), "pending cause", 0, EV_MAELSTROM));
        s.pending.follow_space = int16_t(get_int(at(4), "pending follow space", -1, ns - 1));
        s.pending.follow_colour = int8_t(get_int(at(5), "pending follow colour", -1, nc - 1));
        if (s.pending.kind == D_FOLLOW && s.pending.follow_space < 0) bad("a follow decision needs its space");
        if (s.pending.kind == D_AFTER_ACTION && r.solo) bad("the solo game has no after-action decision");
    }
    g.state = s;
    g.history = std::move(hist);
    g.mask_valid = false;
}

}  // namespace hydra
