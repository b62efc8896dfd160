"""The ``hydra-env`` command line: help for every command, clear errors with exit code 2."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.paths import ROOT

from agents import cli


def test_help_of_the_program_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in ("evaluate", "tournament", "play", "replay"):
        assert name in out


@pytest.mark.parametrize("command", ["evaluate", "tournament", "play", "replay"])
def test_help_of_each_command(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: hydra-env {command}")
    assert "example" in out


def test_each_command_module_exposes_add_parser_and_run() -> None:
    for name in cli.COMMANDS:
        module = importlib.import_module(name)
        assert callable(module.add_parser) and callable(module.run)


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    assert "COMMAND" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["evaluate", "--agent", "nosuchbot"], "cannot make agent 'nosuchbot'"),
    (["evaluate", "--agent", "ppo:/nonexistent/model.zip"], "ppo:/nonexistent/model.zip"),
    (["evaluate", "--agent", "random", "--games", "0"], "--games: must be at least 1"),
    (["evaluate", "--agent", "random", "--workers", "0"], "--workers: must be at least 1"),
    (["evaluate", "--agent", "random", "--games", "x"], "expected an integer"),
    (["evaluate", "--agent", "random", "--scenario", "44"], "no scenario 44"),
    (["evaluate", "--agent", "random", "--stars", "4"], "invalid choice: 4"),
    (["evaluate", "--agent", "random", "--mode", "solo", "--scenario", "1"], "is a coop scenario"),
    (["evaluate", "--agent", "random", "--rule", "nope=true"], "unknown rule option 'nope'"),
    (["evaluate", "--agent", "random", "--rule", "solo_regrow_heads"], "NAME=true"),
    (["evaluate", "--agent", "random,random"], "--agent gives 2 specs"),
    (["evaluate", "--agent", "random", "--save-replays", "some"], "--save-replays"),
    (["evaluate"], "--agent"),
    (["tournament", "--players", "random,random", "--scenario", "1"], "seats 4 players"),
    (["tournament", "--players", "random", "--scenario", "10"], "coordinated scenario"),
    (["tournament", "--players", "random,nosuchbot", "--scenario", "7"], "'nosuchbot'"),
    (["play", "--scenario", "7", "--seat", "2"], "--seat 2"),
    (["play", "--scenario", "7", "--opponents", "random,random"], "--opponents gives 2"),
    (["play", "--mode", "coop", "--scenario", "10"], "is a solo scenario"),
    (["replay", "/nonexistent/replay.json"], "no such file or folder"),
])
def test_bad_arguments_give_a_message_and_exit_code_2(argv: list[str], message: str,
                                                       capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    if argv[0] in ("evaluate", "tournament"):
        argv = argv + ["--out", str(tmp_path / "out"), "--no-progress"]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_unknown_agent_error_names_the_known_bots(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    assert cli.main(["evaluate", "--agent", "nosuchbot", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "known bots:" in err and "random" in err


def test_out_that_is_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "file.txt"
    target.write_text("keep me")
    assert cli.main(["evaluate", "--agent", "random", "--games", "2", "--out", str(target)]) == 2
    assert "is a file" in capsys.readouterr().err
    assert target.read_text() == "keep me"


def test_out_with_files_needs_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "old.txt").write_text("old")
    argv = ["evaluate", "--agent", "random", "--games", "3", "--workers", "1", "--no-progress",
            "--out", str(out)]
    assert cli.main(argv) == 2
    assert "--force" in capsys.readouterr().err
    assert cli.main(argv + ["--force"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["games.csv", "scores.png", "summary.json"]
    assert [p.name for p in tmp_path.iterdir()] == ["out"]       # no temporary folders left


def test_module_entry_runs_as_a_subprocess() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-m", "agents.cli", "--help"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert "usage: hydra-env" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "agents.cli", "evaluate", "--agent", "nosuchbot"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
    assert "cannot make agent 'nosuchbot'" in bad.stderr and "Traceback" not in bad.stderr


def test_replay_policy_and_wants_replay() -> None:
    assert [cli.wants_replay("2", i, "lost") for i in range(4)] == [True, True, False, False]
    assert cli.wants_replay("lost", 7, "lost") and not cli.wants_replay("lost", 7, "won")
    assert not cli.wants_replay("none", 0, "won")
    assert cli.command_line("evaluate", [("--agent", "a b"), ("--rule", []), ("--x", None)]) == \
        "hydra-env evaluate --agent 'a b'"
