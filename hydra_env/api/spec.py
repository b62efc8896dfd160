"""``GameSpec``: everything generic code needs to know about one game.

A game registers one spec (:mod:`hydra_env.api.registry`). The spec says what
the game is called, which parameters it takes, how to deal a new game or load
a saved one, how many seats a setting has, which bots and env ids belong to
it, where its rules document lives, and where the agent-side hooks of the
tools are (loaded lazily, so that ``hydra_env`` never imports ``agents``).

numpy and the standard library only.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.api.params import Param, check_params
from hydra_env.errors import ConfigError


def load_reference(reference: str, what: str) -> Any:
    """The object named by ``"package.module:attribute"`` (imported on first use)."""
    module_name, _, attribute = reference.partition(":")
    try:
        value: Any = importlib.import_module(module_name)
        for part in filter(None, attribute.split(".")):
            value = getattr(value, part)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"{what} {reference!r} cannot be loaded: {type(exc).__name__}: {exc}") from exc
    return value


@dataclass(frozen=True)
class GameSpec:
    """One game, as the registry knows it.

    Attributes:
        name: the registry name (``"hydras"``), lower case.
        title: the game's title for people (``"Hydras (card game)"``).
        description: one line on what the game is.
        params: the typed parameters of :meth:`make` (they become CLI flags).
        new_game: ``new_game(seed=..., engine=..., **params)`` deals a new game.
        from_json: ``from_json(text, engine=None)`` loads a saved game.
        players: the number of seats for a complete set of parameter values.
        bots_group: the entry-point group of the game's scripted bots ("" for none).
        bots: the game's own bots by name, each ``"module:factory"`` (loaded on first use;
            an entry point of the same name in ``bots_group`` wins). ``random`` and the
            policy bot ``ppo`` come to every game without being named.
        env_ids: its Gymnasium ids.
        env_entry_points: by env id, its env class (``"module:Class"``) or a pair
            (env class, batch class for ``make_vec``'s ``vector_entry_point``); an id
            without one gets the generic ``GameEnv`` of the game.
        engines: the engines it runs on (``"python"``, and ``"native"`` with a C++ twin).
        rules_doc: its rules document, relative to the repository root.
        rule_prefix: the prefix of its rule numbers there (``"R"``, ``"H"``).
        observer: ``observer(game) -> Observer``: encodes what a seat sees as a
            flat float32 vector (the generic env's observation and the generic
            policy bot's input); None when the game has none.
        tools: the agent-side hooks of the tools (evaluate, tournament, play,
            replay, training), an object or ``"module:attribute"``.
        env_kwargs: by env id (one the generic env serves), the keyword arguments the
            id fixes (``{"hydra_env/HeroicaSolo-v0": {"mode": "solo"}}``).
        rewards: the game's own end-of-game reward schemes, by name, each
            ``reward(result_dict, seat) -> float``, offered by the envs beside the
            generic ``win``, ``rank`` and ``score_diff``.
        returns: ``returns(game) -> one value per seat``, the end rewards a game batch
            writes (its native twin computes the same); None: the win share (1/k for
            each of k winners, 0 for the others, all 0 while the game runs).
        native_batch: ``"module:function"`` or a function: ``function(params) ->
            (batch_class, prototype, wrap)``: the game's native ``Batch`` (the template of
            ``hydra_env/native/src/common/batch.hpp``), a native game with these
            parameters, and ``wrap(native_game) -> game``, the Python facade over a
            copy; None when the game has no native batch.
        differential_settings: the parameter settings a differential run of the two
            engines cycles through when it is given none (every mode, seat count and
            option the native twin must match: ``benchmarks/differential_games.py``,
            ``make native-asan``); empty: the defaults alone.
        chance: whether the game draws at random after the deal (dice, a shuffled
            draw pile): ``determinize(seat, rng)`` must then give a future of its own,
            which the conformance test checks; False for a game whose every chance is
            in the deal.
        decision_names: the kinds of decision the game asks for (``"vote"``, ``"play"``...),
            for tools that treat them apart (team PPO's ``--teacher-decisions``); empty
            when the game names none.
        decision_kind: ``decision_kind(view) -> name``: the kind of the decision the
            view's seat faces, one of ``decision_names``; None when the game names none.
    """

    name: str
    title: str
    description: str
    params: tuple[Param, ...]
    new_game: Callable[..., Any]
    from_json: Callable[..., Any]
    players: Callable[[Mapping[str, Any]], int]
    bots_group: str = ""
    bots: Mapping[str, str] = field(default_factory=dict)
    env_ids: tuple[str, ...] = ()
    env_entry_points: Mapping[str, Any] = field(default_factory=dict)
    engines: tuple[str, ...] = ("python",)
    rules_doc: str = ""
    rule_prefix: str = ""
    observer: Callable[[Any], Any] | None = None
    tools: Any = None
    env_kwargs: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    rewards: Mapping[str, Callable[[Mapping[str, Any], int], float]] = field(default_factory=dict)
    returns: Callable[[Any], Sequence[float]] | None = None
    native_batch: Any = None
    differential_settings: tuple[Mapping[str, Any], ...] = ()
    chance: bool = True
    decision_names: tuple[str, ...] = ()
    decision_kind: Callable[[Any], str] | None = None
    _loaded: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __deepcopy__(self, memo: dict) -> GameSpec:
        """The spec itself: it is the registry's entry, and the tool modules it has loaded
        (:meth:`hooks`) cannot be copied, so a deep copy of an env shares its game's spec."""
        return self

    def param(self, name: str) -> Param:
        """The parameter called ``name`` (ConfigError listing them when there is none)."""
        for p in self.params:
            if p.name == name:
                return p
        names = ", ".join(p.name for p in self.params) or "none"
        raise ConfigError(f"game {self.name!r} has no parameter {name!r}; its parameters: {names}")

    def check_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """All parameter values: ``params`` checked, the others at their defaults."""
        return check_params(self.params, params, self.name)

    def defaults(self) -> dict[str, Any]:
        """Every parameter at its default."""
        return {p.name: p.default for p in self.params}

    def num_players(self, **params: Any) -> int:
        """The seats of a game with these parameters (the others at their defaults)."""
        return int(self.players(self.check_params(params)))

    def make(self, *, seed: Any = None, engine: str | None = None, **params: Any) -> Any:
        """A new game: parameters and ``seed`` checked first (None, a numpy Generator where
        the game takes one, or an integer from 0 to 2**256 − 1: what a save holds), then
        dealt from ``seed``."""
        if not isinstance(seed, np.random.Generator):
            seed = arguments.seed("seed", seed)
        return self.new_game(seed=seed, engine=engine, **self.check_params(params))

    def load(self, text: str, *, engine: str | None = None) -> Any:
        """A saved game back from its JSON text."""
        return self.from_json(text, engine=engine)

    def game_returns(self, game: Any) -> list[float]:
        """The end rewards of each seat (:attr:`returns`, or the win share by default)."""
        if self.returns is not None:
            return [float(x) for x in self.returns(game)]
        seats = int(game.num_players)
        if not game.is_over:
            return [0.0] * seats
        winners = list(game.result().to_dict().get("winners", ()))
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(seats)]

    def hooks(self, part: str) -> Any:
        """The agent-side hooks of one tool (``"evaluate"``, ``"play"``, ``"replay"``, ``"train"``...).

        ``tools`` is a package path (``"agents.game_tools.hydra"``: the part is its
        submodule ``agents.game_tools.hydra.evaluate``, imported on first use) or an
        object with one attribute per part. None when the game gives no hooks for
        that part: the tool then uses its generic defaults.
        """
        if self.tools is None:
            return None
        if not isinstance(self.tools, str):
            return getattr(self.tools, part, None)
        if part not in self._loaded:
            name = f"{self.tools}.{part}"
            try:
                self._loaded[part] = importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name != name:
                    raise
                self._loaded[part] = None
        return self._loaded[part]
