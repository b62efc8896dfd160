"""benchmarks/coop_targets.py: an agent beside three heuristic seats, rotated over deals,
against all-heuristic tables on the same deals (issue 15, item 4's measure)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.benchmarks import load_benchmark


@pytest.fixture(scope="module")
def targets() -> Any:
    return load_benchmark("coop_targets")


def test_heuristic_agent_tables_are_the_all_heuristic_tables(targets: Any, tmp_path: Path) -> None:
    out, png = tmp_path / "t.json", tmp_path / "t.png"
    assert targets.main(["--agent", "heuristic", "--deals", "3", "--workers", "1",
                         "--out", str(out), "--plot", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    doc = json.loads(out.read_text())
    assert doc["deals"] == 3 and doc["games_per_kind"] == 12
    # The same bot in every seat on the same deal and bot seeds: the same games.
    assert doc["city_saved_difference"] == {"mean": 0.0, "ci95": [0.0, 0.0]}
    assert doc["city_saved_agent_tables"] == doc["city_saved_all_heuristic"]
    agent, seat = doc["agent_seat"], doc["heuristic_seat_all_heuristic"]
    assert agent["epic_hero"]["n"] == 12 and seat["epic_hero"]["n"] == 48
    saved = doc["city_saved_all_heuristic"]["count"]
    # Every saved game has one epic hero among the four seats, every lost one a tragic hero.
    assert seat["epic_hero"]["count"] == saved
    assert seat["tragic_hero"]["count"] == 12 - saved


def test_seat_rates_follow_the_rotation(targets: Any) -> None:
    def game(table, ranking, won):
        return (table, {"ranking": ranking, "glory": [0, 0, 0, 0], "city_saved": won,
                        "epic_hero": ranking[0] if won else None,
                        "tragic_hero": None if won else ranking[-1]})
    games = [game((0, 1, 2, 3), (0, 1, 2, 3), True),       # player 0 at seat 0: epic
             game((1, 2, 3, 0), (3, 0, 1, 2), True),       # player 0 at seat 3: epic
             game((2, 3, 0, 1), (0, 1, 3, 2), False),      # player 0 at seat 2: tragic
             game((3, 0, 1, 2), (1, 2, 3, 0), False)]      # player 0 at seat 3: not tragic
    rates = targets.report("agent", games, games)["agent_seat"]
    assert rates["epic_hero"]["count"] == 2 and rates["tragic_hero"]["count"] == 1
    assert list(targets.saved_by_deal(games)) == [0.5]


@pytest.mark.parametrize("argv, words", [(["--deals", "0"], "at least 1"),
                                         (["--agent", "nobody"], "unknown bot 'nobody'"),
                                         (["--agent", "heuristic", "--scenario", "4"], "seats"),
                                         (["--plot", "no/such/folder/t.png"], "does not exist")])
def test_bad_arguments_are_refused_before_any_game(targets: Any, argv: list[str], words: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        targets.main(argv)
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err
