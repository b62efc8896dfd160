"""Setup shared by the solo and the coordinated game."""

from __future__ import annotations

from hydra_env.core.cards import event_rng, shuffle
from hydra_env.core.state import State
from hydra_env.core.tables import Rules


def init_common(st: State, R: Rules, stars: int, seed: int, players: int) -> None:
    """Fields every game starts with: hydra on its paths, walls, heroes in the city, decks.

    Random events, in order: colours dealt to paths, the action deck, the
    light and the red hydra deck (only solo-marked cards in solo, R32).
    """
    scen, comp = R.scen, R.comp
    st.solo = scen.solo
    st.n = players
    st.scenario = scen.number
    st.stars = stars
    st.moon = scen.moon
    st.seed = seed
    st.rng_count = 0
    n_colours = len(comp.hydra_colours)
    # components.md: the Hydra colours are dealt to the paths at random.
    st.colour_path = event_rng(st).permutation(n_colours).tolist()
    st.head_pos = [scen.positions[p] for p in st.colour_path]
    st.heads = [scen.heads[p] for p in st.colour_path]
    st.walls = st.walls_max = scen.walls[stars - 1]
    st.hero = [R.B.city] * players
    st.shield = [0] * players
    st.glory = [0] * players
    st.order = list(range(players))
    st.barricades = [-1] * comp.supply.barricades
    st.deck = list(range(len(comp.action_cards)))
    shuffle(st, st.deck)
    st.discard = []
    decks: list[list[int]] = [[], []]
    for card in comp.hydra_cards:
        if card.solo or not scen.solo:
            decks[0 if card.deck == "light" else 1].append(card.index)
    for deck in decks:
        shuffle(st, deck)
    st.hdeck = decks
    st.hdiscard = [[], []]
    st.display = [-1] * scen.display
    st.dtoken = [0] * scen.display
    st.hands = [[] for _ in range(players)]
    st.hand_used = [[] for _ in range(players)]
    st.hhands = [[] for _ in range(players)]
    st.city_used = [0] * players
    st.row, st.row_block, st.stack, st.queue, st.queue_src = [], [], [], [], []
    st.history = []
    st.round = 0
