"""Load a script of ``benchmarks/`` as a module, for the tests of its functions."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from helpers.paths import ROOT


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/NAME.py`` as the module ``NAME``, registered in ``sys.modules`` (its
    dataclasses look their module up, and worker processes find its functions by name)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
