"""Which engine a Hydras game runs on: this package (the Python reference) or a registered one.

The native (C++) engine registers itself (:mod:`hydra_env.games.hydras.native.game`; this
package never imports it). ``HYDRA_ENV_ENGINE=python|native`` sets the default, as for
every game (the generic :class:`hydra_env.api.engines.EngineChoice`); unset, the native
engine is used where it is built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from hydra_env.api.engines import ENGINE_VARIABLE, ENGINES, EngineChoice
from hydra_env.games.hydras.rules.state import State
from hydra_env.games.hydras.rules.tables import Tables

if TYPE_CHECKING:
    from hydra_env.games.hydras.rules.game import HydrasGame

__all__ = ["ENGINES", "ENGINE_VARIABLE", "HydrasEngineHooks", "register_engine", "pick_engine",
           "on_engine", "ENGINE_CHOICE"]


class HydrasEngineHooks(NamedTuple):
    """How :class:`~hydra_env.games.hydras.rules.game.HydrasGame` reaches another engine."""

    available: Callable[[], bool]                       # is it built?
    from_state: Callable[[State, Tables], HydrasGame]   # a game holding (a copy of) a Python State
    unsupported: type[Exception]                        # raised when it cannot hold a game


ENGINE_CHOICE = EngineChoice("Hydras")
"""The engines :class:`~hydra_env.games.hydras.rules.game.HydrasGame` can run on."""


def register_engine(name: str, hooks: HydrasEngineHooks) -> None:
    """Make engine ``name`` available to :meth:`HydrasGame.new` and :meth:`HydrasGame.from_json`."""
    ENGINE_CHOICE.register(name, hooks)


def pick_engine(engine: Any) -> tuple[str, bool]:
    """(engine, asked): the engine to use and whether it was asked for by name (argument or
    ``HYDRA_ENV_ENGINE``); None picks native where it is registered and built."""
    return ENGINE_CHOICE.pick(engine)


def on_engine(game: HydrasGame, engine: str | None = None, *, copy: bool = True) -> HydrasGame:
    """``game`` (on the Python engine) on the engine ``engine`` picks: itself, or a copy
    (``copy=False``: one that takes over ``game``'s state, for games nobody else holds).
    Falls back to the Python game when the native engine was not asked for by name and
    cannot hold it (a seed beyond 64 bits)."""
    name, asked = ENGINE_CHOICE.pick(engine)
    if name == "python" or game.engine == name:
        return game
    moved = ENGINE_CHOICE.run_on(
        name, asked, lambda hooks: hooks.from_state(game.state.clone() if copy else game.state, game.tables))
    return game if moved is None else moved
