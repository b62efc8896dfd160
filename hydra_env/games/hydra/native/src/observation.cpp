// See observation.hpp. The steps follow Encoder.fill / entries (hydra_env/games/hydra/observe/encoding):
// template, Hydra block, card block, pile sizes, (solo) the hero block, then the entries
// set to 1, then the other values.
#include "observation.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "engine.hpp"
#include "views.hpp"

namespace hydra {

namespace {

[[noreturn]] void unreadable(const char* what) {
    throw std::out_of_range(std::string("native encoder: the state's ") + what + " is out of the layout's range");
}

struct Writer {
    float* out;
    int size;
    int ones[512];
    int n_ones = 0;
    int vidx[64];
    double vval[64];
    int n_vals = 0;
    void one(int i) {
        if (i >= 0 && i < size && n_ones < 512) ones[n_ones++] = i;
    }
    void value(int i, double v) {
        if (i >= 0 && i < size && n_vals < 64) {
            vidx[n_vals] = i;
            vval[n_vals++] = v;
        }
    }
    void flush() {
        for (int k = 0; k < n_ones; ++k) out[ones[k]] = 1.0f;
        for (int k = 0; k < n_vals; ++k) out[vidx[k]] = float(vval[k]);
    }
};

void put_cards(const ObsLayout& L, float* out, int base, int slot, int offset, const int8_t* cards, int n,
               const std::vector<float>& table, int width) {
    for (int k = 0; k < n; ++k) {
        int card = cards[k];
        if (card < 0) continue;
        int b = base + k * slot;
        out[b] = 1.0f;
        std::memcpy(out + b + offset, table.data() + size_t(card) * size_t(width), sizeof(float) * size_t(slot - offset));
    }
    (void)L;
}

void template_and_blocks(const ObsLayout& L, const State& s, const Rules& r, int seat, float* out) {
    const BoardTables& b = r.tables->board;
    int nc = L.n_cells;
    std::memcpy(out, L.static_template.data(), sizeof(float) * size_t(L.size));
    int n_colours = r.tables->n_colours;
    for (int c = 0; c < n_colours; ++c) {
        int p = s.hydra_path[c];
        for (int k = 0; k < b.path_len; ++k) out[(L.ch_path + c) * nc + b.paths[p][k]] = 1.0f;
    }
    out[L.f_mode + (r.solo ? 0 : 1)] = 1.0f;
    out[L.f_players + r.players - 1] = 1.0f;
    out[L.f_stars + s.stars - 1] = 1.0f;
    out[L.f_scenario + L.scen_index[size_t(s.scenario)]] = 1.0f;
    for (int i = 0; i < r.n_rounds; ++i) out[L.f_moon + 2 * i + (r.moon[i] == 'L' ? 0 : 1)] = 1.0f;
    // the Hydra block
    std::fill(out + L.hydra_lo, out + L.hydra_hi, 0.0f);
    for (int c = 0; c < n_colours; ++c) {
        int p = s.hydra_path[c], pos = s.head_position[c], count = s.head_count[c];
        out[(L.ch_head + c) * nc + b.paths[p][pos]] = 1.0f;
        for (int i = 0; i < pos; ++i) out[(L.ch_neck + c) * nc + b.paths[p][i]] = 1.0f;
        int head = L.f_heads + c * (L.max_heads + 2);
        out[head + count] = 1.0f;
        out[(L.ch_counter + c) * nc + b.paths[p][pos]] = float(double(count) / double(L.max_heads));
        out[head + L.max_heads + 1] = float(double(pos) / double(L.pos_norm));
    }
    // the cards
    if (r.solo) {
        std::fill(out + L.solo_lo, out + L.solo_hi, 0.0f);
        put_cards(L, out, L.f_display, L.disp_block, L.disp_card, s.display.v, s.display.n, L.acard_vec, L.acard_size);
        for (int j = 0; j < s.solo_row_c.size(); ++j) {
            int card = s.solo_row_c[j];
            if (card < 0) continue;
            int base = L.f_row_c + j * L.row_block;
            out[base] = 1.0f;
            if (s.solo_row_c_face_up) {
                out[base + 1] = 1.0f;
                std::memcpy(out + base + L.row_card, L.hcard_vec.data() + size_t(card) * size_t(L.hcard_size),
                            sizeof(float) * size_t(L.row_block - L.row_card));
            }
        }
    } else {
        std::fill(out + L.coop_lo, out + L.coop_hi, 0.0f);
        put_cards(L, out, L.f_hand, L.hand_block, L.hand_card, s.action_hands[seat].v, s.action_hands[seat].n,
                  L.acard_vec, L.acard_size);
        put_cards(L, out, L.f_hydra_hand, L.hhand_block, L.hhand_card, s.hydra_hands[seat].v,
                  s.hydra_hands[seat].n, L.hcard_vec, L.hcard_size);
        put_cards(L, out, L.f_display, L.disp_block, L.disp_card, s.display.v, s.display.n, L.acard_vec, L.acard_size);
    }
}

void state_entries(const ObsLayout& L, const State& s, const Rules& r, int seat, Writer& w) {
    const BoardTables& b = r.tables->board;
    int players = s.players;
    w.one(L.f_round + s.round);
    w.one(L.phase_pos[s.phase & 15]);
    for (int i = 0; i < std::min<int>(s.walls, L.n_wall_tokens); ++i) w.one(L.f_walls + i);
    for (int i = 0; i < std::min<int>(s.walls_at_start - s.walls, L.n_wall_tokens); ++i) w.one(L.f_walls_missing + i);
    if (s.has_pending) {
        const Pending& pd = s.pending;
        w.one(L.f_decision + pd.kind);
        w.one(L.f_decider + ((pd.seat - seat) % players + players) % players);
        int target = L.ch_target * L.n_cells;
        if (pd.kind == D_SHOVED || pd.kind == D_EVADE) {
            Bits choices = pd.choices;
            if ((choices & b.city_bit).any()) {
                w.one(L.f_target_city);
                choices = choices & b.cell_mask;
            }
            while (choices.any()) w.one(target + choices.pop_lowest());
            if (pd.kind == D_EVADE) w.one(L.f_evade_cause + pd.cause);
        } else if (pd.kind == D_FOLLOW) {
            w.one(pd.follow_space == b.city ? L.f_target_city : target + pd.follow_space);
        }
    }
    const int sizes[6] = {s.action_deck.size(), s.action_discard.size(), s.hydra_decks[0].size(),
                          s.hydra_decks[1].size(), s.hydra_discards[0].size(), s.hydra_discards[1].size()};
    const int norms[6] = {L.n_acards, L.n_acards, L.n_hdeck[0], L.n_hdeck[1], L.n_hdeck[0], L.n_hdeck[1]};
    for (int i = 0; i < 6; ++i) w.out[L.f_decks + i] = float(double(sizes[i]) / double(norms[i]));
    for (int i = 0; i < s.n_barricades; ++i)
        if (s.barricade_space[i] >= 0) w.one(L.ch_barricade * L.n_cells + s.barricade_space[i]);
}

void solo_hero(const ObsLayout& L, const State& s, const Rules& r, Writer& w) {
    const BoardTables& b = r.tables->board;
    float* v = w.out + L.f_heroes;
    std::fill(v, v + L.hero_block, 0.0f);
    v[0] = v[11] = v[16] = 1.0f;
    v[15] = 0.5f;
    int space = s.hero_space[0];
    if (space == b.city) {
        v[1] = 1.0f;
    } else {
        w.one(L.ch_hero * L.n_cells + space);
        if (s.shielded[0]) w.one(L.ch_shield * L.n_cells + space);
        if (b.wall_mask.test(space)) v[3] = 1.0f;
    }
    if (s.shielded[0]) v[2] = 1.0f;
    for (int bit = 0; bit < 4; ++bit)
        if ((s.city_actions_used[0] >> bit) & 1) v[4 + bit] = 1.0f;
    if (s.phase == PH_ACTIONS || s.phase == PH_ACTIONS_II) {
        v[20] = 1.0f;
        v[8] = float(double(action_tokens_left(s, r, 0)) / double(r.tokens));
    }
}

void heroes(const ObsLayout& L, const State& s, const Rules& r, int seat, Writer& w) {
    const BoardTables& b = r.tables->board;
    int players = s.players;
    int rank[kMaxPlayers];
    if (players > 1) glory_ranking(s, rank);
    else rank[0] = 0;
    int turn_seat = -1;
    if (r.solo) {
        if (s.phase == PH_ACTIONS || s.phase == PH_ACTIONS_II) turn_seat = 0;
    } else if (s.phase == PH_ACTIONS && s.turn_order_index < players) {
        turn_seat = s.turn_order[s.turn_order_index];
    }
    for (int k = 0; k < players; ++k) {
        int st = (seat + k) % players;
        int base = L.f_heroes + k * L.hero_block;
        w.one(base);
        int space = s.hero_space[st];
        bool shield = s.shielded[st];
        if (space == b.city) {
            w.one(base + 1);
        } else {
            w.one((L.ch_hero + k) * L.n_cells + space);
            if (shield) w.one(L.ch_shield * L.n_cells + space);
            if (b.wall_mask.test(space)) w.one(base + 3);
        }
        if (shield) w.one(base + 2);
        for (int bit = 0; bit < 4; ++bit)
            if ((s.city_actions_used[st] >> bit) & 1) w.one(base + 4 + bit);
        int left = action_tokens_left(s, r, st);
        if (!r.solo) {
            int used = 0;
            for (int i = 0; i < s.action_hand_used[st].size(); ++i) used += s.action_hand_used[st][i];
            int unused = s.action_hands[st].size() - used;
            if (unused) w.value(base + 9, double(unused) / double(kHandSlots));
            if (!s.hydra_hands[st].empty()) w.value(base + 10, double(s.hydra_hands[st].size()) / double(kHydraHandSlots));
        }
        if (left) w.value(base + 8, double(left) / double(r.tokens));
        int place = 0;
        while (rank[place] != st) ++place;
        w.one(base + 11 + place);
        double gap = double(s.glory[st] - s.glory[seat]) / 16.0;
        w.value(base + 15, (std::min(1.0, std::max(-1.0, gap)) + 1.0) / 2.0);
        int order = 0;
        while (s.turn_order[order] != st) ++order;
        w.one(base + 16 + order);
        if (st == turn_seat) w.one(base + 20);
    }
}

void tokens(const ObsLayout& L, const State& s, const Rules& r, int seat, Writer& w) {
    if (r.solo) {
        for (int i = 0; i < s.display_token.size(); ++i) {
            int t = s.display_token[i];
            if (t) w.one(L.f_display + i * L.disp_block + t);  // t is 1 or 2 (checked)
        }
        for (int j = 0; j < kBlockSlots; ++j)
            if ((s.solo_columns_used >> j) & 1) w.one(L.f_solo + L.max_tokens + 1 + j);
        if (s.phase == PH_ACTIONS || s.phase == PH_ACTIONS_II) w.one(L.f_solo + s.actions_done);
        for (int j = 0; j < s.solo_row_c_blocked.size(); ++j)
            if (s.solo_row_c_blocked[j]) w.one(L.f_row_c + j * L.row_block + 2);
        return;
    }
    int players = s.players;
    for (int i = 0; i < s.display_token.size(); ++i) {
        int t = s.display_token[i];
        if (t) w.one(L.f_display + i * L.disp_block + 3 + (((t - 1 - seat) % players) + players) % players);
    }
    for (int k = 0; k < s.action_hand_used[seat].size(); ++k)
        if (s.action_hand_used[seat][k]) w.one(L.f_hand + k * L.hand_block + 1);
    w.one(L.f_coop + std::min<int>(s.turn, L.max_tokens));
    if (!s.hydra_stack.empty())
        w.value(L.f_coop + L.max_tokens + 1, std::min(1.0, double(s.hydra_stack.size()) / double(L.max_stack)));
    if (!s.hydra_queue.empty())
        w.value(L.f_coop + L.max_tokens + 2, std::min(1.0, double(s.hydra_queue.size()) / L.queue_norm));
}

}  // namespace

void check_observable(const ObsLayout& L, const State& s, const Rules& r, int seat) {
    // What the layout's index arithmetic needs (a state loaded past the Python checks may break it).
    int players = s.players;
    if (players > L.max_seats || players != r.players || seat < 0 || seat >= players) unreadable("number of seats");
    if (s.scenario < 0 || size_t(s.scenario) >= L.scen_index.size() || L.scen_index[size_t(s.scenario)] < 0)
        unreadable("scenario");
    for (int c = 0; c < r.tables->n_colours; ++c)
        if (s.head_count[c] < 0 || s.head_count[c] > L.max_heads) unreadable("head count");
    for (int k = 0; k < players; ++k) {
        bool found = false;
        for (int i = 0; i < players; ++i) found = found || s.turn_order[i] == k;
        if (!found) unreadable("turn order");
    }
    if (s.actions_done < 0 || s.actions_done > L.max_tokens) unreadable("actions done");
    if (s.turn < 0) unreadable("turn");
    if (r.solo)
        for (int i = 0; i < s.display_token.size(); ++i)
            if (s.display_token[i] < 0 || s.display_token[i] > 2) unreadable("display token");
    if (s.has_pending && (s.pending.seat >= players || s.pending.follow_space >= r.tables->board.n_spaces))
        unreadable("pending decision");
    if (s.solo_row_c_blocked.size() > kBlockSlots) unreadable("row C");
}

void encode_observation(const ObsLayout& L, const State& s, const Rules& r, int seat, float* out) {
    check_observable(L, s, r, seat);
    template_and_blocks(L, s, r, seat, out);
    Writer w;
    w.out = out;
    w.size = L.size;
    state_entries(L, s, r, seat, w);
    if (s.players == 1) solo_hero(L, s, r, w);
    else heroes(L, s, r, seat, w);
    tokens(L, s, r, seat, w);
    w.flush();
}

}  // namespace hydra
