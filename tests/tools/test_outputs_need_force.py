"""Replacing a file a user can see takes ``--force`` (issue 30): ``play --save-replay`` and
``--html``, ``evaluate --html``, ``tournament --html`` and ``replay --html`` refuse an existing
file before any game is played, leave it as it was, and replace it with ``--force``; the file
is written through a temporary file and a rename, so nothing half-written is left behind."""

from __future__ import annotations

import builtins
from pathlib import Path

import pytest

import hydra_env
from agents import cli, outputs
from agents import play as play_cmd

OLD = "a file of the user's\n"


def _no_input(prompt: str = "") -> str:
    raise AssertionError("a game was started before the outputs were checked")


def _refused(argv: list[str], path: Path, capsys: pytest.CaptureFixture[str], flag: str) -> None:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builtins, "input", _no_input)
        code = cli.main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"{flag} {path} already exists; pass --force to replace it" in err
    assert path.read_text() == OLD


@pytest.mark.parametrize("flag", ["--save-replay", "--html"])
def test_play_refuses_an_existing_output_file_without_force_before_the_game(
        tmp_path: Path, flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.out"
    path.write_text(OLD)
    _refused(["play", "--game", "hydras", "--seed", "3", flag, str(path)], path, capsys, flag)


def test_play_replaces_an_existing_replay_with_force(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(OLD)
    answers = iter(["1"] * 400)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builtins, "input", lambda prompt="": next(answers))
        code = cli.main(["play", "--mode", "solo", "--seed", "4", "--save-replay", str(path), "--force"])
    assert code == 0 and path.read_text() != OLD
    assert cli.main(["replay", str(path)]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]     # no temporary file left


def test_play_refuses_the_same_file_for_the_replay_and_the_page(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "both"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builtins, "input", _no_input)
        code = cli.main(["play", "--game", "hydras", "--seed", "3", "--save-replay", str(path),
                         "--html", str(path)])
    assert code == 2 and "is the file --save-replay writes too" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["evaluate", "tournament"])
def test_a_report_page_is_not_replaced_without_force(
        tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "report.html"
    page.write_text(OLD)
    who = ["--agent", "random"] if command == "evaluate" else ["--players", "random,greedy,random,greedy"]
    argv = [command, *who, "--games", "2", "--no-progress", "--out", str(tmp_path / "out"),
            "--html", str(page)]
    _refused(argv, page, capsys, "--html")
    assert not (tmp_path / "out").exists()                    # refused before any game


def test_replay_html_is_not_replaced_without_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_json, page = tmp_path / "game.json", tmp_path / "page.html"
    answers = iter(["1"] * 400)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builtins, "input", lambda prompt="": next(answers))
        assert cli.main(["play", "--mode", "solo", "--seed", "4", "--save-replay", str(game_json)]) == 0
    page.write_text(OLD)
    _refused(["replay", str(game_json), "--html", str(page)], page, capsys, "--html")
    assert cli.main(["replay", str(game_json), "--html", str(page), "--force"]) == 0
    assert page.read_text().lstrip().lower().startswith("<!doctype html")


def test_an_output_file_that_is_a_device_is_refused_even_with_force() -> None:
    if not Path("/dev/null").exists():
        pytest.skip("no /dev/null")
    with pytest.raises(outputs.UsageError, match="is not a plain file"):
        outputs.check_file_out(Path("/dev/null"), "--html", force=True)


def test_the_in_game_save_replaces_only_files_of_this_game(tmp_path: Path) -> None:
    theirs, mine = tmp_path / "theirs.json", tmp_path / "mine.json"
    theirs.write_text(OLD)
    game = hydra_env.make("hydras", seed=3)
    table = play_cmd.Table(game, 0, {}, ["human", "random", "random"], save_to=mine)
    refusal = play_cmd.save(table, f"s {theirs}")
    assert refusal.startswith("not saved: ") and "another file name" in refusal and "--force" not in refusal
    assert theirs.read_text() == OLD
    assert play_cmd.save(table, "s").startswith("saved to")        # the default path, new
    assert play_cmd.save(table, "s").startswith("saved to")        # and again: its own file
    loaded = play_cmd.Table(game, 0, {}, ["human", "random", "random"], own_files={theirs.resolve()})
    assert play_cmd.save(loaded, f"s {theirs}").startswith("saved to")   # the file it was loaded from
