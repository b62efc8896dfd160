"""The one-seat envs of any registered game with the mask inside the observation, for RLlib.

RLlib's action masking reads the mask from the observation: a ``Dict`` with the env's own
observation under ``obs_key`` (default ``"observations"``) and its int8 mask under
``mask_key`` (default ``"action_mask"``), kept int8 (1 = legal), and no longer in the info
(an episode keeps one copy of it a step, not two). An observation that is not
a Box (a Dict of parts, Hydra's candidate features) is flattened by default (float32, in
``gymnasium.spaces.flatten``'s order), since RLlib's default encoders take a Box only::

    env = MaskedObservation(gymnasium.make("hydra_env/Hydras-v0"))
    obs, info = env.reset(seed=0)        # obs["observations"], obs["action_mask"]

:class:`MaskedVectorObservation` does the same for a vector env (the project's native
vector env, or Gymnasium's ``SyncVectorEnv``). :func:`make_single_agent_env` is the env
creator to give RLlib (``config.environment(make_single_agent_env, env_config={...})``):
RLlib 2.60's ``SingleAgentEnvRunner`` registers a creator with Gymnasium both as the
``entry_point`` (called with the env config) and as the ``vector_entry_point`` (called with
the env config plus ``num_envs``), so with ``gym_env_vectorize_mode="vector_entry_point"``
the creator is asked once for ``num_envs`` rows and answers with the id's own batch env.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from agents.rllib import MASK_KEY, OBS_KEY
from hydra_env.errors import ConfigError

__all__ = ["MaskedObservation", "MaskedVectorObservation", "check_keys", "flat_rows", "make_single_agent_env",
           "masked_space"]

_OWN_KEYS = ("env_id", "obs_key", "mask_key", "flatten_obs", "num_envs")

def _flattening(flatten_obs: Any, space: spaces.Space) -> bool:
    """Whether the observation is flattened: ``"auto"`` (default) when it is not a Box (RLlib's
    default encoders take a Box only), or True / False."""
    if not (flatten_obs is True or flatten_obs is False or flatten_obs == "auto"):
        raise ConfigError(f"flatten_obs must be 'auto', True or False, got {flatten_obs!r}")
    if flatten_obs == "auto":
        return not isinstance(space, spaces.Box)
    return bool(flatten_obs)


def flat_rows(space: spaces.Space, obs: Any, rows: int) -> np.ndarray:
    """``rows`` observations of a ``Dict`` of ``Box`` spaces (a batch, each part [rows, ...]) as
    float32[rows, size], in the order of ``gymnasium.spaces.flatten`` (the Dict's keys)."""
    if isinstance(space, spaces.Dict):
        return np.concatenate([flat_rows(sub, obs[key], rows) for key, sub in space.spaces.items()], axis=1)
    if not isinstance(space, spaces.Box):
        raise ConfigError(f"flatten_obs flattens Dict and Box observations only, got {space}")
    return np.asarray(obs, dtype=np.float32).reshape(rows, -1)


def check_keys(obs_key: Any, mask_key: Any) -> tuple[str, str]:
    """The two keys of the Dict observation: non-empty texts, not the same."""
    for name, key in (("obs_key", obs_key), ("mask_key", mask_key)):
        if not isinstance(key, str) or not key:
            raise ConfigError(f"{name} must be a non-empty text (a key of the Dict observation), got {key!r}")
    if obs_key == mask_key:
        raise ConfigError(f"obs_key and mask_key are both {obs_key!r}; give them different names")
    return obs_key, mask_key


def masked_space(observation_space: spaces.Space, action_size: int, obs_key: str = OBS_KEY,
                 mask_key: str = MASK_KEY) -> spaces.Dict:
    """``Dict({obs_key: observation_space, mask_key: Box(0, 1, (action_size,), int8)})``."""
    return spaces.Dict({obs_key: observation_space, mask_key: spaces.Box(0, 1, (int(action_size),), np.int8)})


def _masks(info: Mapping[str, Any], ask: Any) -> np.ndarray:
    """The int8 masks of a step: ``info["action_mask"]`` when the env gives it, else ``ask()``."""
    mask = info.get("action_mask") if isinstance(info, Mapping) else None
    if mask is None:
        mask = ask()
    return np.array(mask, dtype=np.int8)        # a copy: the env may write its buffer in place


def _without_mask(info: Any) -> Any:
    """The info without its ``action_mask`` (and a vector env's ``_action_mask``): the mask is in
    the observation, and an episode need not keep a second copy of it at every step."""
    if not isinstance(info, Mapping) or "action_mask" not in info:
        return info
    return {k: v for k, v in info.items() if k not in ("action_mask", "_action_mask")}


class MaskedObservation(gym.Wrapper):
    """A one-seat env whose observation is ``{obs_key: its observation, mask_key: its mask}``."""

    def __init__(self, env: gym.Env, obs_key: str = OBS_KEY, mask_key: str = MASK_KEY,
                 flatten_obs: Any = "auto") -> None:
        """``env``: a one-seat env of this package (a Discrete action space and its masks in
        ``info["action_mask"]`` or ``action_masks()``); ``flatten_obs``: see :func:`_flattening`."""
        super().__init__(env)
        if not isinstance(env.action_space, spaces.Discrete):
            raise ConfigError(f"MaskedObservation needs a Discrete action space, got {env.action_space}")
        self.obs_key, self.mask_key = check_keys(obs_key, mask_key)
        self.inner_space = env.observation_space
        self.flatten_obs = _flattening(flatten_obs, env.observation_space)
        inner = spaces.flatten_space(env.observation_space) if self.flatten_obs else env.observation_space
        self.observation_space = masked_space(inner, env.action_space.n, obs_key, mask_key)

    def _wrap(self, obs: Any, info: Mapping[str, Any]) -> dict[str, Any]:
        mask = _masks(info, lambda: self.env.get_wrapper_attr("action_masks")())
        if self.flatten_obs:
            obs = flat_rows(self.inner_space, obs, 1)[0]
        return {self.obs_key: obs, self.mask_key: mask}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict]:
        """The env's reset, the mask moved from the info into the observation."""
        obs, info = self.env.reset(seed=seed, options=options)
        return self._wrap(obs, info), _without_mask(info)

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict]:
        """The env's step, the mask moved from the info into the observation."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        return self._wrap(obs, info), reward, terminated, truncated, _without_mask(info)


class MaskedVectorObservation(gym.vector.VectorWrapper):
    """A vector env whose observations are ``{obs_key: [N, ...], mask_key: int8[N, A]}``."""

    def __init__(self, env: gym.vector.VectorEnv, obs_key: str = OBS_KEY, mask_key: str = MASK_KEY,
                 flatten_obs: Any = "auto") -> None:
        """``env``: a vector env of this package's one-seat envs (its masks in
        ``infos["action_mask"]``, or ``call("action_masks")``); ``flatten_obs`` as in
        :class:`MaskedObservation`."""
        super().__init__(env)
        single = env.single_action_space
        if not isinstance(single, spaces.Discrete):
            raise ConfigError(f"MaskedVectorObservation needs a Discrete action space, got {single}")
        self.obs_key, self.mask_key = check_keys(obs_key, mask_key)
        self.inner_space = env.single_observation_space
        self.flatten_obs = _flattening(flatten_obs, self.inner_space)
        inner = spaces.flatten_space(self.inner_space) if self.flatten_obs else self.inner_space
        self.single_observation_space = masked_space(inner, single.n, obs_key, mask_key)
        self.observation_space = batch_space(self.single_observation_space, env.num_envs)

    def _wrap(self, obs: Any, infos: Mapping[str, Any]) -> dict[str, Any]:
        masks = _masks(infos, lambda: np.stack(self.env.call("action_masks")))
        if self.flatten_obs:
            obs = flat_rows(self.inner_space, obs, self.num_envs)
        return {self.obs_key: obs, self.mask_key: masks}

    def reset(self, *, seed: Any = None, options: dict[str, Any] | None = None) -> tuple[Any, dict]:
        """The vector env's reset, the masks moved from the infos into the observations."""
        obs, infos = self.env.reset(seed=seed, options=options)
        return self._wrap(obs, infos), _without_mask(infos)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict]:
        """The vector env's step, the masks moved from the infos into the observations."""
        obs, rewards, terminated, truncated, infos = self.env.step(actions)
        return self._wrap(obs, infos), rewards, terminated, truncated, _without_mask(infos)


