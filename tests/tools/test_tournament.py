"""``hydra-env tournament``: even seating, per-player figures, ratings and output files."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest

from agents import cli, tournament
from agents.backends import game_seed


def _run(tmp_path: Path, *extra: str, name: str = "out") -> tuple[int, Path]:
    out = tmp_path / name
    return cli.main(["tournament", "--no-progress", "--out", str(out), *extra]), out


def _rows(path: Path) -> list[dict[str, str]]:
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def test_schedule_rotates_every_player_through_every_seat() -> None:
    tables = tournament.schedule(4, 4)
    assert len(tables) == 4
    for seat in range(4):
        assert sorted(t[seat] for t in tables) == [0, 1, 2, 3]


def test_schedule_with_more_players_than_seats_is_even() -> None:
    tables = tournament.schedule(5, 4)
    assert len(tables) == 20                                  # C(5,4) tables x 4 rotations
    sat = Counter(p for t in tables for p in t)
    assert set(sat.values()) == {16}
    for seat in range(4):
        assert set(Counter(t[seat] for t in tables).values()) == {4}
    assert len(tournament.schedule(3, 2)) == 6


def test_labels_number_repeated_specs() -> None:
    assert tournament.labels_of(["a", "b", "a"]) == ["a#1", "b", "a#2"]
    assert tournament.labels_of(["a", "b"]) == ["a", "b"]


def test_player_results_rate_epic_tragic_and_rank_from_the_compass() -> None:
    # two games at a 2-seat table; player 0 sits at seat 0 in the first, seat 1 in the second
    games = [((0, 1), {"ranking": [0, 1], "glory": [5, 2], "city_saved": True,
                       "epic_hero": 0, "tragic_hero": None}),
             ((1, 0), {"ranking": [1, 0], "glory": [1, 4], "city_saved": False,
                       "epic_hero": None, "tragic_hero": 0})]
    a, b = tournament.player_results(["a", "b"], ["x", "y"], games)
    assert a["games"] == b["games"] == 2
    assert a["epic_hero"]["count"] == 1 and b["epic_hero"]["count"] == 0
    assert b["tragic_hero"]["count"] == 1 and a["tragic_hero"]["count"] == 0
    assert a["mean_rank"]["mean"] == 1.0 and b["mean_rank"]["mean"] == 2.0
    assert a["mean_glory"]["mean"] == 4.5 and b["mean_glory"]["mean"] == 1.5
    assert a["city_saved"]["rate"] == 0.5
    assert a["seat_counts"] == [1, 1]
    assert a["rating"]["mu"] > 25 > b["rating"]["mu"]      # first on the compass twice


def test_tournament_files_and_even_seating(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(tmp_path, "--players", "random,random,random,random", "--scenario", "1",
                     "--games", "8", "--workers", "1", "--seed", "3")
    assert code == 0
    printed = capsys.readouterr().out
    assert "random#4" in printed and "ordinal" in printed
    assert sorted(p.name for p in out.iterdir()) == ["games.csv", "results.csv", "results.json",
                                                     "tournament.png"]
    doc = json.loads((out / "results.json").read_text())
    assert doc["n_games"] == 8 and doc["tables_per_deal"] == 4 and doc["seating_even"]
    for p in doc["players"]:
        assert p["games"] == 8 and p["seat_counts"] == [2, 2, 2, 2]
        for key in ("epic_hero", "tragic_hero", "city_saved"):
            assert p[key]["ci95"] is not None
        assert p["mean_rank"]["ci95"] is not None and p["mean_glory"]["ci95"] is not None
        assert set(p["rating"]) == {"mu", "sigma", "ordinal"}
    games = _rows(out / "games.csv")
    # duplicate format: the 4 rotations of a deal share its seed
    assert [int(g["seed"]) for g in games] == [game_seed(3, i // 4) for i in range(8)]
    assert [r["player"] for r in _rows(out / "results.csv")] == [f"random#{k}" for k in range(1, 5)]


def test_results_reaggregate_from_games_csv(tmp_path: Path) -> None:
    code, out = _run(tmp_path, "--players", "random,random,random", "--scenario", "7",
                     "--games", "12", "--workers", "1")
    assert code == 0
    doc = json.loads((out / "results.json").read_text())
    games = _rows(out / "games.csv")
    labels = doc["config"]["labels"]
    table = [(tuple(labels.index(s) for s in g["seats"].split(";")),
              {"ranking": [int(x) for x in g["ranking"].split()],
               "glory": [int(x) for x in g["glory"].split()],
               "city_saved": g["outcome"] == "won",
               "epic_hero": int(g["epic_hero"]) if g["epic_hero"] else None,
               "tragic_hero": int(g["tragic_hero"]) if g["tragic_hero"] else None}) for g in games]
    again = tournament.player_results(labels, doc["config"]["players"], table)
    assert again == doc["players"]
    results = _rows(out / "results.csv")
    assert [float(r["mean_rank"]) for r in results] == [p["mean_rank"]["mean"] for p in again]


def test_same_results_whatever_the_workers(tmp_path: Path) -> None:
    base = ["--players", "random,random", "--scenario", "8", "--games", "24"]
    assert _run(tmp_path, *base, "--workers", "1", name="w1")[0] == 0
    assert _run(tmp_path, *base, "--workers", "2", name="w2")[0] == 0
    for name in ("results.json", "results.csv", "games.csv", "tournament.png"):
        assert (tmp_path / "w1" / name).read_bytes() == (tmp_path / "w2" / name).read_bytes()


def test_uneven_game_count_is_noted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(tmp_path, "--players", "random,random,random", "--scenario", "8",
                     "--games", "5", "--workers", "1")
    assert code == 0
    assert "not a multiple of 6" in capsys.readouterr().out
    assert json.loads((out / "results.json").read_text())["seating_even"] is False
