"""``hydra-env replay`` on structurally wrong files (issue 11, item 6): each gets a clear
error naming what is wrong, and the other files of the folder are still checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agents import cli, replay
from agents.backends import GameTask, bot_seed, game_seed, play_game


@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    task = GameTask(0, "hydra", {"scenario": 10, "stars": 1}, game_seed(0, 0), ("random",), (bot_seed(0, 0, 0),), True)
    record = play_game(task)
    return replay.replay_of_task(task, record.decisions, record.result)


# file name → (what to write: a change of the good replay, or raw bytes/text), expected words
CHANGES: dict[str, tuple[Any, str]] = {
    "data-a-string": ({"data": "x"}, "field 'data' must be a dict"),
    "decisions-a-dict": ({"decisions": {"a": 1}}, "field 'decisions' must be a list"),
    "decisions-a-string": ({"decisions": "123"}, "field 'decisions' must be a list"),
    "decisions-null": ({"decisions": None}, "field 'decisions' must be a list"),
    "decision-true": ({"decisions": [True]}, "field 'decisions[0]' must be an integer"),
    "decision-a-float": ({"decisions": [1.5]}, "field 'decisions[0]' must be an integer"),
    "seats-integers": ({"seats": [1]}, "field 'seats[0]' must be a non-empty string"),
    "seats-a-string": ({"seats": "random"}, "field 'seats' must be a list"),
    "bot-seeds-a-string": ({"bot_seeds": "x"}, "field 'bot_seeds' must be a list"),
    "bot-seeds-too-many": ({"bot_seeds": [1, 2]}, "names 1 seats but 2 bot seeds"),
    "result-a-list": ({"result": [1]}, "field 'result' must be a dict"),
    "digests-a-number": ({"state_digests": 5}, "field 'state_digests' must be a list"),
    "digest-a-number": ({"state_digests": [5]}, "field 'state_digests[0]' must be a non-empty string"),
    "options-a-list": ({"options": [1]}, "field 'options' must be a dict"),
    "scenario-a-string": ({"scenario": "10"}, "field 'scenario' must be an integer"),
    "stars-true": ({"stars": True}, "field 'stars' must be an integer"),
    "seed-negative": ({"seed": -1}, "field 'seed' must be an integer of at least 0"),
    "game-index-a-string": ({"game_index": "x"}, "field 'game_index' must be an integer"),
    "version-true": ({"version": True}, "replay version True is not supported"),
    "no-result": ({"result": ...}, "the replay lacks result"),
    "deeply-nested": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "deeply-nested-field": ('{"format": "hydra-env/replay", "version": 1, "x": '
                            + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
    "not-json": ("hello", "invalid JSON"),
    "empty": ("", "invalid JSON"),
    "a-list": ("[1, 2]", "a JSON object is expected"),
    "nan": ('{"seed": NaN}', "NaN"),
    "long-number": ('{"seed": 1' + "0" * 5000 + "}", "an integer of 5001 digits"),
    "binary": (bytes(range(256)) * 4, "not UTF-8 text"),
}


def _write(folder: Path, good: dict[str, Any]) -> None:
    for name, (change, _) in CHANGES.items():
        path = folder / f"{name}.json"
        if isinstance(change, bytes):
            path.write_bytes(change)
        elif isinstance(change, str):
            path.write_text(change)
        else:
            doc = {k: v for k, v in {**good, **change}.items() if v is not ...}
            path.write_text(json.dumps(doc))
    replay.write_replay(folder / "zz-good.json", good)
    (folder / "a-folder.json").mkdir()


def test_each_bad_file_fails_with_its_reason_and_the_rest_are_checked(
        tmp_path: Path, good: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path, good)
    assert cli.main(["replay", str(tmp_path), "--check-bots", "--steps"]) == 1
    out, err = capsys.readouterr()
    lines = {line.split(":", 1)[0]: line for line in out.splitlines() if line[:4] in ("OK  ", "FAIL")}
    for name, (_, words) in CHANGES.items():
        line = lines[f"FAIL {tmp_path / name}.json"]
        assert words in line, line
    assert "cannot read it" in lines[f"FAIL {tmp_path / 'a-folder'}.json"]
    assert lines[f"OK   {tmp_path / 'zz-good'}.json"].endswith("decisions verified, lost")
    total = len(CHANGES) + 2
    assert f"1/{total} replays verified" in out
    assert "Traceback" not in out + err and err == ""


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_verify_replay_gives_a_verdict_for_a_wrong_document(name: str, good: dict[str, Any]) -> None:
    change, words = CHANGES[name]
    if not isinstance(change, dict):
        with pytest.raises(replay.ReplayError, match="not a replay|expected"):
            replay.check_replay(replay.read_replay_text(
                change if isinstance(change, bytes) else change.encode()))
        return
    doc = {k: v for k, v in {**good, **change}.items() if v is not ...}
    verdict = replay.verify_replay(doc)
    assert not verdict.ok and words in verdict.message


def test_a_replay_error_is_a_hydra_error() -> None:
    from hydra_env import HydraError
    assert issubclass(replay.ReplayError, HydraError)


def test_an_unexpected_failure_in_one_file_does_not_stop_the_others(
        tmp_path: Path, good: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    replay.write_replay(tmp_path / "a.json", good)
    replay.write_replay(tmp_path / "b.json", good)
    real = replay.verify_replay
    calls: list[int] = []

    def flaky(doc: dict[str, Any], **kwargs: Any) -> replay.Verdict:
        calls.append(1)
        if len(calls) == 1:
            raise KeyError("boom")
        return real(doc, **kwargs)
    monkeypatch.setattr(replay, "verify_replay", flaky)
    assert cli.main(["replay", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "unexpected KeyError" in out and "OK   " in out
    assert "1/2 replays verified" in out
