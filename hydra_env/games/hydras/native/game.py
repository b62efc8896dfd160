"""``NativeHydrasGame``: the :class:`~hydra_env.games.hydras.rules.game.HydrasGame` facade on the native engine.

The hot paths (apply, legal actions and mask, is_legal, current player, is over,
pending, clone, the flat observation into a caller's buffer) run in C++
(``hydra_env/games/hydras/native/src/``, bound as ``hydra_env.games.hydra._native.HydrasNative``).
Everything else (describe, render, observe, view, determinize) runs the Python
functions on a Python :class:`~hydra_env.games.hydras.rules.state.State` built from the
native one, so both engines give identical outputs by construction; the result
takes each seat's figures from the native analysis and scores them in Python.

The deal stays in Python: :meth:`HydrasGame.new` deals with numpy
(:func:`hydra_env.games.hydras.rules.engine.start`) and hands the dealt state over; nothing
after the set-up is random (H13), so the native engine has no generator.
:meth:`determinize` re-deals in Python too and hands the copy over.

``game.state`` on a native game is a *copy* of the native state, built when
first asked for; while someone holds it, each decision applied refreshes it in
place (as on the Python engine), nobody holding it, it is built anew when next
asked for. Changing it does not change the game: positions are built on the
Python engine (:func:`hydra_env.games.hydras.rules.testing.build_game` does) and moved over.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from hydra_env.api.facade import NativeFacade
from hydra_env.games.hydras.native import available, require
from hydra_env.games.hydras.rules.encoding import encoder_for
from hydra_env.games.hydras.rules.engines import HydrasEngineHooks, register_engine
from hydra_env.games.hydras.rules.game import HydrasGame
from hydra_env.games.hydras.rules.hydra import Analysis
from hydra_env.games.hydras.rules.save import SAVE_FORMAT, SAVE_VERSION
from hydra_env.games.hydras.rules.scoring import HydrasResult, SeatFigures, result_from, scores_from
from hydra_env.games.hydras.rules.state import DECISION_NAMES, State
from hydra_env.games.hydras.rules.tables import Tables
from hydra_env.native.modules import MAX_SEED, NativeUnsupportedError

_NATIVE_TABLES: dict[int, tuple[Tables, Any]] = {}


def tables_dict(tables: Tables) -> dict[str, Any]:
    """The plain arrays the native engine reads (``hydra_env.games.hydra._native.make_hydras_tables``),
    taken from the Python tables, codec and encoder (nothing derived twice)."""
    codec, encoder = tables.codec, encoder_for(tables)
    fits = [sum(1 << r for r in tables.fits[kind][index])
            for kind in range(tables.kind_count) for index in range(256)]
    return {
        "radius": tables.radius, "width": tables.width, "cells": tables.cell_count,
        "centre": tables.centre, "hand_size": tables.hand_size, "kind_count": tables.kind_count,
        "torch": tables.torch, "body_code": tables.body_code, "deck_size": tables.cards.deck_size,
        "sides": list(tables.sides), "heads": list(tables.heads), "icon": list(tables.icon),
        "kind_of": list(tables.kind_of), "neighbours": [list(n) for n in tables.neighbours],
        "kind_heads": list(tables.kind_heads), "is_sword": [int(x) for x in tables.is_sword],
        "is_poison": [int(x) for x in tables.is_poison], "fits": fits,
        "faces": encoder.faces.ravel().tolist(), "counts": encoder.card_counts.tolist(),
        "weights": encoder.card_weights.tolist(), "max_players": codec.max_players,
        "sword_base": codec.sword_base, "torch_base": codec.torch_base,
        "discard_base": codec.discard_base, "burn": codec.burn, "no_burn": codec.no_burn,
        "block_base": codec.block_base, "pass": codec.pass_, "size": codec.size,
        "seat_size": encoder.seat_size, "hand_offset": encoder.hand_offset,
        "feature_offset": encoder.feature_offset, "obs_size": encoder.size,
    }


def native_tables(tables: Tables) -> Any:
    """The (cached) native tables of a card set."""
    entry = _NATIVE_TABLES.get(id(tables))
    if entry is None or entry[0] is not tables:
        entry = _NATIVE_TABLES[id(tables)] = (tables, require().make_hydras_tables(tables_dict(tables)))
    return entry[1]


class NativeHydrasGame(NativeFacade, HydrasGame):
    """A Hydras game whose rules run in the native engine (see the module docstring)."""

    __slots__ = ("_native", "_snapshot")
    _STATE_FIELDS = State.__slots__

    def __init__(self, native: Any, tables: Tables, snapshot: State | None = None) -> None:
        """Wrap a native game; use :meth:`HydrasGame.new` or :meth:`from_state`."""
        self._native = native
        self._tables = tables
        self._snapshot = snapshot

    def _python_state(self) -> State:
        """A Python State of the native one, its hydras' analyses filled in from the native
        ones (the Python bots and views read them; equal to what ``analyse`` gives)."""
        native = self._native
        state = State.from_dict(native.to_dict())
        state.analysis_cache = [Analysis(*native.analysis(seat), {}) for seat in range(native.players)]
        return state

    @classmethod
    def from_state(cls, state: State, tables: Tables) -> NativeHydrasGame:
        """A native game holding ``state`` (which it keeps as its snapshot: pass a copy)."""
        if not 0 <= state.seed <= MAX_SEED:
            raise NativeUnsupportedError(f"the native engine takes seeds 0 … 2**64−1, got {state.seed}; "
                                         f"use engine='python' for larger seeds")
        native = require().HydrasNative.from_dict(native_tables(tables), state.to_dict())
        return cls(native, tables, state)

    # ------------------------------------------------------------ hot paths
    @property
    def turn_seat(self) -> int:
        """The seat whose turn it is (not always the seat deciding)."""
        return self._native.turn_seat

    @property
    def pending(self) -> dict[str, Any] | None:
        """The pending decision: its kind name and seat."""
        pending = self._native.pending
        return None if pending is None else {"kind": DECISION_NAMES[pending[0]], "seat": pending[1]}

    @property
    def history_length(self) -> int:
        """How many decisions were applied so far."""
        return self._native.history_length

    def legal_mask(self) -> np.ndarray:
        """Bool array of size ``action_size``: True where the decision is legal."""
        out = np.empty(self._tables.codec.size, bool)
        self._native.legal_mask_into(out)
        return out

    def legal_mask_into(self, out: np.ndarray) -> None:
        """Write the legal mask into ``out`` (bool, int8 or uint8 of size ``action_size``)."""
        self._native.legal_mask_into(out)

    def encode_flat(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``seat`` (:mod:`hydra_env.games.hydras.rules.encoding`, flat float32),
        computed natively into ``out`` when given (and returned)."""
        native = self._native
        if out is None:
            out = np.empty(native.obs_size, np.float32)
        native.encode_flat_into(seat, out)
        return out

    def apply(self, action: int) -> None:
        """Apply a legal decision and run to the next one.

        Raises:
            IllegalActionError: the action is not legal now (the Python engine's
                message); the game is unchanged.
        """
        if type(action) is int and 0 <= action < self._tables.codec.size and self._native.apply(action):
            if self._snapshot is not None:
                self._changed()
            return
        self._apply_checked(action)

    def clone(self) -> NativeHydrasGame:
        """An independent copy (a plain copy of the native state)."""
        return NativeHydrasGame(self._native.clone(), self._tables)

    def to_json(self) -> str:
        """The whole game as JSON, identical to the Python engine's save of the same game."""
        cards = self._tables.cards
        doc = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "cards_name": cards.name,
               "cards_version": cards.version, "cards_digest": cards.digest,
               "state": self._native.to_dict()}
        return json.dumps(doc, separators=(",", ":"))

    def _with_state(self, state: State) -> NativeHydrasGame:
        """A native game of this card set holding ``state`` (determinize: the re-deal is
        done in Python, on the snapshot)."""
        return NativeHydrasGame.from_state(state, self._tables)

    def result(self) -> HydrasResult:
        """Scores, ranking and winners (figures so far while the game runs), from the native
        analysis of each hydra through the Python scoring (:mod:`hydra_env.games.hydras.rules.scoring`)."""
        figures = [SeatFigures(*f) for f in self._native.seat_figures()]
        return result_from(scores_from(figures), self._native.is_over, self._native.turns_taken)

    def __reduce__(self) -> tuple:
        """Pickle (and deepcopy) as the tables and the state dict, like a save."""
        return (_restore, (self._tables, self._native.to_dict()))

    def __repr__(self) -> str:
        return (f"<HydrasGame players={self.num_players} turn={self._native.turns_taken} "
                f"deck={self._native.deck_size} player={self.current_player} engine=native>")


def _restore(tables: Tables, state: dict[str, Any]) -> NativeHydrasGame:
    """A pickled NativeHydrasGame back (see NativeHydrasGame.__reduce__)."""
    return NativeHydrasGame(require().HydrasNative.from_dict(native_tables(tables), state), tables)


register_engine("native", HydrasEngineHooks(available=available, from_state=NativeHydrasGame.from_state,
                                            unsupported=NativeUnsupportedError))

__all__ = ["NativeHydrasGame", "native_tables", "tables_dict"]
