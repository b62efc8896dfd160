"""Long work shows progress off a terminal as plain lines; short work stays silent (agents.progress)."""

from __future__ import annotations

import time

import pytest

from agents import progress as progress_module


def test_off_a_terminal_long_work_prints_plain_lines_with_count_rate_and_eta(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setattr(progress_module, "LOG_INTERVAL", 0.05)
    for _ in progress_module.progress(range(8), desc="imitate greedy", unit="game"):
        time.sleep(0.02)
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines, "no progress line"
    assert all(line.startswith("imitate greedy: ") and "\r" not in line and "game/s" in line for line in lines)
    assert lines[-1].startswith("imitate greedy: 8/8 games [")
    assert len(lines) == len(set(lines))                  # the closing bar is not printed twice


def test_off_a_terminal_short_work_prints_nothing(capsys: pytest.CaptureFixture) -> None:
    with progress_module.progress(total=3, desc="games", unit="game") as bar:
        bar.update(3)
    assert capsys.readouterr().err == ""


def test_quiet_prints_nothing_even_for_long_work(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setattr(progress_module, "LOG_INTERVAL", 0.0)
    for _ in progress_module.progress(range(5), desc="x", quiet=True):
        time.sleep(0.01)
    assert capsys.readouterr().err == ""
