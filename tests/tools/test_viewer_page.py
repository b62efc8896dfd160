"""The replay page and the report pages as files: self-contained, small, holding what the replay says."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers.viewer_games import SHOVE_GAME, game_at, replay_doc

from agents import cli, evaluate, replay
from agents.viewer import write_evaluation_report, write_replay_page, write_tournament_report
from agents.viewer.page import script_json
from agents.viewer.record import record
from agents.viewer.report import showcase_games

SOLO_LIMIT, FOUR_PLAYER_LIMIT = 1_000_000, 3_000_000


def _data(html: str, element: str = "replay-data") -> dict[str, Any]:
    m = re.search(rf'<script id="{element}" type="application/json">(.*?)</script>', html, re.S)
    assert m, f"no {element} in the page"
    return json.loads(m[1])


def _frames(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The frames as the page's script carries them forward."""
    out, carried = [], {}
    for delta in data["frames"]:
        carried = {**carried, **delta}
        out.append(carried)
    return out


def _self_contained(html: str) -> None:
    links = set(re.findall(r"https?://[^\s\"'<>)]+", html))
    assert links <= {"http://www.w3.org/2000/svg"}, links
    for needle in ("<link", " src=", "@import", "url(", "fetch(", "XMLHttpRequest", "@font-face"):
        assert needle not in html, needle


def test_the_replay_page_is_one_self_contained_file(tmp_path: Path) -> None:
    page = write_replay_page(replay_doc(*SHOVE_GAME), tmp_path / "game.html")
    html = page.read_text(encoding="utf-8")
    _self_contained(html)
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") >= 2
    assert 'id="board"' in html and 'id="view"' in html and 'id="slider"' in html


def test_the_page_data_holds_every_step_and_decision_of_the_replay(tmp_path: Path) -> None:
    doc = replay_doc(*SHOVE_GAME)
    data = _data(write_replay_page(doc, tmp_path / "g.html").read_text(encoding="utf-8"))
    rec = record(doc)
    frames = _frames(data)
    assert len(frames) == len(rec.frames)
    for shown, frame in zip(frames, rec.frames):
        assert shown["walls"] == frame.state.walls and shown["glory"] == frame.state.glory
        pieces = "".join(data["pieces"][k] for k in shown["pc"])
        for seat, space in enumerate(frame.state.hero_space):
            assert f'class="hero" data-seat="{seat}" data-space="{space}"' in pieces
    assert len(data["decisions"]) == len(doc["decisions"])
    for k, d in enumerate(data["decisions"]):
        game = game_at(doc, k)
        assert d["x"] == game.describe(doc["decisions"][k]) and d["s"] == game.current_player
        assert d["o"] == len(game.legal_actions())
        assert frames[d["f"]]["p"] == k


def test_r41_other_seats_read_hand_card_decisions_without_the_card(tmp_path: Path) -> None:
    doc = replay_doc(1, 0, "random")
    data = _data(write_replay_page(doc, tmp_path / "g.html").read_text(encoding="utf-8"))
    hidden = [(k, d) for k, d in enumerate(data["decisions"]) if "px" in d]
    assert hidden
    for k, d in hidden:
        game = game_at(doc, k)
        other = (d["s"] + 1) % game.num_players
        assert d["px"] == game.describe(doc["decisions"][k], viewer=other) != d["x"]


def test_the_solo_page_shows_the_r39_score_breakdown(tmp_path: Path) -> None:
    doc = replay_doc(10, 0, "heuristic")
    html = write_replay_page(doc, tmp_path / "g.html").read_text(encoding="utf-8")
    r = doc["result"]
    assert f"<th class='value' id='score'>{r['score']}</th>" in html
    assert f"<td>neck tiles on the board</td><td class='value'>{-r['necks']:+d}</td>" in html
    assert f"<td>wall tokens left</td><td class='value'>{r['walls']:+d}</td>" in html


