"""Vector envs (Gymnasium Sync/Async, SB3 Dummy/Subproc) and a MaskablePPO smoke run."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import hydra_env  # noqa: F401  (registers the ids)
from hydra_env.games.hydra.envs.solo_env import SoloEnv


def picks(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    out = []
    for m in masks:
        legal = np.flatnonzero(m)
        out.append(int(legal[rng.integers(len(legal))]) if len(legal) else 0)
    return np.array(out)


@pytest.mark.parametrize("mode,n", [("sync", 8), ("async", 3)])
@pytest.mark.parametrize("env_id", ["hydra_env/Solo-v0", "hydra_env/Coop-v0"])
def test_gymnasium_vector_envs(env_id, mode, n):
    envs = gym.make_vec(env_id, num_envs=n, vectorization_mode=mode)
    obs, info = envs.reset(seed=0)
    assert obs["board"].shape == (n, 29, 11, 9) and obs["board"].dtype == np.float32
    assert info["action_mask"].shape == (n, 1826) and info["action_mask"].dtype == np.int8
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(60):
        masks = np.stack(envs.call("action_masks"))
        assert (masks == info["action_mask"]).all()
        obs, reward, terminated, truncated, info = envs.step(picks(info["action_mask"], rng))
        assert obs["features"].shape == (n, 1096) and reward.shape == (n,)
        ended += int(terminated.sum())
    assert ended > 0 or env_id.endswith("Coop-v0")
    envs.close()


def make_solo(flatten: bool = False):
    return lambda: SoloEnv(flatten=flatten)


@pytest.mark.parametrize("vec", ["dummy", "subproc"])
def test_sb3_vec_envs_give_masks_through_env_method(vec):
    pytest.importorskip("sb3_contrib", reason="needs the train extra (sb3-contrib)")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    cls = DummyVecEnv if vec == "dummy" else SubprocVecEnv
    kwargs = {} if vec == "dummy" else {"start_method": "fork"}
    venv = cls([make_solo(), make_solo()], **kwargs)
    venv.seed(0)
    venv.reset()
    assert is_masking_supported(venv)
    rng = np.random.default_rng(0)
    for _ in range(40):
        masks = get_action_masks(venv)
        assert masks.shape == (2, 1826) and masks.any(axis=1).all()
        venv.step(picks(masks, rng))
    venv.close()


def test_maskable_ppo_learns_64_steps_on_subproc_and_dummy_vec_envs():
    pytest.importorskip("sb3_contrib", reason="needs the train extra (sb3-contrib, torch)")
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    venv = SubprocVecEnv([make_solo(), make_solo()], start_method="fork")
    model = MaskablePPO("MultiInputPolicy", venv, n_steps=32, batch_size=32, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [32]}, device="cpu")
    model.learn(64)
    venv.close()
    venv = DummyVecEnv([make_solo(flatten=True)])
    model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=32, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [32]}, device="cpu")
    model.learn(64)
    obs = venv.reset()
    action, _ = model.predict(obs, action_masks=np.stack(venv.env_method("action_masks")))
    assert venv.env_method("action_masks")[0][int(action[0])]