def _env_id(config: Mapping[str, Any]) -> str:
    import hydra_env  # noqa: F401  (registers the ids)

    env_id = config.get("env_id")
    if not isinstance(env_id, str) or env_id not in gym.registry:
        from hydra_env.envs.registration import ENV_IDS
        raise ConfigError(f"env_config['env_id'] must name a registered id ({', '.join(ENV_IDS)}), got {env_id!r}")
    return env_id


def make_single_agent_env(config: Mapping[str, Any] | None = None) -> gym.Env | gym.vector.VectorEnv:
    """RLlib's env creator for the one-seat envs (see the module docstring).

    ``config``: ``env_id`` (a registered id, required), ``obs_key``, ``mask_key`` and
    ``flatten_obs`` (optional: ``"auto"`` flattens an observation that is not a Box, as
    RLlib's default encoders need), the env's own keyword arguments (``opponents``, ``reward``, game parameters
    ...), and ``num_envs`` when RLlib asks for a vector env: then the id's batch env
    (``vectorization_mode="vector_entry_point"``), or, for an id without one, Gymnasium's
    ``SyncVectorEnv`` of single envs with a warning.
    """
    config = dict(config or {})
    env_id = _env_id(config)
    obs_key, mask_key = check_keys(config.get("obs_key", OBS_KEY), config.get("mask_key", MASK_KEY))
    flatten_obs = config.get("flatten_obs", "auto")
    kwargs = {k: v for k, v in config.items() if k not in _OWN_KEYS}
    if "num_envs" not in config:
        return MaskedObservation(gym.make(env_id, **kwargs), obs_key, mask_key, flatten_obs)
    num_envs = config["num_envs"]
    if gym.registry[env_id].vector_entry_point is None:
        warnings.warn(f"{env_id} has no batch env (vector_entry_point); RLlib gets Gymnasium's SyncVectorEnv "
                      f"of {num_envs} single envs", stacklevel=2)
        mode = "sync"
    else:
        mode = "vector_entry_point"
    vector = gym.make_vec(env_id, num_envs=num_envs, vectorization_mode=mode, **kwargs)
    return MaskedVectorObservation(vector, obs_key, mask_key, flatten_obs)
