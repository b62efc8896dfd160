"""A game may end without a winner (a Heroica race at its round limit: every seat ranks first,
``winners`` is empty): evaluate, the streaming evaluation and tournament count it as a win for
nobody, not as a win shared by all."""

from __future__ import annotations

import argparse
import random

import hydra_env
from agents.evaluate_defaults import outcome_of, winners_of
from agents.tournament_defaults import TourRun, player_results


def _race_at_its_round_limit() -> dict:
    game = hydra_env.make("heroica", num_players=2, mode="race", seed=3, max_rounds=2)
    play = random.Random(0)
    while not game.is_over:
        game.apply(play.choice(game.legal_actions()))
    return game.result().to_dict()


def test_a_race_that_reaches_its_round_limit_is_lost_by_every_seat() -> None:
    result = _race_at_its_round_limit()
    assert result["winners"] == [] and result["ranks"] == [1, 1]
    assert winners_of(result) == [] and [outcome_of(result, s) for s in (0, 1)] == ["lost", "lost"]


def test_a_win_counts_for_the_named_winners_only() -> None:
    sole = {"winners": [1], "ranks": [2, 1, 3], "scores": [5, 9, 1]}
    team = {"winners": [4, 5], "ranks": [2, 2, 2, 2, 1, 1], "scores": [0] * 6}
    assert [outcome_of(sole, s) for s in range(3)] == ["lost", "won", "lost"]
    assert outcome_of(team, 4) == outcome_of(team, 5) == "shared" and outcome_of(team, 0) == "lost"
    no_key = {"ranks": [1, 1, 2], "scores": [3, 3, 1]}                       # a result without winners
    assert [outcome_of(no_key, s) for s in range(3)] == ["shared", "shared", "lost"]


def test_tournament_win_shares_leave_out_games_without_a_winner() -> None:
    truncated, won = _race_at_its_round_limit(), {"winners": [0], "ranks": [1, 2], "scores": [1, 0]}
    run = TourRun(hydra_env.game_spec("heroica"), {}, argparse.Namespace(), 2, ["a", "b"], ["a", "b"], 1)
    players = player_results(run, [((0, 1), truncated), ((0, 1), won), ((1, 0), truncated)])
    assert players[0]["win"]["count"] == 1 and players[1]["win"]["count"] == 0
    assert players[0]["rank_shares"][0]["count"] == 3           # ranked first in all three, won one
