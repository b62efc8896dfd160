"""Heroica's tournament (race tables) and the per-class solo table."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from agents import cli
from agents.game_tools.heroica import solo_report
from hydra_env.games.heroica.loader import CLASS_ORDER
from hydra_env.games.heroica.solver import solution


def test_a_race_tournament_gives_each_player_a_win_share_with_its_interval(tmp_path: Path) -> None:
    out = tmp_path / "t"
    assert cli.main(["tournament", "--game", "heroica", "--players", "greedy,random", "--games", "20",
                     "--seed", "1", "--workers", "1", "--no-progress", "--out", str(out)]) == 0
    doc = json.loads((out / "results.json").read_text())
    assert doc["config"]["params"]["num_players"] == 2 and doc["config"]["params"]["mode"] == "auto"
    players = {p["player"]: p for p in doc["players"]}
    assert set(players) == {"greedy", "random"}
    for p in players.values():
        low, high = p["win"]["ci95"]
        assert p["win"]["n"] == 20 and low <= p["win"]["rate"] <= high
    assert players["greedy"]["win"]["count"] + players["random"]["win"]["count"] <= 20


def test_a_solo_tournament_is_refused_with_where_to_go_instead(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    code = cli.main(["tournament", "--game", "heroica", "--mode", "solo", "--players", "greedy,random",
                     "--games", "4", "--out", str(tmp_path / "t")])
    err = capsys.readouterr().err
    assert code == 2 and "solo_report" in err and "Traceback" not in err


def test_the_solo_table_has_a_row_per_class_with_its_optimum(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s"
    assert solo_report.main(["--agent", "greedy", "--games", "6", "--out", str(out)]) == 0
    with open(out / "solo_table.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert [r["hero"] for r in rows] == list(CLASS_ORDER)
    for r in rows:
        evaluated = json.loads((out / r["hero"] / "summary.json").read_text())
        assert float(r["optimum"]) == pytest.approx(solution(r["hero"]).start_value(), abs=1e-4)
        assert float(r["censored_mean"]) == pytest.approx(evaluated["censored_turns"]["mean"], abs=1e-4)
        assert float(r["regret_mean"]) == pytest.approx(evaluated["regret"]["mean"]["mean"], abs=1e-4)
    table = (out / "solo_table.md").read_text()
    assert all(f"| {hero} |" in table for hero in CLASS_ORDER)
    assert (out / "censored_turns.png").stat().st_size > 0
    assert "wrote" in capsys.readouterr().out
