"""Which engine a Hydra game runs on: the Python reference or a registered one (the native engine).

``HYDRA_ENV_ENGINE=python|native`` sets the default for every tool; an engine
registers itself with :func:`register_engine` (the core never imports it). The
choice itself is the generic :class:`hydra_env.api.engines.EngineChoice`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from hydra_env.api.engines import ENGINE_VARIABLE, ENGINES, EngineChoice, default_engine
from hydra_env.games.hydra.rules.state import State
from hydra_env.games.hydra.rules.tables import Rules

if TYPE_CHECKING:
    from hydra_env.games.hydra.rules.game import Game

__all__ = ["ENGINES", "ENGINE_VARIABLE", "EngineHooks", "default_engine", "register_engine",
           "pick_engine", "other_engine", "on_engine", "ENGINE_CHOICE"]


class EngineHooks(NamedTuple):
    """How the facade reaches another engine (the native one registers itself, see
    :mod:`hydra_env.games.hydra.native.game`; the core never imports it)."""

    available: Callable[[], bool]                 # can it run at all (is it built)?
    start: Callable[[Rules, int, int], Game]      # new game: rules, stars, seed
    from_state: Callable[[Rules, State], Game]    # a game holding a copy of a Python State
    unsupported: type[Exception]                  # raised when it cannot hold a game


ENGINE_CHOICE = EngineChoice()
"""The engines Hydra's :class:`~hydra_env.games.hydra.rules.game.Game` can run on."""


def register_engine(name: str, hooks: EngineHooks) -> None:
    """Make engine ``name`` available to :meth:`Game.new` and :meth:`Game.from_json`."""
    ENGINE_CHOICE.register(name, hooks)


def pick_engine(engine: Any) -> tuple[str, bool]:
    """(engine, asked): the engine to use and whether it was asked for by name."""
    return ENGINE_CHOICE.pick(engine)


def other_engine(name: str, asked: bool, make: Callable[[EngineHooks], Game]) -> Game | None:
    """``make(hooks)`` on engine ``name``; None (use Python) when that engine was not asked
    for by name and cannot hold this game."""
    return ENGINE_CHOICE.run_on(name, asked, make)


def on_engine(game: Game, engine: str | None = None) -> Game:
    """``game`` (a Python-engine game) on the engine :meth:`Game.new` would pick for
    ``engine``: itself, or a copy on the native engine."""
    name, asked = ENGINE_CHOICE.pick(engine)
    if name == "python":
        return game
    moved = ENGINE_CHOICE.run_on(name, asked, lambda hooks: hooks.from_state(game.rules, game.state))
    return game if moved is None else moved
