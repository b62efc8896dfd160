"""Hand-built Hadara positions for tests: forced decks, given cards, a chosen step.

::

    game = deal(players=3, seed=0)
    give(game, 0, "I-Y01", "I-Y02")             # into seat 0's tableau, tracks added, no payment
    force_deck(game, "red", ["I-R01", "I-R02"])   # top last
    at_step(game, S_MEDAL, coins={0: 30})         # jump to a step and run to its first decision

The state is changed in place and the game runs on to its next decision
(:func:`hydra_env.games.hadara.engine.advance`). numpy and the standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from hydra_env.games.hadara.components import COLOURS
from hydra_env.games.hadara.engine import advance, draw
from hydra_env.games.hadara.game import HadaraGame
from hydra_env.games.hadara.rules import add_tracks, card_key
from hydra_env.games.hadara.state import S_DRAFT


def deal(players: int = 4, seed: int = 0, **options: object) -> HadaraGame:
    """A new game (options as :meth:`HadaraGame.new`)."""
    return HadaraGame.new(players, seed, **options)


def card(game: HadaraGame, card_id: str) -> int:
    """The index of the card ``card_id`` (``"II-R07"``)."""
    for c in game.components.cards:
        if c.id == card_id:
            return c.index
    raise KeyError(f"no card {card_id!r}")


def give(game: HadaraGame, seat: int, *card_ids: str, tracks: bool = True) -> None:
    """Put cards into the seat's tableau (canonical order), adding their track values unless told not to."""
    state, comps = game.state, game.components
    for card_id in card_ids:
        index = card(game, card_id)
        state.tableau[seat].append(index)
        if tracks:
            add_tracks(state, seat, comps.cards[index].tracks)
    state.tableau[seat].sort(key=lambda c: card_key(comps, c))


def force_deck(game: HadaraGame, colour: str, card_ids: Iterable[str]) -> None:
    """Set the deck of ``colour`` (top last) to the given cards."""
    game.state.decks[COLOURS.index(colour)] = [card(game, c) for c in card_ids]


def force_pile(game: HadaraGame, colour: str, card_ids: Iterable[str]) -> None:
    """Set the discard pile of ``colour`` (top last)."""
    game.state.piles[COLOURS.index(colour)] = [card(game, c) for c in card_ids]


def set_seat(game: HadaraGame, seat: int, *, coins: int | None = None, tracks: Iterable[int] | None = None) -> None:
    """Set a seat's coins and/or its four tracks."""
    if coins is not None:
        game.state.coins[seat] = coins
    if tracks is not None:
        game.state.tracks[seat] = list(tracks)


def redraw(game: HadaraGame) -> None:
    """Draw the current round's pairs again from the (forced) decks and run to the next decision."""
    draw(game.state)
    advance(game.state, game.components)


def at_step(game: HadaraGame, step: int, *, index: int = 0, epoch: int | None = None,
            coins: Mapping[int, int] | None = None, clear_piles: bool = False) -> HadaraGame:
    """Jump to ``step`` of the epoch (position ``index`` in turn order) and run to its first decision."""
    state = game.state
    if epoch is not None:
        state.epoch = epoch
    state.step, state.index = step, index
    state.pending_colony = state.pending_statue = -1
    if step != S_DRAFT:
        state.pairs = [[] for _ in range(state.players)]
        state.choices = [-1] * state.players
    if clear_piles:
        state.piles = [[] for _ in range(5)]
    for seat, value in (coins or {}).items():
        state.coins[seat] = value
    advance(state, game.components)
    return game
