"""``--html`` on ``replay``, ``evaluate``, ``tournament`` and ``play``: self-contained pages,
output paths checked before any game."""

from __future__ import annotations

import builtins
import re
from pathlib import Path

import pytest

from agents import cli

_REMOTE = re.compile(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", re.IGNORECASE)


def _self_contained(path: Path) -> str:
    assert path.is_file() and path.stat().st_size > 1000, path
    text = path.read_text(encoding="utf-8")
    assert text.lstrip().lower().startswith("<!doctype html")
    assert not _REMOTE.search(text), f"{path} fetches from the network"
    assert "@import" not in text and "url(http" not in text
    return text


def test_replay_html_writes_a_self_contained_page(tmp_path: Path) -> None:
    game_json, page = tmp_path / "game.json", tmp_path / "page" / "game.html"
    answers = iter(["1"] * 400)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builtins, "input", lambda prompt="": next(answers))
        assert cli.main(["play", "--mode", "solo", "--seed", "4", "--save-replay", str(game_json)]) == 0
    assert cli.main(["replay", str(game_json), "--html", str(page)]) == 0
    assert "replay-data" in _self_contained(page)


def test_replay_html_needs_exactly_one_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.json").write_text("{}")
    (tmp_path / "b.json").write_text("{}")
    code = cli.main(["replay", str(tmp_path), "--html", str(tmp_path / "x.html")])
    assert code == 2 and "one replay" in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()


def test_evaluate_html_writes_the_report_and_the_three_showcase_replays(tmp_path: Path) -> None:
    out, page = tmp_path / "eval", tmp_path / "report.html"
    assert cli.main(["evaluate", "--no-progress", "--mode", "solo", "--agent", "greedy", "--games", "5",
                     "--workers", "1", "--out", str(out), "--html", str(page)]) == 0
    text = _self_contained(page)
    links = re.findall(r"""href=["']?(report-replays/game-\d{6}\.html)""", text)
    picks = set(re.findall(r"data-pick=\"(\w+)\"", text))
    assert picks == {"best", "median", "worst"}
    assert links, "no replay page linked"
    assert "no replay" not in text            # every pick has its page, saved without --save-replays
    for link in set(links):
        _self_contained(tmp_path / link)
    saved = sorted(p.name for p in (out / "replays").glob("game-*.json"))
    assert 1 <= len(saved) <= 3 and len(set(links)) == len(saved)
    assert cli.main(["replay", str(out / "replays")]) == 0


def test_evaluate_html_path_is_checked_before_any_game(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "dir.html").mkdir()
    code = cli.main(["evaluate", "--no-progress", "--mode", "solo", "--agent", "greedy", "--games", "2",
                     "--out", str(tmp_path / "eval"), "--html", str(tmp_path / "dir.html")])
    assert code == 2 and "--html" in capsys.readouterr().err
    assert not (tmp_path / "eval").exists()


def test_tournament_html_writes_the_report(tmp_path: Path) -> None:
    out, page = tmp_path / "t", tmp_path / "t.html"
    assert cli.main(["tournament", "--no-progress", "--players", "heuristic,random,random,random", "--scenario", "1",
                     "--games", "2", "--workers", "1", "--save-replays", "1", "--out", str(out),
                     "--html", str(page)]) == 0
    text = _self_contained(page)
    assert "id='ranking'" in text
    for link in set(re.findall(r"""href=['"]?(t-replays/game-\d{6}\.html)""", text)):
        _self_contained(tmp_path / link)


def test_tournament_html_saves_and_links_the_three_showcase_replays(tmp_path: Path) -> None:
    out, page = tmp_path / "t2", tmp_path / "two.html"
    assert cli.main(["tournament", "--no-progress", "--players", "heuristic,random", "--scenario", "7",
                     "--games", "4", "--workers", "1", "--out", str(out), "--html", str(page)]) == 0
    text = _self_contained(page)
    assert "id='ranking'" in text
    assert set(re.findall(r"data-pick=\"(\w+)\"", text)) == {"best", "median", "worst"}
    assert "no replay" not in text            # saved without --save-replays
    links = set(re.findall(r"""href=['"]?(two-replays/game-\d{6}\.html)""", text))
    saved = sorted(p.name for p in (out / "replays").glob("game-*.json"))
    assert 1 <= len(saved) <= 3 and len(links) == len(saved)
    assert {link.rsplit("/", 1)[1].replace(".html", ".json") for link in links} == set(saved)
    for link in links:
        _self_contained(tmp_path / link)
    assert cli.main(["replay", str(out / "replays")]) == 0


def test_play_save_replay_html_writes_the_page(tmp_path: Path) -> None:
    answers = iter(["1"] * 400)
    page = tmp_path / "mine.html"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builtins, "input", lambda prompt="": next(answers))
        assert cli.main(["play", "--mode", "solo", "--seed", "5", "--save-replay", str(tmp_path / "m.json"),
                         "--html", str(page)]) == 0
    assert (tmp_path / "m.json").is_file()
    _self_contained(page)


def test_play_html_path_is_checked_before_the_game(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "f").write_text("x")
    code = cli.main(["play", "--mode", "solo", "--seed", "5", "--html", str(tmp_path / "f" / "p.html")])
    assert code == 2 and "--html" in capsys.readouterr().err
