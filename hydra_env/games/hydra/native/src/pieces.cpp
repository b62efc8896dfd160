// Queries and changes on the pieces (hydra_env/games/hydra/rules/pieces.py): heads, necks, heroes, walls.
#include "engine.hpp"

namespace hydra {

Bits heads_mask(const State& s, const Rules& r) {
    const BoardTables& b = r.tables->board;
    Bits m;
    for (int c = 0; c < r.tables->n_colours; ++c) m.set(b.paths[s.hydra_path[c]][s.head_position[c]]);
    return m;
}

Bits necks_mask(const State& s, const Rules& r) {
    const BoardTables& b = r.tables->board;
    Bits m;
    for (int c = 0; c < r.tables->n_colours; ++c) m |= b.seg_mask[s.hydra_path[c]][s.head_position[c]];
    return m;
}

Bits barricade_mask(const State& s) {
    Bits m;
    for (int i = 0; i < s.n_barricades; ++i) if (s.barricade_space[i] >= 0) m.set(s.barricade_space[i]);
    return m;
}

Bits heroes_mask(const State& s, const Rules& r, int exclude) {
    Bits m;
    for (int h = 0; h < s.players; ++h) if (h != exclude) m.set(s.hero_space[h]);
    return m & ~r.tables->board.city_bit;
}

int hero_at(const State& s, int space, int exclude) {
    for (int h = 0; h < s.players; ++h) if (s.hero_space[h] == space && h != exclude) return h;
    return -1;
}

void wound(State& s, const Rules& r, int hero) {
    s.hero_space[hero] = int16_t(r.tables->board.city);  // R14
    glory_lose(s, hero, 1);
}

bool evade_or_wound(State& s, const Rules& r, int hero, int origin, int cause, const Bits& excluded) {
    if (s.shielded[hero]) {
        Bits targets = evade_targets(s, r, origin, excluded);
        if (targets.any()) {
            s.has_pending = true;
            s.pending = Pending();
            s.pending.kind = D_EVADE;
            s.pending.seat = uint8_t(hero);
            s.pending.choices = targets;
            s.pending.cause = uint8_t(cause);
            return true;
        }
        s.shielded[hero] = 0;
    }
    wound(s, r, hero);
    return false;
}

void end_game(State& s, int outcome) {
    s.game_over = true;
    s.outcome = uint8_t(outcome);
    s.phase = PH_OVER;
    s.has_pending = false;
    s.n_tasks = 0;
}

void damage_wall(State& s, int damage) {
    if (damage <= 0) return;
    s.walls = int16_t(s.walls - damage > 0 ? s.walls - damage : 0);
    if (s.walls == 0) end_game(s, OUT_LOST);
}

Bits evade_targets(const State& s, const Rules& r, int origin, const Bits& avoid) {
    const BoardTables& b = r.tables->board;
    return b.nbr_mask[origin] & ~heads_mask(s, r) & ~b.maelstrom_mask & ~avoid;
}

}  // namespace hydra
