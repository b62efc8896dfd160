"""Heroica's ids as vector envs: the rows of ``gym.make_vec(..., "vector_entry_point")`` play
exactly as the single envs in a ``SyncVectorEnv`` (rewards, the solo turn limit reported as
truncation, auto-reset), over the shared batch API."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from hydra_env.envs.registration import register_envs
from hydra_env.envs.vector.game_vector import GameVectorEnv


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize("env_id, kwargs", [("hydra_env/HeroicaSolo-v0", {"hero": "wizard"}),
                                            ("hydra_env/Heroica-v0", {"num_players": 3}),
                                            ("hydra_env/HeroicaBattle-v0", {})])
def test_hr36_a_heroica_vector_env_steps_as_its_single_envs(env_id, kwargs, mode) -> None:
    register_envs()
    n = 3
    vector = gym.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point", autoreset_mode=mode,
                          **kwargs)
    assert isinstance(vector.unwrapped, GameVectorEnv)
    single = SyncVectorEnv([lambda: gym.make(env_id, **kwargs) for _ in range(n)], autoreset_mode=mode)
    obs_v, _ = vector.reset(seed=3)
    obs_s, info_s = single.reset(seed=3)
    assert np.array_equal(obs_v, obs_s)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(250):
        masks = vector.unwrapped.action_masks()
        assert np.array_equal(masks, np.stack(info_s["action_mask"]))
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        out_v, out_s = vector.step(actions), single.step(actions)
        for a, b in zip(out_v[:4], out_s[:4]):
            assert np.array_equal(a, b)
        info_s = out_s[4]
        ended += int(out_v[2].sum() + out_v[3].sum())
    assert ended > 0
