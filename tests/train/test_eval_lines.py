"""The periodic evaluation's log line gives the score with its 95% interval (issue 28)."""

from __future__ import annotations

import math

from agents.train.callbacks import figure_text
from agents.train.generic_hooks import mean_with_interval, win_share_figures


def test_a_mean_comes_with_its_normal_95_percent_interval() -> None:
    figures = mean_with_interval("eval/score_mean", [70.0, 74.0, 72.0, 76.0])
    variance = (3 ** 2 + 1 ** 2 + 1 ** 2 + 3 ** 2) / 3                 # around the mean 73
    half = 1.96 * math.sqrt(variance / 4)
    assert figures["eval/score_mean"] == 73.0
    assert math.isclose(figures["eval/score_mean_high"] - 73.0, half)
    assert math.isclose(73.0 - figures["eval/score_mean_low"], half)
    assert mean_with_interval("x", [5.0]) == {"x": 5.0, "x_low": 5.0, "x_high": 5.0}


def test_the_evaluation_line_shows_the_interval_beside_the_figure_that_has_one() -> None:
    metrics = {**win_share_figures([{"share": 1.0, "score": 10.0, "rank": 1.0},
                                    {"share": 0.0, "score": 6.0, "rank": 2.0}])}
    assert figure_text("eval/score_mean", metrics).startswith("score_mean 8.000 [")
    assert figure_text("eval/rank_mean", metrics) == "rank_mean 1.500"


def test_a_win_share_interval_stays_between_no_win_and_every_win() -> None:
    rows = [{"share": 1.0, "score": 1.0, "rank": 1.0}] * 199 + [{"share": 0.0, "score": 0.0, "rank": 2.0}]
    figures = win_share_figures(rows)
    assert figures["eval/win_share"] == 0.995
    assert 0.97 < figures["eval/win_share_low"] < 0.995 < figures["eval/win_share_high"] <= 1.0
    none = win_share_figures([{"share": 0.0, "score": 0.0, "rank": 2.0}] * 200)
    assert none["eval/win_share_low"] == 0.0 and 0.0 < none["eval/win_share_high"] < 0.03


def test_a_team_win_counts_whole_in_the_win_rate_and_split_in_the_win_share() -> None:
    rows = [{"share": 1 / 3, "won": 1.0, "score": 1.0, "rank": 1.0},
            {"share": 0.0, "won": 0.0, "score": -1.0, "rank": 2.0}]
    figures = win_share_figures(rows)
    assert math.isclose(figures["eval/win_share"], 1 / 6)
    assert figures["eval/win_rate"] == 0.5
    assert figures["eval/win_rate_low"] < 0.5 < figures["eval/win_rate_high"]
