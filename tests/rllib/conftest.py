"""The RLlib tests: they run where ``ray.rllib`` imports (``make test-rllib``: .venv-rllib, on the
gymnasium RLlib pins) and skip cleanly elsewhere (each module calls ``pytest.importorskip``).

Ray starts processes: every test ends with ``ray.shutdown()`` when it started Ray.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _no_ray_left() -> Iterator[None]:
    yield
    ray = sys.modules.get("ray")
    if ray is not None and ray.is_initialized():
        ray.shutdown()
