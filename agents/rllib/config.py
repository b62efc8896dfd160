"""``ppo_config``: an RLlib ``PPOConfig`` (new API stack) for one game's env, masks included.

::

    from agents.rllib.config import ppo_config
    config = ppo_config(env_config={"env_id": "hydra_env/Hydras-v0"}, num_envs_per_env_runner=8)
    config = ppo_config(multi_agent={"game": "hydras", "learning_seats": "all"})   # self-play
    algo = config.build_algo(); algo.train()

Single-agent: the env creator :func:`agents.rllib.envs.make_single_agent_env` with
``gym_env_vectorize_mode="vector_entry_point"`` by default (the id's native batch env;
``"sync"`` for RLlib's default vectorization). Multi-agent:
:class:`agents.rllib.multi_agent.SeatsMultiAgentEnv`, one masked module shared by every
learning seat (``shared_module=False``: one per seat). The module is
:class:`agents.rllib.modules.MaskedPPOTorchRLModule` either way.

RLlib's multi-agent env check steps random unmasked actions and reports the refusal as an
env that "does not abide to the new gymnasium-style API"; the config turns it off and runs
:func:`agents.rllib.env_check.check_multi_agent_env` (masked actions) once, here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec

from agents.rllib.batched_runner import lean_sampling as lean_settings
from agents.rllib.connectors import stateless
from agents.rllib.env_check import check_multi_agent_env
from agents.rllib.envs import make_single_agent_env
from agents.rllib.modules import MaskedPPOTorchRLModule
from agents.rllib.multi_agent import SeatsMultiAgentEnv
from hydra_env.errors import ConfigError

__all__ = ["ENV_NAME", "SHARED_MODULE", "ppo_config"]

ENV_NAME = "hydra_env_rllib_single_agent"
"""The name :func:`ppo_config` registers :func:`~agents.rllib.envs.make_single_agent_env` under
(``ray.tune.register_env``: RLlib refuses a plain function as ``env``)."""
SHARED_MODULE = "shared"
"""The module id of the learning seats when they share one module."""
VECTORIZE_MODES = ("vector_entry_point", "sync", "async")


def _shared(agent_id: Any, episode: Any, **kwargs: Any) -> str:
    return SHARED_MODULE


def _own(agent_id: Any, episode: Any, **kwargs: Any) -> str:
    return str(agent_id)


def ppo_config(*, env_config: Mapping[str, Any] | None = None, multi_agent: Mapping[str, Any] | None = None,
               num_env_runners: int = 0, num_envs_per_env_runner: int = 1,
               vectorize: str = "vector_entry_point", model_config: Mapping[str, Any] | None = None,
               shared_module: bool = True, check_env: bool = True, lean_sampling: bool = True) -> PPOConfig:
    """A PPOConfig over one game's env (see the module docstring).

    Exactly one of ``env_config`` (single-agent: the keys of
    :func:`~agents.rllib.envs.make_single_agent_env`, ``env_id`` first) and ``multi_agent``
    (the keys of :class:`~agents.rllib.multi_agent.SeatsMultiAgentEnv`). ``model_config``:
    the module's (RLlib's ``DefaultModelConfig`` keys as a dict, plus ``obs_key`` and
    ``mask_key``, taken from the env config when not given). ``vectorize`` is RLlib's
    ``gym_env_vectorize_mode`` of the single-agent env; a multi-agent env is always vectorized
    by RLlib's own sync vector env (``num_envs_per_env_runner`` of them). ``lean_sampling``: a
    one-seat env with a stateless module samples through the two pieces of
    :mod:`agents.rllib.connectors` and :class:`agents.rllib.batched_runner.BatchedEnvRunner`
    instead of RLlib's default pipelines and env runner (False: RLlib's defaults).
    """
    if (env_config is None) == (multi_agent is None):
        raise ConfigError("ppo_config takes exactly one of env_config (a one-seat env id) and multi_agent "
                          "(the config of SeatsMultiAgentEnv)")
    if vectorize not in VECTORIZE_MODES:
        raise ConfigError(f"vectorize must be one of {', '.join(VECTORIZE_MODES)}, got {vectorize!r}")
    env_cfg = dict(env_config if env_config is not None else multi_agent)
    model = {k: env_cfg[k] for k in ("obs_key", "mask_key") if k in env_cfg}
    model.update(model_config or {})
    spec = RLModuleSpec(module_class=MaskedPPOTorchRLModule, model_config=model)
    config = PPOConfig().env_runners(num_env_runners=num_env_runners, num_envs_per_env_runner=num_envs_per_env_runner)
    if env_config is not None:
        make_single_agent_env(env_cfg).close()          # a wrong id or argument fails here, not in a worker
        from ray.tune.registry import register_env
        register_env(ENV_NAME, make_single_agent_env)
        lean = lean_settings() if lean_sampling and stateless(model) else {}
        return (config.environment(ENV_NAME, env_config=env_cfg)
                .env_runners(gym_env_vectorize_mode=vectorize, **lean)
                .rl_module(rl_module_spec=spec))
    env = SeatsMultiAgentEnv(env_cfg)
    if check_env:
        check_multi_agent_env(env)
    agents = list(env.possible_agents)
    if shared_module:
        modules, mapping = {SHARED_MODULE: spec}, _shared
    else:
        modules, mapping = {a: spec for a in agents}, _own
    return (config.environment(SeatsMultiAgentEnv, env_config=env_cfg, disable_env_checking=True)
            .multi_agent(policies=set(modules), policy_mapping_fn=mapping)
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=modules)))
