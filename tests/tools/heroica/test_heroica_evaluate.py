"""``hydra-env evaluate --game heroica``: the solo metric (spec 4.7), the regret report, race and Battle."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from agents import cli
from agents.backends import bot_seed, game_seed
from agents.evaluate import read_games_csv
from hydra_env.envs.bots import make_bot
from hydra_env.games.heroica.solver import solution
from hydra_env.games.heroica.solver_bot import SoloOptimalBot
from hydra_env.games.heroica.solver_measure import play_judged
from hydra_env.games.heroica.spec import new_game


def _evaluate(out: Path, *flags: str) -> tuple[dict, list[dict[str, str]]]:
    assert cli.main(["evaluate", "--game", "heroica", "--seed", "5", "--workers", "1", "--no-progress",
                     "--out", str(out), *flags]) == 0
    return json.loads((out / "summary.json").read_text()), read_games_csv(out / "games.csv")


def test_solo_reports_the_censored_mean_turns_the_share_won_within_the_limit_and_quartiles(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    summary, rows = _evaluate(tmp_path / "e", "--agent", "greedy", "--hero", "wizard", "--solo-turn-limit", "12",
                              "--games", "40")
    censored = [int(r["censored_turns"]) for r in rows]
    for r in rows:     # HR36: T of the win, L + 1 when not won within L
        assert int(r["censored_turns"]) == (int(r["turns"]) if r["outcome"] == "won" else 13)
        assert r["hero"] == "wizard"
    assert summary["censored_turns"]["mean"] == pytest.approx(np.mean(censored))
    low, high = summary["censored_turns"]["ci95"]
    assert low <= np.mean(censored) <= high
    assert summary["won_within_limit"]["count"] == sum(r["outcome"] == "won" for r in rows)
    assert 0 < summary["won_within_limit"]["count"] < 40      # a limit of 12 turns censors some games
    assert summary["censored_turns_quartiles"]["p50"] == pytest.approx(np.percentile(censored, 50))
    assert summary["optimum"] == pytest.approx(solution("wizard", 12).start_value())
    assert (tmp_path / "e" / "censored_turns.png").stat().st_size > 0
    assert (tmp_path / "e" / "regret.png").stat().st_size > 0
    out = capsys.readouterr().out
    assert "censored mean turns" in out and "won within 12" in out and "regret (turns lost)" in out


def test_a_games_regret_is_the_expected_turns_its_decisions_lost_against_the_solver(tmp_path: Path) -> None:
    summary, rows = _evaluate(tmp_path / "e", "--agent", "greedy", "--games", "12")
    judge = SoloOptimalBot()
    for i, r in enumerate(rows):     # the same game and bot seeds, judged by the solver's own measure
        bot = make_bot("greedy", game="heroica", seed=bot_seed(5, i, 0))
        turns, lost = play_judged(new_game(seed=game_seed(5, i), hero="barbarian", engine="python"), bot, judge)
        assert int(r["censored_turns"]) == turns
        assert float(r["regret"]) == pytest.approx(lost, abs=1e-3)
    regret = [float(r["regret"]) for r in rows]
    assert summary["regret"]["mean"]["mean"] == pytest.approx(np.mean(regret))
    assert summary["regret"]["mean"]["mean"] > 0        # greedy is not optimal
    assert summary["regret"]["zero_regret"]["count"] == sum(x == 0 for x in regret)


def test_the_optimal_bot_loses_nothing_in_any_game(tmp_path: Path) -> None:
    summary, rows = _evaluate(tmp_path / "e", "--agent", "solo-optimal", "--games", "15")
    assert [float(r["regret"]) for r in rows] == [0.0] * 15
    assert summary["regret"]["zero_regret"]["rate"] == 1.0


def test_solo_results_are_the_same_whatever_the_workers(tmp_path: Path) -> None:
    _evaluate(tmp_path / "one", "--agent", "greedy", "--games", "8")
    assert cli.main(["evaluate", "--game", "heroica", "--seed", "5", "--workers", "2", "--no-progress",
                     "--out", str(tmp_path / "two"), "--agent", "greedy", "--games", "8"]) == 0
    assert (tmp_path / "one" / "games.csv").read_text() == (tmp_path / "two" / "games.csv").read_text()


def test_race_reports_the_win_share_with_the_seats_rotated(tmp_path: Path) -> None:
    summary, rows = _evaluate(tmp_path / "e", "--agent", "greedy", "--opponents", "random",
                              "--num-players", "2", "--games", "20")
    assert summary["mode"] == "race"
    assert [int(r["seat"]) for r in rows] == [0, 1] * 10
    wins = sum(r["outcome"] != "lost" for r in rows)
    assert summary["win"]["count"] == wins and summary["win"]["ci95"][0] <= wins / 20 <= summary["win"]["ci95"][1]
    assert [s["n_games"] for s in summary["by_seat"]] == [10, 10]


def test_battle_is_chosen_with_mode_and_coop_is_refused_naming_the_choices(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    summary, rows = _evaluate(tmp_path / "e", "--agent", "greedy", "--opponents", "greedy", "--mode", "battle",
                              "--num-players", "3", "--games", "6")
    assert summary["mode"] == "battle" and len(rows) == 6
    code = cli.main(["evaluate", "--game", "heroica", "--mode", "coop", "--agent", "greedy", "--games", "2",
                     "--out", str(tmp_path / "f")])
    err = capsys.readouterr().err
    assert code == 2 and "auto, solo, race, battle" in err and "Traceback" not in err


def test_the_saved_replays_of_a_judged_run_verify_with_their_bots(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    _, rows = _evaluate(tmp_path / "e", "--agent", "greedy", "--games", "3", "--save-replays", "all")
    capsys.readouterr()
    assert cli.main(["replay", str(tmp_path / "e" / "replays"), "--check-bots"]) == 0
    out = capsys.readouterr().out
    assert "3/3 replays verified" in out
    assert f"won on turn {rows[0]['turns']} (censored T {rows[0]['censored_turns']})" in out
