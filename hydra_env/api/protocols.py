"""The protocols every game implements: what generic code may ask of a game.

These are structural types (:class:`typing.Protocol`): a game's classes need
not inherit from them, only provide the members. Generic code — the envs,
bots, tools, trainer, harnesses and the conformance test — uses nothing else.
Modelled on OpenSpiel's ``State`` (``LegalActions``, ``ApplyAction``,
``CurrentPlayer``, ``IsTerminal``, ``Returns``) and its observers.

numpy and the standard library only.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np

TERMINAL = -1
"""``Game.current_player`` once the game is over."""


@runtime_checkable
class Result(Protocol):
    """The figures of a game (final once it is over)."""

    outcome: str

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON-compatible data (one flat-ish dict, for tables)."""
        ...


@runtime_checkable
class SeatView(Protocol):
    """What one seat may see of a game: bots decide from a view, never from the state."""

    seat: int


@runtime_checkable
class Game(Protocol):
    """One game in progress: a state plus the rules that move it.

    ``apply`` raises :class:`hydra_env.errors.IllegalActionError` naming the
    action and why it is illegal, and leaves the game unchanged.
    """

    @property
    def num_players(self) -> int: ...

    @property
    def action_size(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def current_player(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def history(self) -> list[int]: ...

    @property
    def engine(self) -> str: ...

    def legal_actions(self) -> list[int]: ...

    def legal_mask(self) -> np.ndarray: ...

    def is_legal(self, action: Any) -> bool: ...

    def apply(self, action: int) -> None: ...

    def view(self, seat: int | None = None) -> Any: ...

    def determinize(self, seat: int, rng: np.random.Generator | int | None = None) -> Game: ...

    def describe(self, action: int, viewer: int | None = None) -> str: ...

    def render(self, seat: int | None = None) -> str: ...

    def result(self) -> Any: ...

    def clone(self) -> Game: ...

    def to_json(self) -> str: ...


@runtime_checkable
class Observer(Protocol):
    """Turns what one seat sees into a flat float array (OpenSpiel's observer).

    ``parts`` names the pieces of the flat vector and their shapes in order;
    ``size`` is their total length.
    """

    parts: dict[str, tuple[int, ...]]
    size: int

    def encode(self, game: Game, seat: int, out: np.ndarray | None = None) -> np.ndarray: ...
