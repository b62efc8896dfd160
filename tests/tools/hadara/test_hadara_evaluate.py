"""``hydra-env evaluate`` and ``tournament --game hadara``: win shares with intervals (seats
rotated), OpenSkill, and the score by source (HD27), per player count too."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from agents import cli
from agents.evaluate import read_games_csv
from agents.game_tools.hadara import sources
from agents.game_tools.hadara.sources_report import main as sources_report
from hydra_env import game_spec


def test_evaluate_rotates_the_seats_and_reports_the_win_share_and_the_score_by_source(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "e"
    assert cli.main(["evaluate", "--game", "hadara", "--num-players", "3", "--agent", "greedy", "--opponents",
                     "random", "--games", "6", "--seed", "2", "--workers", "1", "--no-progress",
                     "--out", str(out)]) == 0
    summary, rows = json.loads((out / "summary.json").read_text()), read_games_csv(out / "games.csv")
    assert [int(r["seat"]) for r in rows] == [0, 1, 2] * 2
    wins = sum(r["outcome"] != "lost" for r in rows)
    low, high = summary["win"]["ci95"]
    assert summary["win"]["count"] == wins and low <= wins / 6 <= high
    for r in rows:      # the agent's points by source add up to its score, the others' to theirs
        assert sum(int(r[s]) for s in sources.SOURCES) == int(r["score"])
        others = [sum(int(r[f"{s}_others"].split()[k]) for s in sources.SOURCES) for k in range(2)]
        assert others == [int(x) for k, x in enumerate(r["scores"].split()) if k != int(r["seat"])]
    by = summary["score_by_source"]
    for name in sources.SOURCES:
        assert by["agent"]["sources"][name]["mean"] == pytest.approx(np.mean([int(r[name]) for r in rows]))
    assert sum(s["share"] for s in by["agent"]["sources"].values()) == pytest.approx(1.0)
    assert by["opponents"]["n"] == 12
    assert summary["config"]["components"]["source"] == "reconstruction"
    assert (out / "score_sources.png").stat().st_size > 0 and (out / "scores.png").stat().st_size > 0
    printed = capsys.readouterr().out
    assert "(rules with reconstructed components)" in printed.splitlines()[0]
    assert "score by source" in printed and "gold medals" in printed


def test_the_score_breakdown_is_the_same_on_both_engines_and_adds_up_to_the_score() -> None:
    spec = game_spec("hadara")
    python, native = (spec.make(seed=5, num_players=4, engine=e) for e in ("python", "native"))
    rng = np.random.default_rng(0)
    while not python.is_over:
        action = int(rng.choice(python.legal_actions()))
        python.apply(action)
        native.apply(action)
    assert native.result().to_dict() == python.result().to_dict()
    result = python.result().to_dict()
    assert [sum(p.values()) for p in sources.all_sources(result)] == result["scores"]
    with pytest.raises(ValueError, match="no score breakdown for seat 0"):
        sources.seat_sources({"scores": [3]}, 0)


def test_tournament_gives_win_shares_ratings_and_each_players_score_by_source(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t"
    assert cli.main(["tournament", "--game", "hadara", "--players", "greedy,random", "--games", "4", "--seed", "1",
                     "--workers", "1", "--no-progress", "--out", str(out)]) == 0
    doc = json.loads((out / "results.json").read_text())
    assert doc["config"]["seats"] == 2          # no --num-players: the number of --players
    for p in doc["players"]:
        by = p["score_by_source"]
        assert by["n"] == p["games"] == 4
        assert by["total"]["mean"] == pytest.approx(p["mean_score"]["mean"])
        assert set(p["rating"]) == {"mu", "sigma", "ordinal"} and p["win"]["ci95"] is not None
    assert "cards_mean" in (out / "results.csv").read_text().splitlines()[0]
    assert (out / "score_sources.png").stat().st_size > 0
    assert "score by source" in capsys.readouterr().out


def test_five_players_are_accepted_and_six_refused_naming_the_range(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["evaluate", "--game", "hadara", "--num-players", "6", "--agent", "random", "--games", "1",
                     "--out", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert code == 2 and "2 to 5" in err and "Traceback" not in err
    assert cli.main(["evaluate", "--game", "hadara", "--num-players", "5", "--agent", "random", "--games", "5",
                     "--workers", "1", "--no-progress", "--out", str(tmp_path / "y")]) == 0
    assert json.loads((tmp_path / "y" / "summary.json").read_text())["players"] == 5


def test_the_report_per_player_count_has_a_row_and_a_panel_for_each_count(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s"
    assert sources_report(["--agent", "random", "--opponents", "random", "--games", "4", "--player-counts", "2,4",
                           "--out", str(out)]) == 0
    table = (out / "sources_table.md").read_text()
    assert "reconstructed components" in table and "| 2p opponents | 4 |" in table and "| 4p opponents | 12 |" in table
    csv_rows = (out / "sources_table.csv").read_text().splitlines()
    assert len(csv_rows) == 1 + 4 and (out / "score_sources.png").stat().st_size > 0
    assert (out / "2p" / "summary.json").exists() and (out / "4p" / "summary.json").exists()
    with pytest.raises(SystemExit):
        sources_report(["--agent", "random", "--player-counts", "2,6"])
    assert "Hadara seats 2-5 players" in capsys.readouterr().err
