"""Which engine a game runs on: the Python reference or a registered one (the native engine).

``HYDRA_ENV_ENGINE=python|native`` sets the default for every tool; an engine
registers itself with :func:`register_engine` (the core never imports it).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from hydra_env import arguments
from hydra_env.core.state import State
from hydra_env.core.tables import Rules
from hydra_env.errors import ConfigError

if TYPE_CHECKING:
    from hydra_env.core.game import Game

ENGINES = ("native", "python")
ENGINE_VARIABLE = "HYDRA_ENV_ENGINE"


def default_engine() -> str | None:
    """The engine named by ``HYDRA_ENV_ENGINE`` ("python" or "native"), None when unset
    (then the native engine is used where it is built and fits the data)."""
    value = os.environ.get(ENGINE_VARIABLE, "").strip().lower()
    if not value or value == "auto":
        return None
    if value not in ENGINES:
        raise ConfigError(f"{ENGINE_VARIABLE}={value!r} names no engine; use one of {', '.join(ENGINES)}")
    return value


class EngineHooks(NamedTuple):
    """How the facade reaches another engine (the native one registers itself, see
    :mod:`hydra_env.native.game`; the core never imports it)."""

    available: Callable[[], bool]                 # can it run at all (is it built)?
    start: Callable[[Rules, int, int], Game]      # new game: rules, stars, seed
    from_state: Callable[[Rules, State], Game]    # a game holding a copy of a Python State
    unsupported: type[Exception]                  # raised when it cannot hold a game


_ENGINE_HOOKS: dict[str, EngineHooks] = {}


def register_engine(name: str, hooks: EngineHooks) -> None:
    """Make engine ``name`` available to :meth:`Game.new` and :meth:`Game.from_json`."""
    _ENGINE_HOOKS[name] = hooks


def pick_engine(engine: Any) -> tuple[str, bool]:
    """(engine, asked): the engine to use and whether it was asked for by name."""
    if engine is None:
        engine = default_engine()
        if engine is None:
            hooks = _ENGINE_HOOKS.get("native")
            return ("native" if hooks is not None and hooks.available() else "python"), False
    if engine not in ENGINES:
        raise ConfigError(f"engine must be one of {', '.join(ENGINES)} or None, got {arguments.show(engine)}")
    return engine, True


def other_engine(name: str, asked: bool, make: Callable[[EngineHooks], Game]) -> Game | None:
    """``make(hooks)`` on engine ``name``; None (use Python) when that engine was not asked
    for by name and cannot hold this game."""
    hooks = _ENGINE_HOOKS.get(name)
    if hooks is None:
        raise ConfigError(f"the {name} engine is not installed; use engine='python' or HYDRA_ENV_ENGINE=python")
    try:
        return make(hooks)
    except hooks.unsupported:
        if asked:
            raise
        return None


def on_engine(game: Game, engine: str | None = None) -> Game:
    """``game`` (a Python-engine game) on the engine :meth:`Game.new` would pick for
    ``engine``: itself, or a copy on the native engine."""
    name, asked = pick_engine(engine)
    if name == "python":
        return game
    moved = other_engine(name, asked, lambda hooks: hooks.from_state(game.rules, game.state))
    return game if moved is None else moved
