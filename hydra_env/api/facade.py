"""What the game facades share: the queries, checks and copies written once.

A game's facade (``Game``, ``HydrasGame``) wraps a Python state in ``_state``
(with ``pending``, ``game_over``, ``players``, ``seed``, ``history`` and a
``clone()``) and subclasses :class:`GameFacade`; its twin on a native engine
(``NativeGame``, ``NativeHydrasGame``) wraps the engine's object in
``_native`` and puts :class:`NativeFacade` first among its bases. Each facade
names its own parts through a few hooks:

* ``codec`` (property): the action layout; ``action_size`` is its ``size``.
* ``_why_illegal(action) -> str``: the message of :class:`IllegalActionError`.
* ``_legal_index(index) -> bool``: whether the action index is legal now.
* ``_with_state(state)``: a facade of the same game (rules, tables) holding ``state``.
* ``_redealt(seat, rng) -> state``: a copy of the state with what ``seat`` cannot
  see dealt anew (for :meth:`GameFacade.determinize`).
* ``_seed_generator(rng)``: the numpy Generator of determinize's ``rng`` when it is
  not one (default: a checked seed or None).
* native only: ``_python_state()`` (a Python state of the native one) and
  ``_STATE_FIELDS`` (the state's field names, refreshed in place in a held snapshot).

The hot paths of a native facade (``apply``'s fast path, ``legal_mask``) stay
in the facade itself; nothing here adds a call to them. numpy and the
standard library only: no game is imported.
"""

from __future__ import annotations

import operator
import sys
from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.api.protocols import TERMINAL
from hydra_env.errors import IllegalActionError

__all__ = ["GameFacade", "NativeFacade", "TERMINAL"]


class GameFacade:
    """The methods every game facade shares, over a Python state in ``_state`` (see the module docstring)."""

    __slots__ = ()

    # ------------------------------------------------------------ queries
    @property
    def current_player(self) -> int:
        """The seat whose decision is pending; ``TERMINAL`` (−1) once the game is over."""
        pending = self._state.pending
        return TERMINAL if pending is None else pending.seat

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._state.game_over

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self._state.players

    @property
    def seed(self) -> int:
        """The seed all of this game's randomness comes from (hidden from players)."""
        return self._state.seed

    @property
    def history(self) -> list[int]:
        """Every decision applied so far, in order."""
        return list(self._state.history)

    @property
    def state(self) -> Any:
        """The full state, hidden information included. Do not mutate it."""
        return self._state

    @property
    def engine(self) -> str:
        """The engine that runs this game: ``"python"`` here, ``"native"`` on a native facade."""
        return "python"

    @property
    def action_size(self) -> int:
        """Size of the flat action space."""
        return self.codec.size

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` is legal now (False for anything but an integer index)."""
        if isinstance(action, bool):
            return False
        try:
            index = operator.index(action)
        except TypeError:
            return False
        return self._legal_index(index)

    def _action_index(self, action: Any) -> int:
        """``action`` (a Python or numpy integer) as an int; IllegalActionError for anything
        else, bools included. ``apply`` calls it for anything but a plain int."""
        if isinstance(action, bool):
            raise self._illegal(action)
        try:
            return operator.index(action)
        except TypeError:
            raise self._illegal(action) from None

    def _illegal(self, action: Any) -> IllegalActionError:
        """The error ``apply`` raises for ``action``: its message names the action and why."""
        return IllegalActionError(self._why_illegal(action))

    # ------------------------------------------------------------ copies and views
    def clone(self) -> Any:
        """An independent copy (cheap: the tables are shared)."""
        return self._with_state(self._state.clone())

    def determinize(self, seat: int, rng: np.random.Generator | int | None = None) -> Any:
        """A copy in which everything hidden from ``seat`` is dealt anew (and future
        randomness reseeded), consistent with what ``seat`` sees. For search bots.

        ``rng``: a numpy Generator, a seed (an integer ≥ 0) or None (fresh)."""
        seat = self._check_seat(seat)
        if not isinstance(rng, np.random.Generator):
            rng = self._seed_generator(rng)
        return self._determinized(seat, rng)

    def _determinized(self, seat: int, rng: np.random.Generator) -> Any:
        """:meth:`determinize` for a checked seat and a Generator (an engine may do it its own way)."""
        return self._with_state(self._redealt(seat, rng))

    def _seed_generator(self, rng: Any) -> np.random.Generator:
        """The Generator of a ``rng=`` that is not one: a seed (checked) or None."""
        return np.random.default_rng(arguments.seed(
            "rng", rng, fix="pass a numpy Generator, a non-negative whole number or None"))

    def _check_seat(self, seat: Any) -> int:
        """``seat`` as an int, checked against the number of seats (ConfigError naming it)."""
        return arguments.seat("seat", seat, self.num_players)


class NativeFacade(GameFacade):
    """The methods the native twins share, over the engine's object in ``_native`` and a
    Python snapshot in ``_snapshot`` (see the module docstring). Put it before the
    Python facade among the bases: its members replace the Python ones."""

    __slots__ = ()

    # The Python facade reads self._state; here it is the snapshot of the native state.
    @property
    def _state(self) -> Any:
        snapshot = self._snapshot
        if snapshot is None:
            snapshot = self._snapshot = self._python_state()
        return snapshot

    @property
    def state(self) -> Any:
        """A copy of the full state as a Python state (changing it does not change the game)."""
        return self._state

    @property
    def engine(self) -> str:
        """``"native"``."""
        return "native"

    # ------------------------------------------------------------ hot paths
    @property
    def current_player(self) -> int:
        """The seat whose decision is pending; ``TERMINAL`` (−1) once the game is over."""
        return self._native.current_player

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._native.is_over

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self._native.players

    @property
    def seed(self) -> int:
        """The seed all of this game's randomness comes from (hidden from players)."""
        return self._native.seed

    @property
    def history(self) -> list[int]:
        """Every decision applied so far, in order."""
        return self._native.history

    def legal_actions(self) -> list[int]:
        """The legal decisions, in increasing order (empty once the game is over)."""
        return self._native.legal_actions()

    def _legal_index(self, index: int) -> bool:
        return 0 <= index < self.codec.size and self._native.is_legal(index)

    def _apply_checked(self, action: Any) -> None:
        """``apply`` for anything its fast path (a legal Python int) did not take: an
        integer of another type, or an illegal action (IllegalActionError)."""
        index = self._action_index(action)
        if not (0 <= index < self.codec.size and self._native.apply(index)):
            raise self._illegal(index)
        self.native_changed()

    def native_changed(self) -> None:
        """The native state changed (an action applied, or native code such as a game's native bots
        played on it): refresh or drop the Python snapshot, when there is one."""
        if self._snapshot is not None:
            self._changed()

    def _changed(self) -> None:
        """The native state changed: refresh a snapshot someone holds, drop one nobody holds."""
        snapshot = self._snapshot
        # references: self._snapshot, the local name, getrefcount's argument
        if sys.getrefcount(snapshot) <= 3:
            self._snapshot = None
            return
        fresh = self._python_state()
        for name in self._STATE_FIELDS:
            setattr(snapshot, name, getattr(fresh, name))

    def _check_seat(self, seat: Any) -> int:
        """The seat, checked against the native game's seat count (no state snapshot built)."""
        return arguments.seat("seat", seat, self._native.players)

    def __copy__(self) -> Any:
        return self.clone()

    def __deepcopy__(self, memo: dict) -> Any:
        return self.clone()
