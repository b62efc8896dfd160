"""One process writes a run folder (issue 30, fault 7): a second writer is refused naming the
pid that holds the folder; a lock left by a process that no longer runs is taken over with a
note; the lock is gone when the run ends."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.paths import ROOT

from agents import cli, run_lock
from hydra_env.errors import ConfigError

_HOLDER = """
import sys, time
from agents import run_lock
with run_lock.hold(sys.argv[1]):
    print("holding", flush=True)
    time.sleep(120)
"""


@pytest.fixture
def holder(tmp_path: Path):
    """A second process holding the lock of ``tmp_path / 'run'``."""
    folder = tmp_path / "run"
    folder.mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", _HOLDER, str(folder)], env=env,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "holding"
        yield folder, proc
    finally:
        proc.kill()
        proc.wait(timeout=30)


def test_a_second_process_is_refused_naming_the_pid_that_holds_the_folder(holder) -> None:
    folder, proc = holder
    with pytest.raises(ConfigError, match=rf"{folder.resolve()} is in use by process {proc.pid} "):
        with run_lock.hold(folder):
            pass


def test_the_lock_of_a_killed_holder_is_taken_over_with_a_note(
        holder, capsys: pytest.CaptureFixture[str]) -> None:
    folder, proc = holder
    proc.kill()                                  # kill -9: no clean-up ran
    proc.wait(timeout=30)
    assert (folder / run_lock.LOCK_NAME).is_file()
    with run_lock.hold(folder):
        assert f"pid={os.getpid()}" in (folder / run_lock.LOCK_NAME).read_text()
    err = capsys.readouterr().err
    assert f"took over the lock of {folder.resolve()} from process {proc.pid}, which no longer runs" in err
    assert not (folder / run_lock.LOCK_NAME).exists()


def test_a_lock_file_naming_a_dead_pid_is_stale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / run_lock.LOCK_NAME).write_text("pid=999999999\nhost=elsewhere\n")
    with run_lock.hold(tmp_path):
        pass
    assert "from process 999999999, which no longer runs" in capsys.readouterr().err


def test_the_lock_is_reentrant_within_one_process(tmp_path: Path) -> None:
    with run_lock.hold(tmp_path), run_lock.hold(tmp_path):
        assert (tmp_path / run_lock.LOCK_NAME).is_file()
    assert not (tmp_path / run_lock.LOCK_NAME).exists()


def test_resume_of_a_run_another_process_writes_is_refused_before_anything_is_written(
        holder, capsys: pytest.CaptureFixture[str]) -> None:
    folder, proc = holder
    (folder / "config.yaml").write_text((ROOT / "configs" / "solo_ppo.yaml").read_text())
    (folder / "status.json").write_text(json.dumps({"state": "running", "timesteps": 0}))
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert cli.main(["train", "--resume", str(folder), "--set", "seed=5"]) == 2
    err = capsys.readouterr().err
    assert f"is in use by process {proc.pid}" in err and "Traceback" not in err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
