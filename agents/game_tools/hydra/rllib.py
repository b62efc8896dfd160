"""Hydra's hook of the RLlib adapters (agents.rllib): the game's own AEC env.

The generic AEC env rewards a seat from its result's ``winners``, which Hydra's results (a
solo score, a cooperative outcome) do not have; Hydra's own AEC env has its reward schemes.
"""

from __future__ import annotations

from typing import Any


def aec_env(reward: str | None = None, max_steps: int | None = None, scenario: int = 10, stars: int = 1,
            **options: bool) -> Any:
    """Hydra's AEC env (``hydra_env.games.hydra.envs.pettingzoo``) for the game's parameters:
    the scenario, the difficulty and the rule options (as ``hydra_env.make("hydra", ...)``)."""
    from hydra_env.games.hydra.envs.pettingzoo import raw_env
    return raw_env(scenario=scenario, stars=stars, reward=reward, max_steps=max_steps, rule_options=options or None)
