"""``hydra-env replay`` of Hydras replays and saved Hydras games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agents import cli, replay
from agents.backends import GameTask, play_game
from agents.hydras import replay as hydras_replay
from hydra_env.games.hydras.rules import HydrasGame


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    task = GameTask(3, "hydras", {"num_players": 3}, 11, ("heuristic", "greedy", "random"), (1, 2, 3),
                    record=True)
    rec = play_game(task)
    return replay.replay_of_task(task, rec.decisions, rec.result)


def test_a_hydras_task_plays_with_the_hydras_bots_to_the_end(doc: dict[str, Any]) -> None:
    game = HydrasGame.new(3, seed=11)
    for action in doc["decisions"]:
        game.apply(action)
    assert game.is_over and doc["result"]["scores"] == list(game.result().scores)
    assert doc["game"] == "hydras" and doc["players"] == 3 and doc["game_index"] == 3


def test_hydras_replay_verifies_with_the_bots_rebuilt(doc: dict[str, Any], tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    replay.write_replay(path, doc)
    assert cli.main(["replay", str(path), "--check-bots", "--game", "hydras", "--steps"]) == 0
    out = capsys.readouterr().out
    assert f"OK   {path}: {len(doc['decisions'])} decisions verified, won by seat" in out
    assert "   1  turn 1 turn   seat 0" in out


def test_hydras_replay_names_the_first_edited_decision(doc: dict[str, Any]) -> None:
    edited = json.loads(json.dumps(doc))
    edited["decisions"][5] = edited["decisions"][4]
    edited.pop("state_digests")
    verdict = hydras_replay.verify_replay(edited)
    assert not verdict.ok and verdict.step is not None and verdict.step <= 6


def test_hydras_replay_with_the_other_game_flag_fails_clearly(doc: dict[str, Any], tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    replay.write_replay(path, doc)
    assert cli.main(["replay", str(path), "--game", "hydra"]) == 1
    assert "it is a hydras record, and --game hydra was given" in capsys.readouterr().out


@pytest.mark.parametrize("field, value, message", [
    ("players", 5, "field 'players'"), ("seats", ["random"], "names 1 seats for 3 players"),
    ("game", "chess", "field 'game' is 'chess'")])
def test_a_damaged_hydras_replay_names_its_field(doc: dict[str, Any], field: str, value: Any,
                                                 message: str) -> None:
    bad = {**doc, field: value}
    verdict = replay.verify_replay(bad)
    assert not verdict.ok and message in verdict.message


def test_a_saved_hydras_game_verifies_and_an_edited_one_is_refused(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    game = HydrasGame.new(2, seed=5)
    for _ in range(7):
        game.apply(game.legal_actions()[-1])
    good = tmp_path / "saved.json"
    good.write_text(game.to_json())
    saved = json.loads(game.to_json())
    saved["state"]["history"][2] = saved["state"]["history"][1] + 1
    bad = tmp_path / "edited.json"
    bad.write_text(json.dumps(saved))
    assert cli.main(["replay", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"OK   {good}: 7 decisions verified, saved position reached (game in play)" in out
    assert f"FAIL {bad}" in out and "1/2 replays verified" in out
