"""``NativeHadaraGame``: the :class:`~hydra_env.games.hadara.game.HadaraGame` facade on the native engine.

The hot paths (apply, legal actions and mask, is_legal, current player, is over, the
pending decision, clone, the flat observation into a caller's buffer, the save's data)
run in C++ (``hydra_env/games/hadara/native/src/``, bound as
``hydra_env.games.hadara._native.HadaraNative``); so does the deal. Everything else
(describe, render, observe, view, determinize, the result, why an action is illegal)
runs the Python functions on a Python :class:`~hydra_env.games.hadara.state.State`
built from the native one, so both engines give identical outputs by construction.

``game.state`` on a native game is a *copy* of the native state, built when first
asked for; while someone holds it, each decision applied refreshes it in place (as on
the Python engine). Changing it does not change the game: positions are built on the
Python engine (:mod:`hydra_env.games.hadara.testing`) and moved over with
:meth:`NativeHadaraGame.from_game`. Importing this module registers the engine.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.api.facade import NativeFacade
from hydra_env.api.rng import CounterRng
from hydra_env.games.hadara import codec, save
from hydra_env.games.hadara.components import LEVELS, Components, resolve_components
from hydra_env.games.hadara.game import BOARD_ORDERS, PILES, HadaraGame, resolve_seed
from hydra_env.games.hadara.native.engines import HadaraEngineHooks, available, register_engine, require
from hydra_env.games.hadara.observer import SIZE, card_table
from hydra_env.games.hadara.state import DECISION_NAMES, FIELDS, Pending, State
from hydra_env.native.modules import MAX_SEED, NativeUnsupportedError

_NATIVE_TABLES: dict[int, tuple[Components, Any]] = {}
_TABLES_KEPT = 16          # component sets whose native tables are kept (each load of a file is a new set)


def tables_dict(comps: Components) -> dict[str, Any]:
    """The plain arrays the native engine reads (``make_hadara_tables``), taken from the checked
    components and the observer's card rows (nothing derived twice)."""
    return {
        "cards": [[c.epoch, c.colour, c.cost, c.points, c.effect, c.effect_arg, *c.tracks] for c in comps.cards],
        "colonies": [[c.level, c.requirement, c.points, c.plunder, c.cost, *c.back] for c in comps.colonies],
        "setup_cards": [[s.initiative, s.coins, *s.tracks] for s in comps.setup_cards],
        "statues": [[s.culture, s.points, s.bonus] for s in comps.statues],
        "board_order": list(comps.board_order), "sale_value": list(comps.sale_value),
        "silver_price": list(comps.silver_price), "gold_price": list(comps.gold_price),
        "tiles_per_track": comps.tiles_per_track, "silver_spaces": comps.silver_spaces,
        "gold_spaces": comps.gold_spaces, "gold_points_per_set": comps.gold_points_per_set,
        "coins_per_point": comps.coins_per_point,
        "epoch_cards": [[comps.epoch_cards(epoch, colour) for colour in range(5)] for epoch in (1, 2, 3)],
        "level_colonies": [comps.level_colonies(level) for level in range(1, LEVELS + 1)],
        "card_table": card_table(comps).ravel().tolist(),
    }


def native_tables(comps: Components) -> Any:
    """The (cached) native tables of a component set (NativeUnsupportedError when it does not fit)."""
    entry = _NATIVE_TABLES.get(id(comps))
    if entry is None or entry[0] is not comps:
        try:
            tables = require().make_hadara_tables(tables_dict(comps))
        except ValueError as exc:
            raise NativeUnsupportedError(f"component file {comps.path}: {exc}; use engine='python'") from None
        if len(_NATIVE_TABLES) >= _TABLES_KEPT:
            _NATIVE_TABLES.clear()
        entry = _NATIVE_TABLES[id(comps)] = (comps, tables)
    return entry[1]


def state_from_data(data: dict[str, Any]) -> State:
    """A Python State from the data of :func:`hydra_env.games.hadara.save.state_data` (the native ``to_dict``)."""
    state = State.__new__(State)
    for name in FIELDS:
        setattr(state, name, data[name])
    state.rng = CounterRng(*data["rng"])
    state.pending = None if data["pending"] is None else Pending(*data["pending"])
    return state


def _check_seed(seed: int) -> int:
    if not 0 <= seed <= MAX_SEED:
        raise NativeUnsupportedError(f"the native engine takes seeds 0 … 2**64−1, got {seed}; "
                                     "use engine='python' for larger seeds")
    return seed


