"""Heroica's tests register its spec (the entry point is added to pyproject.toml later)."""

from __future__ import annotations

from hydra_env.api import register
from hydra_env.games.heroica.spec import SPEC

register(SPEC, replace=True)
