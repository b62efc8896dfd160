"""A game's own native module, ``hydra_env.games.<game>._native``: is it built, and how to get it.

Each game with a C++ twin keeps its sources in ``hydra_env/games/<game>/native/``; the
package's build compiles them into that game's extension module (CMake's
``hydra_env_game_module``). :func:`game_module` imports it or raises
:class:`~hydra_env.native.NativeUnavailableError` saying what to install.
``HYDRA_ENV_NATIVE_DIR`` may name a CMake build folder to load the game's module from
instead (a sanitizer build, or a quick build of one game:
``cmake -S . -B build/<game> -DHYDRA_ENV_GAMES=<game>``); the module is then
``<dir>/games/<game>/_native.*``.
"""

from __future__ import annotations

import glob
import importlib
import importlib.util
import os
import sys
from types import ModuleType

from hydra_env.errors import ConfigError

DIR_VARIABLE = "HYDRA_ENV_NATIVE_DIR"


class NativeUnavailableError(ConfigError):
    """A native engine was asked for but its extension module is not built."""


class NativeUnsupportedError(ConfigError):
    """A game's component data or seed does not fit its native engine's capacities."""


MAX_SEED = (1 << 64) - 1
"""The largest seed a native engine takes (its seeds are unsigned 64-bit integers)."""

_modules: dict[str, ModuleType] = {}
_errors: dict[str, str] = {}


def _hint(game: str) -> str:
    return (f"the native engine of {game!r} (hydra_env.games.{game}._native) is not built. It needs "
            "a C++17 compiler (Debian/Ubuntu: apt-get install g++; macOS: xcode-select --install; "
            "Windows: the Visual Studio Build Tools); cmake and ninja come from PyPI. Build it with "
            "`pip install -e .` in the repository (or `make native`), or use the Python engine: "
            "engine='python' or HYDRA_ENV_ENGINE=python")


def _import(game: str) -> ModuleType:
    name = f"hydra_env.games.{game}._native"
    folder = os.environ.get(DIR_VARIABLE)
    if not folder:
        return importlib.import_module(name)
    found = sorted(glob.glob(os.path.join(folder, "games", game, "_native.*")))
    found = [path for path in found if path.endswith((".so", ".pyd"))]
    if not found:
        raise ImportError(f"{DIR_VARIABLE}={folder!r} holds no games/{game}/_native module")
    spec = importlib.util.spec_from_file_location(name, found[0])
    if spec is None or spec.loader is None:
        raise ImportError(f"{found[0]!r} is not an extension module file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _load(game: str) -> ModuleType | None:
    if game not in _modules and game not in _errors:
        try:
            _modules[game] = _import(game)
        except ImportError as exc:
            _errors[game] = str(exc)
    return _modules.get(game)


def game_module_available(game: str) -> bool:
    """Whether the native module of ``game`` can be imported."""
    return _load(game) is not None


def game_module(game: str) -> ModuleType:
    """The native module of ``game``; raises NativeUnavailableError saying what to install."""
    module = _load(game)
    if module is None:
        raise NativeUnavailableError(f"{_hint(game)} (import failed: {_errors[game]})")
    return module
