"""Load a script of ``benchmarks/`` as a module, for the tests of its functions; check its refusals."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
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


def assert_refused(main: Callable[[list[str]], Any], argv: list[str], message: str, capsys: Any) -> None:
    """``main(argv)`` stops with status 2 before any work, ``message`` on stderr (argparse's error)."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err
