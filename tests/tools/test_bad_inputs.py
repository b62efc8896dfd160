"""Bad inputs to every ``hydra-env`` subcommand (issue 11, "the class, not the instances").

One table per subcommand: each bad input gives exit code 2, a message on
stderr that names the argument, never a traceback, and nothing written. The
commands run in-process through :func:`agents.cli.main`; a few run as real
subprocesses at the end.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.paths import ROOT

from agents import cli

RUN = ["--games", "2", "--workers", "1", "--no-progress"]

EVALUATE = [
    (["--games", "0"], "--games"),
    (["--games", "-1"], "--games"),
    (["--games", "1.5"], "--games"),
    (["--games", "1e3"], "--games"),
    (["--games", "1_000"], "--games"),
    (["--games", ""], "--games"),
    (["--seed", "-1"], "--seed"),
    (["--seed", "2.0"], "--seed"),
    (["--workers", "0"], "--workers"),
    (["--workers", "100000"], "--workers"),
    (["--scenario", "0"], "--scenario"),
    (["--scenario", "44"], "--scenario 44"),
    (["--scenario", "x"], "--scenario"),
    (["--scenario", "1.0"], "--scenario"),
    (["--stars", "0"], "--stars"),
    (["--stars", "4"], "--stars"),
    (["--stars", "1.5"], "--stars"),
    (["--mode", "duo"], "--mode"),
    (["--mode", "solo", "--scenario", "1"], "--scenario 1"),
    (["--rule", "x"], "--rule"),
    (["--rule", "nope=true"], "--rule"),
    (["--rule", "solo_regrow_heads=maybe"], "--rule"),
    (["--rule", "solo_regrow_heads=true", "--rule", "solo_regrow_heads=false"], "--rule"),
    (["--rule", "solo_regrow_heads=true", "--scenario", "1"], "--rule solo_regrow_heads cannot apply"),
    (["--backend", "spark"], "--backend"),
    (["--address", "10.0.0.1:6379"], "--address"),
    (["--save-replays", "some"], "--save-replays"),
    (["--save-replays", "-1"], "--save-replays"),
    (["--gamez", "3"], "--gamez"),
]
EVALUATE_AGENTS = [
    (["--agent", "nosuchbot"], "--agent"),
    (["--agent", "human"], "--agent human"),
    (["--agent", ""], "--agent"),
    (["--agent", "random,"], "--agent"),
    (["--agent", "random,random"], "--agent"),
    (["--agent", "rollout:budjet=3"], "--agent"),
    (["--agent", "rollout:budget=x"], "--agent"),
    ([], "--agent"),
]
TOURNAMENT = [
    (["--players", "random"], "--players"),
    (["--players", "random,,random"], "--players"),
    (["--players", "random,nosuchbot,random,random"], "--players"),
    (["--players", "random,random,random,human"], "--players human"),
    (["--players", "random,random,random,random", "--scenario", "10"], "--scenario 10"),
    (["--players", "random,random,random,random", "--scenario", "77"], "--scenario 77"),
    (["--players", "random,random,random,random,random", "--games", "4"], "--games 4"),
    (["--players", "random,random,random,random", "--rule", "solo_regrow_heads=true"], "--rule"),
    (["--players", "random,random,random,random", "--address", "x:1"], "--address"),
    (["--players", "random,random,random,random", "--games", "x"], "--games"),
    ([], "--players"),
]
PLAY = [
    (["--scenario", "7", "--seat", "2"], "--seat 2"),
    (["--seat", "-1"], "--seat"),
    (["--seat", "x"], "--seat"),
    (["--seed", "-5"], "--seed"),
    (["--mode", "solo", "--opponents", "random"], "--opponents random cannot apply"),
    (["--scenario", "7", "--opponents", "random,random"], "--opponents"),
    (["--scenario", "7", "--opponents", "human"], "--opponents human"),
    (["--scenario", "7", "--opponents", "nosuchbot"], "--opponents"),
    (["--mode", "coop", "--scenario", "10"], "--scenario 10"),
    (["--stars", "9"], "--stars"),
    (["--rule", "solo_regrow_heads=true", "--scenario", "1"], "--rule solo_regrow_heads"),
]
REPLAY = [
    (["/nonexistent/replay.json"], "/nonexistent/replay.json"),
    ([], "FILE"),
    (["--check"], "--check"),
]
TRAIN = [
    (["--workers", "0"], "--workers"),
    (["--workers", "x"], "--workers"),
    (["nosuchconfig"], "nosuchconfig"),
    (["--set", "x"], "--set"),
    (["--set", "nosuch=1"], "nosuch"),
    (["--set", "total_timesteps=abc"], "total_timesteps"),
    (["--env", "nosuch"], "env"),
    (["solo_ppo", "--resume", "somewhere"], "--resume"),
    (["--resume", "{tmp}/afile"], "{tmp}/afile"),
    (["--set", "env_kwargs.stars=1.5"], "stars"),
    (["--runs-dir", "{tmp}/afile"], "--runs-dir"),
    (["--runs-dir", "{tmp}/afile/x"], "--runs-dir"),
]
BOTS = [
    (["--game", "chess"], "--game"),
    (["--game"], "--game"),
    (["extra"], "extra"),
]


def _check(argv: list[str], word: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> str:
    before = sorted(os.listdir(tmp_path))
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert word in err, err
    assert "Traceback" not in out + err
    assert sorted(os.listdir(tmp_path)) == before           # nothing written
    return err


@pytest.mark.parametrize("extra, word", EVALUATE + EVALUATE_AGENTS,
                         ids=[" ".join(a) or "none" for a, _ in EVALUATE + EVALUATE_AGENTS])
def test_evaluate_refuses_a_bad_input(extra: list[str], word: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    agent = [] if any(a == "--agent" for a in extra) or extra == [] else ["--agent", "random"]
    _check(["evaluate", *agent, *RUN, *extra, "--out", str(tmp_path / "out")], word, capsys, tmp_path)


@pytest.mark.parametrize("extra, word", TOURNAMENT, ids=[" ".join(a) or "none" for a, _ in TOURNAMENT])
def test_tournament_refuses_a_bad_input(extra: list[str], word: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    run = [a for a in RUN if a not in ("--games", "2")] if "--games" in extra else RUN
    _check(["tournament", *run, *extra, "--out", str(tmp_path / "out")], word, capsys, tmp_path)


@pytest.mark.parametrize("extra, word", PLAY, ids=[" ".join(a) for a, _ in PLAY])
def test_play_refuses_a_bad_input_before_the_game_starts(extra: list[str], word: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def no_input(prompt: str = "") -> str:
        raise AssertionError("the game started")
    monkeypatch.setattr("builtins.input", no_input)
    _check(["play", *extra], word, capsys, tmp_path)


@pytest.mark.parametrize("extra, word", REPLAY, ids=[" ".join(a) or "none" for a, _ in REPLAY])
def test_replay_refuses_a_bad_input(extra: list[str], word: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    _check(["replay", *extra], word, capsys, tmp_path)


def _ids(table: list) -> list[str]:
    return [" ".join((row.values if hasattr(row, "values") else row)[0]) or "none" for row in table]


@pytest.mark.parametrize("extra, word", TRAIN, ids=_ids(TRAIN))
def test_train_refuses_a_bad_input_before_creating_a_run(extra: list[str], word: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "afile").write_text("not a folder")
    extra = [a.replace("{tmp}", str(tmp_path)) for a in extra]
    runs = [] if "--runs-dir" in extra else ["--runs-dir", str(tmp_path / "runs")]
    _check(["train", *extra, *runs], word.replace("{tmp}", str(tmp_path)), capsys, tmp_path)


@pytest.mark.parametrize("extra, word", BOTS, ids=[" ".join(a) for a, _ in BOTS])
def test_bots_refuses_a_bad_input(extra: list[str], word: str, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    _check(["bots", *extra], word, capsys, tmp_path)


# --------------------------------------------------------------------------- output paths

def _outputs(tmp_path: Path) -> dict[str, list[str]]:
    (tmp_path / "afile").write_text("keep")
    read_only = tmp_path / "ro"
    read_only.mkdir()
    read_only.chmod(0o555)
    return {"a file": [str(tmp_path / "afile")],
            "below a file": [str(tmp_path / "afile" / "x")],
            "read-only": [str(read_only)],
            "in a read-only folder": [str(read_only / "sub")]}


@pytest.mark.parametrize("command", [["evaluate", "--agent", "random"],
                                     ["tournament", "--players", "random,random,random,random"]],
                         ids=["evaluate", "tournament"])
def test_an_output_folder_that_cannot_be_written_is_refused_naming_out(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        for case, out in _outputs(tmp_path).items():
            before = sorted(os.listdir(tmp_path))
            assert cli.main([*command, *RUN, "--out", *out]) == 2, case
            err = capsys.readouterr().err
            assert f"--out {out[0]}" in err and "Traceback" not in err, (case, err)
            assert ".tmp" not in err and "incomplete" not in err, (case, err)
            assert sorted(os.listdir(tmp_path)) == before, case
        assert (tmp_path / "afile").read_text() == "keep"
    finally:
        (tmp_path / "ro").chmod(0o755)


# --------------------------------------------------------------------------- subprocesses

def _subprocess(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "agents.cli", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("argv, word", [
    (["evaluate", "--agent", "random", "--games", "1e9"], "--games"),
    (["evaluate", "--agent", "random", "--out", ".", "--force"], "--out ."),
    (["play", "--mode", "solo", "--save-replay", "afile/x.json"], "--save-replay afile/x.json"),
    (["replay", "afile"], "afile"),
    (["bots", "--game", "chess"], "--game"),
], ids=["evaluate --games 1e9", "evaluate --out . --force", "play --save-replay afile/x.json",
        "replay of a file that is not JSON", "bots --game chess"])
def test_bad_inputs_in_a_real_process(argv: list[str], word: str, tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("not a replay")
    done = _subprocess(*argv, cwd=tmp_path)
    expected = 1 if argv[0] == "replay" else 2        # replay: the file was checked and failed
    assert done.returncode == expected, done.stderr
    assert word in done.stderr + done.stdout
    assert "Traceback" not in done.stderr + done.stdout
    assert sorted(os.listdir(tmp_path)) == ["afile"]
