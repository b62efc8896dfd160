"""``hydra-env watch AGENT``: one game of every registered game, its replay (verified) and page in a
new run folder, ``--open`` through the browser, bad input refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agents import cli, replay, watch
from hydra_env.api.registry import game_names, game_spec


def _page_path(out: str) -> Path:
    (line,) = [line for line in out.splitlines() if line.startswith("replay page: ")]
    return Path(line.removeprefix("replay page: "))


@pytest.mark.parametrize("game", game_names())
def test_watch_plays_one_game_and_writes_its_replay_page_in_a_new_run_folder(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["watch", "random", "--game", game, "--seed", "4", "--runs-dir", str(tmp_path)]) == 0
    page = _page_path(capsys.readouterr().out)
    assert page.parent.parent == tmp_path / "watch" and page.parent.name.startswith(f"{game}__random__")
    doc = json.loads((page.parent / "replay.json").read_text())
    assert doc["seed"] == 4 and doc["seats"][0] == "random" and doc["decisions"]
    assert replay.verify_replay(doc, check_bots=True).ok        # the game played is the one recorded
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and game_spec(game).title.split(" ")[0] in html


def test_watching_again_makes_another_run_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = game_names()[0]
    for _ in range(2):
        assert cli.main(["watch", "random", "--game", game, "--seed", "1", "--runs-dir", str(tmp_path)]) == 0
    assert len(list((tmp_path / "watch").iterdir())) == 2


def test_open_shows_the_page_in_the_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    opened: list[str] = []
    monkeypatch.setattr(watch.webbrowser, "open", lambda url: opened.append(url) or True)
    assert cli.main(["watch", "random", "--seed", "2", "--runs-dir", str(tmp_path), "--open"]) == 0
    assert opened == [_page_path(capsys.readouterr().out).resolve().as_uri()]


@pytest.mark.parametrize("argv, message", [
    (["watch", "no-such-bot"], "AGENT: cannot make agent 'no-such-bot'"),
    (["watch", "random", "--seat", "99"], "--seat 99"),
])
def test_bad_input_is_refused_with_a_message_and_nothing_written(
        argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([*argv, "--runs-dir", str(tmp_path / "runs")]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "runs").exists()
