"""``hydra-env train --engine rllib``: a tiny RLlib run writes an SB3 run's folder (resolved config,
TensorBoard, periodic evaluations, final report) plus RLlib's checkpoints; its exported policy
(``ppo:RUN``) plays legal games and gives the RLModule's probabilities and values; ``--resume``
continues from RLlib's checkpoint; the weights map onto the SB3 network column for column."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import OrderedDict
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

import torch  # noqa: E402
from gymnasium import spaces  # noqa: E402

from agents import cli  # noqa: E402
from agents.rllib.export import first_layer_columns  # noqa: E402

ENV = "hydra_env/Heroica-v0"
TINY = f"""\
default:
  env: {ENV}
  name: tiny
  env_kwargs: {{num_players: 2}}
  opponents: [random]
  n_envs: 2
  n_steps: 64
  batch_size: 64
  n_epochs: 1
  features_dim: 32
  net_arch: [16]
  total_timesteps: 256
  eval_freq: 128
  eval_games: 4
  checkpoint_freq: 128
  final_eval_games: 4
  progress_bar: false
"""
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One tiny RLlib training through the command line (local mode: no env runner process)."""
    folder = tmp_path_factory.mktemp("rllib_train")
    config = folder / "tiny.yaml"
    config.write_text(TINY)
    runs = folder / "runs"
    assert cli.main(["train", str(config), "--engine", "rllib", "--runs-dir", str(runs), "--workers", "1"]) == 0
    (found,) = list(runs.iterdir())
    return found


@pytest.mark.slow
def test_an_rllib_run_writes_the_run_folder_of_an_sb3_run(run: Path) -> None:
    assert "engine: \"rllib\"" in (run / "config.yaml").read_text()
    status = json.loads((run / "status.json").read_text())
    assert status["state"] == "done" and status["timesteps"] >= 256
    for name in ("run_id", "best_model.zip", "final_model.zip", "best.json", "eval/summary.json"):
        assert (run / name).is_file(), name
    assert json.loads((run / "eval" / "summary.json").read_text())["n_games"] == 4
    rllib = sorted((run / "checkpoints" / "rllib").iterdir())
    assert [p.name for p in rllib][-1].startswith("step_") and (rllib[-1] / "learner_group").is_dir()
    assert sorted(p.name for p in (run / "checkpoints").glob("step_*.zip"))
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    events = EventAccumulator(str(run / "tb" / "ppo_1"))
    events.Reload()
    tags = set(events.Tags()["scalars"])
    assert {"rollout/ep_rew_mean", "train/policy_gradient_loss", "train/value_loss", "train/entropy_loss",
            "eval/win_share", "eval/mean_reward", "time/fps"} <= tags
    assert "config" in str(events.Tags())


@pytest.mark.slow
def test_the_exported_policy_plays_only_legal_actions(run: Path) -> None:
    from agents.policy_files import load_model
    from hydra_env.envs.policy_env import make_env_for
    model = load_model(str(run / "best_model.zip"))
    env = make_env_for(str(run / "best_model.zip"), opponents=["random"])
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        done, steps = False, 0
        while not done:
            mask = np.asarray(env.unwrapped.action_masks(), dtype=bool)
            action, _ = model.predict(obs, action_masks=mask, deterministic=False)
            assert mask[int(action)]
            obs, _, terminated, truncated, info = env.step(int(action))
            done, steps = terminated or truncated, steps + 1
        assert steps > 0
    env.close()


@pytest.mark.slow
def test_hydra_env_evaluate_plays_ppo_run(run: Path, tmp_path: Path) -> None:
    out = tmp_path / "eval"
    assert cli.main(["evaluate", "--agent", f"ppo:{run}", "--game", "heroica", "--num-players", "2",
                     "--opponents", "random", "--games", "4", "--workers", "1", "--out", str(out),
                     "--no-progress"]) == 0
    assert json.loads((out / "summary.json").read_text())["n_games"] == 4


@pytest.mark.slow
def test_the_exported_policy_has_the_modules_probabilities_and_values(run: Path) -> None:
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.rl_module import RLModule

    from agents.policy_files import load_model
    from agents.rllib.envs import MaskedObservation
    from hydra_env.envs.policy_env import make_env_for
    step = sorted((run / "checkpoints" / "rllib").iterdir())[-1]
    module = RLModule.from_checkpoint(str(step / "learner_group" / "learner" / "rl_module" / "default_policy"))
    model = load_model(str(run / "checkpoints" / f"{step.name}.zip"))
    env = MaskedObservation(make_env_for(str(run / "best_model.zip"), opponents=["random"]))
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=5)
    compared = 0
    for _ in range(40):
        batch = {k: torch.as_tensor(np.asarray(v))[None] for k, v in obs.items()}
        with torch.no_grad():
            out = module.forward_inference({Columns.OBS: batch})
            theirs = torch.softmax(out[Columns.ACTION_DIST_INPUTS].double(), -1)[0].numpy()
            their_value = module.compute_values({Columns.OBS: batch})[0].item()
            tensor, _ = model.policy.obs_to_tensor(obs["observations"])
            mask = obs["action_mask"].astype(bool)[None]
            ours = model.policy.get_distribution(tensor, action_masks=mask).distribution.probs[0].double().numpy()
            our_value = model.policy.predict_values(tensor)[0].item()
        np.testing.assert_allclose(ours, theirs, atol=1e-6)
        assert our_value == pytest.approx(their_value, abs=1e-5)
        compared += 1
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            obs, _ = env.reset()
    assert compared == 40


