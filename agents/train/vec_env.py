"""``BatchVecEnv``: a Stable-Baselines3 ``VecEnv`` over a vector env of :mod:`hydra_env.envs.vector`.

The trainer's default (config ``vec_env: batch``) for the envs that have a vector
env (:func:`batch_env_ids`: Solo-v0 and Coop-v0 today): all
``n_envs`` games step in one game batch (native where built) instead of one
``gym.make`` env each in a ``DummyVecEnv``. What SB3 and sb3-contrib see is what
``DummyVecEnv`` of the single envs gives, step for step (tested):

* ``seed(s)`` then ``reset()``: env ``i`` seeded with ``s + i``; later resets continue
  each env's generator;
* ``step_wait()``: observations, float32 rewards, dones (terminated or truncated) and one
  info dict per env: the single env's info (``action_mask``, and at an episode's end
  ``result``, ``outcome`` …), ``TimeLimit.truncated``, and for an ended episode
  ``terminal_observation`` (the vector env runs with ``autoreset_mode="SameStep"``);
  ``reset_infos`` as DummyVecEnv's;
* ``env_method("action_masks")`` (what MaskablePPO calls), ``has_attr`` / ``get_attr``,
  so ``VecMonitor`` and ``MaskablePPO`` work on it unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env import VecEnv

from agents.train.game_hooks import train_env_ids
from hydra_env import ConfigError


def batch_env_ids() -> tuple[str, ...]:
    """The env ids of the registered games that have a vector env (a Gymnasium
    ``vector_entry_point``: a game batch), in the registry's order."""
    return tuple(env_id for env_id in train_env_ids()
                 if env_id in gym.registry and gym.spec(env_id).vector_entry_point is not None)


def make_vector_env(env_id: str, num_envs: int, **kwargs: Any) -> Any:
    """The vector env of ``env_id`` (one of :func:`batch_env_ids`) with ``SameStep`` auto-reset."""
    if env_id not in batch_env_ids():
        raise ConfigError(f"vec_env 'batch' runs {' or '.join(batch_env_ids())}, not {env_id}; "
                          f"use vec_env: dummy")
    return gym.make_vec(env_id, num_envs=num_envs, vectorization_mode="vector_entry_point",
                        autoreset_mode=AutoresetMode.SAME_STEP, **kwargs).unwrapped


class BatchVecEnv(VecEnv):
    """SB3's VecEnv interface on a :class:`hydra_env.games.hydra.envs.vector.base.HydraVectorEnv`."""

    def __init__(self, venv: Any) -> None:
        """``venv``: a Hydra vector env made with ``autoreset_mode="SameStep"``."""
        if venv.autoreset_mode != AutoresetMode.SAME_STEP:
            raise ConfigError("BatchVecEnv needs a vector env made with autoreset_mode='SameStep' "
                              "(SB3 resets an ended env in the step that ends it)")
        self.venv = venv
        super().__init__(venv.num_envs, venv.single_observation_space, venv.single_action_space)
        self._actions: np.ndarray | None = None

    def reset(self) -> Any:
        """Reset every env (with the seeds of :meth:`seed`, once)."""
        obs, info = self.venv.reset(seed=list(self._seeds))
        self.reset_infos = [{"action_mask": m} for m in info["action_mask"]]
        self._reset_seeds()
        self._reset_options()
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        """Remember the actions (the batch steps in :meth:`step_wait`)."""
        self._actions = np.asarray(actions)

    def step_wait(self) -> tuple[Any, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        """One step of every env: ``(obs, rewards, dones, infos)`` as DummyVecEnv gives them."""
        obs, rewards, terminated, truncated, ends, final_obs = self.venv.step_rows(self._actions)
        masks = self.venv.action_masks()
        dones = terminated | truncated
        limit = truncated & ~terminated
        infos: list[dict[str, Any]] = []
        for i in range(self.num_envs):
            info = ends.get(i)
            if info is None:
                info = {"action_mask": masks[i]}
            elif i in final_obs:                     # an ended episode: the new one's reset info
                self.reset_infos[i] = {"action_mask": masks[i]}
            info["TimeLimit.truncated"] = bool(limit[i])
            if i in final_obs:
                info["terminal_observation"] = final_obs[i]
            infos.append(info)
        return obs, rewards.astype(np.float32), dones, infos

    def close(self) -> None:
        """Close the vector env."""
        self.venv.close()

    # ------------------------------------------------------------ attributes
    def _indices(self, indices: Any) -> Sequence[int]:
        return list(self._get_indices(indices))

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """``action_masks`` (the vector env's, per env) or an attribute of the single env the
        vector env was made from (its arguments: ``scenario``, ``candidates`` …)."""
        if attr_name == "action_masks":
            return [self._mask_of(i) for i in self._indices(indices)]
        value = getattr(self.venv.template, attr_name)
        return [value for _ in self._indices(indices)]

    def _mask_of(self, i: int) -> Any:
        return lambda: self.venv.action_masks()[i]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        """Not supported: the envs share one batch."""
        raise ConfigError(f"set_attr({attr_name!r}) is not supported by BatchVecEnv (the envs share "
                          f"one game batch); use vec_env: dummy")

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None,
                   **method_kwargs: Any) -> list[Any]:
        """``env_method("action_masks")``: one mask per env (int8[action_size]); another
        method: the single template env's, once per env."""
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.venv.action_masks()
            return [masks[i] for i in rows]
        method = getattr(self.venv.template, method_name)
        return [method(*method_args, **method_kwargs) for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        """No env is wrapped (there are no single envs)."""
        return [False for _ in self._indices(indices)]

    def get_images(self) -> Sequence[Any]:
        """The frames of :meth:`HydraVectorEnv.render` (with ``render_mode="rgb_array"``)."""
        frames = self.venv.render()
        return list(frames) if isinstance(frames, Iterable) else []
