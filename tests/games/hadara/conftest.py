"""Hadara's tests register its spec themselves (the entry point comes with the lead's packaging)."""

from __future__ import annotations

from hydra_env.api import register
from hydra_env.games.hadara.spec import SPEC

register(SPEC, replace=True)
