"""The native twin of Heroica: its extension module ``hydra_env.games.heroica._native`` (built from
``src/``) and the Python facade over it (:mod:`hydra_env.games.heroica.native.game`).

:func:`available` says whether the module is built; :func:`require` returns it or raises
:class:`~hydra_env.native.NativeUnavailableError` saying what to install.
"""

from __future__ import annotations

from types import ModuleType

from hydra_env.native.modules import game_module, game_module_available


def available() -> bool:
    """Whether the native module of Heroica is built."""
    return game_module_available("heroica")


def require() -> ModuleType:
    """The native module of Heroica (NativeUnavailableError saying what to install when it is not built)."""
    return game_module("heroica")
