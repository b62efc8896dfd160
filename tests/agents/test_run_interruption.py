"""A run survives interruption at every stage (issue 30, faults 5, 6 and 16): killed with
SIGTERM or SIGKILL just after it was created, during its warm start, during PPO, during a
periodic evaluation or during its final report, ``hydra-env train --resume`` completes it.
SIGTERM is handled like Ctrl-C (exit 130, status ``interrupted`` with the stage, a checkpoint
during PPO); the teacher's cached games are not played again; the pool workers of the final
report end with a killed parent."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sb3_contrib")

from helpers.paths import ROOT  # noqa: E402

from agents import cli, run_lock  # noqa: E402
from agents.train import callbacks as cb  # noqa: E402
from agents.train import trainer  # noqa: E402

# A tiny run with an imitation warm start (a fast teacher, a few games).
TINY = ["total_timesteps=512", "n_envs=2", "n_steps=64", "batch_size=64", "n_epochs=1",
        "net_arch=[16]", "features_dim=16", "eval_freq=0", "checkpoint_freq=256",
        "final_eval_games=2", "progress_bar=false", "bc_teacher=heuristic", "bc_games=3",
        "bc_epochs=1", "bc_workers=1"]


def _status(run: Path) -> dict[str, Any]:
    return cb.read_status(run)


def _cache_files(runs: Path) -> list[Path]:
    return sorted((runs / "bc_cache").glob("*.json"))


def _created(runs: Path, run: Path) -> bool:
    return (run / "status.json").is_file()


def _warm_start(runs: Path, run: Path) -> bool:       # the teacher's games cached, imitating
    return bool(_cache_files(runs))


def _ppo(runs: Path, run: Path) -> bool:
    return any(cb.checkpoint_steps(p) > 0 for p in cb.checkpoint_files(run))


def _final_report(runs: Path, run: Path) -> bool:
    return _status(run).get("state") == "trained"


# stage: (overrides of the first run, when to stop it, overrides of the resume, the stage's name)
STAGES: dict[str, tuple[list[str], Callable[[Path, Path], bool], list[str], str]] = {
    "created": ([], _created, [], "warm start"),
    "warm_start": (["bc_epochs=1000000"], _warm_start, ["bc_epochs=1"], "warm start"),
    "ppo": (["total_timesteps=1000000"], _ppo, ["total_timesteps=STEPS+256"], "PPO"),
    # no warm start (its baseline evaluation at step 0 would come first); the first checkpoint
    # past step 0 is the one the evaluation at step 128 saves before playing its games
    "periodic_evaluation": (["bc_teacher=''", "bc_games=0", "eval_freq=128", "eval_games=1000000",
                             "checkpoint_freq=1000000", "total_timesteps=1000000"], _ppo,
                            ["eval_games=2", "total_timesteps=STEPS+256"], "PPO"),
    "final_report": (["final_eval_games=1000000"], _final_report, ["final_eval_games=2"],
                     "final report"),
}


def _sets(items: list[str]) -> list[str]:
    return [arg for item in items for arg in ("--set", item)]


def _start(runs: Path, overrides: list[str], workers: int = 1) -> subprocess.Popen[str]:
    args = [sys.executable, "-m", "agents.cli", "train", "solo_ppo", *_sets(TINY + overrides),
            "--runs-dir", str(runs), "--workers", str(workers)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def _stop_at(proc: subprocess.Popen[str], runs: Path, reached: Callable[[Path, Path], bool],
             sig: int, timeout: float = 180) -> tuple[Path, str]:
    """Send ``sig`` once the run reached its stage; the run folder and the process's output."""
    deadline = time.time() + timeout
    try:
        while time.time() < deadline and proc.poll() is None:
            runs_now = trainer.run_folders(runs) if runs.is_dir() else []
            if runs_now and reached(runs, runs_now[0]):
                break
            time.sleep(0.02)
        else:
            pytest.fail(f"the run did not reach its stage within {timeout} s "
                        f"(exit {proc.poll()}): {proc.stdout.read() if proc.stdout else ''}")
        proc.send_signal(sig)
        out, _ = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    (run,) = trainer.run_folders(runs)
    return run, out


