"""The public facade of Hadara: ``HadaraGame`` (rules with reconstructed components).

::

    from hydra_env.games.hadara.game import HadaraGame
    game = HadaraGame.new(num_players=4, seed=7)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    game.result().winners

Decisions are integers of the flat ``Discrete(76)`` action space
(:mod:`hydra_env.games.hadara.codec`); a decision with one legal action is applied
automatically and never offered (HD30). numpy and the standard library only.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.api.explain import illegal_action_message
from hydra_env.api.facade import GameFacade
from hydra_env.errors import ConfigError
from hydra_env.games.hadara import codec, engine, save
from hydra_env.games.hadara.components import COLOURS, Components, resolve_components
from hydra_env.games.hadara.render import render_text
from hydra_env.games.hadara.rules import legal_actions, price, sale_value, why_illegal
from hydra_env.games.hadara.scoring import HadaraResult, game_result
from hydra_env.games.hadara.state import DECISION_NAMES, DRAFT, PICK, State
from hydra_env.games.hadara.views import HadaraSeatView, determinize, observe

BOARD_ORDERS = ("data", "random")
PILES = ("full", "top")


class Codec:
    """The action layout: ``size`` and ``describe(index)`` (the words of :mod:`codec`)."""

    size = codec.SIZE

    @staticmethod
    def describe(index: int) -> str:
        """The words of an action index."""
        return codec.describe(index)


CODEC = Codec()


def resolve_seed(seed: Any) -> int:
    """An int seed from an int ≥ 0, a numpy Generator (one draw) or None (fresh)."""
    if seed is None:
        return int(np.random.SeedSequence().entropy % (1 << 63))
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(1 << 63))
    return arguments.seed("seed", seed, fix="pass a non-negative whole number, a numpy Generator or None")


class HadaraGame(GameFacade):
    """One game of Hadara for 2–5 players (shared queries and copies come from GameFacade)."""

    __slots__ = ("_state", "_comps", "_options")

    def __init__(self, state: State, comps: Components, options: dict[str, Any]) -> None:
        """Wrap a state; use :meth:`new` or :meth:`from_json` to make games."""
        self._state, self._comps, self._options = state, comps, options

    @classmethod
    def new(cls, num_players: int = 4, seed: Any = None, *, board_order: str = "data", piles: str = "full",
            components: Components | str | os.PathLike | None = None) -> HadaraGame:
        """Deal a new game (HD4–HD8) and run to its first decision.

        Args:
            num_players: 2-5.
            seed: an int ≥ 0, a numpy Generator or None (fresh; recorded in ``seed``).
            board_order: "data" (the data's order) or "random" (shuffled at setup, HD4).
            piles: "full" (views and observations show every discard pile in order) or "top"
                (only each pile's top and size: a memory-free view, HD29).
            components: the shipped reconstruction (None or ""), a checked set, or a JSON file path.
        """
        num_players = arguments.integer("num_players", num_players, low=2, high=5)
        board_order = arguments.choice("board_order", board_order, BOARD_ORDERS)
        piles = arguments.choice("piles", piles, PILES)
        comps = resolve_components(components)
        path = None if components in (None, "") else comps.path
        state = engine.new_state(comps, num_players, resolve_seed(seed), board_order == "random")
        return cls(state, comps, {"board_order": board_order, "piles": piles, "components": path})

    @classmethod
    def from_json(cls, text: str) -> HadaraGame:
        """A saved game back (SaveError naming the field when the text is no intact save)."""
        data = save.parse(text)
        options = data["options"]
        try:
            game = cls.new(data["players"], data["seed"], board_order=options.get("board_order", "data"),
                           piles=options.get("piles", "full"),
                           components=options.get("components"))
        except (ConfigError, ValueError) as exc:
            raise save.replay_error(exc, 0) from None
        for step, action in enumerate(data["history"]):
            try:
                game.apply(action)
            except Exception as exc:  # noqa: BLE001 - any failure of a replay is a damaged save
                raise save.replay_error(exc, step) from None
        save.check_replay(data, game._state)
        return game

    # ------------------------------------------------------------ queries
    @property
    def codec(self) -> Codec:
        """The action layout."""
        return CODEC

    @property
    def components(self) -> Components:
        """The component set of this game."""
        return self._comps

    @property
    def options(self) -> dict[str, Any]:
        """The options it was dealt with (board_order, piles, components path)."""
        return dict(self._options)

    @property
    def piles_top(self) -> bool:
        """Whether views show only the top of each discard pile (option ``piles="top"``)."""
        return self._options.get("piles") == "top"

    @property
    def pending(self) -> dict[str, Any] | None:
        """The pending decision: its kind name and seat (None once over)."""
        p = self._state.pending
        return None if p is None else {"kind": DECISION_NAMES[p.kind], "seat": p.seat}

    def legal_actions(self) -> list[int]:
        """The legal decisions, ascending (empty once the game is over)."""
        return legal_actions(self._state, self._comps)

    def legal_mask(self) -> np.ndarray:
        """Bool array of size 76: True where the decision is legal."""
        mask = np.zeros(codec.SIZE, dtype=bool)
        mask[legal_actions(self._state, self._comps)] = True
        return mask

    def _legal_index(self, index: int) -> bool:
        return index in legal_actions(self._state, self._comps)

    def _why_illegal(self, action: object) -> str:
        return illegal_action_message(action, CODEC, self._state.game_over,
                                      lambda index: why_illegal(self._state, self._comps, index))

    # ------------------------------------------------------------ actions
    def apply(self, action: Any) -> None:
        """Apply a legal decision and run to the next one (IllegalActionError saying why, game unchanged)."""
        index = action if type(action) is int else self._action_index(action)
        if not self._legal_index(index):
            raise self._illegal(index)
        engine.apply(self._state, self._comps, index)

    # ------------------------------------------------------------ copies and views
    def _with_state(self, state: State) -> HadaraGame:
        return HadaraGame(state, self._comps, self._options)

    def _redealt(self, seat: int, rng: np.random.Generator) -> State:
        return determinize(self._state, self._comps, seat, rng)

    def view(self, seat: int | None = None) -> HadaraSeatView:
        """What ``seat`` (default: the seat to decide) may know (HD29)."""
        if seat is None:
            seat = max(self.current_player, 0)
        return HadaraSeatView(self, self._check_seat(seat))

    def observe(self, seat: int) -> dict[str, Any]:
        """The seat's information as plain data (:func:`hydra_env.games.hadara.views.observe`)."""
        return observe(self._state, self._comps, self._check_seat(seat), self.piles_top)

    def describe(self, action: int, viewer: int | None = None) -> str:
        """The action in words; a drawn card is named only for its own seat (or with no viewer)."""
        index = arguments.integer("action", action, low=0, high=codec.SIZE - 1)
        if viewer is not None:
            viewer = self._check_seat(viewer)
        text = codec.describe(index)
        state, pending = self._state, self._state.pending
        if pending is None:
            return text
        name, a, b = codec.block(index)
        seat = pending.seat
        card = -1
        if pending.kind == DRAFT and name == "DRAFT" and viewer in (None, seat) and state.pairs[seat]:
            card = state.pairs[seat][a]
        elif pending.kind == PICK and name == "PICK" and state.piles[a]:
            card = state.piles[a][-1]
        if card < 0:
            return text
        c = self._comps.cards[card]
        money = (f"for {sale_value(state, self._comps, seat, card)} coins" if b
                 else f"for {price(state, self._comps, seat, card)} coins")
        return f"{text}: {c.id} ({COLOURS[c.colour]}, cost {c.cost}) {money}"

    def render(self, seat: int | None = None) -> str:
        """The game as text: public information, plus ``seat``'s own pair and sales when given."""
        if seat is not None:
            seat = self._check_seat(seat)
        return render_text(observe(self._state, self._comps, 0 if seat is None else seat, self.piles_top), self._comps,
                           private=seat is not None)

    def result(self) -> HadaraResult:
        """Scores by category, coins, ranks and winners (HD27, HD28)."""
        return game_result(self._state, self._comps)

    def to_json(self) -> str:
        """The save text (format ``hydra-env/hadara-game`` v1)."""
        return save.dumps(self._state, self._options)
