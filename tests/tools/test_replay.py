"""Replays: saved games re-simulated step by step; the first step that differs is reported."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agents import cli, replay
from agents.backends import GameTask, bot_seed, game_seed, play_game
from hydra_env import Game


def _doc(scenario: int = 10, index: int = 0, digests: bool = True) -> dict[str, Any]:
    seats = 1 if scenario >= 10 else Game.new(scenario, 1, 0).num_players
    task = GameTask(index, "hydra", {"scenario": scenario, "stars": 1}, game_seed(0, index), ("random",) * seats,
                    tuple(bot_seed(0, index, s) for s in range(seats)), record=True)
    rec = play_game(task)
    doc = replay.replay_of_task(task, rec.decisions, rec.result)
    if not digests:
        del doc["state_digests"]
    return doc


def _other_legal(doc: dict[str, Any], step: int) -> int:
    """A legal decision at ``step`` (1-based) other than the recorded one."""
    game = Game.new(doc["scenario"], doc["stars"], doc["seed"])
    for a in doc["decisions"][:step - 1]:
        game.apply(a)
    return next(a for a in game.legal_actions() if a != doc["decisions"][step - 1])


def test_replay_format_fields() -> None:
    doc = _doc()
    assert doc["format"] == "hydra-env/replay" and doc["version"] == 1
    assert doc["data"]["digest"] == Game.new(10, 1, 0).components.digest
    assert len(doc["state_digests"]) == len(doc["decisions"])
    assert doc["seats"] == ["random"] and doc["result"]["outcome"] in ("won", "lost")
    assert json.loads(replay.replay_text(doc)) == doc


@pytest.mark.parametrize("scenario", [10, 7, 1])
def test_recorded_games_verify(scenario: int) -> None:
    verdict = replay.verify_replay(_doc(scenario), check_bots=True)
    assert verdict.ok, verdict.message
    assert verdict.steps == len(_doc(scenario)["decisions"])


def test_replay_command_verifies_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    replay.write_replay(path, _doc(7))
    assert cli.main(["replay", str(path), "--steps", "--board"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n     1  round 1") == 1 and "OK   " in out and "decisions verified" in out


def test_a_changed_decision_is_reported_at_its_step(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    doc = _doc()
    doc["decisions"][4] = _other_legal(doc, 5)
    verdict = replay.verify_replay(doc)
    assert not verdict.ok and verdict.step == 5
    assert "step 5:" in verdict.message and "differs" in verdict.message
    path = tmp_path / "bad.json"
    replay.write_replay(path, doc)
    assert cli.main(["replay", str(path)]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_an_illegal_decision_is_reported_with_the_reason() -> None:
    doc = _doc()
    doc["decisions"][2] = 10**5
    verdict = replay.verify_replay(doc)
    assert not verdict.ok and verdict.step == 3 and "not legal" in verdict.message


def test_without_digests_a_changed_decision_shows_in_the_result_or_a_later_step() -> None:
    doc = _doc(digests=False)
    assert replay.verify_replay(doc).ok
    doc["decisions"][0] = _other_legal(doc, 1)
    assert not replay.verify_replay(doc).ok


def test_missing_and_extra_decisions_are_reported() -> None:
    doc = _doc(digests=False)
    short = dict(doc, decisions=doc["decisions"][:-1])
    verdict = replay.verify_replay(short)
    assert not verdict.ok and "not over" in verdict.message
    long = dict(doc, decisions=doc["decisions"] + [doc["decisions"][-1]])
    verdict = replay.verify_replay(long)
    assert not verdict.ok and "already over" in verdict.message


def test_a_different_result_is_reported() -> None:
    doc = _doc()
    doc["result"]["walls"] += 1
    verdict = replay.verify_replay(doc)
    assert not verdict.ok and "final result differs" in verdict.message and "walls" in verdict.message


def test_other_component_data_is_reported() -> None:
    doc = _doc()
    doc["data"]["digest"] = "0" * 64
    verdict = replay.verify_replay(doc)
    assert not verdict.ok and "component data digest" in verdict.message


def test_check_bots_notices_a_bot_that_decides_otherwise() -> None:
    doc = _doc(digests=False)
    doc["bot_seeds"] = [doc["bot_seeds"][0] + 1]
    assert replay.verify_replay(doc).ok                     # decisions alone still verify
    verdict = replay.verify_replay(doc, check_bots=True)
    assert not verdict.ok and "bot of seat 0" in verdict.message


def test_files_that_are_not_replays_fail_cleanly(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.json").write_text("{not json")
    (tmp_path / "b.json").write_text(json.dumps({"format": "something else"}))
    (tmp_path / "c.json").write_text(json.dumps({"format": "hydra-env/replay", "version": 99}))
    assert cli.main(["replay", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out.count("FAIL") == 3 and "0/3 replays verified" in captured.out
    assert "Traceback" not in captured.err


def test_an_empty_folder_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["replay", str(tmp_path)]) == 2
    assert "no *.json files" in capsys.readouterr().err
