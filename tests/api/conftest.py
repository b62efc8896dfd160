"""Fixtures of the Game API tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from api.toy_nim import SPEC as NIM

from hydra_env.api import GameSpec, register, unregister


@pytest.fixture
def register_nim() -> Iterator[GameSpec]:
    """The toy game Nim registered as ``"nim"`` for one test (unregistered after); yields its spec."""
    register(NIM, replace=True)
    try:
        yield NIM
    finally:
        unregister(NIM.name)
