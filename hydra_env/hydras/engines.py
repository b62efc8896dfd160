"""Which engine a Hydras game runs on: this package (the Python reference) or a registered one.

The native (C++) engine registers itself (:mod:`hydra_env.native.hydras_game`; this
package never imports it). ``HYDRA_ENV_ENGINE=python|native`` sets the default, as for
Hydra's :mod:`hydra_env.core.engines`; unset, the native engine is used where it is built.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from hydra_env import arguments
from hydra_env.errors import ConfigError
from hydra_env.hydras.state import State
from hydra_env.hydras.tables import Tables

if TYPE_CHECKING:
    from hydra_env.hydras.game import HydrasGame

ENGINES = ("native", "python")
ENGINE_VARIABLE = "HYDRA_ENV_ENGINE"


class HydrasEngineHooks(NamedTuple):
    """How :class:`~hydra_env.hydras.game.HydrasGame` reaches another engine."""

    available: Callable[[], bool]                       # is it built?
    from_state: Callable[[State, Tables], HydrasGame]   # a game holding (a copy of) a Python State
    unsupported: type[Exception]                        # raised when it cannot hold a game


_HOOKS: dict[str, HydrasEngineHooks] = {}


def register_engine(name: str, hooks: HydrasEngineHooks) -> None:
    """Make engine ``name`` available to :meth:`HydrasGame.new` and :meth:`HydrasGame.from_json`."""
    _HOOKS[name] = hooks


def pick_engine(engine: Any) -> tuple[str, bool]:
    """(engine, asked): the engine to use and whether it was asked for by name (argument or
    ``HYDRA_ENV_ENGINE``); None picks native where it is registered and built."""
    if engine is None:
        value = os.environ.get(ENGINE_VARIABLE, "").strip().lower()
        if value and value != "auto":
            if value not in ENGINES:
                raise ConfigError(f"{ENGINE_VARIABLE}={value!r} names no engine; use one of "
                                  f"{', '.join(ENGINES)}")
            return value, True
        hooks = _HOOKS.get("native")
        return ("native" if hooks is not None and hooks.available() else "python"), False
    if engine not in ENGINES:
        raise ConfigError(f"engine must be one of {', '.join(ENGINES)} or None, got {arguments.show(engine)}")
    return engine, True


def on_engine(game: HydrasGame, engine: str | None = None, *, copy: bool = True) -> HydrasGame:
    """``game`` (on the Python engine) on the engine ``engine`` picks: itself, or a copy
    (``copy=False``: one that takes over ``game``'s state, for games nobody else holds).
    Falls back to the Python game when the native engine was not asked for by name and
    cannot hold it (a seed beyond 64 bits)."""
    name, asked = pick_engine(engine)
    if name == "python" or game.engine == name:
        return game
    hooks = _HOOKS.get(name)
    if hooks is None:
        raise ConfigError(f"the {name} Hydras engine is not installed; use engine='python' or "
                          f"{ENGINE_VARIABLE}=python")
    if not asked and not hooks.available():
        return game
    try:
        state = game.state.clone() if copy else game.state
        return hooks.from_state(state, game.tables)   # NativeUnavailableError if asked and not built
    except hooks.unsupported:
        if asked:
            raise
        return game
