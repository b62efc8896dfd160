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
    bot = split.SplitBot(_Named("ballots"), _Named("rest"))   # the default kinds: the ballots
    view = SimpleNamespace(info={"decision": [0, kind, 0]})
    assert bot.act(view, [0]) == ("ballots" if kind in (NOMINATE, VOTE) else "rest")


def test_the_kinds_named_go_to_the_first_agent():
    kinds = split.decision_kinds(["play", "claim", "knock-out offer", "knock-out_offer"])
    assert kinds == (DECISION_NAMES.index("play"), DECISION_NAMES.index("claim"),
                     DECISION_NAMES.index("knock-out offer"), DECISION_NAMES.index("knock-out offer"))
    bot = split.SplitBot(_Named("chosen"), _Named("rest"), kinds)
    chosen = [k for k in range(len(DECISION_NAMES)) if bot.act(SimpleNamespace(info={"decision": [0, k, 0]}), [0])
              == "chosen"]
    assert chosen == sorted(set(kinds))


def test_one_agent_on_both_sides_plays_that_agents_team_on_the_same_seeds():
    wins = split.shield_wins("deduce", "deduce", "saboteur", 5, 6)
    plain = [play_game(seed, 5, DeduceBot, SaboteurBot, {}).result().outcome for seed in range(6)]
    assert wins == plain.count("shield")


@pytest.mark.parametrize("argv, message", [
    (["--agent", "deduce", "--rest", "deduce", "--players", "9"], "Hail Hydra is played by 5 to 8"),
    (["--agent", "deduce", "--rest", "deduce", "--games", "0"], "--games must be at least 1"),
    (["--agent", "nobody", "--rest", "deduce"], "nobody"),
    (["--agent", "deduce", "--rest", "deduce", "--kinds", "bluff"],
     "--kinds: unknown decision 'bluff'; the decisions: draft"),
])
def test_bad_arguments_are_refused_naming_the_fix(argv, message, capsys):
    assert_refused(split.main, argv, message, capsys)
