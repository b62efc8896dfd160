"""agents.train.vec_env.BatchVecEnv: SB3's VecEnv over a game batch, equal to DummyVecEnv."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="needs the train extra (sb3-contrib)")

import torch  # noqa: E402
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv, VecMonitor  # noqa: E402

import hydra_env  # noqa: E402, F401
from agents.train import trainer  # noqa: E402
from agents.train.config import load_config  # noqa: E402
from agents.train.vec_env import BatchVecEnv, make_vector_env  # noqa: E402
from hydra_env import ConfigError  # noqa: E402


def same(a: Any, b: Any, where: str = "") -> None:
    if isinstance(a, dict):
        assert isinstance(b, dict) and set(a) == set(b), (where, sorted(a), sorted(b))
        for k in a:
            same(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{where}[{i}]")
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and np.array_equal(a, b), where
    else:
        assert a == b, (where, a, b)


@pytest.mark.parametrize("env_id,kwargs", [
    ("hydra_env/Solo-v0", {"reward": "shaped", "candidates": 6, "max_steps": 25}),
    ("hydra_env/Coop-v0", {"seat": "random", "opponents": ["random"]}),
])
def test_batch_vec_env_equals_dummy_vec_env_step_for_step(env_id, kwargs):
    n = 3
    batch = BatchVecEnv(make_vector_env(env_id, n, **kwargs))
    dummy = DummyVecEnv([functools.partial(gym.make, env_id, **kwargs)] * n)
    assert batch.observation_space == dummy.observation_space
    assert batch.seed(4) == dummy.seed(4)
    same(batch.reset(), dummy.reset(), "reset")
    same(batch.reset_infos, dummy.reset_infos, "reset_infos")
    rng = np.random.default_rng(0)
    dones = 0
    for t in range(150):
        masks = get_action_masks(batch)
        assert np.array_equal(masks, get_action_masks(dummy))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        out_b = batch.step(actions)
        out_d = dummy.step(actions)
        same(out_b, out_d, f"step {t}")
        same(batch.reset_infos, dummy.reset_infos, f"reset_infos {t}")
        dones += int(out_b[2].sum())
        assert all(("terminal_observation" in info) == bool(d) for info, d in zip(out_b[3], out_b[2]))
    assert dones >= 2


def test_masks_are_found_by_maskable_ppo_through_vec_monitor():
    venv = VecMonitor(BatchVecEnv(make_vector_env("hydra_env/Solo-v0", 2)))
    assert is_masking_supported(venv)
    venv.seed(0)
    venv.reset()
    masks = get_action_masks(venv)
    assert masks.shape == (2, 1826) and masks.dtype == np.int8 and masks.any(axis=1).all()
    assert venv.get_attr("candidates") == [0, 0]
    assert venv.env_is_wrapped(gym.Wrapper) == [False, False]
    with pytest.raises(ConfigError, match="set_attr"):
        venv.set_attr("candidates", 3)


def test_batch_vec_env_refuses_next_step_autoreset_and_other_envs():
    nxt = gym.make_vec("hydra_env/Solo-v0", num_envs=2, vectorization_mode="vector_entry_point")
    with pytest.raises(ConfigError, match="SameStep"):
        BatchVecEnv(nxt.unwrapped)
    with pytest.raises(ConfigError, match="vec_env: dummy"):
        make_vector_env("hydra_env/Hydras-v0", 2)


def trained_parameters(vec: str) -> torch.Tensor:
    config = load_config("solo_ppo", [f"vec_env={vec}", "total_timesteps=128", "n_steps=32",
                                      "batch_size=64", "n_epochs=1", "eval_freq=0", "bc_games=0",
                                      "final_eval_games=0", "checkpoint_freq=0", "progress_bar=false",
                                      "candidates=32"])
    torch.set_num_threads(1)
    with tempfile.TemporaryDirectory() as tmp:
        venv = trainer.make_vec_env(config, Path(tmp), config.seed)
        model = trainer.new_model(config, venv, Path(tmp))
        model.learn(config.total_timesteps)
        venv.close()
    return torch.cat([p.detach().flatten() for p in model.policy.parameters()])


def test_training_on_the_batch_vec_env_is_identical_to_dummy_vec_env_for_a_seed():
    batch = trained_parameters("batch")
    assert torch.equal(batch, trained_parameters("dummy"))
    assert torch.equal(batch, trained_parameters("batch"))          # and deterministic
