"""The old import paths of the games-as-plugins move (issue 24), kept for one release.

Hydra and Hydras moved into their own packages (``hydra_env.games.hydra``,
``hydra_env.games.hydras``), their scripted bots with them. Each old module path
below is an *alias* of its new module: ``import hydra_env.core.engine`` gives the very
module object ``hydra_env.games.hydra.rules.engine`` (not a copy), so old imports,
``mock.patch`` strings and pickles keep working. ``hydra_env`` installs the alias
finder on import (``agents`` imports ``hydra_env`` first). The CHANGELOG lists them;
they go in the next release. This is the one module outside the game packages that
names the moved games.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType
from typing import Any

MOVED: tuple[tuple[str, str], ...] = (
    ("hydra_env.native.hydras_differential", "hydra_env.games.hydras.native.differential"),
    ("hydra_env.native.hydras_game", "hydra_env.games.hydras.native.game"),
    ("hydra_env.native.differential", "hydra_env.games.hydra.native.differential"),
    ("hydra_env.native.game", "hydra_env.games.hydra.native.game"),
    ("hydra_env.native.engine", "hydra_env.games.hydra.native.engine"),
    ("hydra_env.native.tables", "hydra_env.games.hydra.native.tables"),
    ("hydra_env.native.batch", "hydra_env.games.hydra.native.batch"),
    ("hydra_env.envs.hydras_candidates", "hydra_env.games.hydras.envs.candidates"),
    ("hydra_env.envs.hydras_pettingzoo", "hydra_env.games.hydras.envs.pettingzoo"),
    ("hydra_env.envs.hydras_env", "hydra_env.games.hydras.envs.env"),
    ("hydra_env.envs.board_geometry", "hydra_env.games.hydra.observe.board_geometry"),
    ("hydra_env.envs.differential_views", "hydra_env.games.hydra.observe.differential_views"),
    ("hydra_env.envs.candidates", "hydra_env.games.hydra.observe.candidates"),
    ("hydra_env.envs.coop_env", "hydra_env.games.hydra.envs.coop_env"),
    ("hydra_env.envs.solo_env", "hydra_env.games.hydra.envs.solo_env"),
    ("hydra_env.envs.rewards", "hydra_env.games.hydra.envs.rewards"),
    ("hydra_env.envs.image", "hydra_env.games.hydra.envs.image"),
    ("hydra_env.envs.base", "hydra_env.games.hydra.envs.base"),
    ("hydra_env.envs.encoding", "hydra_env.games.hydra.observe.encoding"),
    ("hydra_env.envs.vector.game_batch", "hydra_env.games.hydra.envs.vector.game_batch"),
    ("hydra_env.envs.vector.base", "hydra_env.games.hydra.envs.vector.base"),
    ("hydra_env.envs.vector.coop", "hydra_env.games.hydra.envs.vector.coop"),
    ("hydra_env.envs.vector.solo", "hydra_env.games.hydra.envs.vector.solo"),
    ("hydra_env.pettingzoo", "hydra_env.games.hydra.envs.pettingzoo"),
    ("hydra_env.hydras", "hydra_env.games.hydras.rules"),
    ("hydra_env.core", "hydra_env.games.hydra.rules"),
    ("hydra_env.data", "hydra_env.games.hydra.data"),
    ("agents.hydras.greedy", "hydra_env.games.hydras.bots.greedy"),
    ("agents.hydras.heuristic", "hydra_env.games.hydras.bots.heuristic"),
    ("agents.hydras.evaluation", "hydra_env.games.hydras.bots.evaluation"),
    ("agents.heuristic_coop", "hydra_env.games.hydra.bots.heuristic_coop"),
    ("agents.heuristic_solo", "hydra_env.games.hydra.bots.heuristic_solo"),
    ("agents.heuristic", "hydra_env.games.hydra.bots.heuristic"),
    ("agents.greedy", "hydra_env.games.hydra.bots.greedy"),
    ("agents.native_bots", "hydra_env.games.hydra.bots.native_bots"),
    ("agents.rollout", "hydra_env.games.hydra.bots.rollout"),
    ("agents.registry", "hydra_env.games.hydra.bots.styles"),
    ("agents.features", "hydra_env.games.hydra.bots.features"),
    ("agents._native_bots", "hydra_env.games.hydra.bots._native_bots"),
    ("agents.base", "hydra_env.api.bots"),
    ("hydra_env._native", "hydra_env.games.hydra._native"),
)
"""(old module, new module): a module and every submodule under it."""

MOVED_NAMES: dict[str, tuple[str, str]] = {
    "hydra_env.envs.vector": ("make_game_batch native_batch_class PythonGameBatch",
                              "hydra_env.games.hydra.envs.vector"),
}
"""Names that a generic package used to export, by package: (names, where they live now)."""

FIRST_NATIVE_GAME = "hydra"
"""The game whose module ``hydra_env._native`` was, when it was the only native module."""


def moved_name(package: str, name: str) -> Any:
    """The object an old ``from <package> import <name>`` meant (AttributeError if none)."""
    names, home = MOVED_NAMES.get(package, ("", ""))
    if name not in names.split():
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)


def new_name(fullname: str) -> str | None:
    """The module an old name now is (None when the name did not move)."""
    for old, new in MOVED:
        if fullname == old or fullname.startswith(old + "."):
            return new + fullname[len(old):]
    return None


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.target)
        self.own_spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module is the new one, already imported; it keeps its own spec."""
        module.__spec__ = self.own_spec


class MovedModuleFinder(importlib.abc.MetaPathFinder):
    """Finds an old module name and hands over the new module (see the module docstring)."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        """The alias spec of a moved name, None for every other name."""
        new = new_name(fullname)
        if new is None:
            return None
        is_package = bool(getattr(importlib.import_module(new), "__path__", None))
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(new), is_package=is_package)


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, MovedModuleFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, MovedModuleFinder())


install()
