// Setup shared by the solo and the coordinated game (hydra_env/games/hydra/rules/setup.py).
#include "engine.hpp"

namespace hydra {

void init_common(State& s, const Rules& r, int stars, uint64_t seed, int players) {
    const Tables& t = *r.tables;
    s.solo = r.solo;
    s.players = uint8_t(players);
    s.scenario = r.number;
    s.stars = uint8_t(stars);
    s.n_moon = uint8_t(r.n_rounds);
    for (int i = 0; i < r.n_rounds; ++i) s.moon[i] = r.moon[i];
    s.seed = seed;
    s.random_events = 0;
    // random events in order: colours dealt to paths, the action deck, light and red hydra decks
    int perm[kMaxColours];
    event_permutation_of(s, t.n_colours, perm);
    for (int c = 0; c < t.n_colours; ++c) {
        s.hydra_path[c] = int8_t(perm[c]);
        s.head_position[c] = int8_t(r.positions[perm[c]]);
        s.head_count[c] = int8_t(r.heads[perm[c]]);
    }
    s.walls = s.walls_at_start = int16_t(r.walls[stars - 1]);
    for (int h = 0; h < players; ++h) {
        s.hero_space[h] = int16_t(t.board.city);
        s.shielded[h] = 0;
        s.glory[h] = 0;
        s.turn_order[h] = uint8_t(h);
        s.city_actions_used[h] = 0;
        s.action_hands[h].clear();
        s.action_hand_used[h].clear();
        s.hydra_hands[h].clear();
    }
    s.n_barricades = uint8_t(t.n_barricades);
    for (int i = 0; i < t.n_barricades; ++i) s.barricade_space[i] = -1;
    s.action_deck.clear();
    for (int c = 0; c < t.n_action_cards; ++c) s.action_deck.push(int8_t(c));
    shuffle(s, s.action_deck);
    s.action_discard.clear();
    for (int d = 0; d < 2; ++d) {
        s.hydra_decks[d].clear();
        s.hydra_discards[d].clear();
    }
    for (int h = 0; h < t.n_hydra_cards; ++h)
        if (t.hcard_solo[h] || !r.solo) s.hydra_decks[t.hcard_deck[h]].push(int8_t(h));
    shuffle(s, s.hydra_decks[0]);
    shuffle(s, s.hydra_decks[1]);
    s.display.clear();
    s.display_token.clear();
    for (int i = 0; i < r.display; ++i) {
        s.display.push(-1);
        s.display_token.push(0);
    }
    s.solo_row_c.clear();
    s.solo_row_c_blocked.clear();
    s.hydra_stack.clear();
    s.hydra_queue.clear();
    s.hydra_queue_owner.clear();
    s.round = 0;
}

}  // namespace hydra
