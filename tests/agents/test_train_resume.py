"""hydra-env train --resume and the run records (issue 11, items 1–3): a run killed
after its training (during the final evaluation) is finished, a complete one left
alone; an unreadable newest checkpoint is set aside for the newest readable one;
status.json follows every checkpoint and records the overrides given on resume."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("sb3_contrib")

from helpers.paths import ROOT  # noqa: E402

from agents import cli  # noqa: E402
from agents.train import callbacks as cb  # noqa: E402
from agents.train import trainer  # noqa: E402
from agents.train.config import load_config  # noqa: E402

# The tiny run: no warm start, no periodic evaluation, checkpoints at 256 and 512.
TINY = ["total_timesteps=512", "n_envs=2", "n_steps=64", "batch_size=64", "n_epochs=1",
        "net_arch=[16]", "features_dim=16", "eval_freq=0", "checkpoint_freq=256",
        "final_eval_games=2", "progress_bar=false", "bc_games=0"]


def _sets(items: list[str]) -> list[str]:
    return [arg for item in items for arg in ("--set", item)]


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    """One finished tiny run (about 8 s), with status.json as it was after each checkpoint."""
    config = load_config(ROOT / "configs" / "solo_ppo.yaml", TINY)
    run = trainer.prepare_run(config, tmp_path_factory.mktemp("runs"))
    seen: list[dict[str, Any]] = []
    save = cb.save_checkpoint

    def recording(model: Any, run_dir: Path, keep: int) -> Path:
        path = save(model, run_dir, keep)
        seen.append({"file": path.name, **json.loads((run_dir / "status.json").read_text())})
        return path

    patch = pytest.MonkeyPatch()
    patch.setattr(cb, "save_checkpoint", recording)
    try:
        trainer.train(config, run, workers=1)
    finally:
        patch.undo()
    return SimpleNamespace(config=config, run=run, status_at_checkpoints=seen)


def _copy(tiny_run: SimpleNamespace, tmp_path: Path) -> Path:
    run = tmp_path / tiny_run.run.name
    shutil.copytree(tiny_run.run, run)
    return run


def _status(run: Path) -> dict[str, Any]:
    return json.loads((run / "status.json").read_text())


def _set_status(run: Path, **fields: Any) -> None:
    (run / "status.json").write_text(json.dumps({**_status(run), **fields}))


def _states_written(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every ``state`` the code under test writes into a status.json."""
    states: list[str] = []
    write = cb.write_status

    def recording(run_dir: Path, **fields: Any) -> dict[str, Any]:
        if "state" in fields:
            states.append(fields["state"])
        return write(run_dir, **fields)

    monkeypatch.setattr(cb, "write_status", recording)
    return states


# ------------------------------------------------------------------ item 1

@pytest.mark.parametrize("killed", ["during the final evaluation", "before the final model"])
def test_resume_of_a_run_whose_training_is_over_finishes_it_without_running_again(
        tiny_run: SimpleNamespace, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, killed: str) -> None:
    run = _copy(tiny_run, tmp_path)
    # What a run killed at that point leaves (trainer._learn, _finish, _report).
    shutil.rmtree(run / "eval")
    if killed == "during the final evaluation":
        _set_status(run, state="trained")
    else:                                   # after the last checkpoint, before final_model.zip
        (run / "final_model.zip").unlink()
        (run / "best_model.zip").unlink()
        _set_status(run, state="running")
    states = _states_written(monkeypatch)
    assert cli.main(["train", "--resume", str(run), "--workers", "1"]) == 0
    out = capsys.readouterr()
    assert "training is over (512 of 512 steps)" in out.out
    assert "Traceback" not in out.out + out.err and "AttributeError" not in out.out + out.err
    assert "running" not in states and states[-1] == "done"
    status = _status(run)
    assert status["state"] == "done" and status["timesteps"] == 512
    summary = json.loads((run / "eval" / "summary.json").read_text())
    assert summary["n_games"] == 2
    assert summary["evaluated_model"] == {"model": "final", "timesteps": 512,
                                          "file": "final_model.zip"}
    assert (run / "final_model.zip").is_file() and (run / "best_model.zip").is_file()
    # Nothing is missing now: the run is complete, and a resume writes nothing.
    before = {p: p.stat().st_mtime_ns for p in run.rglob("*") if p.is_file()}
    assert cli.main(["train", "--resume", str(run), "--workers", "1"]) == 0
    assert "is complete: trained for 512 steps" in capsys.readouterr().out
    assert {p: p.stat().st_mtime_ns for p in run.rglob("*") if p.is_file()} == before
    assert states.count("running") == 0