def test_replay_pages_stay_under_their_size_limits(tmp_path: Path) -> None:
    solo = write_replay_page(replay_doc(10, 0, "heuristic"), tmp_path / "solo.html").stat().st_size
    four = write_replay_page(replay_doc(1, 0, "heuristic"), tmp_path / "four.html").stat().st_size
    assert solo < SOLO_LIMIT and four < FOUR_PLAYER_LIMIT, (solo, four)


def test_json_in_a_script_element_cannot_close_it() -> None:
    text = script_json({"x": "</script><!-- "})
    assert "</" not in text and "<!--" not in text and json.loads(text) == {"x": "</script><!-- "}


def test_a_replay_file_can_be_given_by_its_path(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    replay.write_replay(path, replay_doc(10, 1, "random"))
    assert write_replay_page(path, tmp_path / "out" / "r.html").exists()


def _evaluate(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "eval"
    assert cli.main(["evaluate", "--workers", "1", "--no-progress", "--seed", "3", "--out", str(out), *args]) == 0
    return out


def test_the_evaluation_report_has_the_histogram_intervals_table_and_showcase(tmp_path: Path) -> None:
    folder = _evaluate(tmp_path, "--mode", "solo", "--agent", "random", "--games", "8", "--scenario", "10",
                       "--save-replays", "2")
    page = write_evaluation_report(folder, tmp_path / "report" / "eval.html")
    html = page.read_text(encoding="utf-8")
    _self_contained(html)
    summary = json.loads((folder / "summary.json").read_text())
    assert html.count('class="band"') == 7
    assert f"{100 * summary['win_rate']['rate']:.1f}%" in html and "id='expected-score'" in html
    table = _data(html, "table-data")
    assert len(table["rows"]) == 8 and table["sort"] == "score"
    picks = showcase_games(evaluate.read_games_csv(folder / "games.csv"), coop=False)
    assert set(picks) == {"best", "median", "worst"}
    for index in set(picks.values()):
        link = table["links"][str(index)]
        assert (page.parent / link).exists() and f'href="{link}"' in html


def test_without_replaying_only_saved_games_are_linked(tmp_path: Path) -> None:
    folder = _evaluate(tmp_path, "--mode", "solo", "--agent", "random", "--games", "5", "--scenario", "10")
    html = write_evaluation_report(folder, tmp_path / "e.html", play_missing=False).read_text(encoding="utf-8")
    assert _data(html, "table-data")["links"] == {} and "no replay" in html


def test_a_coop_evaluation_report_shows_rates_by_seat(tmp_path: Path) -> None:
    folder = _evaluate(tmp_path, "--mode", "coop", "--agent", "random", "--games", "3", "--scenario", "7")
    html = write_evaluation_report(folder, tmp_path / "e.html").read_text(encoding="utf-8")
    assert "city saved" in html and "seat 1" in html and "epic hero" in html
    assert len(_data(html, "table-data")["links"]) >= 1


def test_the_tournament_report_ranks_by_openskill_ordinal(tmp_path: Path) -> None:
    out = tmp_path / "t"
    assert cli.main(["tournament", "--players", "random,greedy", "--scenario", "7", "--games", "4", "--workers", "1",
                     "--no-progress", "--out", str(out), "--save-replays", "1"]) == 0
    page = write_tournament_report(out, tmp_path / "t.html")
    html = page.read_text(encoding="utf-8")
    _self_contained(html)
    players = json.loads((out / "results.json").read_text())["players"]
    best = max(players, key=lambda p: p["rating"]["ordinal"])
    first = re.search(r"<tr data-player='([^']+)'><td>1</td>", html)
    assert first and first[1] == best["player"]
    assert "epic hero" in html and "tragic hero" in html and "OpenSkill" in html
    assert (page.parent / "t-replays" / "game-000000.html").exists()


@pytest.mark.parametrize("name", ["summary.json", "games.csv"])
def test_a_folder_that_is_not_an_evaluation_is_refused(tmp_path: Path, name: str) -> None:
    from agents.viewer import ViewerError
    (tmp_path / ("games.csv" if name == "summary.json" else "summary.json")).write_text("{}")
    with pytest.raises(ViewerError, match=f"{name} is missing"):
        write_evaluation_report(tmp_path, tmp_path / "r.html")
