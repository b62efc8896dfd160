"""Registers Hail Hydra for its tests (the entry point in pyproject.toml comes later)."""

from __future__ import annotations

from hydra_env.api import register
from hydra_env.games.hail_hydra.spec import SPEC

register(SPEC, replace=True)