def test_resume_after_a_real_kill_during_the_final_evaluation_finishes_the_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The final report of 100,000 games is far from done when the process is killed.
    args = [sys.executable, "-m", "agents.cli", "train", "solo_ppo",
            *_sets(TINY + ["final_eval_games=100000"]), "--runs-dir", str(tmp_path),
            "--workers", "1"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 120
        while time.time() < deadline and proc.poll() is None:
            runs = trainer.run_folders(tmp_path)
            if runs and cb.read_status(runs[0]).get("state") == "trained":
                break
            time.sleep(0.05)
        else:
            pytest.fail("the run did not reach its final evaluation within 120 s")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    (run,) = trainer.run_folders(tmp_path)
    assert not (run / "eval" / "summary.json").exists()
    assert cli.main(["train", "--resume", str(run), "--set", "final_eval_games=2",
                     "--workers", "1"]) == 0
    assert "finishing the run: the final report" in capsys.readouterr().out
    status = _status(run)
    assert status["state"] == "done" and status["overrides"] == ["final_eval_games=2"]
    assert json.loads((run / "eval" / "summary.json").read_text())["n_games"] == 2


# ------------------------------------------------------------------ item 2

def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _garble(path: Path) -> None:
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(64)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", [_truncate, _garble], ids=["truncated", "garbled"])
def test_resume_falls_back_to_the_newest_readable_checkpoint(
        tiny_run: SimpleNamespace, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        damage: Any) -> None:
    run = _copy(tiny_run, tmp_path)
    for name in ("final_model.zip", "best_model.zip"):     # killed during training
        (run / name).unlink()
    shutil.rmtree(run / "eval")
    _set_status(run, state="running")
    newest = run / "checkpoints" / "step_0000000512.zip"
    damage(newest)
    assert cli.main(["train", "--resume", str(run), "--set", "final_eval_games=0",
                     "--workers", "1"]) == 0
    out = capsys.readouterr()
    assert "checkpoint step_0000000512.zip is unreadable" in out.err
    assert "falling back to step_0000000256.zip, the newest readable checkpoint" in out.out
    assert "from step_0000000256.zip (256 steps)" in out.out
    assert "Traceback" not in out.out + out.err
    assert (run / "checkpoints" / "step_0000000512.zip.unreadable").is_file()
    from sb3_contrib import MaskablePPO
    assert MaskablePPO.load(run / "final_model.zip").num_timesteps >= 512
    assert _status(run)["state"] == "done"


def test_resume_with_no_readable_checkpoint_is_an_error_naming_the_run(
        tiny_run: SimpleNamespace, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy(tiny_run, tmp_path)
    _set_status(run, state="running")
    for path in (run / "checkpoints").glob("step_*.zip"):
        _truncate(path)
    assert cli.main(["train", "--resume", str(run), "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert f"{run} has no readable checkpoint left" in err and "Traceback" not in err
    assert _status(run)["state"] == "running"


# ------------------------------------------------------------------ item 3

def test_status_records_the_timesteps_of_every_checkpoint(tiny_run: SimpleNamespace) -> None:
    assert [(s["file"], s["timesteps"]) for s in tiny_run.status_at_checkpoints] == [
        ("step_0000000256.zip", 256), ("step_0000000512.zip", 512),
        ("step_0000000512.zip", 512)]             # periodic, periodic, end of training
    assert all(s["state"] == "running" for s in tiny_run.status_at_checkpoints)


def test_overrides_given_on_resume_go_into_the_config_and_the_status(
        tiny_run: SimpleNamespace, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy(tiny_run, tmp_path)
    assert cli.main(["train", "--resume", str(run), "--set", "total_timesteps=640",
                     "--set", "final_eval_games=0", "--workers", "1"]) == 0
    assert "resuming" in capsys.readouterr().out
    config = load_config(run / "config.yaml")
    assert config.total_timesteps == 640 and config.final_eval_games == 0
    status = _status(run)
    assert status["overrides"] == ["total_timesteps=640", "final_eval_games=0"]
    assert status["total_timesteps"] == 640 and status["timesteps"] >= 640
    assert status["state"] == "done"
    # An override that would change the checkpoints' network is refused; nothing changes.
    before = (run / "config.yaml").read_text(), (run / "status.json").read_text()
    assert cli.main(["train", "--resume", str(run), "--set", "net_arch=[8]"]) == 2
    err = capsys.readouterr().err
    assert "'net_arch' cannot change when a run is resumed" in err and "Traceback" not in err
    assert ((run / "config.yaml").read_text(), (run / "status.json").read_text()) == before


def test_the_stage_of_an_interruption_goes_once_the_run_goes_on(tmp_path: Path) -> None:
    cb.write_status(tmp_path, state="interrupted", stage="PPO", timesteps=128)
    assert cb.read_status(tmp_path)["stage"] == "PPO"
    cb.write_status(tmp_path, train_seconds=3.0)                   # no new state: the record stays
    assert cb.read_status(tmp_path)["stage"] == "PPO"
    status = cb.write_status(tmp_path, state="running", timesteps=128)
    assert "stage" not in status and "stage" not in cb.read_status(tmp_path)
    assert cb.read_status(tmp_path)["timesteps"] == 128
