"""``NativeHeroicaGame``: the :class:`~hydra_env.games.heroica.game.HeroicaGame` facade on the native engine.

The hot paths (apply, legal actions and mask, is_legal, current player, is over, the
decision, the options dict the bots read, clone, the flat observation into a caller's
buffer, the save's data) run in C++ (``hydra_env/games/heroica/native/src/``, bound as
``hydra_env.games.heroica._native.HeroicaNative``). Everything else (describe, observe,
view, the result) runs the Python functions on a Python
:class:`~hydra_env.games.heroica.state.State` built from the native one, so both
engines give identical outputs by construction. The native engine keeps no running
log: :meth:`NativeHeroicaGame.render` replays the save on the Python engine for it.

``game.state`` on a native game is a *copy* of the native state, built when first
asked for; while someone holds it, each decision applied refreshes it in place (as on
the Python engine). Changing it does not change the game: positions are drawn on the
Python engine (:func:`hydra_env.games.heroica.testing.position`) and moved over with
:meth:`NativeHeroicaGame.from_game`. Importing this module registers the engine.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from types import SimpleNamespace
from typing import Any

import numpy as np

from hydra_env.api.facade import NativeFacade
from hydra_env.api.rng import CounterRng
from hydra_env.errors import ConfigError, SaveError
from hydra_env.games.heroica import save
from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.game import HeroicaEngineHooks, HeroicaGame, face_kinds, future_seed, register_engine
from hydra_env.games.heroica.loader import SKILL_KINDS, Tables, default_tables
from hydra_env.games.heroica.native import available, require
from hydra_env.games.heroica.observer import CHANNELS, VECTOR
from hydra_env.games.heroica.options import options
from hydra_env.games.heroica.result import HeroicaResult, game_result
from hydra_env.games.heroica.state import HeroicaOptions, Pending, State
from hydra_env.native.modules import MAX_SEED, NativeUnsupportedError

_NATIVE_TABLES: dict[int, tuple[Tables, Any]] = {}


def tables_dict(tables: Tables) -> dict[str, Any]:
    """The plain arrays the native engine reads (``make_heroica_tables``), taken from the Python tables."""
    return {
        "n": tables.n, "width": tables.width, "height": tables.height, "start": tables.start,
        "shield_move": tables.shield_move, "max_health": tables.max_health, "boss": tables.boss,
        "potion_heal": tables.potion_heal, "faces": list(tables.faces),
        "class_skill": [SKILL_KINDS.index(kind) for kind in tables.class_skill],
        "class_range": list(tables.class_range), "class_step": list(tables.class_step),
        "monster_strength": list(tables.monster_strength),
        "neighbours": [list(n) for n in tables.neighbours],
        "dist": tables.dist.ravel().tolist(), "line": tables.line.ravel().tolist(),
        "coord_x": [x for x, _ in tables.coords], "coord_y": [y for _, y in tables.coords],
        "monsters": [list(m) for m in tables.monsters], "potions": sorted(tables.potions),
        "action_size": Codec(tables.n).size, "obs_size": CHANNELS * tables.height * tables.width + VECTOR,
    }


def native_tables(tables: Tables) -> Any:
    """The (cached) native tables of a map."""
    entry = _NATIVE_TABLES.get(id(tables))
    if entry is None or entry[0] is not tables:
        entry = _NATIVE_TABLES[id(tables)] = (tables, require().make_heroica_tables(tables_dict(tables)))
    return entry[1]


def state_from_data(setup: dict[str, Any], history: list[int], data: dict[str, Any]) -> State:
    """A Python State from a save's setup, history and state data (the native ``to_dict``);
    the running log is empty (the native engine keeps none)."""
    crystal, limit, rounds = setup["options"]
    pending = data["pending"]
    return State(setup["mode"], setup["players"], setup["seed"], HeroicaOptions(crystal, limit, rounds),
                 CounterRng(*data["rng"]), tuple(setup["rolls"]), **{name: data[name] for name in save.STATE_FIELDS},
                 monsters=dict(data["monsters"]), chosen=dict(data["chosen"]),
                 pending=None if pending is None else Pending(*pending), history=list(history))


class NativeHeroicaGame(NativeFacade, HeroicaGame):
    """A Heroica game whose rules run in the native engine (see the module docstring)."""

    __slots__ = ("_native", "_snapshot")
    _STATE_FIELDS = tuple(f.name for f in dataclasses.fields(State))

    def __init__(self, native: Any, tables: Tables, snapshot: State | None = None) -> None:
        """Wrap a native game; use :meth:`from_game` or ``HeroicaGame.new(..., engine="native")``."""
        self._native, self._tables, self._codec = native, tables, Codec(tables.n)
        self._opts, self._setup, self._snapshot = None, None, snapshot

    def _python_state(self) -> State:
        data = self._native.to_dict()
        return state_from_data(data["setup"], data["history"], data["state"])

    @classmethod
    def from_game(cls, game: HeroicaGame) -> NativeHeroicaGame:
        """A native game holding a copy of the Python ``game`` (any position, drawn ones too)."""
        setup = game._setup
        if not 0 <= int(setup["seed"]) <= MAX_SEED:
            raise NativeUnsupportedError(f"the native engine takes seeds 0 … 2**64−1, got {setup['seed']}; "
                                         "use engine='python' for larger seeds")
        native = require().HeroicaNative.from_dict(native_tables(game.tables), setup, game.history,
                                                   save.state_data(game))
        return cls(native, game.tables)

    # ------------------------------------------------------------ hot paths
    @property
    def decision(self) -> str | None:
        """The pending decision kind (``"MOVE"``, ``"FIGHT"``...), None once over."""
        return self._native.decision

    @property
    def mode(self) -> str:
        return self._native.mode

    @property
    def history_length(self) -> int:
        """How many decisions were applied so far."""
        return self._native.history_length

    def _options(self) -> dict[int, object]:
        """options.py's dict, computed natively (the same actions, order and paths); by options.py
        on the Python state when the built module predates the native one (rebuild it)."""
        if self._opts is None:
            native = getattr(self._native, "options", None)
            self._opts = native() if native is not None else options(self._tables, self._state)
        return self._opts

    def legal_mask(self) -> np.ndarray:
        """The legal actions as a bool array of the action space's size."""
        out = np.empty(self._codec.size, bool)
        self._native.legal_mask_into(out)
        return out

    def legal_mask_into(self, out: np.ndarray) -> np.ndarray:
        """The legal mask written into ``out`` (bool, int8 or uint8 of the action space's size)."""
        self._native.legal_mask_into(out)
        return out

    def encode_flat(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``seat`` (the observer's vector), computed natively into ``out`` when given."""
        native = self._native
        if out is None:
            out = np.empty(native.obs_size, np.float32)
        native.encode_flat_into(seat, out)
        return out

    def apply(self, action: Any) -> None:
        """Apply a legal action (IllegalActionError with the Python engine's text otherwise; nothing changes)."""
        index = action if type(action) is int else self._action_index(action)
        if not (0 <= index < self._codec.size and self._native.apply(index)):
            raise self._illegal(action)
        self._opts = None
        if self._snapshot is not None:
            self._changed()

    def apply_roll(self, face: Any) -> None:
        """Fix the face of the next roll (as :meth:`HeroicaGame.apply_roll`)."""
        if self.is_over:
            raise ConfigError("apply_roll: the game is over; no roll is pending")
        (kind,) = face_kinds([face])
        self._native.choose_roll(kind)
        if self._snapshot is not None:
            self._changed()

    # ------------------------------------------------------------ the greedy bot in C++
    def greedy_action(self, legal_actions: list[int]) -> int | None:
        """The ``greedy`` bot's choice (:class:`~hydra_env.games.heroica.bots.GreedyBot`), computed
        natively; None when the Python bot must answer: ``legal_actions`` is not the game's own
        list, the board holds several Generals, or the built module predates the native bot."""
        module = _greedy_module()
        if module is None or len(legal_actions) != module.legal_count(self._native):
            return None
        action = module.greedy_action(self._native)
        return action if action >= 0 else None

    def play_greedy(self, seat: int, seats: int) -> bool:
        """The ``greedy`` bots of ``seats`` (a bit mask: bit ``s`` for seat ``s``) play, natively,
        until ``seat`` or another seat decides or the game is over, exactly as
        :func:`hydra_env.envs.opponents.play_opponents` plays them. True when ``seat`` decides
        now or the game is over; False when another seat decides (not in ``seats``, or on a
        board with several Generals, where the Python bot answers): the caller's loop goes on."""
        module = _greedy_module()
        if module is None:
            return False
        played, done = module.play_greedy(self._native, seat, seats)
        if played:
            self._opts = None
            if self._snapshot is not None:
                self._changed()
        return done

    # ------------------------------------------------------------ copies and text
    def restarted(self, seed: int) -> NativeHeroicaGame | None:
        """A new game with this game's setup dealt from ``seed`` (0 … 2**64−1), as
        ``new_game(seed=seed, ...)`` deals it; None when the built module predates this."""
        module = _greedy_module()
        return None if module is None else NativeHeroicaGame(module.restart(self._native, seed), self._tables)

    def clone(self) -> NativeHeroicaGame:
        """An independent copy (a plain copy of the native state)."""
        return NativeHeroicaGame(self._native.clone(), self._tables)

    def _determinized(self, seat: int, rng: np.random.Generator) -> NativeHeroicaGame:
        seed = future_seed(rng)        # HR34: nothing is hidden but the future rolls (HR35)
        if hasattr(self._native, "reseeded"):
            return NativeHeroicaGame(self._native.reseeded(seed), self._tables)
        data = self._native.to_dict()  # a module built before reseeded: the same copy, slower
        state = {**data["state"], "rng": [seed, 0]}
        native = require().HeroicaNative.from_dict(native_tables(self._tables), data["setup"], data["history"], state)
        return NativeHeroicaGame(native, self._tables)

    def _with_state(self, state: State) -> HeroicaGame:
        python = HeroicaGame(state, self._tables, self._native.to_dict()["setup"])
        return NativeHeroicaGame.from_game(python)

    def to_json(self) -> str:
        """The save, identical to the Python engine's save of the same game."""
        data = self._native.to_dict()
        return json.dumps({"format": save.FORMAT, "version": save.VERSION, "map": self._tables.map_name,
                           "setup": data["setup"], "history": data["history"], "state": data["state"]},
                          separators=(",", ":"))

    def python_game(self) -> HeroicaGame:
        """The same game on the Python engine: the save replayed (with its running log), or, for a
        drawn position that no history reaches, a copy of the state."""
        try:
            return save.load(HeroicaGame, self.to_json())
        except SaveError:
            data = self._native.to_dict()
            return HeroicaGame(self._python_state(), self._tables, data["setup"])

    def render(self, seat: int | None = None) -> str:
        """As :meth:`HeroicaGame.render`, on the Python engine's replay of this game (its log)."""
        return self.python_game().render(seat)

    def result(self) -> HeroicaResult:
        """Winner, turns T, score S, knock-outs and trophies (game_result, on the fields it reads
        taken straight from the native state when no Python copy is held)."""
        module = _greedy_module()
        if self._snapshot is not None or module is None:
            return game_result(self._tables, self._state)
        over, truncated, winner, turn, rounds, win_turn, kos, trophies, classes, options = \
            module.result_fields(self._native)
        native = self._native
        players, mode = native.players, native.mode
        fields = SimpleNamespace(
            game_over=over, truncated=truncated, winner=winner, turn=turn, round=rounds, win_turn=win_turn,
            hero_kos=kos, hero_trophies=trophies, hero_class=classes, players=players, mode=mode,
            monster_seat=players - 1 if mode == "battle" else -1, options=HeroicaOptions(*options))
        return game_result(self._tables, fields)

    def __reduce__(self) -> tuple:
        """Pickle (and deepcopy) as the tables and the native data, like a save."""
        return (_restore, (self._tables, self._native.to_dict()))

    def __repr__(self) -> str:
        return (f"<HeroicaGame mode={self.mode} players={self.num_players} decisions={self.history_length} "
                f"player={self.current_player} engine=native>")


@functools.cache
def _greedy_module() -> Any:
    """The native module when it has the greedy bot (None when built before it: rebuild it)."""
    module = require()
    return module if hasattr(module, "play_greedy") else None


def _restore(tables: Tables, data: dict[str, Any]) -> NativeHeroicaGame:
    """A pickled NativeHeroicaGame back (see NativeHeroicaGame.__reduce__)."""
    native = require().HeroicaNative.from_dict(native_tables(tables), data["setup"], data["history"], data["state"])
    return NativeHeroicaGame(native, tables)


def new_native(setup: dict[str, Any], tables: Tables | None = None) -> NativeHeroicaGame:
    """A new native game straight from a checked setup (no Python game is made)."""
    tables = default_tables() if tables is None else tables
    if not 0 <= int(setup["seed"]) <= MAX_SEED:
        raise NativeUnsupportedError(f"the native engine takes seeds 0 … 2**64−1, got {setup['seed']}; "
                                     "use engine='python' for larger seeds")
    return NativeHeroicaGame(require().HeroicaNative.new(native_tables(tables), setup), tables)


register_engine("native", HeroicaEngineHooks(available=available, from_game=NativeHeroicaGame.from_game,
                                             new=new_native, unsupported=NativeUnsupportedError))

__all__ = ["NativeHeroicaGame", "native_tables", "tables_dict", "state_from_data", "new_native"]
