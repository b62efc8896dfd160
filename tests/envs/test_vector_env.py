"""The vector envs of hydra_env.envs.vector: make_vec(..., "vector_entry_point") is N single envs."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv

import hydra_env  # noqa: F401  (registers the ids)
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydra.envs.vector.coop import CoopVectorEnv
from hydra_env.games.hydra.envs.vector.solo import SoloVectorEnv


def picks(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random legal action per row (0 where nothing is legal: an ended row)."""
    return np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])


def assert_same(a: Any, b: Any, where: str = "") -> None:
    """Equal nested dicts / arrays / object arrays / scalars."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and set(a) == set(b), (where, sorted(a), sorted(b))
        for k in a:
            assert_same(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, tuple):
        assert isinstance(b, tuple) and len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same(x, y, f"{where}[{i}]")
    elif isinstance(a, np.ndarray) and a.dtype == object:
        assert b.shape == a.shape, where
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same(x, y, f"{where}[{i}]")
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and np.array_equal(a, b), where
    else:
        assert a == b, (where, a, b)


def run_both(env_id: str, n: int, steps: int, mode: str, seed: Any, **kwargs: Any) -> int:
    vec = gym.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point",
                       autoreset_mode=mode, **kwargs)
    ref = SyncVectorEnv([lambda: gym.make(env_id, **kwargs)] * n, autoreset_mode=mode)
    assert vec.metadata["autoreset_mode"] == AutoresetMode(mode)
    assert vec.single_observation_space == ref.single_observation_space
    assert vec.observation_space == ref.observation_space and vec.action_space == ref.action_space
    o1, i1 = vec.reset(seed=seed)
    o2, i2 = ref.reset(seed=seed)
    assert_same(o1, o2, "reset obs")
    assert_same(i1, i2, "reset info")
    rng = np.random.default_rng(1)
    ends = 0
    for t in range(steps):
        actions = picks(i1["action_mask"], rng)
        assert np.array_equal(vec.action_masks(), i1["action_mask"])
        out1, out2 = vec.step(actions), ref.step(actions)
        for name, x, y in zip(("obs", "reward", "terminated", "truncated", "info"), out1, out2):
            assert_same(x, y, f"step {t} {name}")
        o1, r1, te1, tr1, i1 = out1
        ends += int(te1.sum() + tr1.sum())
    vec.close()
    ref.close()
    return ends


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
@pytest.mark.parametrize("kwargs", [{}, {"reward": "shaped", "flatten": True},
                                    {"candidates": 8, "reward": "shaped", "max_steps": 15}])
def test_solo_vector_env_equals_sync_vector_env_of_single_envs(mode, kwargs):
    ends = run_both("hydra_env/Solo-v0", 3, 120, mode, 7, **kwargs)
    assert ends >= 3                     # episodes ended and auto-reset within the run


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
@pytest.mark.parametrize("kwargs", [{"seat": "random", "reward": "mixed"},
                                    {"seat": 2, "opponents": ["random", "greedy", "random"],
                                     "candidates": 4, "flatten": True}])
def test_coop_vector_env_equals_sync_vector_env_of_single_envs(mode, kwargs):
    ends = run_both("hydra_env/Coop-v0", 3, 150, mode, [11, 3, 5], **kwargs)
    assert ends >= 1


def test_illegal_action_penalty_is_a_per_row_no_op_as_in_the_single_env():
    ends = 0
    kwargs = {"illegal_action": "penalty", "illegal_penalty": -0.5, "max_steps": 6}
    vec = SoloVectorEnv(2, **kwargs)
    ref = SyncVectorEnv([lambda: gym.make("hydra_env/Solo-v0", **kwargs)] * 2)
    o1, i1 = vec.reset(seed=0)
    ref.reset(seed=0)
    for _ in range(14):
        actions = np.array([0, picks(i1["action_mask"][1:], np.random.default_rng(0))[0]])
        out1, out2 = vec.step(actions), ref.step(actions)
        for x, y in zip(out1, out2):
            assert_same(x, y)
        i1 = out1[4]
        ends += int(out1[3].sum())
    assert ends >= 2                     # truncated by max_steps


def test_illegal_action_raises_naming_the_env_and_changes_nothing():
    vec = SoloVectorEnv(2)
    obs, info = vec.reset(seed=0)
    good = picks(info["action_mask"], np.random.default_rng(0))
    bad = good.copy()
    bad[1] = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
    with pytest.raises(IllegalActionError, match=r"env 1: .*masked out by action_masks"):
        vec.step(bad)
    with pytest.raises(IllegalActionError, match="no index of the action space"):
        vec.step(np.array([good[0], 1826]))
    with pytest.raises(IllegalActionError, match="one integer action per env"):
        vec.step(np.array([0.0, 1.0]))
    ref = SoloVectorEnv(2)
    ref.reset(seed=0)
    assert_same(vec.step(good), ref.step(good))        # the failed steps changed no row


def test_step_before_reset_and_bad_arguments_are_clear_errors():
    with pytest.raises(gym.error.ResetNeeded):
        SoloVectorEnv(2).step(np.array([0, 0]))
    with pytest.raises(ConfigError, match="autoreset_mode"):
        SoloVectorEnv(2, autoreset_mode="Disabled")
    with pytest.raises(ConfigError, match="num_envs"):
        SoloVectorEnv(0)
    with pytest.raises(ConfigError, match="not a solo scenario"):
        SoloVectorEnv(2, scenario=1)
    with pytest.raises(ConfigError, match="one seed per env"):
        SoloVectorEnv(2).reset(seed=[1, 2, 3])


def test_make_vec_defaults_to_the_vector_entry_point_and_sync_still_works():
    assert isinstance(gym.make_vec("hydra_env/Solo-v0", num_envs=2).unwrapped, SoloVectorEnv)
    coop = gym.make_vec("hydra_env/Coop-v0", num_envs=2, vectorization_mode="vector_entry_point")
    assert isinstance(coop.unwrapped, CoopVectorEnv)
    assert isinstance(gym.make_vec("hydra_env/Solo-v0", num_envs=2, vectorization_mode="sync"),
                      SyncVectorEnv)


def test_reset_mask_resets_only_the_masked_rows():
    vec = SoloVectorEnv(3)
    obs, info = vec.reset(seed=0)
    stepped = vec.step(picks(info["action_mask"], np.random.default_rng(0)))[0]
    obs2, info2 = vec.reset(options={"reset_mask": np.array([False, True, False])})
    assert info2["_action_mask"].tolist() == [False, True, False]
    single = gym.make("hydra_env/Solo-v0")
    single.reset(seed=1)
    again, _ = single.reset()                  # row 1's second game, from its own generator
    assert np.array_equal(obs2["features"][1], again["features"])
    assert np.array_equal(obs2["features"][0], stepped["features"][0])     # row 0 untouched


def test_render_gives_one_frame_per_env():
    vec = SoloVectorEnv(2, render_mode="ansi")
    vec.reset(seed=0)
    frames = vec.render()
    assert len(frames) == 2 and all(isinstance(f, str) and f for f in frames)
