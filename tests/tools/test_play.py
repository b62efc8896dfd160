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


def test_options_are_grouped_by_card_and_kind_in_a_compact_notation() -> None:
    from agents import play_text
    game = Game.new(10, 1, 11)
    legal = game.legal_actions()
    groups = play_text.group_options(game, legal)
    assert sorted(play_text.ordered_actions(groups)) == legal
    assert len(groups) < len(legal) // 4                       # 68 options, a few lines
    first = groups[0]
    assert first.code == "A1" and first.kind == "move to" and first.targets[0] == "r9c0"
    assert play_text.notation(first, 0) == "A1 move to → r9c0"
    assert play_text.match_notation(groups, "a1 r9c0") == [first.actions[0]]
    assert play_text.match_notation(groups, "A1 move to → r9c0") == [first.actions[0]]
    assert play_text.match_notation(groups, "city pass") == [
        a for a in legal if game.describe(a) == "city action: pass"]
    lines = play_text.option_line_texts(groups)
    assert len(lines) <= 20 and all(len(line) <= play_text.WIDTH for line in lines)


def test_hydra_phase_is_printed_effect_by_effect_with_the_replay_pages_texts(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _feed(monkeypatch, ["city pass"] * 10 + ["q"])
    assert cli.main(["play", "--mode", "solo", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    assert "Hydra phase, step by step:" in out
    assert "▸ display A1 — A10 move 2 (+1 reef)" in out
    assert "• move 2 blue" in out and "the blue head advances" in out
    assert "wall token falls" in out


def test_help_explains_the_legend_and_the_decision(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    _feed(monkeypatch, ["?", "q"])
    assert cli.main(["play", "--mode", "solo", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    assert "Board legend" in out and "a maelstrom" in out
    assert "Now: action — Use a card of the display" in out


def test_undo_goes_back_and_save_then_load_continues(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    save_path = tmp_path / "saved.json"
    _feed(monkeypatch, ["u", "A1 r9c0", "u", "A2 r8c1", f"s {save_path}", "q"])
    assert cli.main(["play", "--mode", "solo", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    assert "nothing to undo" in out and "undone: back to round 1" in out
    assert f"saved to {save_path}" in out
    saved = Game.from_json(save_path.read_text())
    assert len(saved.history) == 1 and "portal to r8c1" in Game.new(10, 1, 11).describe(saved.history[0])
    replay_path = tmp_path / "r.json"
    _feed(monkeypatch, ["1"] * 400)
    assert cli.main(["play", "--load", str(save_path), "--save-replay", str(replay_path)]) == 0
    doc = replay.load_replay(replay_path)
    assert doc["decisions"][0] == saved.history[0] and replay.verify_replay(doc).ok


def test_undo_is_refused_in_a_coop_game(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    _feed(monkeypatch, ["1", "u", "q"])
    assert cli.main(["play", "--scenario", "7", "--opponents", "random", "--seed", "4"]) == 0
    assert "undo works in solo games only" in capsys.readouterr().out