def _resume(run: Path, overrides: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    steps = int(_status(run).get("timesteps") or 0)
    given = [o.replace("STEPS+256", str(steps + 256)) for o in overrides]
    code = cli.main(["train", "--resume", str(run), *_sets(given), "--workers", "1"])
    captured = capsys.readouterr()
    assert code == 0, captured.out + captured.err
    return captured.out + captured.err


def _interrupt_and_resume(tmp_path: Path, stage: str, sig: int,
                          capsys: pytest.CaptureFixture[str]) -> None:
    first, reached, again, name = STAGES[stage]
    runs = tmp_path / "runs"
    run, out = _stop_at(_start(runs, first), runs, reached, sig)
    status = _status(run)
    if sig == signal.SIGTERM:
        assert status["state"] == "interrupted" and status["stage"] == name, (status, out)
        assert "Traceback" not in out and f"hydra-env train --resume {run}" in out
        if stage in ("ppo", "periodic_evaluation"):       # its checkpoint at the step it stopped
            assert cb.checkpoint_steps(cb.latest_checkpoint(run)) == status["timesteps"] > 0
    if stage == "periodic_evaluation":       # stopped inside the evaluation, before its end
        assert not (run / "best.json").exists()
    cache = {p: p.stat().st_mtime_ns for p in _cache_files(runs)}
    text = _resume(run, again, capsys)
    assert "Traceback" not in text
    status = _status(run)
    assert status["state"] == "done", (status, text)
    assert (run / "final_model.zip").is_file() and not (run / run_lock.LOCK_NAME).exists()
    assert json.loads((run / "eval" / "summary.json").read_text())["n_games"] == 2
    if stage in ("warm_start", "ppo", "final_report"):    # the teacher's games were not played again
        assert {p: p.stat().st_mtime_ns for p in _cache_files(runs)} == cache
    if stage in ("ppo", "periodic_evaluation"):
        assert "resuming" in text and status["timesteps"] >= 256
    if stage == "periodic_evaluation":
        assert (run / "best.json").is_file()          # the resumed run evaluated again


def test_sigterm_during_ppo_checkpoints_marks_the_run_interrupted_and_resume_completes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _interrupt_and_resume(tmp_path, "ppo", signal.SIGTERM, capsys)


def test_sigterm_during_a_periodic_evaluation_checkpoints_and_resume_completes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _interrupt_and_resume(tmp_path, "periodic_evaluation", signal.SIGTERM, capsys)


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
@pytest.mark.parametrize("stage", list(STAGES))
def test_a_run_stopped_at_any_stage_is_completed_by_resume(
        tmp_path: Path, stage: str, sig: int, capsys: pytest.CaptureFixture[str]) -> None:
    if stage in ("ppo", "periodic_evaluation") and sig == signal.SIGTERM:
        pytest.skip("the fast tests above")
    _interrupt_and_resume(tmp_path, stage, sig, capsys)


def _children(pid: int) -> list[int]:
    """The pids of every descendant of ``pid`` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [pid]
    while frontier:
        kids = [p for p, pp in parents.items() if pp in frontier]
        found += kids
        frontier = kids
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("command", ["evaluate", pytest.param("train", marks=pytest.mark.slow)])
def test_pool_workers_end_when_their_parent_is_killed(tmp_path: Path, command: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if command == "evaluate":
        args = [sys.executable, "-m", "agents.cli", "evaluate", "--agent", "random", "--games",
                "1000000", "--workers", "2", "--no-progress", "--out", str(tmp_path / "o")]
        proc = subprocess.Popen(args, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
    else:                                 # the final report's pool, inside a training run
        proc = _start(tmp_path / "runs", ["bc_games=0", "final_eval_games=1000000"], workers=2)
    try:
        deadline = time.time() + 180
        while time.time() < deadline and proc.poll() is None and len(_children(proc.pid)) < 2:
            time.sleep(0.05)
        workers = _children(proc.pid)
        assert len(workers) >= 2, f"no pool started (exit {proc.poll()})"
        time.sleep(1.0)                   # the workers are set up
        workers = _children(proc.pid)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    deadline = time.time() + 15
    while time.time() < deadline and any(_alive(p) for p in workers):
        time.sleep(0.1)
    left = [p for p in workers if _alive(p)]
    for pid in left:                      # do not leave them behind for the next tests
        os.kill(pid, signal.SIGKILL)
    assert left == [], f"{len(left)} of {len(workers)} child processes outlived their parent"
