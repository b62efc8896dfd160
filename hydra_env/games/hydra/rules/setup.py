"""Setup shared by the solo and the coordinated game."""

from __future__ import annotations

from hydra_env.games.hydra.rules.cards import event_rng, shuffle
from hydra_env.games.hydra.rules.state import State
from hydra_env.games.hydra.rules.tables import Rules


def init_common(state: State, rules: Rules, stars: int, seed: int, players: int) -> None:
    """Fields every game starts with: hydra on its paths, walls, heroes in the city, decks.

    Random events, in order: colours dealt to paths, the action deck, the
    light and the red hydra deck (only solo-marked cards in solo, R32).
    """
    scen, comp = rules.scenario, rules.components
    state.solo = scen.solo
    state.players = players
    state.scenario = scen.number
    state.stars = stars
    state.moon_tokens = scen.moon
    state.seed = seed
    state.random_events = 0
    n_colours = len(comp.hydra_colours)
    # components.md: the Hydra colours are dealt to the paths at random.
    state.hydra_path = event_rng(state).permutation(n_colours).tolist()
    state.head_position = [scen.positions[p] for p in state.hydra_path]
    state.head_count = [scen.heads[p] for p in state.hydra_path]
    state.walls = state.walls_at_start = scen.walls[stars - 1]
    state.hero_space = [rules.board.city] * players
    state.shielded = [0] * players
    state.glory = [0] * players
    state.turn_order = list(range(players))
    state.barricade_space = [-1] * comp.supply.barricades
    state.action_deck = list(range(len(comp.action_cards)))
    shuffle(state, state.action_deck)
    state.action_discard = []
    decks: list[list[int]] = [[], []]
    for card in comp.hydra_cards:
        if card.solo or not scen.solo:
            decks[0 if card.deck == "light" else 1].append(card.index)
    for deck in decks:
        shuffle(state, deck)
    state.hydra_decks = decks
    state.hydra_discards = [[], []]
    state.display = [-1] * scen.display
    state.display_token = [0] * scen.display
    state.action_hands = [[] for _ in range(players)]
    state.action_hand_used = [[] for _ in range(players)]
    state.hydra_hands = [[] for _ in range(players)]
    state.city_actions_used = [0] * players
    state.solo_row_c, state.solo_row_c_blocked = [], []
    state.hydra_stack, state.hydra_queue, state.hydra_queue_owner = [], [], []
    state.history = []
    state.round = 0
