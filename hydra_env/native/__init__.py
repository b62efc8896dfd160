"""The native (C++17) rules engine: is it built, and how to get it.

The extension module ``hydra_env._native`` is compiled from ``hydra_env/native/src/``
by the package's build (scikit-build-core + CMake + nanobind) when hydra-env is
installed with ``pip install -e .``. :func:`available` says whether it can be
imported; :func:`require` returns it or raises :class:`NativeUnavailableError`
with what to install. The Python engine (``hydra_env.core``) stays the reference
and works without it. ``HYDRA_ENV_NATIVE_PATH`` may name another build of the
extension to load instead (the sanitizer build of ``make native-asan``).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from types import ModuleType

from hydra_env.errors import ConfigError

_INSTALL_HINT = (
    "the native engine hydra_env._native is not built. It needs a C++17 compiler "
    "(Debian/Ubuntu: apt-get install g++; macOS: xcode-select --install; Windows: the "
    "Visual Studio Build Tools); cmake and ninja come from PyPI. Build it with "
    "`pip install -e .` in the repository (or `make native`), or use the Python engine: "
    "engine='python' or HYDRA_ENV_ENGINE=python"
)


class NativeUnavailableError(ConfigError):
    """The native engine was asked for but its extension module is not built."""


_module: ModuleType | None = None
_import_error: str | None = None


PATH_VARIABLE = "HYDRA_ENV_NATIVE_PATH"


def _load() -> ModuleType | None:
    global _module, _import_error
    if _module is None and _import_error is None:
        try:
            _module = _import()
        except ImportError as exc:
            _import_error = str(exc)
    return _module


def _import() -> ModuleType:
    """The extension module: the built one, or the file ``HYDRA_ENV_NATIVE_PATH`` names
    (a sanitizer build, see ``make native-asan``)."""
    path = os.environ.get(PATH_VARIABLE)
    if not path:
        return importlib.import_module("hydra_env._native")
    spec = importlib.util.spec_from_file_location("hydra_env._native", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{PATH_VARIABLE}={path!r} is not an extension module file")
    module = importlib.util.module_from_spec(spec)
    sys.modules["hydra_env._native"] = module
    spec.loader.exec_module(module)
    return module


def available() -> bool:
    """Whether the native extension can be imported."""
    return _load() is not None


def require() -> ModuleType:
    """The extension module; raises NativeUnavailableError saying what to install."""
    module = _load()
    if module is None:
        raise NativeUnavailableError(f"{_INSTALL_HINT} (import failed: {_import_error})")
    return module
