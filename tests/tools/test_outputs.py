"""Outputs of the command line (issue 11, items 9–13): checked before any game, written
atomically, never a temporary folder that looks like a result, a closed pipe is no error,
and a huge ``--games`` starts at once."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.paths import ROOT

from agents import cli, outputs, tournament
from agents.backends import GameTask, TaskList, chunked, game_seed, run_games

RUN = ["--games", "3", "--workers", "1", "--no-progress"]


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: Any, **__: Any) -> None:
        raise AssertionError("a game was played before the outputs were checked")
    monkeypatch.setattr(cli, "run_games", refuse)


# --------------------------------------------------------------------------- item 9

def test_out_dot_with_force_is_refused_before_any_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.txt").write_text("keep")
    _no_games(monkeypatch)
    for out in (".", "..", str(tmp_path)):
        assert cli.main(["evaluate", "--agent", "random", *RUN, "--out", out, "--force"]) == 2
        assert f"--out {out} is the current folder" in capsys.readouterr().err
    assert sorted(os.listdir(tmp_path)) == ["mine.txt"]


def test_an_empty_read_only_out_is_not_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o555)
    _no_games(monkeypatch)
    try:
        for force in ([], ["--force"]):
            assert cli.main(["evaluate", "--agent", "random", *RUN, "--out", str(out), *force]) == 2
            assert f"--out {out} is read-only" in capsys.readouterr().err
        assert out.stat().st_mode & 0o777 == 0o555 and list(out.iterdir()) == []
    finally:
        out.chmod(0o755)


def test_a_parent_that_cannot_be_written_is_refused_naming_out(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    def refuse(*_: Any, **__: Any) -> str:
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(outputs.tempfile, "mkdtemp", refuse)     # as a read-only file system would
    _no_games(monkeypatch)
    out = tmp_path / "a" / "b"
    assert cli.main(["evaluate", "--agent", "random", *RUN, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"--out {out}: cannot create anything in {tmp_path}" in err and "Permission denied" in err
    assert list(tmp_path.iterdir()) == []


def test_save_replay_below_a_file_is_refused_before_the_game(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "afile").write_text("keep")
    monkeypatch.setattr("builtins.input", lambda prompt="": pytest.fail("the game started"))
    for target, words in ((tmp_path / "afile" / "x.json", "is a file, not a folder"),
                          (tmp_path, "is a folder")):
        assert cli.main(["play", "--mode", "solo", "--save-replay", str(target)]) == 2
        err = capsys.readouterr().err
        assert f"--save-replay {target}" in err and words in err
    assert (tmp_path / "afile").read_text() == "keep"


def test_save_replay_in_a_new_folder_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from agents import play
    monkeypatch.setattr(play, "choose", lambda table, ask=None: table.game.legal_actions()[0])
    target = tmp_path / "new" / "game.json"
    assert cli.main(["play", "--mode", "solo", "--seed", "3", "--save-replay", str(target)]) == 0
    assert cli.main(["replay", str(target)]) == 0
    assert "OK" in capsys.readouterr().out


# --------------------------------------------------------------------------- item 10

def test_a_tournament_that_would_leave_a_player_out_is_refused_up_front(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _no_games(monkeypatch)
    players = "random,random,random,random,random"
    assert cli.main(["tournament", "--players", players, "--games", "4", "--workers", "1",
                     "--no-progress", "--out", str(tmp_path / "t")]) == 2
    assert "--games 4 is too few for 5 players" in capsys.readouterr().err
    assert tournament.games_to_seat_everyone(5, 4) == 5
    assert tournament.games_to_seat_everyone(4, 4) == 1


def test_a_tournament_of_5_players_in_5_games_is_played_and_plotted(tmp_path: Path) -> None:
    out = tmp_path / "t"
    assert cli.main(["tournament", "--players", "random,random,random,random,random", "--games", "5",
                     "--workers", "1", "--no-progress", "--out", str(out)]) == 0
    assert (out / "tournament.png").stat().st_size > 0
    with open(out / "results.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert [r["player"] for r in rows] == [f"random#{k}" for k in range(1, 6)]
    assert all(int(r["games"]) >= 1 for r in rows) and sum(int(r["games"]) for r in rows) == 20


# --------------------------------------------------------------------------- item 11

def test_a_closed_pipe_ends_evaluate_quietly_with_its_files_written(tmp_path: Path) -> None:
    process = subprocess.Popen([sys.executable, "-m", "agents.cli", "evaluate", "--agent", "random",
                                *RUN, "--out", "o"], cwd=tmp_path, env=_env(),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()                       # the reader is gone before the first line
    err = process.stderr.read().decode()
    assert process.wait(timeout=120) == 0
    assert "Broken pipe" not in err and "BrokenPipeError" not in err and "Traceback" not in err
    assert sorted(os.listdir(tmp_path / "o")) == ["games.csv", "scores.png", "summary.json"]


def test_head_1_reads_the_first_line_and_the_run_finishes(tmp_path: Path) -> None:
    command = (f"{sys.executable} -m agents.cli evaluate --agent random {' '.join(RUN)} --out o "
               f"| head -1; echo \"status ${{PIPESTATUS[0]}}\"")
    done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=_env(), capture_output=True,
                          text=True, timeout=120)
    assert done.stdout.splitlines() == [done.stdout.splitlines()[0], "status 0"]
    assert done.stdout.startswith("evaluate: random on scenario 10")
    assert "Broken pipe" not in done.stderr and "Traceback" not in done.stderr
    assert (tmp_path / "o" / "summary.json").exists()


# --------------------------------------------------------------------------- item 12

_WRITER = """
import sys, time
from agents.outputs import atomic_dir
with atomic_dir(sys.argv[1]) as tmp:
    (tmp / "games.csv").write_text("game,seed\\n")
    (tmp / "summary.json").write_text("{}")
    print("writing", flush=True)
    time.sleep(60)
