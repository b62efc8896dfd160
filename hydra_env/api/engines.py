"""Which engine a game runs on: its Python reference or a registered twin (a native one).

Every game keeps one :class:`EngineChoice`. An engine registers itself with
:meth:`EngineChoice.register` (the game never imports it: the native twin of a
game imports the game and registers hooks, a named tuple of the game's own
shape that has at least ``available() -> bool`` and ``unsupported``, the
exception raised when the engine cannot hold a game). A game may name its twin's
module (``twins``, as an entry point names a plugin): the choice imports it on
first need, so the twin registers even where nothing else has imported it yet.

``HYDRA_ENV_ENGINE=python|native`` sets the default for every game and tool;
unset (or ``auto``), the native engine is used where it is registered and
built, else the Python one. An engine asked for by name (argument or
variable) that cannot hold a game raises; one picked by default falls back to
Python. numpy and the standard library only.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping
from typing import Any

from hydra_env import arguments
from hydra_env.errors import ConfigError

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


class EngineChoice:
    """The engines one game can run on besides its Python reference, and the choice among them.

    ``label`` names the game in the error of a missing engine (``"Hydras"``: "the
    native Hydras engine is not installed"); empty for none.
    """

    def __init__(self, label: str = "", twins: Mapping[str, str] | None = None) -> None:
        """An empty choice: only the Python engine until another one registers. ``twins``:
        engine name -> the module that registers it when imported (imported on first need)."""
        self.label = label
        self.registered: dict[str, Any] = {}
        self.twins = dict(twins or {})

    def register(self, name: str, hooks: Any) -> None:
        """Make engine ``name`` available; ``hooks`` has ``available()`` and ``unsupported``."""
        self.registered[name] = hooks

    def hooks(self, name: str) -> Any:
        """The hooks of engine ``name`` (its twin's module imported first if it has not
        registered yet); None when no such engine is registered."""
        module = self.twins.get(name)
        if name not in self.registered and module is not None:
            importlib.import_module(module)
        return self.registered.get(name)

    def pick(self, engine: Any) -> tuple[str, bool]:
        """(engine, asked): the engine to use and whether it was asked for by name (argument or
        ``HYDRA_ENV_ENGINE``); None picks native where it is registered and built."""
        if engine is None:
            engine = default_engine()
            if engine is None:
                hooks = self.hooks("native")
                return ("native" if hooks is not None and hooks.available() else "python"), False
        if engine not in ENGINES:
            raise ConfigError(f"engine must be one of {', '.join(ENGINES)} or None, got {arguments.show(engine)}")
        return engine, True

    def run_on(self, name: str, asked: bool, make: Callable[[Any], Any]) -> Any:
        """``make(hooks)`` on engine ``name``; None (use Python) when ``name`` is ``"python"``,
        or that engine was not asked for by name and cannot hold this game (it raises
        ``hooks.unsupported``)."""
        if name == "python":
            return None
        hooks = self.hooks(name)
        if hooks is None:
            what = f"{self.label} engine" if self.label else "engine"
            raise ConfigError(f"the {name} {what} is not installed; use engine='python' or "
                              f"{ENGINE_VARIABLE}=python")
        try:
            return make(hooks)
        except hooks.unsupported:
            if asked:
                raise
            return None

    def elsewhere(self, engine: Any, make: Callable[[Any], Any]) -> Any:
        """``make(hooks)`` on the engine :meth:`pick` picks for ``engine``; None when that is
        the Python engine, or another one that was not asked for and cannot hold the game."""
        name, asked = self.pick(engine)
        return self.run_on(name, asked, make)
