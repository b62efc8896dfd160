"""``--game hydra|hydras`` of the commands, and ``evaluate`` / ``tournament`` of the card game Hydras."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest

from agents import cli, tournament
from agents.backends import game_seed
from agents.hydras import evaluate as hydras_evaluate
from agents.hydras import tournament as hydras_tournament


def _rows(path: Path) -> list[dict[str, str]]:
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def _evaluate(tmp_path: Path, *extra: str, name: str = "eval") -> tuple[int, Path]:
    out = tmp_path / name
    return cli.main(["evaluate", "--game", "hydras", "--no-progress", "--workers", "1", "--out", str(out),
                     *extra]), out


@pytest.mark.parametrize("command", [["evaluate", "--agent", "random"], ["tournament", "--players", "a,b"],
                                     ["play"], ["replay", "x.json"]])
def test_an_unknown_game_is_refused_with_the_choices_listed(command: list[str],
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([*command, "--game", "chess"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err and "hydra, hydras" in err


@pytest.mark.parametrize("option", [["--scenario", "2"], ["--stars", "1"], ["--rule", "solo_regrow_heads=true"],
                                    ["--mode", "solo"]])
def test_options_of_hydra_are_refused_with_game_hydras(option: list[str], tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _evaluate(tmp_path, "--agent", "random", *option)
    assert code == 2 and not out.exists()
    assert f"{option[0]} cannot apply" in capsys.readouterr().err


@pytest.mark.parametrize("option", [["--num-players", "3"], ["--opponents", "random"]])
def test_options_of_hydras_are_refused_for_hydra(option: list[str], tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["evaluate", "--agent", "random", "--games", "2", "--out", str(tmp_path / "o"), *option])
    err = capsys.readouterr().err
    assert code == 2 and f"{option[0]} cannot apply" in err and "add --game hydras" in err


def test_hydra_stays_the_default_game(tmp_path: Path) -> None:
    out = tmp_path / "hydra"
    assert cli.main(["evaluate", "--agent", "random", "--games", "2", "--workers", "1", "--no-progress",
                     "--out", str(out)]) == 0
    config = json.loads((out / "summary.json").read_text())["config"]
    assert config["mode"] == "solo" and config["stars"] == 1 and "game" not in config


def test_hydras_num_players_must_be_two_to_four(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = _evaluate(tmp_path, "--agent", "random", "--num-players", "5")
    assert code == 2 and "2, 3 or 4 players" in capsys.readouterr().err


def test_hydras_evaluate_rotates_the_agent_through_every_seat_on_the_same_deals(tmp_path: Path) -> None:
    code, out = _evaluate(tmp_path, "--agent", "greedy", "--opponents", "random", "--num-players", "3",
                          "--games", "9", "--seed", "4")
    assert code == 0
    rows = _rows(out / "games.csv")
    assert [int(r["seat"]) for r in rows] == [i % 3 for i in range(9)]
    for i, r in enumerate(rows):
        seats = r["seats"].split(";")
        assert seats[i % 3] == "greedy" and seats.count("random") == 2
        assert int(r["seed"]) == game_seed(4, i // 3) and int(r["deal"]) == i // 3
        scores = [int(s) for s in r["scores"].split()]
        assert int(r["score"]) == scores[i % 3]
        assert int(r["margin"]) == scores[i % 3] - max(s for k, s in enumerate(scores) if k != i % 3)
        assert int(r["rank"]) == int(r["ranks"].split()[i % 3])


def test_hydras_evaluate_summary_reaggregates_from_games_csv_and_rank_shares_sum_to_one(tmp_path: Path) -> None:
    code, out = _evaluate(tmp_path, "--agent", "heuristic", "--opponents", "random,greedy", "--games", "12")
    assert code == 0
    summary = json.loads((out / "summary.json").read_text())
    rows = _rows(out / "games.csv")
    again = hydras_evaluate.summarize(rows, 3)
    assert again["win"] == summary["win"] and again["mean_score"] == summary["mean_score"]
    assert sum(r["count"] for r in summary["rank_shares"]) == 12
    assert summary["win"]["count"] == sum(r["outcome"] in ("won", "shared") for r in rows)
    assert summary["win"]["count"] == summary["sole_win"]["count"] + summary["shared_win"]["count"]
    assert sum(part["n_games"] for part in summary["by_seat"]) == 12
    assert summary["config"]["opponents"] == ["random", "greedy"]
    assert (out / "scores.png").stat().st_size > 1000


def test_hydras_evaluate_greedy_wins_most_games_against_random(tmp_path: Path) -> None:
    code, out = _evaluate(tmp_path, "--agent", "greedy", "--opponents", "random", "--games", "30")
    assert code == 0
    win = json.loads((out / "summary.json").read_text())["win"]
    assert win["ci95"][0] > 1 / 3          # clearly better than a third of the wins


def test_hydras_evaluate_files_do_not_depend_on_the_worker_count(tmp_path: Path) -> None:
    _evaluate(tmp_path, "--agent", "greedy", "--games", "6", name="one")
    assert cli.main(["evaluate", "--game", "hydras", "--agent", "greedy", "--games", "6", "--no-progress",
                     "--workers", "2", "--out", str(tmp_path / "two")]) == 0
    assert (tmp_path / "one" / "games.csv").read_bytes() == (tmp_path / "two" / "games.csv").read_bytes()


@pytest.mark.parametrize("extra, message", [
    (["--agent", "random,greedy"], "give one agent"),
    (["--agent", "random", "--opponents", "random,random,random"], "3 specs for 2 other seats"),
    (["--agent", "rollout"], "known bots"),
    (["--agent", "random", "--html", "r.html"], "--html cannot apply")])
def test_hydras_evaluate_refuses_bad_arguments_before_any_game(extra: list[str], message: str, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _evaluate(tmp_path, *extra)
    assert code == 2 and not out.exists()
    assert message in capsys.readouterr().err


def _tournament(tmp_path: Path, *extra: str) -> tuple[int, Path]:
    out = tmp_path / "tour"
    return cli.main(["tournament", "--game", "hydras", "--no-progress", "--workers", "1", "--out", str(out),
                     *extra]), out


def test_hydras_tournament_games_csv_has_the_columns_hydra_and_hydras_share(tmp_path: Path) -> None:
    code, out = _tournament(tmp_path, "--players", "random,greedy,heuristic", "--games", "6")
    assert code == 0
    with open(out / "games.csv", newline="") as fh:
        header = next(csv.reader(fh))
    assert tuple(header[:6]) == tournament.SHARED_GAME_COLUMNS == tournament.GAME_COLUMNS[:6]
    assert tuple(header) == hydras_tournament.GAME_COLUMNS
    rows = _rows(out / "games.csv")
    for r in rows:
        ranks = [int(x) for x in r["ranks"].split()]
        ranking = [int(x) for x in r["ranking"].split()]
        assert sorted(ranking) == [0, 1, 2] and [ranks[s] for s in ranking] == sorted(ranks)
        assert r["outcome"] == ("won" if len(r["winners"].split()) == 1 else "shared")
    assert sorted(p.name for p in out.iterdir()) == ["games.csv", "results.csv", "results.json", "tournament.png"]


def test_hydras_tournament_results_reaggregate_from_games_csv(tmp_path: Path) -> None:
    code, out = _tournament(tmp_path, "--players", "random,greedy,heuristic,random", "--num-players", "3",
                            "--games", "12")
    assert code == 0
    doc = json.loads((out / "results.json").read_text())
    rows = _rows(out / "games.csv")
    labels = doc["config"]["labels"]
    assert labels == ["random#1", "greedy", "heuristic", "random#2"]
    wins, games, scores = Counter(), Counter(), Counter()
    table_ranks = []
    for r in rows:
        table = tuple(labels.index(s) for s in r["seats"].split(";"))
        ranks = [int(x) for x in r["ranks"].split()]
        table_ranks.append((table, ranks))
        for seat, p in enumerate(table):
            games[p] += 1
            wins[p] += ranks[seat] == 1
            scores[p] += int(r["scores"].split()[seat])
    ratings = tournament.rate_games(labels, table_ranks)
    for k, p in enumerate(doc["players"]):
        assert p["games"] == games[k] == 9 and p["win"]["count"] == wins[k]
        assert p["mean_score"]["mean"] == pytest.approx(scores[k] / games[k])
        assert sum(r["count"] for r in p["rank_shares"]) == games[k]
        assert p["rating"] == pytest.approx(ratings[k])
        assert p["seat_counts"] == [3, 3, 3]


def test_rate_games_gives_players_who_always_tie_the_same_rating() -> None:
    ratings = tournament.rate_games(["a", "b", "c"], [((0, 1, 2), [1, 1, 3]), ((1, 2, 0), [1, 3, 1])] * 5)
    assert ratings[0] == pytest.approx(ratings[1])
    assert ratings[2]["mu"] < ratings[0]["mu"]


def test_hydras_tournament_refuses_fewer_players_than_seats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _tournament(tmp_path, "--players", "random,greedy", "--num-players", "3")
    assert code == 2 and not out.exists()
    assert "--players gives 2" in capsys.readouterr().err


def test_hydras_tournament_seats_as_many_players_as_specs_by_default(tmp_path: Path) -> None:
    code, out = _tournament(tmp_path, "--players", "random,greedy", "--games", "4")
    assert code == 0
    doc = json.loads((out / "results.json").read_text())
    assert doc["config"]["seats"] == 2 and doc["tables_per_deal"] == 2
    assert all(len(r["scores"].split()) == 2 for r in _rows(out / "games.csv"))