"""


def test_kill_9_while_writing_leaves_a_marked_folder_that_the_next_run_removes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    writer = subprocess.Popen([sys.executable, "-c", _WRITER, str(out)], env=_env(),
                              stdout=subprocess.PIPE, text=True)
    assert writer.stdout.readline().strip() == "writing"
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=30)
    left = [p for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].name.startswith(f".out.incomplete-{writer.pid}-")
    assert (left[0] / "INCOMPLETE.txt").exists()                # it says what it is
    assert not out.exists()
    assert cli.main(["evaluate", "--agent", "random", *RUN, "--out", str(out)]) == 0
    assert f"removed {left[0]}" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["out"]
    assert not (out / "INCOMPLETE.txt").exists()


def test_a_run_killed_between_its_renames_gets_its_old_result_back(tmp_path: Path) -> None:
    old = tmp_path / ".out.old-999999999"
    old.mkdir()
    (old / "summary.json").write_text("{}")
    (old / outputs.SET_ASIDE).write_text("set aside\npid: 999999999\n")    # as atomic_dir marks it
    outputs.clean_stale(tmp_path / "out")
    assert [p.name for p in tmp_path.iterdir()] == ["out"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["summary.json"]


def test_a_temporary_folder_of_a_running_process_is_left_alone(tmp_path: Path) -> None:
    mine = tmp_path / f".out.incomplete-{os.getpid()}-abc"
    mine.mkdir()
    assert outputs.clean_stale(tmp_path / "out") == []
    assert mine.exists()


# --------------------------------------------------------------------------- item 13

def test_a_billion_games_start_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def first_games(tasks: Any, **_: Any) -> None:
        assert len(tasks) == 10**9
        for task in tasks:
            seen.append(task.index)
            if len(seen) == 3:
                raise KeyboardInterrupt
    monkeypatch.setattr(cli, "run_games", first_games)
    start = time.perf_counter()
    assert cli.main(["evaluate", "--agent", "random", "--games", "1000000000", "--workers", "1",
                     "--no-progress", "--out", str(tmp_path / "o")]) == 130
    assert time.perf_counter() - start < 20 and seen == [0, 1, 2]
    assert list(tmp_path.iterdir()) == []


def test_task_lists_and_chunks_are_made_on_demand() -> None:
    made: list[int] = []

    def task(i: int) -> GameTask:
        made.append(i)
        return GameTask(i, "hydra", {"scenario": 10, "stars": 1}, game_seed(0, i), ("random",), (i,))
    tasks = TaskList(10**12, task)
    assert len(tasks) == 10**12 and tasks[5].index == 5 and tasks[-1].index == 10**12 - 1
    first = next(chunked(tasks, 2))
    assert [t.index for t in first] == list(range(100)) and len(made) == 102
    with pytest.raises(IndexError):
        tasks[10**12]


def test_run_games_plays_a_task_list_in_order_with_few_chunks_in_flight() -> None:
    tasks = TaskList(40, lambda i: GameTask(i, "hydra", {"scenario": 10, "stars": 1}, game_seed(0, i),
                                            ("random",), (i,)))
    records = run_games(tasks, workers=2)
    assert [r.index for r in records] == list(range(40))
    assert [r.result for r in records] == [r.result for r in run_games(list(tasks), workers=1)]