@pytest.mark.slow
def test_resume_continues_from_rllibs_checkpoint(run: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / run.name
    shutil.copytree(run, copy)
    capsys.readouterr()
    assert cli.main(["train", "--resume", str(copy), "--set", "total_timesteps=384", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    last = sorted(p.name for p in (run / "checkpoints" / "rllib").iterdir())[-1]
    assert f"from checkpoints/rllib/{last}" in out
    status = json.loads((copy / "status.json").read_text())
    assert status["state"] == "done" and status["timesteps"] >= 384
    assert sorted(p.name for p in (copy / "checkpoints" / "rllib").iterdir())[-1] > last


def test_the_first_layer_takes_the_dict_parts_in_sb3s_order() -> None:
    space = spaces.Dict(OrderedDict([("b", spaces.Box(0, 1, (2,))), ("a", spaces.Box(0, 1, (3,)))]))
    assert list(first_layer_columns(space, ["a", "b"])) == [2, 3, 4, 0, 1]
    assert first_layer_columns(space, ["b", "a"]) is None


@pytest.mark.slow
@pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "python").is_file(), reason="no main venv (.venv) here")
def test_the_main_venv_without_ray_evaluates_the_run(run: Path, tmp_path: Path) -> None:
    """``ppo:RUN`` in the main venv, where ``ray.rllib`` does not import."""
    python = str(ROOT / ".venv" / "bin" / "python")
    probe = subprocess.run([python, "-c", "import ray.rllib"], capture_output=True)
    if probe.returncode == 0:
        pytest.skip("ray.rllib imports in .venv too")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "HYDRA_ENV_NATIVE_DIR")}
    done = subprocess.run([python, "-m", "agents.cli", "evaluate", "--agent", f"ppo:{run}", "--game", "heroica",
                           "--num-players", "2", "--opponents", "random", "--games", "2", "--workers", "1",
                           "--no-progress", "--out", str(tmp_path / "eval")],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert sys.executable != python


@pytest.mark.parametrize(("env_id", "fields"), [
    ("hydra_env/Heroica-v0", ["features_dim=24", "net_arch=[16, 8]"]),      # a Box, one shared layer
    ("hydra_env/Heroica-v0", ["features_dim=0", "net_arch=[16]", "policy=MlpPolicy"]),   # own layers each
    ("hydra_env/Solo-v0", ["features_dim=16", "net_arch=[8]"]),             # a Dict, flattened for RLlib
])
def test_the_modules_weights_give_the_sb3_policy_the_same_probabilities(env_id: str, fields: list[str]) -> None:
    """No training: a fresh module of the config's network, its weights copied into the mirror."""
    import gymnasium as gym
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from agents.rllib.envs import MaskedObservation
    from agents.rllib.export import copy_weights, mirror_model, model_config
    from agents.rllib.modules import MaskedPPOTorchRLModule
    from agents.train.config import load_config
    from agents.train.environments import env_kwargs
    config = load_config(None, [f"env={env_id}", "opponents=[random]", "engine=rllib", *fields])
    env = MaskedObservation(gym.make(env_id, **env_kwargs(config, None)))
    torch.manual_seed(0)
    module = RLModuleSpec(module_class=MaskedPPOTorchRLModule, observation_space=env.observation_space,
                          action_space=env.action_space, model_config=model_config(config)).build()
    model = copy_weights(module.state_dict(), mirror_model(config, None), shared=bool(config.features_dim))
    raw, info = env.env.reset(seed=1)
    for _ in range(5):
        obs = env._wrap(raw, info)                       # the module's (flattened) observation of `raw`
        batch = {k: torch.as_tensor(np.asarray(v))[None] for k, v in obs.items()}
        with torch.no_grad():
            theirs = torch.softmax(module.forward_inference({Columns.OBS: batch})[Columns.ACTION_DIST_INPUTS]
                                   .double(), -1)[0].numpy()
            their_value = module.compute_values({Columns.OBS: batch})[0].item()
            tensor, _ = model.policy.obs_to_tensor(raw)
            mask = obs["action_mask"].astype(bool)[None]
            ours = model.policy.get_distribution(tensor, action_masks=mask).distribution.probs[0].double().numpy()
            our_value = model.policy.predict_values(tensor)[0].item()
        np.testing.assert_allclose(ours, theirs, atol=1e-6)
        assert our_value == pytest.approx(their_value, abs=1e-5)
        raw, _, terminated, truncated, info = env.env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if terminated or truncated:
            raw, info = env.env.reset()
