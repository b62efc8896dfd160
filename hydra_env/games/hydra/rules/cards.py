"""Decks: drawing, reshuffling and the game's random events.

All randomness of a game comes from its seed: random event ``k`` (a shuffle)
uses ``numpy.random.default_rng([seed, k])``. The state therefore holds only
two integers of random state, which makes clones cheap and JSON exact, and
the same seed gives the same game in any process.
"""

from __future__ import annotations

import numpy as np

from hydra_env.games.hydra.rules.state import State


def event_rng(state: State) -> np.random.Generator:
    """The generator of the game's next random event."""
    state.random_events += 1
    return np.random.default_rng([state.seed, state.random_events])


def shuffle(state: State, cards: list) -> None:
    """Shuffle ``cards`` in place with the next random event."""
    if len(cards) > 1:
        order = event_rng(state).permutation(len(cards)).tolist()
        cards[:] = [cards[i] for i in order]


def draw(state: State, deck: list[int], discard: list[int]) -> int:
    """Draw the top card of ``deck`` (its last item); an empty deck is first
    refilled by shuffling ``discard`` (R27, R32). −1 when both are empty."""
    if not deck:
        if not discard:
            return -1
        deck.extend(discard)
        discard.clear()
        shuffle(state, deck)
    return deck.pop()


def draw_many(state: State, deck: list[int], discard: list[int], count: int) -> list[int]:
    """Draw ``count`` cards (fewer if deck and discard run out)."""
    out = []
    for _ in range(count):
        card = draw(state, deck, discard)
        if card < 0:
            break
        out.append(card)
    return out
