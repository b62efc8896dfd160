// Hero actions (R3-R16, hydra_env/games/hydra/rules/heroes.py): legal targets and what an action does.
#include "engine.hpp"
#include "hero_facts.hpp"

namespace hydra {

Reach::Reach(const State& state, const Rules& rules, int seat_) : s(state), r(rules), seat(seat_) {
    const BoardTables& b = r.tables->board;
    sp = s.hero_space[seat];
    Bits orth = b.orth_mask[sp];
    Bits spbit = Bits::bit(sp);
    for (int c = 0; c < r.tables->n_colours; ++c) {
        int p = s.hydra_path[c], pos = s.head_position[c];
        Bits hb = Bits::bit(b.paths[p][pos]);
        const Bits& nm = b.seg_mask[p][pos];
        heads |= hb;
        necks |= nm;
        if (s.head_count[c] > 0) {
            if ((orth & hb).any()) attack |= 1u << c;  // R7: a head orthogonally adjacent
        } else if (pos > 0 && (orth & (hb | nm)).any()) {
            attack |= 1u << c;  // R7: counter 0, head or neck tile adjacent
        }
        if ((nm & spbit).any()) on_neck = c;  // R8
    }
    passable = b.all_mask & ~heads & ~b.maelstrom_mask;  // R2/R5
    layers[0] = spbit;
    n_layers = 1;
}

Bits Reach::walk(int steps) {
    if (steps >= kMaxPathLen + 2) throw std::length_error("native engine: a walk is too long");
    while (n_layers <= steps) {
        layers[n_layers] = r.tables->board.neighbours(layers[n_layers - 1]) & passable;
        ++n_layers;
    }
    return layers[steps];
}

Bits Reach::move_targets(int steps, int bonus_area) {
    Bits d = walk(steps);
    if (bonus_area >= 0 && r.tables->board.area_of[sp] == bonus_area) d |= walk(steps + 1);
    return d & ~Bits::bit(sp);
}

Bits Reach::portal_targets() const {
    return r.tables->board.portal_mask & ~heads & ~necks & ~Bits::bit(sp);
}

int Reach::barricade_targets() const {
    if (sp == r.tables->board.city) return s.walls < s.walls_at_start ? 1 : 0;
    if ((barricade_mask(s) | necks).test(sp)) return 0;
    for (int i = 0; i < s.n_barricades; ++i) if (s.barricade_space[i] == -1) return 1;
    return ((1 << s.n_barricades) - 1) << 1;
}

void Reach::card(int card, ActionMask& m, int shift) {
    const Tables& t = *r.tables;
    const Codec& codec = t.codec;
    int bcol = t.card_bcol[card];
    switch (t.card_kind[card]) {
        case HK_MOVE:
            m.or_bits(move_targets(t.card_strength[card], t.card_barea[card]), shift);
            break;
        case HK_PORTAL:
            m.or_bits(portal_targets(), shift);
            break;
        case HK_SWORD: {
            uint32_t a = attack;
            while (a) {
                int c = __builtin_ctz(a);
                a &= a - 1;
                m.set(shift + codec.off_sword + 2 * c);
                if (c == bcol) m.set(shift + codec.off_sword + 2 * c + 1);  // R6
            }
            break;
        }
        case HK_HARPOON:
            if (on_neck >= 0) {
                m.set(shift + codec.off_harpoon);
                if (on_neck == bcol) m.set(shift + codec.off_harpoon + 1);
            }
            break;
        case HK_BARRICADE:
            m.or_word(uint64_t(barricade_targets()), shift + codec.off_barricade);
            break;
        case HK_PROTECT:
            if (!s.shielded[seat]) m.set(shift + codec.off_protect);
            break;
    }
}

void Reach::city(int used, ActionMask& m) {
    const Codec& codec = r.tables->codec;
    m.set(codec.pass);
    m.or_bits(portal_targets(), codec.city_portal);
    if (!(used & CITY_MOVE)) m.or_bits(move_targets(1, -1), codec.city_move);
    if (!(used & CITY_SWORD)) m.or_word(attack, codec.city_sword);
    if (!(used & CITY_HARPOON) && on_neck >= 0) m.set(codec.city_harpoon);
    if (!(used & CITY_PROTECT) && !s.shielded[seat]) m.set(codec.city_protect);
}

// ------------------------------------------------------------------ effects

static void push_shove(State& s, int hero, const Bits& excluded) {
    Task t;
    t.op = T_SHOVE;
    t.a = int8_t(hero);
    t.mask = excluded;
    s.push_task(t);
}

// R4: among walks of the given lengths to `dest`, one with the fewest shoves. Layers keep
// the insertion order of the Python engine's dicts, so ties break the same way.
static int fewest_shoves_walk(const State& s, const Rules& r, int seat, int dest, const int* lengths,
                              int n_lengths, int16_t* walk_out) {
    const BoardTables& b = r.tables->board;
    Bits occupied = heroes_mask(s, r, seat);
    Reach reach(s, r, seat);
    Bits passable = reach.passable;
    static thread_local int16_t parent[kMaxPathLen + 3][kMaxSpaces];
    int cost[2][kMaxSpaces];
    int16_t order[2][kMaxSpaces];
    int n_order[2];
    int best_cost = -1, best_len = 0;
    int16_t best_walk[kMaxPathLen + 3];
    for (int li = 0; li < n_lengths; ++li) {
        int length = lengths[li];
        if (length + 1 > kMaxPathLen + 3) throw std::length_error("native engine: a walk is too long");
        int cur = 0;
        n_order[0] = 1;
        order[0][0] = int16_t(s.hero_space[seat]);
        cost[0][s.hero_space[seat]] = 0;
        for (int k = 1; k <= length; ++k) {
            int nxt = cur ^ 1;
            Bits present;
            n_order[nxt] = 0;
            for (int i = 0; i < n_order[cur]; ++i) {
                int sp = order[cur][i];
                int base = cost[cur][sp];
                Bits nb = b.nbr_mask[sp] & passable;
                while (nb.any()) {
                    int t = nb.pop_lowest();
                    int c2 = base + (occupied.test(t) ? 1 : 0);
                    if (!present.test(t)) {
                        present.set(t);
                        order[nxt][n_order[nxt]++] = int16_t(t);
                        cost[nxt][t] = c2;
                        parent[k][t] = int16_t(sp);
                    } else if (c2 < cost[nxt][t]) {
                        cost[nxt][t] = c2;
                        parent[k][t] = int16_t(sp);
                    }
                }
            }
            cur = nxt;
            if (n_order[cur] == 0) break;
        }
        bool found = false;
        for (int i = 0; i < n_order[cur]; ++i) if (order[cur][i] == dest) { found = true; break; }
        if (n_order[cur] == 0) found = false;
        if (found && (best_cost < 0 || cost[cur][dest] < best_cost)) {
            best_cost = cost[cur][dest];
            best_len = length;
            // walk positions 1..length, from the hero's side to dest
            int16_t w = int16_t(dest);
            best_walk[length - 1] = w;
            for (int k = length; k > 1; --k) {
                w = parent[k][w];
                best_walk[k - 2] = w;
            }
        }
    }
    if (best_cost < 0) throw std::logic_error("native engine: legal move without a walk");
    for (int i = 0; i < best_len; ++i) walk_out[i] = best_walk[i];
    return best_len;
}

static void do_move(State& s, const Rules& r, int seat, int dest, int steps, int bonus_area) {
    if (s.players == 1) {
        s.hero_space[seat] = int16_t(dest);
        return;
    }
    const BoardTables& b = r.tables->board;
    int lengths[2] = {steps, steps + 1};
    int n_lengths = (bonus_area >= 0 && b.area_of[s.hero_space[seat]] == bonus_area) ? 2 : 1;
    int16_t walk[kMaxPathLen + 3];
    int n = fewest_shoves_walk(s, r, seat, dest, lengths, n_lengths, walk);
    s.hero_space[seat] = int16_t(dest);
    int shoved[kMaxPlayers];
    Bits rests[kMaxPlayers];
    int n_shoves = 0;
    for (int i = 0; i < n; ++i) {
        int h = walk[i] != b.city ? hero_at(s, walk[i], seat) : -1;
        if (h < 0) continue;
        bool seen = false;
        for (int k = 0; k < n_shoves; ++k) if (shoved[k] == h) seen = true;
        if (seen) continue;
        Bits rest;
        for (int j = i + 1; j < n; ++j) rest.set(walk[j]);
        shoved[n_shoves] = h;
        rests[n_shoves] = rest & ~b.city_bit;  // the city holds any number
        ++n_shoves;
    }
    if (n_shoves) {
        glory_lose(s, seat, n_shoves);
        for (int k = n_shoves - 1; k >= 0; --k) push_shove(s, shoved[k], rests[k]);
    }
}

static void do_portal(State& s, const Rules& r, int seat, int dest) {
    int h = dest != r.tables->board.city ? hero_at(s, dest, seat) : -1;
    s.hero_space[seat] = int16_t(dest);
    if (h >= 0) {
        glory_lose(s, seat, 1);
        push_shove(s, h, Bits());
    }
}

static void retreat(State& s, const Rules& r, int colour, int spaces) {
    const BoardTables& b = r.tables->board;
    int p = s.hydra_path[colour], pos = s.head_position[colour];
    if (spaces > pos) spaces = pos;
    if (spaces <= 0) return;
    const int16_t* path = b.paths[p];
    Bits neck = b.seg_mask[p][pos];
    int pushed[kMaxPlayers];
    int n_pushed = 0;
    for (int i = 0; i < s.players; ++i) {
        int h = s.turn_order[i];
        int sp = s.hero_space[h];
        if (neck.test(sp)) {
            int q = b.pos_of[sp] - spaces;
            if (q > 0) s.hero_space[h] = path[q];
            else if (s.shielded[h]) pushed[n_pushed++] = h;  // waits on its old space until it evades
            else wound(s, r, h);                              // on the maelstrom: wounded at once
        }
    }
    s.head_position[colour] = int8_t(pos - spaces);
    Task follow;
    follow.op = T_FOLLOW;
    follow.a = int8_t(colour);
    follow.b = int16_t(b.front(p, pos));
    s.push_task(follow);
    for (int k = n_pushed - 1; k >= 0; --k) {
        Task t;
        t.op = T_PUSHED;
        t.a = int8_t(pushed[k]);
        s.push_task(t);
    }
}

static void do_sword(State& s, const Rules& r, int seat, int colour, int damage) {
    glory_gain(s, seat, damage);
    int lower = s.head_count[colour] < damage ? s.head_count[colour] : damage;
    s.head_count[colour] = int8_t(s.head_count[colour] - lower);
    if (damage > lower) retreat(s, r, colour, damage - lower);
}

static void do_harpoon(State& s, const Rules& r, int seat, int colour, int damage) {
    glory_gain(s, seat, damage);
    retreat(s, r, colour, damage);
}

static void do_barricade(State& s, const Rules& r, int seat, int token) {
    glory_gain(s, seat, 1);
    int sp = s.hero_space[seat];
    if (sp == r.tables->board.city) {
        s.walls += 1;
    } else if (token < 0) {
        for (int i = 0; i < s.n_barricades; ++i)
            if (s.barricade_space[i] == -1) { s.barricade_space[i] = int16_t(sp); break; }
    } else {
        s.barricade_space[token] = int16_t(sp);
    }
}

void t_pushed(State& s, const Rules& r, const Task& t) {
    int h = t.a;
    evade_or_wound(s, r, h, s.hero_space[h], EV_MAELSTROM, Bits());
}

void t_follow(State& s, const Rules& r, const Task& t) {
    int c = t.a, old_front = t.b;
    int h = hero_at(s, old_front);
    if (h < 0) return;
    int target = r.tables->board.front(s.hydra_path[c], s.head_position[c]);
    if (target == old_front || hero_at(s, target) >= 0) return;
    s.has_pending = true;
    s.pending = Pending();
    s.pending.kind = D_FOLLOW;
    s.pending.seat = uint8_t(h);
    s.pending.follow_space = int16_t(target);
    s.pending.follow_colour = int8_t(c);
}

void t_shove(State& s, const Rules& r, const Task& t) {
    int h = t.a;
    int sp = s.hero_space[h];
    Bits targets = evade_targets(s, r, sp, t.mask | heroes_mask(s, r, h));
    if (targets.none()) {
        s.hero_space[h] = int16_t(r.tables->board.city);
        return;
    }
    s.has_pending = true;
    s.pending = Pending();
    s.pending.kind = D_SHOVED;
    s.pending.seat = uint8_t(h);
    s.pending.choices = targets;
}

void do_evade(State& s, const Rules& r, int seat, int dest) {
    s.shielded[seat] = 0;
    do_portal(s, r, seat, dest);
}

void perform_hero_action(State& s, const Rules& r, int seat, int action, int card) {
    const Tables& t = *r.tables;
    const Codec& codec = t.codec;
    int kind = codec.kind[action], arg = codec.arg[action];
    Task after;
    after.op = T_AFTER;
    after.a = int8_t(seat);
    s.push_task(after);
    if (kind <= A_PROTECT) {
        int strength = t.card_strength[card];
        if (kind == A_DEST) {
            if (t.card_kind[card] == HK_MOVE) do_move(s, r, seat, arg, strength, t.card_barea[card]);
            else do_portal(s, r, seat, arg);
        } else if (kind == A_SWORD) {
            int c = arg >> 1, forgo = arg & 1;
            do_sword(s, r, seat, c, strength + ((!forgo && c >= 0 && t.card_bcol[card] == c) ? 1 : 0));
        } else if (kind == A_HARPOON) {
            int c = on_neck_colour(s, r, seat), forgo = arg;
            do_harpoon(s, r, seat, c, strength + ((!forgo && c >= 0 && t.card_bcol[card] == c) ? 1 : 0));
        } else if (kind == A_BARRICADE) {
            do_barricade(s, r, seat, arg);
        } else {
            s.shielded[seat] = 1;
        }
        return;
    }
    uint8_t& used = s.city_actions_used[seat];
    switch (kind) {
        case A_CITY_PORTAL: do_portal(s, r, seat, arg); break;
        case A_CITY_MOVE: used |= CITY_MOVE; do_move(s, r, seat, arg, 1, -1); break;
        case A_CITY_SWORD: used |= CITY_SWORD; do_sword(s, r, seat, arg, 1); break;
        case A_CITY_HARPOON: used |= CITY_HARPOON; do_harpoon(s, r, seat, on_neck_colour(s, r, seat), 1); break;
        case A_CITY_PROTECT: used |= CITY_PROTECT; s.shielded[seat] = 1; break;
        case A_BLOCK: s.solo_row_c_blocked[arg] = 1; break;
        default: break;  // A_PASS (R15)
    }
}

}  // namespace hydra
