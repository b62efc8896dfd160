"""``NativeGame``: the :class:`~hydra_env.games.hydra.rules.game.Game` facade on the native engine.

The hot paths (apply, legal mask and actions, clone, current player, is over,
pending) go to the C++ engine. Everything else (describe, render, observe, view,
determinize, result) runs the Python functions on a Python
:class:`~hydra_env.games.hydra.rules.state.State` built from the native one, so both engines
give identical outputs by construction.

``game.state`` on a native game is that Python State: a *copy* of the native
state, built when first asked for. While someone holds it, each decision applied
refreshes it in place (so ``st = game.state; game.apply(a); st.round`` reads the
new round, as on the Python engine); nobody holding it, it is simply built anew
when next asked for. Changing it does not change the game: tests and tools that
build positions use :func:`hydra_env.games.hydra.rules.testing.edit`.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from hydra_env.api.facade import NativeFacade
from hydra_env.games.hydra.native import available, require
from hydra_env.games.hydra.native import engine as native_engine
from hydra_env.games.hydra.rules.engines import EngineHooks, register_engine
from hydra_env.games.hydra.rules.game import TERMINAL, Game
from hydra_env.games.hydra.rules.saves import SAVE_FORMAT, SAVE_VERSION
from hydra_env.games.hydra.rules.state import (
    DECISION_NAMES,
    EVADE_CAUSES,
    PHASE_NAMES,
    DecisionKind,
    Phase,
    State,
    state_fields,
)
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.games.hydra.rules.views import determinize

_LOW64 = (1 << 64) - 1


def _legal_mask_into(native: Any, out: np.ndarray) -> None:
    """hydra_env.games.hydra._native.legal_mask_into, looked up on first use (the module may load late)."""
    global _legal_mask_into
    _legal_mask_into = require().legal_mask_into
    _legal_mask_into(native, out)


class NativeGame(NativeFacade, Game):
    """A game whose rules run in the native engine (see the module docstring)."""

    __slots__ = ("_native", "_snapshot")
    _STATE_FIELDS = state_fields()

    def __init__(self, native: Any, rules: Rules) -> None:  # noqa: D107 - made by Game.new
        self._native = native
        self._rules = rules
        self._snapshot: State | None = None

    @classmethod
    def from_state(cls, state: State, rules: Rules) -> NativeGame:
        """A native game holding a copy of a Python state."""
        return cls(native_engine.from_state(rules, state), rules)

    @classmethod
    def from_state_of(cls, rules: Rules, state: State) -> NativeGame:
        """:meth:`from_state` with the arguments of the engine hooks."""
        return cls.from_state(state, rules)

    def _python_state(self) -> State:
        """A Python State of the native one."""
        return State.from_dict(self._native.to_dict())

    # ------------------------------------------------------------ hot paths
    @property
    def scenario(self) -> int:
        """The scenario number."""
        return self._native.scenario

    @property
    def stars(self) -> int:
        """The difficulty (1–3)."""
        return self._native.stars

    @property
    def round(self) -> int:
        """The current round, 1-based."""
        return self._native.round + 1

    @property
    def phase(self) -> str:
        """Name of the current phase."""
        return PHASE_NAMES[Phase(self._native.phase)]

    @property
    def pending(self) -> dict[str, Any] | None:
        """The pending decision: kind, seat, and for an evasion its cause."""
        pd = self._native.pending
        if pd is None:
            return None
        kind, seat, cause = pd
        out: dict[str, Any] = {"kind": DECISION_NAMES[DecisionKind(kind)], "seat": seat}
        if kind == DecisionKind.EVADE:
            out["cause"] = EVADE_CAUSES[cause]
        return out

    def legal_mask_int(self) -> int:
        """The legal decisions as an int bitmask (bit a set: action a legal)."""
        return self._native.legal_mask_int()

    def legal_mask(self) -> np.ndarray:
        """Boolean array of size ``action_size``: True where the decision is legal."""
        out = np.empty(self._rules.codec.size, bool)
        _legal_mask_into(self._native, out)
        return out

    def apply(self, action: int) -> None:
        """Apply a legal decision and run to the next one.

        Raises:
            IllegalActionError: the action is not legal now (the Python engine's
                message); the game is unchanged.
        """
        if type(action) is int and self._native.apply(action):   # the common case, fast
            if self._snapshot is not None:
                self._changed()
            return
        self._apply_checked(action)

    def clone(self) -> NativeGame:
        """An independent copy (a plain copy of the native state)."""
        return NativeGame(self._native.clone(), self._rules)

    def to_json(self) -> str:
        """The whole game as JSON text, identical to the Python engine's for the same game."""
        comp = self._rules.components
        doc = {"format": SAVE_FORMAT, "version": SAVE_VERSION,
               "data_digest": comp.digest, "data_name": comp.name, "data_version": comp.version,
               "scenario": self._native.scenario, "options": self._rules.options.to_dict(),
               "state": self._native.to_dict()}
        return json.dumps(doc, separators=(",", ":"))

    def _determinized(self, seat: int, rng: np.random.Generator) -> NativeGame:
        """:meth:`Game.determinize`, computed natively: the same copy, and ``rng`` (a PCG64
        Generator) advanced exactly as the Python function advances it. Other bit generators
        run the Python function on the mirror."""
        bits = rng.bit_generator
        if type(bits) is not np.random.PCG64:
            return NativeGame.from_state(determinize(self._state, self._rules, seat, rng), self._rules)
        st = bits.state
        value, inc = st["state"]["state"], st["state"]["inc"]
        native, hi, lo, has_uint32, uinteger = require().determinize(
            self._native, seat, value >> 64, value & _LOW64, inc >> 64, inc & _LOW64,
            bool(st["has_uint32"]), st["uinteger"])
        bits.state = {"bit_generator": "PCG64", "state": {"state": (hi << 64) | lo, "inc": inc},
                      "has_uint32": int(has_uint32), "uinteger": uinteger}
        return NativeGame(native, self._rules)

    # ------------------------------------------------------------ positions
    def _replace_state(self, state: State, run: bool = False) -> None:
        """Load a (changed) Python state into this game; with ``run``, run to the next decision."""
        self._native = native_engine.from_state(self._rules, state)
        if run:
            self._native.run()
        if self._snapshot is not None:
            self._changed()

    def __reduce__(self) -> tuple:
        """Pickle (and deepcopy) as the rules and the state dict, like a save."""
        return (_restore, (self._rules, self._native.to_dict()))

    def __repr__(self) -> str:
        mode = "solo" if self._rules.solo else f"{self.num_players} heroes"
        return (f"<Game scenario={self.scenario} ({mode}) stars={self.stars} engine=native "
                f"round={self.round} phase={self.phase!r} player={self.current_player}>")


def _restore(rules: Rules, state: dict[str, Any]) -> NativeGame:
    """A pickled NativeGame back (see NativeGame.__reduce__)."""
    return NativeGame(native_engine.from_dict(rules, state), rules)


register_engine("native", EngineHooks(
    available=available,
    start=lambda rules, stars, seed: NativeGame(native_engine.start(rules, stars, seed), rules),
    from_state=NativeGame.from_state_of,
    unsupported=native_engine.NativeUnsupportedError))

__all__ = ["NativeGame", "TERMINAL"]
