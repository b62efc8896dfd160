"""``evaluate`` and ``tournament`` stopped mid-run (issue 30: kill tests at every stage of a
run). SIGTERM is handled as Ctrl-C: exit 130, "interrupted; nothing written", no ``--out``
and no temporary folder left. After SIGKILL nothing that looks like a result is left either,
and the next run with the same ``--out`` needs no ``--force`` and leaves no stray folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.paths import ROOT

from agents import cli

COMMANDS = {
    "evaluate": ["evaluate", "--agent", "random"],
    "tournament": ["tournament", "--game", "hydras", "--players", "random,greedy,random"],
}


def _start(command: str, out: Path, games: int) -> subprocess.Popen[str]:
    args = [sys.executable, "-m", "agents.cli", *COMMANDS[command], "--games", str(games),
            "--workers", "1", "--no-progress", "--out", str(out)]
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    return subprocess.Popen(args, cwd=out.parent, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def _stop_mid_run(proc: subprocess.Popen[str], sig: int) -> tuple[int, str]:
    """Send ``sig`` once the games are being played (the header line was printed)."""
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()               # the header: the games have started
        assert first, f"no output (exit {proc.poll()})"
        time.sleep(0.5)
        proc.send_signal(sig)
        rest, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc.returncode, first + rest


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_command_stopped_mid_run_leaves_no_result_and_the_same_out_runs_again(
        tmp_path: Path, command: str, sig: int, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    code, text = _stop_mid_run(_start(command, out, 10**9), sig)
    if sig == signal.SIGTERM:
        assert code == 130, text
        assert "interrupted; nothing written" in text and "Traceback" not in text
    else:
        assert code == -signal.SIGKILL
    left = [p.name for p in tmp_path.iterdir()]
    assert "out" not in left and not [n for n in left if n.startswith(".out.")], left
    monkeypatch.chdir(tmp_path)
    assert cli.main([*COMMANDS[command], "--games", "3", "--no-progress", "--out", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    capsys.readouterr()
