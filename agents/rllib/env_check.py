"""RLlib's multi-agent env check, with masked actions.

RLlib 2.60's own check (``ray.rllib.utils.pre_checks.env.check_multiagent_environments``,
run by every ``MultiAgentEnvRunner`` unless ``disable_env_checking``) steps one action
drawn from the whole action space; an env of this package refuses a masked-out action, and
RLlib then reports that the env "does not abide to the new gymnasium-style API", which is
not what is wrong. :func:`agents.rllib.config.ppo_config` turns RLlib's check off and runs
this one instead: the same checks of the dicts, with actions drawn from each agent's mask,
for a few episodes, and an error that says what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hydra_env.errors import ConfigError

__all__ = ["check_multi_agent_env"]


def _fail(env: Any, what: str) -> ConfigError:
    return ConfigError(f"multi-agent env {type(env).__name__}: {what}")


def _check_dict(env: Any, value: Any, what: str, *, all_key: bool = False) -> None:
    if not isinstance(value, Mapping):
        raise _fail(env, f"{what} must be a dict by agent id, got {type(value).__name__}")
    allowed = set(env.possible_agents) | ({"__all__"} if all_key else set())
    extra = sorted(set(value) - allowed, key=str)
    if extra:
        raise _fail(env, f"{what} has keys {extra} that are not agents ({env.possible_agents})")
    if all_key and "__all__" not in value:
        raise _fail(env, f"{what} must have the key '__all__'")


def _check_obs(env: Any, observations: Mapping[str, Any], what: str) -> None:
    _check_dict(env, observations, what)
    for agent, obs in observations.items():
        space = env.observation_spaces[agent]
        if not space.contains(obs):
            raise _fail(env, f"{what}: the observation of {agent!r} is not in its space {space}")


def _masked_actions(env: Any, observations: Mapping[str, Any], rng: np.random.Generator) -> dict[str, int]:
    actions = {}
    for agent, obs in observations.items():
        mask = np.asarray(obs[env.mask_key])
        legal = np.flatnonzero(mask)
        if not legal.size:
            raise _fail(env, f"{agent!r} is asked to decide with no legal action in its mask")
        actions[agent] = int(rng.choice(legal))
    return actions


def check_multi_agent_env(env: Any, *, episodes: int = 2, seed: int = 0, max_steps: int = 10_000) -> int:
    """Play ``episodes`` episodes of ``env`` (a :class:`~agents.rllib.multi_agent.SeatsMultiAgentEnv`
    or any MultiAgentEnv with ``mask_key``) with random legal actions, checking what RLlib
    checks: dicts by agent id, observations in their spaces, numeric rewards, ``"__all__"`` in
    ``terminateds`` and ``truncateds``. Returns the steps played; ConfigError says what is wrong."""
    rng = np.random.default_rng(seed)
    steps = 0
    for episode in range(episodes):
        observations, infos = env.reset(seed=seed + episode)
        _check_obs(env, observations, "reset() observations")
        _check_dict(env, infos, "reset() infos")
        if not observations:
            raise _fail(env, "reset() gave no observation: no agent decides")
        done = False
        while not done:
            if steps >= max_steps:
                raise _fail(env, f"no episode end within {max_steps} steps")
            observations, rewards, terminateds, truncateds, infos = env.step(_masked_actions(env, observations, rng))
            steps += 1
            _check_obs(env, observations, "step() observations")
            _check_dict(env, rewards, "step() rewards")
            for agent, reward in rewards.items():
                if isinstance(reward, bool) or not np.isscalar(reward) or not np.isreal(reward):
                    raise _fail(env, f"the reward of {agent!r} must be a number, got {reward!r}")
            _check_dict(env, terminateds, "step() terminateds", all_key=True)
            _check_dict(env, truncateds, "step() truncateds", all_key=True)
            _check_dict(env, infos, "step() infos")
            done = bool(terminateds["__all__"] or truncateds["__all__"])
            if not done and not observations:
                raise _fail(env, "step() gave no observation while the episode goes on")
    return steps
