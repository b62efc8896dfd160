"""The one-seat envs with the mask in the observation, and the native vector env RLlib gets."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

pytest.importorskip("ray.rllib")

from agents.rllib import MASK_KEY, OBS_KEY  # noqa: E402
from agents.rllib.envs import MaskedObservation, make_single_agent_env  # noqa: E402
from hydra_env.envs.registration import ENV_IDS, VECTOR_ENTRY_POINTS  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402

IDS = sorted(ENV_IDS)
VECTOR_IDS = sorted(VECTOR_ENTRY_POINTS)


def assert_same(a, b, where: str) -> None:
    """Two observations (arrays or dicts of them) equal entry for entry, dtypes included."""
    if isinstance(a, dict):
        assert a.keys() == b.keys(), where
        for key in a:
            assert_same(a[key], b[key], f"{where}[{key}]")
    else:
        a, b = np.asarray(a), np.asarray(b)
        assert a.dtype == b.dtype, where
        np.testing.assert_array_equal(a, b, err_msg=where)


def legal_choice(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One legal action per row (0 for a row with none: a finished row, whose action is ignored)."""
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks], np.int64)


@pytest.mark.parametrize("env_id", IDS)
def test_the_observation_holds_the_int8_mask_of_the_env_and_the_info_no_copy_of_it(env_id):
    env = make_single_agent_env({"env_id": env_id})
    rng = np.random.default_rng(1)
    obs, info = env.reset(seed=3)
    for _ in range(20):
        assert env.observation_space.contains(obs)
        assert obs[MASK_KEY].dtype == np.int8
        np.testing.assert_array_equal(obs[MASK_KEY], env.get_wrapper_attr("action_masks")())
        assert "action_mask" not in info
        if not obs[MASK_KEY].any():
            break
        obs, _, terminated, truncated, info = env.step(int(legal_choice(obs[MASK_KEY][None], rng)[0]))
        if terminated or truncated:
            obs, info = env.reset()
    assert set(obs) == {OBS_KEY, MASK_KEY}


def test_the_keys_are_configurable():
    env = make_single_agent_env({"env_id": IDS[0], "obs_key": "obs", "mask_key": "legal"})
    obs, _ = env.reset(seed=0)
    assert set(obs) == {"obs", "legal"} == set(env.observation_space.spaces)


@pytest.mark.parametrize("keys", [("same", "same"), ("", MASK_KEY), (OBS_KEY, 3)])
def test_bad_keys_are_refused_with_a_clear_error(keys):
    with pytest.raises(ConfigError, match="key"):
        MaskedObservation(gym.make(IDS[0]), *keys)


def test_an_unknown_env_id_is_refused_naming_the_ids():
    with pytest.raises(ConfigError, match="registered id"):
        make_single_agent_env({"env_id": "hydra_env/Nothing-v0"})


@pytest.mark.parametrize("env_id", VECTOR_IDS)
def test_the_vector_entry_point_gives_the_ids_batch_env(env_id):
    env = make_single_agent_env({"env_id": env_id, "num_envs": 3})
    assert not isinstance(env.unwrapped, gym.vector.SyncVectorEnv)
    assert env.observation_space.contains(env.reset(seed=0)[0])


@pytest.mark.parametrize("env_id", VECTOR_IDS)
def test_the_native_vector_env_equals_n_single_envs_row_for_row(env_id):
    n, steps = 4, 60
    vector = make_single_agent_env({"env_id": env_id, "num_envs": n})
    singles = gym.vector.SyncVectorEnv([lambda: make_single_agent_env({"env_id": env_id}) for _ in range(n)])
    rng = np.random.default_rng(7)
    obs_v, _ = vector.reset(seed=11)
    obs_s, _ = singles.reset(seed=11)
    assert_same(obs_v, obs_s, "reset")
    for t in range(steps):
        actions = legal_choice(obs_v[MASK_KEY], rng)
        obs_v, rew_v, term_v, trunc_v, _ = vector.step(actions)
        obs_s, rew_s, term_s, trunc_s, _ = singles.step(actions)
        assert_same(obs_v, obs_s, f"step {t}")
        np.testing.assert_allclose(rew_v, rew_s, err_msg=f"rewards, step {t}")
        np.testing.assert_array_equal(term_v, term_s, err_msg=f"terminated, step {t}")
        np.testing.assert_array_equal(trunc_v, trunc_s, err_msg=f"truncated, step {t}")


def test_rllibs_env_runner_samples_the_native_vector_env_and_only_legal_actions():
    from ray.rllib.env.single_agent_env_runner import SingleAgentEnvRunner

    from agents.rllib.config import ppo_config
    env_id = VECTOR_IDS[0]
    config = ppo_config(env_config={"env_id": env_id}, num_envs_per_env_runner=4).rl_module(
        model_config={"fcnet_hiddens": [16]})
    runner = SingleAgentEnvRunner(config=config)
    try:
        assert type(runner.env.unwrapped) is type(make_single_agent_env({"env_id": env_id, "num_envs": 4}).unwrapped)
        steps = illegal = 0
        for episode in runner.sample(num_timesteps=200):
            masks, actions = episode.get_observations()[MASK_KEY], episode.get_actions()
            steps += len(actions)
            illegal += sum(int(masks[t][a] == 0) for t, a in enumerate(actions))
        assert steps >= 200 and illegal == 0
    finally:
        runner.stop()
