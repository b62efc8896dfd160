"""The registry of games: find a game by name, list them, make one.

::

    import hydra_env
    hydra_env.game_names()                      # ('hydra', 'hydras', ...)
    game = hydra_env.make("hydras", num_players=3, seed=7)
    game = hydra_env.make("hydra(scenario=10,stars=1)", seed=7)   # the string form
    spec = hydra_env.game_spec("hydra")         # its GameSpec

Games are found through the entry-point group ``hydra_env.games`` (each entry
names a :class:`GameSpec`), read once on first use and imported lazily, as
the bot registry does. A distribution declares its games in ``pyproject.toml``::

    [project.entry-points."hydra_env.games"]
    hydras = "hydra_env.games.hydras.rules.spec:SPEC"

:func:`register` adds one at run time (in this process; a test's toy game).
numpy and the standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import metadata
from typing import Any

from hydra_env.api.spec import GameSpec
from hydra_env.entry_points import entry_points
from hydra_env.errors import ConfigError

GROUP = "hydra_env.games"
_NAME = re.compile(r"[a-z][a-z0-9_-]*$")
_STRING = re.compile(r"\s*([A-Za-z][\w-]*)\s*(?:\((.*)\))?\s*$", re.S)

_entries: dict[str, metadata.EntryPoint] | None = None
_specs: dict[str, GameSpec] = {}
_listeners: list[Callable[[GameSpec], None]] = []


def on_register(listener: Callable[[GameSpec], None]) -> None:
    """Call ``listener(spec)`` for every game :func:`register` adds from now on (the envs
    register a new game's Gymnasium ids this way; the API itself knows no env)."""
    if listener not in _listeners:
        _listeners.append(listener)


def _entry_points() -> dict[str, metadata.EntryPoint]:
    global _entries
    if _entries is None:
        _entries = {ep.name: ep for ep in entry_points(GROUP)}
    return _entries


def register(spec: GameSpec, *, replace: bool = False) -> None:
    """Add ``spec`` under ``spec.name`` (ConfigError if the name is taken and not ``replace``)."""
    if not isinstance(spec, GameSpec):
        raise ConfigError(f"register() takes a GameSpec, got {type(spec).__name__}")
    if not _NAME.match(spec.name):
        raise ConfigError(f"game name {spec.name!r} must be lower case letters, digits, '_' or '-'")
    if not replace and spec.name in game_names():
        raise ConfigError(f"a game named {spec.name!r} is registered already; pass replace=True")
    _specs[spec.name] = spec
    for listener in _listeners:
        listener(spec)


def unregister(name: str) -> None:
    """Remove a game registered with :func:`register` (for tests); entry points stay."""
    _specs.pop(name, None)


def game_names() -> tuple[str, ...]:
    """The names of every registered game, in the order they were registered: the entry points
    as their packages declare them, then the games registered at run time. The first is the
    default game of the tools (:func:`default_game`)."""
    names = list(_entry_points())
    return tuple(names + [name for name in _specs if name not in names])


def default_game() -> str:
    """The game a tool plays when none is named: the first registered (the first entry point of
    the ``hydra_env.games`` group, in the order the package declares them)."""
    names = game_names()
    if not names:
        raise ConfigError("no game is registered: install hydra-env (pip install -e .) so that its "
                          "entry points are found, or register a GameSpec")
    return names[0]


def game_spec(name: str) -> GameSpec:
    """The spec of the game called ``name`` (ConfigError listing the games when unknown)."""
    if not isinstance(name, str):
        raise ConfigError(f"a game name must be a text, got {type(name).__name__}")
    key = name.strip().lower()
    spec = _specs.get(key)
    if spec is not None:
        return spec
    entry = _entry_points().get(key)
    if entry is None:
        raise ConfigError(f"unknown game {name!r}; the games: {', '.join(game_names())}")
    try:
        spec = entry.load()
    except Exception as exc:        # an entry point may fail in many ways when imported
        raise ConfigError(f"game {key!r} ({entry.value}) cannot be loaded: {type(exc).__name__}: {exc}") from exc
    if not isinstance(spec, GameSpec) or spec.name != key:
        raise ConfigError(f"entry point {entry.value!r} of game {key!r} is not a GameSpec named {key!r}")
    _specs[key] = spec
    return spec


def parse_game_string(text: str) -> tuple[GameSpec, dict[str, Any]]:
    """``"hydra(scenario=10,stars=1)"`` as (its spec, its parameters checked).

    The form is OpenSpiel's ``load_game`` string: a name, optionally followed by
    ``key=value`` pairs in brackets, separated by commas.
    """
    match = _STRING.match(text) if isinstance(text, str) else None
    if match is None:
        raise ConfigError(f"{text!r} is not a game string; write NAME or NAME(key=value,...), "
                          f"e.g. hydras(num_players=3)")
    spec = game_spec(match.group(1))
    params: dict[str, Any] = {}
    body = (match.group(2) or "").strip()
    for pair in filter(None, (p.strip() for p in body.split(","))) if body else ():
        key, sep, value = pair.partition("=")
        if not sep:
            raise ConfigError(f"{pair!r} in {text!r} is not key=value")
        key = key.strip()
        if key in params:
            raise ConfigError(f"parameter {key!r} is given twice in {text!r}")
        params[key] = spec.param(key).parse(value, spec.name)
    return spec, spec.check_params(params)


def game_string(name: str, params: dict[str, Any]) -> str:
    """The string form of a game and its parameters (those not at their default)."""
    spec = game_spec(name)
    values = spec.check_params(params)
    parts = [f"{p.name}={str(values[p.name]).lower() if p.kind is bool else values[p.name]}"
             for p in spec.params if values[p.name] != p.default]
    return f"{spec.name}({','.join(parts)})" if parts else spec.name


def make(game: str, *, seed: Any = None, engine: str | None = None, **params: Any) -> Any:
    """A new game by name or string form, e.g. ``make("hydras", num_players=3, seed=7)``.

    Parameters in the string and as keywords are merged (a keyword wins).
    """
    spec, from_string = parse_game_string(game)
    return spec.make(seed=seed, engine=engine, **{**from_string, **params})
