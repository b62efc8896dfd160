"""Hail Hydra's tool hooks driven from the command line: evaluate, tournament and play."""

from __future__ import annotations

import builtins
import csv
import json
import re
from pathlib import Path

import pytest

from agents import cli
from agents.evaluate import read_games_csv
from hydra_env.envs.bots import make_bot
from hydra_env.games.hail_hydra.deduction import Tally, play_scored
from hydra_env.games.hail_hydra.game import new_game


def _evaluate(out: Path, *flags: str) -> tuple[dict, list[dict[str, str]]]:
    assert cli.main(["evaluate", "--game", "hail_hydra", "--num-players", "5", "--seed", "4", "--workers", "1",
                     "--no-progress", "--out", str(out), *flags]) == 0
    return json.loads((out / "summary.json").read_text()), read_games_csv(out / "games.csv")


def test_evaluate_reports_team_win_shares_by_loyalty_and_the_agents_deduction(tmp_path, capsys):
    summary, rows = _evaluate(tmp_path / "e", "--agent", "deduce", "--opponents", "saboteur", "--games", "10")
    for team in ("shield", "hydra"):
        mine = [r for r in rows if r["loyalty"] == team]
        assert summary["teams"][team]["n"] == len(mine)
        assert summary["teams"][team]["count"] == sum(r["winner"] == team for r in mine)
        assert summary["sides"][team]["count"] == sum(r["winner"] == team for r in rows)
        low, high = summary["teams"][team]["ci95"]
        assert low <= summary["teams"][team]["rate"] <= high
    deduction = summary["deduction"]
    assert deduction["votes"] == sum(int(r["votes"]) for r in rows) > 0
    assert deduction["log_score"] > deduction["log_score_prior"] and deduction["brier"] < deduction["brier_prior"]
    hits = sum(int(r["knockouts_hydra"]) for r in rows)
    assert deduction["ko_precision"]["count"] == hits
    assert deduction["ko_precision"]["n"] == hits + sum(int(r["knockouts_shield"]) for r in rows)
    out = capsys.readouterr().out
    assert "team won, by loyalty" in out and "deduction as SHIELD" in out and "knock-out precision" in out


def test_evaluate_scores_the_agents_votes_as_a_replay_of_the_same_game_does(tmp_path):
    _, rows = _evaluate(tmp_path / "e", "--agent", "deduce", "--opponents", "loyal", "--games", "5")
    row = next(r for r in rows if int(r["votes"]) > 0)
    index, seat, specs = int(row["game"]), int(row["seat"]), row["seats"].split(";")
    from agents.backends import bot_seed
    game = new_game(seed=int(row["seed"]), num_players=5)
    bots = [make_bot(spec, game="hail_hydra", seed=bot_seed(4, index, s)) for s, spec in enumerate(specs)]
    tally = Tally()
    play_scored(game, bots, tally, [s == seat for s in range(5)])
    assert tally.votes == int(row["votes"])
    assert tally.log == pytest.approx(float(row["log_score_sum"]))
    assert tally.brier == pytest.approx(float(row["brier_sum"]))


def test_evaluate_with_an_agent_without_belief_scores_the_uniform_prior(tmp_path):
    summary, _ = _evaluate(tmp_path / "e", "--agent", "random", "--opponents", "saboteur", "--games", "5")
    deduction = summary["deduction"]
    assert "uniform prior" in deduction["belief"]
    assert deduction["votes"] == 0 or deduction["log_score"] == pytest.approx(deduction["log_score_prior"])


def test_tournament_reports_each_players_team_win_share_and_each_teams(tmp_path, capsys):
    out = tmp_path / "t"
    assert cli.main(["tournament", "--game", "hail_hydra", "--num-players", "5", "--players",
                     "deduce,loyal,saboteur,random,deduce", "--games", "10", "--workers", "1", "--no-progress",
                     "--out", str(out)]) == 0
    doc = json.loads((out / "results.json").read_text())
    games = list(csv.DictReader((out / "games.csv").open()))
    assert sum(doc["sides"][team]["count"] for team in ("shield", "hydra")) == len(games) == 10
    for player in doc["players"]:
        teams = player["teams"]
        assert teams["shield"]["n"] + teams["hydra"]["n"] == player["games"]
    assert sum(p["teams"]["hydra"]["n"] for p in doc["players"]) == 2 * 10      # 2 agents at 5 players
    with (out / "results.csv").open() as handle:
        assert {"shield_win_rate", "hydra_win_lo"} <= set(next(csv.DictReader(handle)))
    text = capsys.readouterr().out
    assert "team won, by loyalty" in text and "games won by team (5 players)" in text


def _feed(monkeypatch, entries: list[str]) -> None:
    it = iter(entries)

    def fake_input(prompt: str = "") -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr(builtins, "input", fake_input)


def test_play_shows_only_what_the_seat_may_see_and_ends_with_the_loyalties(monkeypatch, capsys):
    seed = next(s for s in range(50) if new_game(seed=s, num_players=5).state.loyalty[0] == 0)
    hydra = [s for s, k in enumerate(new_game(seed=seed, num_players=5).state.loyalty) if k == 1]
    _feed(monkeypatch, ["?"] + ["1"] * 2000)
    assert cli.main(["play", "--game", "hail_hydra", "--num-players", "5", "--seed", str(seed), "--seat", "0",
                     "--opponents", "deduce"]) == 0
    out = capsys.readouterr().out
    assert "you are seat 0, SHIELD" in out.splitlines()[0]
    assert "Now: " in out                                   # the help of the decision asked
    before_end = out.split("game over")[0]
    for seat in hydra:                                       # an agent's disc shows only once revealed
        for line in re.findall(rf"^ seat {seat}: .*$", before_end, flags=re.M):
            assert "HYDRA" not in line or "revealed" in line, line
    assert f"HYDRA were: {', '.join(f'seat {s}' for s in hydra)}." in out


def test_evaluate_saves_replays_that_replay_to_the_same_result(tmp_path):
    _evaluate(tmp_path / "e", "--agent", "deduce", "--games", "2", "--save-replays", "all")
    replays = sorted((tmp_path / "e" / "replays").glob("*.json"))
    assert len(replays) == 2
    assert all(cli.main(["replay", str(path)]) == 0 for path in replays)
