"""The native (C++17) engines: is a game's built, and how to get it.

Each game with a C++ twin has its own extension module ``hydra_env.games.<game>._native``,
compiled from ``hydra_env/games/<game>/native/`` by the package's build
(scikit-build-core + CMake + nanobind) when hydra-env is installed with
``pip install -e .``; the sources every game may use (randomness, bit masks, buffers,
the batch template) are in ``hydra_env/native/src/common``.
:func:`~hydra_env.native.modules.game_module` imports a game's module or raises
:class:`NativeUnavailableError` saying what to install; the Python engines stay the
reference and work without them. ``HYDRA_ENV_NATIVE_DIR`` may name a CMake build
folder to load the modules from instead (the sanitizer build of ``make native-asan``).

:func:`available` and :func:`require` are the first game's module, as they were when it
was the only one (kept for one release; use ``game_module_available(game)`` and
``game_module(game)``).
"""

from __future__ import annotations

from types import ModuleType

from hydra_env._moved import FIRST_NATIVE_GAME
from hydra_env.native.modules import DIR_VARIABLE, NativeUnavailableError, game_module, game_module_available

__all__ = ["DIR_VARIABLE", "NativeUnavailableError", "available", "game_module", "game_module_available",
           "require"]


def available() -> bool:
    """Whether the first game's native module is built (deprecated: ``game_module_available``)."""
    return game_module_available(FIRST_NATIVE_GAME)


def require() -> ModuleType:
    """The first game's native module (deprecated: ``game_module``)."""
    return game_module(FIRST_NATIVE_GAME)
