"""benchmarks/hail_hydra_ballot_variants.py: a variant is ``deduce`` with one ballot constant set
on a subclass (``deduce`` itself unchanged); the arguments are checked before any game."""

from __future__ import annotations

import pytest
from helpers.benchmarks import assert_refused, load_benchmark

from hydra_env.games.hail_hydra.bots import DeduceBot, SaboteurBot
from hydra_env.games.hail_hydra.calibrate import play_game

ballots = load_benchmark("hail_hydra_ballot_variants")


def test_a_variant_sets_its_constant_on_a_subclass_only():
    bot = ballots.variant("FOLLOW", 0.0)
    assert issubclass(bot, DeduceBot) and bot.FOLLOW == 0.0 and DeduceBot.FOLLOW == 0.5
    assert ballots.variant("VOTE_PRIVATE", 1.0).VOTE_PRIVATE is True and DeduceBot.VOTE_PRIVATE is False


def test_the_share_counts_shield_wins_over_the_same_deals():
    wins = ballots.shield_share(DeduceBot, 5, 6)
    by_game = [play_game(seed, 5, DeduceBot, SaboteurBot, {"r": 1}).result().outcome for seed in range(6)]
    assert wins == by_game.count("shield")                        # the games of seeds 0-5, counted one by one
    assert ballots.shield_share(DeduceBot, 5, 6) == wins          # seeded deals and bots: the same games


@pytest.mark.parametrize("argv, message", [
    (["SPEED=1"], "give base or KNOB=NUMBER with KNOB one of SURE, FOLLOW"),
    (["FOLLOW=half"], "give base or KNOB=NUMBER"),
    (["base", "--games", "0"], "--games must be at least 1"),
    (["base", "--players", "9"], "--players: Hail Hydra is played by 5 to 8"),
])
def test_bad_variants_and_counts_are_refused_naming_the_fix(argv, message, capsys):
    assert_refused(ballots.main, argv, message, capsys)