class NativeHadaraGame(NativeFacade, HadaraGame):
    """A Hadara game whose rules run in the native engine (see the module docstring)."""

    __slots__ = ("_native", "_snapshot")
    _STATE_FIELDS = FIELDS + ("rng", "pending")

    def __init__(self, native: Any, comps: Components, options: dict[str, Any],
                 snapshot: State | None = None) -> None:
        """Wrap a native game; use ``spec.make(engine="native")``, :meth:`new_native` or :meth:`from_game`."""
        self._native, self._comps, self._options, self._snapshot = native, comps, options, snapshot

    def _python_state(self) -> State:
        return state_from_data(self._native.to_dict())

    @classmethod
    def new_native(cls, num_players: int = 4, seed: Any = None, *, board_order: str = "data", piles: str = "full",
                   components: Components | str | None = None) -> NativeHadaraGame:
        """A new deal in C++ (arguments as :meth:`HadaraGame.new`)."""
        num_players = arguments.integer("num_players", num_players, low=2, high=5)
        board_order = arguments.choice("board_order", board_order, BOARD_ORDERS)
        piles = arguments.choice("piles", piles, PILES)
        comps = resolve_components(components)
        path = None if components in (None, "") else comps.path
        seed = _check_seed(resolve_seed(seed))
        native = require().HadaraNative.new(native_tables(comps), num_players, seed, board_order == "random",
                                            piles == "top")
        return cls(native, comps, {"board_order": board_order, "piles": piles, "components": path})

    @classmethod
    def from_state(cls, state: State, comps: Components, options: dict[str, Any]) -> NativeHadaraGame:
        """A native game holding a copy of ``state`` played with ``options``."""
        _check_seed(state.seed)
        native = require().HadaraNative.from_dict(native_tables(comps), save.state_data(state),
                                                  options.get("board_order") == "random",
                                                  options.get("piles") == "top")
        return cls(native, comps, dict(options))

    @classmethod
    def from_game(cls, game: HadaraGame) -> NativeHadaraGame:
        """A native game holding a copy of the Python ``game`` (any position, built ones too)."""
        return cls.from_state(game.state, game.components, game.options)

    # ------------------------------------------------------------ hot paths
    @property
    def pending(self) -> dict[str, Any] | None:
        """The pending decision: its kind name and seat (None once over)."""
        pending = self._native.pending
        return None if pending is None else {"kind": DECISION_NAMES[pending[0]], "seat": pending[1]}

    @property
    def history_length(self) -> int:
        """How many decisions were applied so far."""
        return self._native.history_length

    def legal_mask(self) -> np.ndarray:
        """Bool array of size 76: True where the decision is legal."""
        out = np.empty(codec.SIZE, bool)
        self._native.legal_mask_into(out)
        return out

    def legal_mask_into(self, out: np.ndarray) -> np.ndarray:
        """The legal mask written into ``out`` (bool, int8 or uint8 of size 76)."""
        self._native.legal_mask_into(out)
        return out

    def encode_flat(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``seat`` (HD32, float32[4223]), computed natively into ``out`` when given."""
        seat = self._check_seat(seat)
        if out is None:
            out = np.empty(SIZE, np.float32)
        self._native.encode_flat_into(seat, out)
        return out

    def apply(self, action: Any) -> None:
        """Apply a legal decision and run to the next one (IllegalActionError with the Python
        engine's text otherwise; the game is unchanged)."""
        if type(action) is int and 0 <= action < codec.SIZE and self._native.apply(action):
            if self._snapshot is not None:
                self._changed()
            return
        self._apply_checked(action)

    # ------------------------------------------------------------ copies and saves
    def clone(self) -> NativeHadaraGame:
        """An independent copy (a plain copy of the native state)."""
        return NativeHadaraGame(self._native.clone(), self._comps, self._options)

    def _with_state(self, state: State) -> NativeHadaraGame:
        return NativeHadaraGame.from_state(state, self._comps, self._options)

    def python_game(self) -> HadaraGame:
        """The same game on the Python engine (a copy of the state)."""
        return HadaraGame(self._python_state(), self._comps, dict(self._options))

    def to_json(self) -> str:
        """The save text, identical to the Python engine's save of the same game."""
        data = self._native.to_dict()
        return json.dumps({"format": save.FORMAT, "version": save.VERSION, "players": data["players"],
                           "seed": data["seed"], "options": self._options, "history": data["history"],
                           "state": data}, separators=(",", ":"))

    def __reduce__(self) -> tuple:
        """Pickle (and deepcopy) as the components, the options and the state data, like a save."""
        return (_restore, (self._comps, self._options, self._native.to_dict()))

    def __repr__(self) -> str:
        return (f"<HadaraGame players={self.num_players} decisions={self.history_length} "
                f"player={self.current_player} engine=native>")


def _restore(comps: Components, options: dict[str, Any], data: dict[str, Any]) -> NativeHadaraGame:
    """A pickled NativeHadaraGame back (see NativeHadaraGame.__reduce__)."""
    return NativeHadaraGame.from_state(state_from_data(data), comps, options)


register_engine("native", HadaraEngineHooks(available=available, new=NativeHadaraGame.new_native,
                                            from_game=NativeHadaraGame.from_game,
                                            unsupported=NativeUnsupportedError))

__all__ = ["NativeHadaraGame", "native_tables", "tables_dict", "state_from_data"]
