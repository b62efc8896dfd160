"""``NativeHailHydraGame``: the :class:`~hydra_env.games.hail_hydra.game.HailHydraGame` facade on the native engine.

The hot paths (apply, legal actions and mask, is_legal, current player, is over, clone,
the flat observation into a caller's buffer: :meth:`encode_flat`) run in C++
(``hydra_env/games/hail_hydra/native/src/``, bound as ``hydra_env.games.hail_hydra._native``),
and so does the deal (the same CounterRng draws as :mod:`hydra_env.games.hail_hydra.deal`).
Everything else (describe, render, observe, view, result, why an action is illegal,
determinize's re-deal) runs the Python functions on a Python
:class:`~hydra_env.games.hail_hydra.state.State` built from the native one, so both
engines give identical outputs there by construction.

``game.state`` on a native game is a *copy* of the native state (see
:class:`hydra_env.api.facade.NativeFacade`); changing it does not change the game.
Saves load on the Python engine (which checks and replays them) and move over.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

import numpy as np

from hydra_env.api.facade import NativeFacade
from hydra_env.games.hail_hydra import save
from hydra_env.games.hail_hydra.codec import SIZE
from hydra_env.games.hail_hydra.components import Components
from hydra_env.games.hail_hydra.deal import parse_heroes
from hydra_env.games.hail_hydra.game import HailHydraEngineHooks, HailHydraGame, register_engine
from hydra_env.games.hail_hydra.native import available, require
from hydra_env.games.hail_hydra.native.tables import native_tables
from hydra_env.games.hail_hydra.redeal import redeal
from hydra_env.games.hail_hydra.result import HailHydraResult
from hydra_env.games.hail_hydra.state import Pending, State
from hydra_env.native.modules import MAX_SEED, NativeUnsupportedError

_EMPTY_STATE_TAIL = "{}}"   # a save of an empty state ends with it: ...,"state":{}}


class _Data:
    """A state's saved data, as :func:`hydra_env.games.hail_hydra.save.dump` reads it (``to_data``)."""

    __slots__ = ("data",)

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def to_data(self) -> dict[str, Any]:
        return self.data


def _check_seed(seed: int) -> None:
    if not 0 <= seed <= MAX_SEED:
        raise NativeUnsupportedError(f"the native engine takes seeds 0 ... 2**64-1, got {seed}; "
                                     f"use engine='python' for other seeds")


def _fixed(options: dict[str, Any], players: int, comp: Components) -> list[int]:
    return parse_heroes(options["heroes"], players, comp) or []


