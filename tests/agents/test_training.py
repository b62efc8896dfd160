"""hydra-env train: configs, run folders, resume after a kill, determinism, policies."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
import yaml

import hydra_env

pytest.importorskip("sb3_contrib")

from helpers.paths import ROOT  # noqa: E402

from agents import cli  # noqa: E402
from agents.train import trainer  # noqa: E402
from agents.train.config import load_config  # noqa: E402
from hydra_env import ConfigError  # noqa: E402

TINY = ["total_timesteps=512", "n_envs=2", "n_steps=64", "batch_size=64", "n_epochs=1",
        "net_arch=[32]", "features_dim=16", "eval_freq=256", "eval_games=3", "checkpoint_freq=256",
        "final_eval_games=4", "progress_bar=false", "bc_games=2", "bc_epochs=1", "bc_workers=1"]


def _sets(items: list[str]) -> list[str]:
    out = []
    for item in items:
        out += ["--set", item]
    return out


def test_config_unknown_field_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "c.yaml"
    bad.write_text("default:\n  totl_timesteps: 5\n")
    with pytest.raises(ConfigError, match="unknown field 'totl_timesteps'.*total_timesteps"):
        load_config(bad)


def test_config_ill_typed_field_is_named() -> None:
    with pytest.raises(ConfigError, match="'n_envs' must be an integer"):
        load_config(None, ["n_envs=two"])
    with pytest.raises(ConfigError, match="'vec_env' must be one of"):
        load_config(None, ["vec_env=threads"])


def test_config_exponent_floats_load_and_round_trip(tmp_path: Path) -> None:
    # PyYAML reads `1e-5` (no dot) as a string; the loader takes it as the number it is,
    # and a run's resolved config.yaml (what --resume reads) loads back unchanged.
    src = tmp_path / "c.yaml"
    src.write_text("default:\n  learning_rate: 3e-05\n  total_timesteps: 2e6\n")
    config = load_config(src)
    assert config.learning_rate == 3e-05 and config.total_timesteps == 2_000_000
    from agents.train.config import dump_config
    dump_config(config, tmp_path / "resolved.yaml")
    assert load_config(tmp_path / "resolved.yaml") == config
    with pytest.raises(ConfigError, match="learning_rate"):
        load_config(None, ["learning_rate=fast"])


def test_config_env_block_is_laid_over_default() -> None:
    c = load_config(ROOT / "configs" / "coop_ppo.yaml")
    assert c.env == "hydra_env/Coop-v0"
    assert c.env_kwargs["scenario"] == 1
    s = load_config(ROOT / "configs" / "solo_ppo.yaml", ["total_timesteps=2e6"])
    assert s.env == "hydra_env/Solo-v0" and s.total_timesteps == 2_000_000


def test_cli_train_bad_config_exits_2_without_a_run_folder(tmp_path: Path, capsys) -> None:
    code = cli.main(["train", str(ROOT / "configs" / "solo_ppo.yaml"), "--set", "seeed=1",
                     "--runs-dir", str(tmp_path)])
    assert code == 2
    assert "unknown field 'seeed'" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_train_leaves_a_complete_run_folder(tmp_path: Path) -> None:
    code = cli.main(["train", str(ROOT / "configs" / "solo_ppo.yaml"), *_sets(TINY),
                     "--runs-dir", str(tmp_path), "--workers", "1"])
    assert code == 0
    (run,) = trainer.run_folders(tmp_path)
    assert run.name.startswith("Solo-v0__ppo__0__")
    for name in ("config.yaml", "best_model.zip", "final_model.zip", "best.json", "warm_start.json",
                 "warm_start.zip", "eval/games.csv", "eval/summary.json", "eval/scores.png"):
        assert (run / name).is_file(), name
    assert json.loads((run / "status.json").read_text())["state"] == "done"
    assert list((run / "checkpoints").glob("step_*.zip"))
    events = list((run / "tb").rglob("events.out.tfevents*"))
    assert events
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    tags = set()
    for e in events:
        acc = EventAccumulator(str(e))
        acc.Reload()
        tags |= set(acc.Tags()["scalars"])
    assert {"eval/solo_score_mean", "eval/solo_win_rate"} <= tags
    summary = json.loads((run / "eval" / "summary.json").read_text())
    assert summary["n_games"] == 4
    # The resolved config is itself a loadable config that repeats the run.
    assert load_config(run / "config.yaml").total_timesteps == 512


def test_resume_after_kill_continues_from_the_last_checkpoint(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "agents.cli", "train", str(ROOT / "configs" / "solo_ppo.yaml"),
            *_sets(TINY[1:] + ["total_timesteps=200000", "eval_freq=0", "checkpoint_freq=256"]),
            "--runs-dir", str(tmp_path)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            runs = trainer.run_folders(tmp_path)
            if runs and len(list((runs[0] / "checkpoints").glob("step_*[0-9].zip"))) >= 2:
                break
            time.sleep(0.2)
        else:
            pytest.fail("no checkpoint written within 120 s")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    (run,) = trainer.run_folders(tmp_path)
    done = max(int(p.stem.split("_")[1]) for p in (run / "checkpoints").glob("step_*[0-9].zip"))
    assert done >= 256
    target = done + 256
    code = cli.main(["train", "--resume", str(run), "--set", f"total_timesteps={target}",
                     "--set", "final_eval_games=0", "--workers", "1"])
    assert code == 0
    from sb3_contrib import MaskablePPO
    model = MaskablePPO.load(run / "final_model.zip")
    assert model.num_timesteps >= target          # the step count went on, not from 0
    assert model.num_timesteps < done + 256 + 2 * 64 * 2
    assert json.loads((run / "status.json").read_text())["state"] == "done"


def test_resume_of_a_folder_without_checkpoints_is_an_error(tmp_path: Path, capsys) -> None:
    assert cli.main(["train", "--resume", str(tmp_path)]) == 2
    assert "not a run folder" in capsys.readouterr().err


def _train_and_act(tmp_path: Path, tag: str) -> np.ndarray:
    config = load_config(ROOT / "configs" / "solo_ppo.yaml",
                         TINY + ["eval_freq=0", "final_eval_games=0", "checkpoint_freq=0"])
    run = trainer.prepare_run(config, tmp_path / tag)
    trainer.train(config, run)
    from sb3_contrib import MaskablePPO
    model = MaskablePPO.load(run / "final_model.zip")
    assert config.policy == "CandidatePolicy" and config.bc_games > 0   # the default's path
    env = trainer.env_factory(config, None)()
    actions = []
    obs, info = env.reset(seed=123)
    for _ in range(40):
        a, _ = model.predict(obs, action_masks=info["action_mask"], deterministic=True)
        actions.append(int(a))
        obs, _, term, trunc, info = env.step(a)
        if term or trunc:
            obs, info = env.reset()
    return np.asarray(actions)


def test_training_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    a = _train_and_act(tmp_path, "a")
    b = _train_and_act(tmp_path, "b")
    assert (a == b).all()


def test_ppo_agent_spec_errors_are_clear(tmp_path: Path, capsys) -> None:
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"not a zip")
    code = cli.main(["evaluate", "--agent", f"ppo:{broken}", "--games", "1",
                     "--out", str(tmp_path / "out")])
    assert code == 2
    err = capsys.readouterr().err
    assert "not a valid .zip" in err and str(broken) in err
    assert cli.main(["evaluate", "--agent", "ppo:no/such/model.zip", "--games", "1",
                     "--out", str(tmp_path / "out2")]) == 2
    assert "not found" in capsys.readouterr().err


def test_coop_training_with_selfplay_pool_refreshes_frozen_learners(tmp_path: Path) -> None:
    # Issue 6 item 4: opponents per episode from the scripted mix and, with
    # selfplay_prob, from frozen past learners written every selfplay_refresh steps.
    sets = [s for s in TINY if not s.startswith(("total_timesteps", "final_eval"))]
    config = load_config(ROOT / "configs" / "coop_ppo.yaml",
                         sets + ["total_timesteps=768", "final_eval_games=0", "selfplay_prob=0.5",
                                 "selfplay_refresh=256", "selfplay_pool=2",
                                 "opponents=[heuristic, random]", "opponent_weights=[1, 3]"])
    run = trainer.prepare_run(config, tmp_path)
    trainer.train(config, run)
    frozen = sorted((run / "pool").glob("frozen_*.zip"))
    assert len(frozen) == 2                      # refreshed, the oldest dropped (pool of 2)
    assert int(frozen[-1].stem.split("_")[1]) >= 512
    assert json.loads((run / "status.json").read_text())["state"] == "done"


def test_opponent_pool_samples_scripted_mix_and_frozen_learners(tmp_path: Path) -> None:
    from agents.ppo_bot import POLICY_DIR, PPOBot
    from agents.train.selfplay import OpponentPool
    pool = OpponentPool(["heuristic", "random"], [1, 3])
    names = [pool.sample(seed).name for seed in range(400)]
    assert 0.65 < names.count("random") / 400 < 0.85          # weights 1 : 3
    assert pool.sample(7).name == pool.sample(7).name          # same seed, same opponent
    (tmp_path / "pool").mkdir()
    import shutil
    shutil.copyfile(POLICY_DIR / "coop-default.zip", tmp_path / "pool" / "frozen_0000000256.zip")
    mixed = OpponentPool(["random"], pool_dir=tmp_path / "pool", selfplay_prob=0.5)
    bots = [mixed.sample(seed) for seed in range(40)]
    frozen = sum(isinstance(b, PPOBot) for b in bots)
    assert 8 < frozen < 32


def test_export_ships_a_run_with_its_provenance_and_rejects_a_bad_folder(tmp_path: Path) -> None:
    from agents.ppo_bot import PPOBot
    from agents.train import export
    config = load_config(ROOT / "configs" / "solo_ppo.yaml", TINY + ["checkpoint_freq=0"])
    run = trainer.prepare_run(config, tmp_path / "runs")
    trainer.train(config, run)
    target = tmp_path / "policies"
    assert export.main([str(run), "tiny", "--command", "hydra-env train X",
                        "--target", str(target)]) == 0
    assert sorted(p.name for p in target.iterdir()) == ["tiny.yaml", "tiny.zip"]
    meta = yaml.safe_load((target / "tiny.yaml").read_text())
    assert meta["command"] == "hydra-env train X" and meta["run"] == run.name
    assert meta["final_report"]["n_games"] == 4 and "warm_start" in meta
    # Without the optimizer state the file is smaller; the policy acts the same.
    assert (target / "tiny.zip").stat().st_size < (run / "best_model.zip").stat().st_size
    game = hydra_env.Game.new(scenario=10, seed=5)
    a = PPOBot(str(target / "tiny.zip")).act(game.view(0), game.legal_actions())
    b = PPOBot(str(run / "best_model.zip")).act(game.view(0), game.legal_actions())
    assert a == b
    # A folder that is not a run: a clear error, nothing written.
    (tmp_path / "empty").mkdir()
    assert export.main([str(tmp_path / "empty"), "bad", "--command", "c",
                        "--target", str(target)]) == 2
    assert sorted(p.name for p in target.iterdir()) == ["tiny.yaml", "tiny.zip"]


def test_warm_start_records_the_digest_of_a_trained_teacher(tmp_path: Path) -> None:
    """Imitating ppo-search over a shipped policy pins that policy's file in
    warm_start.json; the imitating model is kept as warm_start.zip."""
    import hashlib

    from agents.ppo_bot import POLICY_DIR
    code = cli.main(["train", str(ROOT / "configs" / "solo_ppo.yaml"), *_sets(TINY),
                     "--set", "bc_teacher=ppo-search:solo-default,budget=2", "--set", "bc_games=1",
                     "--set", "final_eval_games=0", "--runs-dir", str(tmp_path), "--workers", "1"])
    assert code == 0
    (run,) = trainer.run_folders(tmp_path)
    record = json.loads((run / "warm_start.json").read_text())
    digest = hashlib.sha256((POLICY_DIR / "solo-default.zip").read_bytes()).hexdigest()
    assert record["teacher_file"] == "solo-default.zip" and record["teacher_sha256"] == digest
    assert (run / "warm_start.zip").is_file()


def test_a_scripted_teacher_has_no_policy_digest(tmp_path: Path) -> None:
    code = cli.main(["train", str(ROOT / "configs" / "solo_ppo.yaml"), *_sets(TINY),
                     "--set", "bc_teacher=heuristic", "--set", "final_eval_games=0",
                     "--runs-dir", str(tmp_path), "--workers", "1"])
    assert code == 0
    (run,) = trainer.run_folders(tmp_path)
    record = json.loads((run / "warm_start.json").read_text())
    assert record["teacher"] == "heuristic" and "teacher_sha256" not in record
