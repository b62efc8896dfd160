"""The native twin of Hail Hydra: its extension module ``hydra_env.games.hail_hydra._native`` (built from
``src/``) and the Python facade over it (:mod:`.game`).

:func:`available` says whether the module is built; :func:`require` returns it or raises
:class:`~hydra_env.native.NativeUnavailableError` saying what to install.
"""

from __future__ import annotations

from types import ModuleType

from hydra_env.native.modules import game_module, game_module_available


def available() -> bool:
    """Whether the native module of Hail Hydra is built."""
    return game_module_available("hail_hydra")


def require() -> ModuleType:
    """The native module of Hail Hydra (NativeUnavailableError saying what to install when it is not built)."""
    return game_module("hail_hydra")
