"""The environments of a training run: their arguments (with the opponent pool), one
env, the vector env of ``n_envs``, and the env recorded with the run's models."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium as gym

import hydra_env  # noqa: F401  (registers the environment ids)
from agents.train import game_hooks
from agents.train.config import TrainConfig, config_game
from agents.train.selfplay import OpponentPool
from hydra_env.envs.policy_env import env_args_from_training_config, record_env_args


def recorded_env_args(config: TrainConfig) -> tuple[str, dict[str, Any]]:
    """The env id and keyword arguments recorded with the run's models (what
    ``hydra_env.envs.make_env_for`` builds): the training env without its opponent pool."""
    return env_args_from_training_config(config.to_dict())


def env_kwargs(config: TrainConfig, run_dir: Path | None) -> dict[str, Any]:
    """The environment's keyword arguments, with the opponent pool for an env whose
    other seats the config's opponents play (the game's ``OPPONENT_ENVS``,
    :mod:`agents.train.game_hooks`: one pool for every opponent seat; each seat
    draws its own bot)."""
    _, kwargs = recorded_env_args(config)
    if game_hooks.seats_opponents(config) is not None and "opponents" not in config.env_kwargs:
        pool = OpponentPool(config.opponents, config.opponent_weights,
                            pool_dir=(run_dir / "pool") if run_dir and config.selfplay_prob else None,
                            selfplay_prob=config.selfplay_prob, pool_size=config.selfplay_pool,
                            game=config_game(config))
        kwargs["opponents"] = [pool]
    return kwargs


def env_factory(config: TrainConfig, run_dir: Path | None) -> Callable[[], gym.Env]:
    """A (picklable) function making one training environment."""
    return functools.partial(gym.make, config.env, **env_kwargs(config, run_dir))


def make_vec_env(config: TrainConfig, run_dir: Path, seed: int) -> Any:
    """``n_envs`` environments, seeded from ``seed`` (env ``i``: ``seed + i``), in a
    VecMonitor (episode returns and lengths: SB3 logs ``rollout/ep_rew_mean`` and
    ``rollout/ep_len_mean``; it draws no random numbers, so runs stay deterministic).

    ``vec_env: batch`` (default): one game batch stepping every env
    (:class:`agents.train.vec_env.BatchVecEnv`); ``dummy`` / ``subproc``: one ``gym.make``
    env each in SB3's DummyVecEnv / SubprocVecEnv. All three give the same steps."""
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecMonitor
    if config.vec_env == "batch":
        from agents.train.vec_env import BatchVecEnv, make_vector_env
        venv: Any = BatchVecEnv(make_vector_env(config.env, config.n_envs, **env_kwargs(config, run_dir)))
    else:
        fns = [env_factory(config, run_dir)] * config.n_envs
        venv = SubprocVecEnv(fns, start_method="spawn") if config.vec_env == "subproc" else DummyVecEnv(fns)
    venv.seed(seed)
    return VecMonitor(venv)


def record_env(model: Any, config: TrainConfig) -> None:
    """Let every file the model is saved to carry its env id and arguments (in its
    observation space, :func:`hydra_env.envs.policy_env.record_env_args`)."""
    env_id, kwargs = recorded_env_args(config)
    model.observation_space = record_env_args(model.observation_space, env_id, kwargs)
