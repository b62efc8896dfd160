"""benchmarks/hail_hydra_split_team.py: a SHIELD seat takes its nominations and votes from one
agent and its other decisions from another; the same agent on both sides is that agent's team;
bad arguments are refused before any game."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from helpers.benchmarks import assert_refused, load_benchmark

from hydra_env.games.hail_hydra.bots import DeduceBot, SaboteurBot
from hydra_env.games.hail_hydra.calibrate import play_game
from hydra_env.games.hail_hydra.state import DECISION_NAMES, NOMINATE, VOTE

split = load_benchmark("hail_hydra_split_team")


class _Named:
    def __init__(self, name: str) -> None:
        self.name = name

    def act(self, view, legal_actions):
        return self.name


@pytest.mark.parametrize("kind", range(len(DECISION_NAMES)), ids=DECISION_NAMES)
def test_nominations_and_votes_go_to_the_ballot_agent_and_the_rest_to_the_other(kind):
    bot = split.SplitBot(_Named("ballots"), _Named("rest"))
    view = SimpleNamespace(info={"decision": [0, kind, 0]})
    assert bot.act(view, [0]) == ("ballots" if kind in (NOMINATE, VOTE) else "rest")


def test_one_agent_on_both_sides_plays_that_agents_team_on_the_same_seeds():
    wins = split.shield_wins("deduce", "deduce", "saboteur", 5, 6)
    plain = [play_game(seed, 5, DeduceBot, SaboteurBot, {}).result().outcome for seed in range(6)]
    assert wins == plain.count("shield")


@pytest.mark.parametrize("argv, message", [
    (["--ballots", "deduce", "--rest", "deduce", "--players", "9"], "Hail Hydra is played by 5 to 8"),
    (["--ballots", "deduce", "--rest", "deduce", "--games", "0"], "--games must be at least 1"),
    (["--ballots", "nobody", "--rest", "deduce"], "nobody"),
])
def test_bad_arguments_are_refused_naming_the_fix(argv, message, capsys):
    assert_refused(split.main, argv, message, capsys)
