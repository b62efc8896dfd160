"""``HeroicaGame``: one game of Heroica: Draida in progress (the Python reference engine).

::

    game = HeroicaGame.new(1, mode="solo", heroes=("wizard",), seed=7)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    print(game.result().to_dict())

Modes ``solo`` (1 seat), ``race`` (2–4) and ``battle`` (2–4, the last seat the
Monster Player). ``heroes=None`` starts with the draft (HR4); ``rolls=`` forces the
first rolls (HR35, for tests). Decisions with a single legal action are applied by
the engine itself and logged as forced. numpy and the standard library only.

Engines: this module is the Python reference; the native twin
(:mod:`hydra_env.games.heroica.native.game`) registers itself with :data:`ENGINE_CHOICE`.
``HeroicaGame.new`` plays on the Python engine unless ``engine`` names another (``None``:
``HYDRA_ENV_ENGINE``, else native where built: what the spec's ``new_game`` passes), so that
hand-drawn positions stay on the engine whose state they change; ``from_json`` picks the
same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from hydra_env import arguments
from hydra_env.api.engines import EngineChoice
from hydra_env.api.explain import illegal_action_message
from hydra_env.api.facade import GameFacade
from hydra_env.api.rng import CounterRng
from hydra_env.errors import ConfigError
from hydra_env.games.heroica import render as render_text
from hydra_env.games.heroica import rules, save, turns
from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.loader import CLASS_ORDER, FACE_KINDS, Tables, default_tables
from hydra_env.games.heroica.options import options
from hydra_env.games.heroica.result import HeroicaResult, game_result
from hydra_env.games.heroica.state import MODES, HeroicaOptions, Pending, State
from hydra_env.games.heroica.views import HeroicaView, public_data, why_illegal


class HeroicaEngineHooks(NamedTuple):
    """How :class:`HeroicaGame` reaches another engine."""

    available: Callable[[], bool]                       # is it built?
    from_game: Callable[[Any], Any]                     # a game holding a copy of a Python game
    new: Callable[[dict[str, Any], Any], Any]           # a new game from a checked setup (and tables)
    unsupported: type[Exception]                        # raised when it cannot hold a game


ENGINE_CHOICE = EngineChoice("Heroica", twins={"native": "hydra_env.games.heroica.native.game"})
"""The engines :class:`HeroicaGame` can run on besides the Python one."""


def register_engine(name: str, hooks: HeroicaEngineHooks) -> None:
    """Make engine ``name`` available to :meth:`HeroicaGame.new` and :meth:`HeroicaGame.from_json`."""
    ENGINE_CHOICE.register(name, hooks)


def default_heroes(mode: str, players: int) -> tuple[str, ...]:
    """Spec 4.1: seats in order take barbarian, wizard, ranger, druid (2-seat Battle: the first two)."""
    return CLASS_ORDER[:hero_count(mode, players)]


def hero_count(mode: str, players: int) -> int:
    """The heroes of a game: one per hero seat; two for the 2-seat Battle hero player."""
    if mode == "battle":
        return 2 if players == 2 else players - 1
    return players


def _check_setup(players: Any, mode: Any) -> tuple[int, str]:
    mode = arguments.choice("mode", mode, MODES)
    low, high = (1, 1) if mode == "solo" else (2, 4)
    players = arguments.integer("num_players", players, low=low, high=high)
    return players, mode


def _classes(heroes: Sequence[Any], mode: str, players: int) -> list[int]:
    if isinstance(heroes, str):
        heroes = (heroes,)
    count = hero_count(mode, players)
    if len(heroes) != count:
        raise ConfigError(f"heroes: a {players}-seat {mode} game has {count} hero(es), got {len(heroes)}: "
                          f"{list(heroes)}; pass {count} of {', '.join(CLASS_ORDER)}")
    classes = []
    for hero in heroes:
        if hero not in CLASS_ORDER and not (isinstance(hero, int) and 0 <= hero < len(CLASS_ORDER)):
            raise ConfigError(f"heroes: {hero!r} is not a hero class; use one of {', '.join(CLASS_ORDER)}")
        classes.append(hero if isinstance(hero, int) else CLASS_ORDER.index(hero))
    if len(set(classes)) != len(classes):
        raise ConfigError(f"heroes: each class once only, got {list(heroes)}")
    return classes


def future_seed(rng: np.random.Generator) -> int:
    """The die stream's seed in a determinized copy (HR35: the future rolls reseeded), one
    draw of ``rng``: both engines draw it alike, so their copies agree."""
    return int(rng.integers(0, 1 << 63))


def face_kinds(rolls: Sequence[Any]) -> tuple[int, ...]:
    """Forced rolls as face kinds: names (``"shield"``, ``"three_sword"``, ...) or indices 0–3."""
    if isinstance(rolls, (str, bytes)) or not isinstance(rolls, Sequence):
        raise ConfigError(f"rolls: must be a list of faces, got {rolls!r:.60}")
    out = []
    for i, face in enumerate(rolls):
        if isinstance(face, str) and face in FACE_KINDS:
            out.append(FACE_KINDS.index(face))
        elif isinstance(face, int) and not isinstance(face, bool) and 0 <= face < len(FACE_KINDS):
            out.append(face)
        else:
            raise ConfigError(f"rolls[{i}]: {face!r} is not a face; use one of {', '.join(FACE_KINDS)} or 0-3")
    return tuple(out)


class HeroicaGame(GameFacade):
    """One game of Heroica (see the module docstring)."""

    __slots__ = ("_state", "_tables", "_codec", "_opts", "_setup")

    def __init__(self, state: State, tables: Tables, setup: dict[str, Any]) -> None:
        self._state, self._tables, self._codec, self._opts, self._setup = state, tables, Codec(tables.n), None, setup

    @classmethod
    def new(cls, num_players: int = 1, *, mode: str = "solo", heroes: Sequence[Any] | None = None,
            seed: int | None = None, rolls: Sequence[Any] = (), options: HeroicaOptions | None = None,
            data: Tables | None = None, engine: str | None = "python") -> HeroicaGame:
        """A new game (arguments as in the module docstring); ConfigError names a bad argument.
        ``engine``: "python" (the default), "native", or None to pick (see the module docstring)."""
        ENGINE_CHOICE.pick(engine)      # a bad engine name fails before anything is made
        players, mode = _check_setup(num_players, mode)
        opts = HeroicaOptions() if options is None else options
        if not isinstance(opts, HeroicaOptions):
            raise ConfigError(f"options must be a HeroicaOptions, got {opts!r}")
        arguments.integer("options.solo_turn_limit", opts.solo_turn_limit, low=1, high=1000)   # the spec's range
        arguments.integer("options.max_rounds", opts.max_rounds, low=1, high=1000)
        seed = random.randrange(1 << 63) if seed is None else arguments.seed("seed", seed)
        classes = None if heroes is None else _classes(heroes, mode, players)
        setup = {"players": players, "mode": mode, "heroes": classes, "seed": seed,
                 "rolls": list(face_kinds(rolls)), "options": [bool(opts.crystal), opts.solo_turn_limit,
                                                                opts.max_rounds]}
        moved = ENGINE_CHOICE.elsewhere(engine, lambda hooks: hooks.new(setup, data))
        return HeroicaGame.from_setup(setup, data) if moved is None else moved

    @classmethod
    def from_setup(cls, setup: dict[str, Any], data: Tables | None = None) -> HeroicaGame:
        """The game at its start from a checked setup (what a save records)."""
        t = default_tables() if data is None else data
        crystal, limit, rounds = setup["options"]
        opts = HeroicaOptions(crystal, limit, rounds)
        st = State(setup["mode"], setup["players"], setup["seed"], opts, CounterRng(setup["seed"]),
                   tuple(setup["rolls"]), crystal=crystal)
        st.monsters = dict(t.monsters)
        st.potions = sorted(t.potions)
        if setup["heroes"] is None:
            count = hero_count(st.mode, st.players)
            st.draft = [0, 0] if st.players == 2 and st.mode == "battle" else list(range(count))
            st.pending = Pending(st.draft[0], "DRAFT")
        else:
            owners = [0, 0] if st.mode == "battle" and st.players == 2 else list(range(len(setup["heroes"])))
            for cls_, owner in zip(setup["heroes"], owners, strict=True):
                rules.add_hero(t, st, cls_, owner)
            rules.start_game(t, st)
        game = cls(st, t, setup)
        turns.settle(t, st)
        return game

    # ------------------------------------------------------------ queries
    @property
    def codec(self) -> Codec:
        """The action layout (spec 4.4)."""
        return self._codec

    @property
    def tables(self) -> Tables:
        """The component tables (shared, read-only)."""
        return self._tables

    @property
    def decision(self) -> str | None:
        """The pending decision kind (``"MOVE"``, ``"FIGHT"``...), None once over."""
        return None if self._state.pending is None else self._state.pending.kind

    @property
    def mode(self) -> str:
        return self._state.mode

    def _options(self) -> dict[int, object]:
        if self._opts is None:
            self._opts = options(self._tables, self._state)
        return self._opts

    def legal_actions(self) -> list[int]:
        """The legal actions, in increasing order (empty once over)."""
        return sorted(self._options())

    def legal_mask(self) -> np.ndarray:
        """The legal actions as a bool array of the action space's size."""
        mask = np.zeros(self._codec.size, dtype=bool)
        mask[list(self._options())] = True
        return mask

    def legal_mask_into(self, out: np.ndarray) -> np.ndarray:
        """The legal mask written into ``out`` (any numeric or bool array of the right size)."""
        out[:] = 0
        out[list(self._options())] = 1
        return out

    def _legal_index(self, index: int) -> bool:
        return index in self._options()

    def _why_illegal(self, action: Any) -> str:
        return illegal_action_message(action, _Describer(self), self.is_over,
                                      lambda index: why_illegal(self, index))

    def apply(self, action: Any) -> None:
        """Apply a legal action (IllegalActionError saying why otherwise; nothing changes)."""
        index = action if type(action) is int else self._action_index(action)
        legal = self._options()
        if index not in legal:
            raise self._illegal(action)
        st = self._state
        st.history.append(index)
        rules.note(st, f"seat {st.pending.seat}: {self.describe(index)}")
        turns.act(self._tables, st, index, legal[index])
        self._opts = None
        turns.settle(self._tables, st)

    # ------------------------------------------------------------ chance (HR35)
    def chance_outcomes(self) -> list[tuple[str, float]]:
        """The faces the next roll may show and their probabilities (the die of the data)."""
        faces = self._tables.faces
        return [(FACE_KINDS[k], faces.count(k) / len(faces)) for k in sorted(set(faces))]

    def apply_roll(self, face: Any) -> None:
        """Fix the face of the next roll (a face name or kind 0-3): a search or a native twin
        draws the rolls itself; the save records the choice."""
        if self.is_over:
            raise ConfigError("apply_roll: the game is over; no roll is pending")
        (kind,) = face_kinds([face])
        self._state.chosen[self._state.rolls + 1] = kind

    # ------------------------------------------------------------ copies, views, text
    def _with_state(self, state: State) -> HeroicaGame:
        return HeroicaGame(state, self._tables, self._setup)

    def _redealt(self, seat: int, rng: np.random.Generator) -> State:
        state = self._state.clone()     # HR34: nothing is hidden but the future rolls,
        state.rng = CounterRng(future_seed(rng))   # HR35: reseeded, as determinize promises
        return state

    def view(self, seat: int | None = None) -> HeroicaView:
        """What ``seat`` sees (everything, HR34); default the seat to act."""
        seat = self.current_player if seat is None else self._check_seat(seat)
        return HeroicaView(self, max(seat, 0))

    def observe(self, seat: int) -> dict[str, Any]:
        """The public position as plain data, with the observing seat."""
        return public_data(self, seat)

    def encode_flat(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The 1,288-value observation of ``seat`` (spec 4.5)."""
        from hydra_env.games.heroica.observer import encode
        return encode(self, seat, out)

    def describe(self, action: int, viewer: int | None = None) -> str:
        """The action in words, with what it does now when legal."""
        return render_text.describe(self, action)

    def render(self, seat: int | None = None) -> str:
        """The map with the pieces, the heroes, the last rolls and fights, the decision."""
        return render_text.render(self)

    def result(self) -> HeroicaResult:
        """Winner, turns T, score S, knock-outs and trophies."""
        return game_result(self._tables, self._state)

    def to_json(self) -> str:
        """The save, format ``hydra-env/heroica-game`` version 1."""
        return save.dump(self)

    @classmethod
    def from_json(cls, text: str, engine: str | None = None) -> HeroicaGame:
        """A saved game back (SaveError naming a missing or changed field)."""
        ENGINE_CHOICE.pick(engine)
        game = save.load(HeroicaGame, text)
        moved = ENGINE_CHOICE.elsewhere(engine, lambda hooks: hooks.from_game(game))
        return game if moved is None else moved


class _Describer:
    """The codec as :func:`illegal_action_message` reads it (size, describe)."""

    def __init__(self, game: HeroicaGame) -> None:
        self.size = game.codec.size
        self._game = game

    def describe(self, index: int) -> str:
        return self._game.codec.describe(index, self._game.tables)
