"""``hydra-env play --game heroica``: a person plays in the terminal (driven by scripted input)."""

from __future__ import annotations

import builtins
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents import cli
from agents.game_tools.heroica import play as hooks
from hydra_env import game_spec

ROLL = re.compile(r"roll \d+, (movement|fight) die of the (\w+) \(seat (\d)\)[^:]*: "
                  r"(Shield|Three / Sword|Two / Skull|One / Sword & Skull)")


def _feed(monkeypatch: pytest.MonkeyPatch, entries: list[str]) -> None:
    """Answer input() with ``entries``, then end of input."""
    it: Iterator[str] = iter(entries)

    def fake_input(prompt: str = "") -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr(builtins, "input", fake_input)


def test_options_are_named_by_the_action_space_and_keep_their_name_between_decisions() -> None:
    game = game_spec("heroica").make(seed=3)
    for _ in range(6):
        groups = hooks.option_groups(game, game.legal_actions())
        for g in groups:
            name = game.codec.describe(g.actions[0], game.tables)
            assert g.targets[0].startswith(name)               # the name, then what it does now
            assert hooks.match(groups, name) == g.actions      # typed, it names that action
        game.apply(game.legal_actions()[0])


def test_an_ambiguous_or_illegal_name_is_refused_with_the_reason(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    game = game_spec("heroica").make(seed=3)
    legal = game.legal_actions()
    illegal = next(a for a in range(game.codec.size) if a not in legal and game.codec.split(a)[0] == "MOVE_TO")
    name = game.codec.describe(illegal, game.tables)
    _feed(monkeypatch, ["?", "move to", name, "q"])
    assert cli.main(["play", "--game", "heroica", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Map legend" in out and "Now: MOVE" in out                          # the help of this decision
    listed = "; ".join(f"{k + 1} {game.codec.describe(a, game.tables)}" for k, a in enumerate(legal))
    assert f"'move to' names {len(legal)} options: {listed} — type more of the name, or the number" in out
    assert f"{name!r} is not legal now: " in out
    assert "game abandoned after 0 decisions (seed 3)" in out


def test_a_solo_game_played_to_its_end_shows_every_roll_with_its_face_and_the_result(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _feed(monkeypatch, ["1"] * 400)
    path = tmp_path / "r.json"
    assert cli.main(["play", "--game", "heroica", "--hero", "ranger", "--seed", "4",
                     "--save-replay", str(path)]) == 0
    out = capsys.readouterr().out
    result = json.loads(path.read_text())["result"]
    game = game_spec("heroica").make(seed=4, hero="ranger", engine="python")
    for action in json.loads(path.read_text())["decisions"]:
        game.apply(action)
    rolls = [m for m in ROLL.finditer(out)]
    assert len(rolls) == game.state.rolls - 1        # every roll after the first (on the map at the start)
    assert {m[2] for m in rolls} == {"ranger"}
    assert "Map legend" not in out and "y0" in out                 # the map is drawn at each decision
    if result["outcome"] == "won":
        assert f"You defeated the Goblin General on turn {result['turns']}" in out
    else:
        assert f"censored T {result['limit'] + 1}" in out


def test_in_a_race_the_bots_decisions_rolls_and_fights_are_printed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _feed(monkeypatch, ["1"] * 400)
    assert cli.main(["play", "--game", "heroica", "--num-players", "2", "--opponents", "greedy",
                     "--seed", "6"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("Heroica: Draida — race, 2 players, seed 6; seat 0 you (barbarian), "
                                          "seat 1 greedy (wizard)")
    assert "  seat 1 (greedy): move to" in out
    assert any(m[3] == "1" for m in ROLL.finditer(out)) and any(m[1] == "fight" for m in ROLL.finditer(out))
    assert "You win!" in out or "Seat 1 wins" in out or "No winner" in out