class NativeHailHydraGame(NativeFacade, HailHydraGame):
    """A Hail Hydra game whose rules run in the native engine (see the module docstring)."""

    __slots__ = ("_native", "_snapshot", "_head")
    _STATE_FIELDS = tuple(f.name for f in fields(State))

    def __init__(self, native: Any, comp: Components, path: str, start: str, forced: bool,
                 snapshot: State | None = None, head: str | None = None) -> None:
        """Wrap a native game; use :func:`new_native_game` or :func:`from_state`."""
        self._native, self._comp, self._path, self._start, self._forced = native, comp, path, start, forced
        self._snapshot = snapshot
        self._head = head

    def _python_state(self) -> State:
        """A Python State of the native one (its dict has every field: the engine writes them all)."""
        data = self._native.to_dict()
        pending = data["pending"]
        if pending is not None:
            data["pending"] = Pending(*pending)
        return State(**data)

    # ------------------------------------------------------------ hot paths
    def legal_mask(self) -> np.ndarray:
        """The legal actions as a bool array of 201."""
        out = np.empty(SIZE, bool)
        self._native.legal_mask_into(out)
        return out

    def legal_mask_into(self, out: np.ndarray) -> None:
        """Write the legal mask into ``out`` (bool, int8 or uint8 of 201)."""
        self._native.legal_mask_into(out)

    @property
    def obs_size(self) -> int:
        """The size of the flat observation (the observer's)."""
        return self._native.obs_size

    def encode_flat(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observer's flat float32 observation of ``seat``, computed natively (into ``out`` when given)."""
        seat = self._check_seat(seat)
        if out is None:
            out = np.empty(self._native.obs_size, np.float32)
        self._native.encode_flat_into(seat, out)
        return out

    def apply(self, action: Any) -> None:
        """Apply a legal action (IllegalActionError saying why otherwise, the Python engine's text;
        the game is unchanged)."""
        if type(action) is int and 0 <= action < SIZE and self._native.apply(action):
            if self._snapshot is not None:
                self._changed()
            return
        self._apply_checked(action)

    def result(self) -> HailHydraResult:
        """The result (final once over), from the few native fields it is made of (no state copy)."""
        over, winner, cause, loyalty, city, defeated, offensives, shield_out, hydra_out, decisions = \
            self._native.result_fields()
        return HailHydraResult(winner if over else "ongoing", cause,
                               tuple(loyalty) if loyalty else (0,) * self._native.players, city, defeated,
                               offensives, shield_out, hydra_out, decisions)

    def _start_text(self) -> str:
        """The save's start (the state as dealt) as JSON text; a new game keeps a native copy of
        its dealt state and writes the text only when something asks for it (a save, a pickle)."""
        start = self._start
        if not isinstance(start, str):
            start = self._start = json.dumps(start.to_dict())
        return start

    def clone(self) -> NativeHailHydraGame:
        """An independent copy (a plain copy of the native state)."""
        return NativeHailHydraGame(self._native.clone(), self._comp, self._path, self._start, self._forced,
                                   head=self._head)

    def to_json(self) -> str:
        """The whole game as JSON, identical to the Python engine's save of the same game
        (:func:`save.dump`'s text: everything before the state, which never changes, is made once)."""
        head = self._head
        if head is None:
            text = save.dump(self._start_text(), self._forced, _Data({}), self._comp, self._path)
            head = self._head = text[:-len(_EMPTY_STATE_TAIL)]
        return head + json.dumps(self._native.to_dict(), separators=(",", ":")) + "}"

    def _with_state(self, state: State) -> NativeHailHydraGame:
        return from_state(state, self._comp, self._path, self._start_text(), self._forced)

    def _determinized(self, seat: int, rng: np.random.Generator) -> NativeHailHydraGame:
        state = redeal(self._state, self._comp, seat, rng)
        start = state.clone()
        start.history = list(state.history)
        return from_state(state, self._comp, self._path, json.dumps(start.to_data()), True)

    def returns(self) -> list[float]:
        """The spec's default end rewards (the win share of each seat; 0 while the game runs)."""
        return self._native.returns()

    def __reduce__(self) -> tuple:
        """Pickle (and deepcopy) as the components, the save's start and the state dict."""
        return (_restore, (self._comp, self._path, self._start_text(), self._forced, self._native.to_dict()))

    def __repr__(self) -> str:
        return (f"<HailHydraGame players={self.num_players} decisions={len(self.history)} "
                f"player={self.current_player} engine=native>")


def from_state(state: State, comp: Components, path: str, start: str, forced: bool) -> NativeHailHydraGame:
    """A native game holding (a copy of) ``state``, with the save's start text and flag."""
    _check_seed(state.seed)
    native = require().HailHydraNative.from_dict(native_tables(comp), state.to_data(),
                                                 _fixed(state.options, state.players, comp))
    return NativeHailHydraGame(native, comp, path, start, forced)


def new_native_game(players: int, seed: int, options: dict[str, Any], comp: Components,
                    path: str) -> NativeHailHydraGame:
    """A new game dealt natively from ``seed`` (the options checked by the caller)."""
    _check_seed(seed)
    native = require().HailHydraNative(native_tables(comp), players, options, _fixed(options, players, comp))
    native.reset(seed)
    return NativeHailHydraGame(native, comp, path, native.clone(), False)


def from_game(game: HailHydraGame) -> NativeHailHydraGame:
    """A Python game moved over to the native engine (same start, same save)."""
    return from_state(game.state, game.components, game._path, game._start_text(), game._forced)


def _restore(comp: Components, path: str, start: str, forced: bool, state: dict[str, Any]) -> NativeHailHydraGame:
    """A pickled NativeHailHydraGame back (see NativeHailHydraGame.__reduce__)."""
    return from_state(save.state_from_data(state, "state"), comp, path, start, forced)


register_engine("native", HailHydraEngineHooks(available=available, new_game=new_native_game, from_game=from_game,
                                               unsupported=NativeUnsupportedError))

__all__ = ["NativeHailHydraGame", "from_game", "from_state", "new_native_game"]
