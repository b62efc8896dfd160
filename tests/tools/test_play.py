"""``hydra-env play``: a person at the terminal; wrong entries are explained and asked again."""

from __future__ import annotations

import builtins
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.paths import ROOT

from agents import cli, play, replay
from hydra_env import Game


def _feed(monkeypatch: pytest.MonkeyPatch, entries: list[str]) -> list[str]:
    """Answer input() with ``entries``, then end of input; returns the prompts seen."""
    it: Iterator[str] = iter(entries)
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


def test_parse_entry_list_numbers_and_action_indices() -> None:
    game = Game.new(10, 1, 3)
    legal = game.legal_actions()
    assert play.parse_entry(game, legal, "1") == (legal[0], "")
    assert play.parse_entry(game, legal, str(len(legal))) == (legal[-1], "")
    assert play.parse_entry(game, legal, f"#{legal[2]}") == (legal[2], "")
    illegal = next(a for a in range(game.action_size) if a not in legal)
    action, why = play.parse_entry(game, legal, f"#{illegal}")
    assert action is None and "is not legal now" in why and "illegal" in why
    assert "not in the list" in play.parse_entry(game, legal, "0")[1]
    assert "not in the list" in play.parse_entry(game, legal, "999")[1]
    assert "no action of that index" in play.parse_entry(game, legal, "#999999")[1]
    assert "after #" in play.parse_entry(game, legal, "#x")[1]
    assert "is not a choice" in play.parse_entry(game, legal, "move")[1]
    assert "nothing typed" in play.parse_entry(game, legal, "")[1]
    assert play.parse_entry(game, legal, "b") == (None, "board")


def test_wrong_entries_are_explained_then_the_game_is_played_to_its_end(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    prompts = _feed(monkeypatch, ["hello", "0", "999", "#999999", "", "?", "b", "l"] + ["1"] * 300)
    path = tmp_path / "mine.json"
    assert cli.main(["play", "--mode", "solo", "--seed", "11", "--save-replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "'hello' is not a choice" in out
    assert "0 is not in the list" in out and "999 is not in the list" in out
    assert "no action of that index" in out and "nothing typed" in out
    assert "The city" in out                        # the final verdict
    assert len(prompts) > 9
    doc = replay.load_replay(path)
    assert doc["seats"] == ["human"] and replay.verify_replay(doc).ok


def test_quit_and_end_of_input_abandon_the_game(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    _feed(monkeypatch, ["1", "q"])
    assert cli.main(["play", "--seed", "2"]) == 0
    assert "game abandoned after 1 decisions (seed 2)" in capsys.readouterr().out
    _feed(monkeypatch, [])
    assert cli.main(["play", "--seed", "2"]) == 0
    assert "game abandoned after 0 decisions" in capsys.readouterr().out


def test_coop_seat_with_opponent_bots(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _feed(monkeypatch, ["1"] * 500)
    path = tmp_path / "coop.json"
    assert cli.main(["play", "--scenario", "7", "--seat", "1", "--opponents", "random",
                     "--seed", "4", "--save-replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seat 0 (random):" in out and "on the compass" in out
    doc = replay.load_replay(path)
    assert doc["seats"] == ["random", "human"] and doc["bot_seeds"][1] is None
    assert replay.verify_replay(doc, check_bots=True).ok


def test_play_reads_real_stdin_in_a_subprocess() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-m", "agents.cli", "play", "--seed", "5"],
                          input="nonsense\n#999999\n1\n1\nq\n", cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "'nonsense' is not a choice" in done.stdout
    assert "no action of that index" in done.stdout
    assert "game abandoned after 2 decisions" in done.stdout
    assert "Traceback" not in done.stderr
