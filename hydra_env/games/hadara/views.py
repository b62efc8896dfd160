"""What one seat may know of a Hadara game (HD29), and re-deals of what it may not (HD34).

:func:`observe` is the seat's information as plain data: everything public plus its
own drawn pair, its own pending draft choice and the cards it sold in phase A. It
never holds deck contents, the cards left in the box, colonies below a stack's top,
the back of a colony not integrated, another seat's pair or choice, or the identity
of another seat's phase-A sales. :func:`determinize` deals all of that anew,
consistently: the unseen cards of each epoch and colour go into the decks, other
seats' pairs and other seats' phase-A sales of that epoch and colour (the rest to
the box); the unseen colonies of each level into the stacks and the plundered
colonies (the rest to the box). Another seat that has made its hidden draft choice
gets one drawn anew, uniform over its legal choices on its re-dealt pair (the seat
knows only that it chose). numpy and the standard library only.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env.api.rng import CounterRng
from hydra_env.api.views import SeatViewBase
from hydra_env.games.hadara import codec
from hydra_env.games.hadara.components import LEVELS, Components
from hydra_env.games.hadara.rules import price
from hydra_env.games.hadara.state import DECISION_NAMES, State


def _colonies_seen(state: State, comps: Components, seat: int) -> list[list[Any]]:
    """Per seat: (level, integrated colony id or None) of each colony held."""
    return [[(comps.colonies[c].level, comps.colonies[c].id if done else None)
             for c, done in zip(state.colonies[s], state.integrated[s])] for s in range(state.players)]


def observe(state: State, comps: Components, seat: int, piles_top: bool = False) -> dict[str, Any]:
    """Everything ``seat`` may know, as plain data (see the module docstring); ``piles_top``:
    each discard pile as its top card only (option ``piles="top"``), with ``pile_sizes``."""
    pending = state.pending
    return {
        "seat": seat, "players": state.players, "epoch": state.epoch, "step": state.step, "index": state.index,
        "wheel": state.wheel, "round": state.round, "picks": state.picks, "board_order": list(state.board_order),
        "setup": list(state.setup), "rank": list(state.rank), "first": list(state.first),
        "coins": list(state.coins), "tracks": [list(t) for t in state.tracks],
        "tableau": [list(t) for t in state.tableau], "piles": [list(p[-1:] if piles_top else p) for p in state.piles],
        "pile_sizes": [len(p) for p in state.piles],
        "deck_sizes": [len(d) for d in state.decks], "sold_b": [list(x) for x in state.sold_b],
        "removed": [list(x) for x in state.removed], "sales_a": list(state.sales_a),
        "sold_a_counts": [len(x) for x in state.sold_a], "own_sold_a": list(state.sold_a[seat]),
        "own_pair": list(state.pairs[seat]), "own_choice": state.choices[seat],
        "chosen": [c >= 0 for c in state.choices], "stack_sizes": [len(s) for s in state.stacks],
        "colonies": _colonies_seen(state, comps, seat),
        "statues": [list(s) for s in state.statues], "tiles": [list(t) for t in state.tiles],
        "silver": [list(s) for s in state.silver], "gold": list(state.gold),
        "pending": None if pending is None else (DECISION_NAMES[pending.kind], pending.seat),
        "pending_colony_level": -1 if state.pending_colony < 0 else comps.colonies[state.pending_colony].level,
        "pending_statue": state.pending_statue, "game_over": state.game_over,
    }


def _assign(values: list[int], slots: list[tuple[list[int], int]], gen: np.random.Generator) -> None:
    """Shuffle ``values`` and write them into ``slots`` (list, position) in order; the rest are dropped."""
    order = [values[i] for i in gen.permutation(len(values))]
    if len(order) < len(slots):
        raise AssertionError("determinize: fewer unseen components than hidden places (a bug)")
    for (target, position), value in zip(slots, order):
        target[position] = value


def _redeal_cards(state: State, comps: Components, seat: int, gen: np.random.Generator) -> None:
    seen: set[int] = set(state.sold_a[seat]) | set(state.pairs[seat])
    for s in range(state.players):
        seen.update(state.tableau[s], state.sold_b[s], state.removed[s])
    for pile in state.piles:
        seen.update(pile)
    for epoch in range(1, state.epoch + 2):
        for colour in range(5):
            group = comps.epoch_cards(epoch, colour)
            slots: list[tuple[list[int], int]] = []
            if epoch == state.epoch + 1:
                slots += [(state.decks[colour], k) for k in range(len(state.decks[colour]))]
                for other in range(state.players):
                    pair = state.pairs[other]
                    if other != seat and pair and comps.cards[pair[0]].colour == colour:
                        slots += [(pair, 0), (pair, 1)]
            for other in range(state.players):
                if other != seat:
                    sold = state.sold_a[other]
                    slots += [(sold, k) for k, c in enumerate(sold)
                              if comps.cards[c].epoch == epoch and comps.cards[c].colour == colour]
            if slots:
                _assign([c for c in group if c not in seen], slots, gen)
    for other in range(state.players):
        if other != seat and state.pairs[other]:
            state.pairs[other].sort()
            if state.choices[other] >= 0:   # chosen, but what is hidden (HD13): drawn anew
                state.choices[other] = _any_choice(state, comps, other, gen)


def _any_choice(state: State, comps: Components, seat: int, gen: np.random.Generator) -> int:
    """A draft choice of ``seat`` on its (re-dealt) pair, uniform over the legal ones: keep either
    card and sell it, or buy it where the seat can pay."""
    pair = state.pairs[seat]
    legal = [codec.draft(k, sold) for k in range(len(pair)) for sold in (False, True)
             if sold or price(state, comps, seat, pair[k]) <= state.coins[seat]]
    return legal[int(gen.integers(len(legal)))]


def _redeal_colonies(state: State, comps: Components, gen: np.random.Generator) -> None:
    pending_owner = state.pending.seat if state.pending_colony >= 0 and state.pending else -1
    for level in range(1, LEVELS + 1):
        group = comps.level_colonies(level)
        seen = {c for s in range(state.players) for c, done in zip(state.colonies[s], state.integrated[s]) if done}
        stack = state.stacks[level - 1]
        slots = [(stack, k) for k in range(len(stack))]
        for s in range(state.players):
            slots += [(state.colonies[s], k) for k, (c, done) in enumerate(zip(state.colonies[s], state.integrated[s]))
                      if not done and comps.colonies[c].level == level]
        _assign([c for c in group if c not in seen], slots, gen)
    if pending_owner >= 0:
        state.pending_colony = state.colonies[pending_owner][-1]


def determinize(state: State, comps: Components, seat: int, gen: np.random.Generator) -> State:
    """A copy of ``state`` with everything hidden from ``seat`` dealt anew and the future reseeded."""
    copy = state.clone()
    _redeal_cards(copy, comps, seat, gen)
    _redeal_colonies(copy, comps, gen)
    copy.seed = int(gen.integers(1 << 63))
    copy.rng = CounterRng(copy.seed)
    return copy


class HadaraSeatView(SeatViewBase):
    """One seat's view: legal actions and descriptions when it decides, its information as data."""

    __slots__ = ()

    def __init__(self, game: Any, seat: int) -> None:
        """The view of ``seat`` on ``game`` (a HadaraGame)."""
        self._game, self.seat, self._redeal = game, seat, True

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HadaraSeatView) and self.seat == other.seat and self.observe() == other.observe()

    __hash__ = None  # type: ignore[assignment]
