"""benchmarks/hail_hydra_ballot_variants.py: a variant is ``deduce`` with one ballot constant set
on a subclass (``deduce`` itself unchanged); the arguments are checked before any game."""

from __future__ import annotations

import pytest
from helpers.benchmarks import assert_refused, load_benchmark

from hydra_env.games.hail_hydra.bots import DeduceBot, SaboteurBot
from hydra_env.games.hail_hydra.calibrate import play_game
from hydra_env.games.hail_hydra.codec import PASS, USE
from hydra_env.games.hail_hydra.state import RESOLVE_OFFER

ballots = load_benchmark("hail_hydra_ballot_variants")


def test_a_variant_sets_its_constant_on_a_subclass_only():
    bot = ballots.variant("FOLLOW", 0.0)
    assert issubclass(bot, DeduceBot) and bot.FOLLOW == 0.0 and DeduceBot.FOLLOW == 0.5
    assert ballots.variant("VOTE_PRIVATE", 1.0).VOTE_PRIVATE is True and DeduceBot.VOTE_PRIVATE is False


@pytest.mark.parametrize("use", [True, False])
def test_an_offer_variant_answers_every_shield_offer_of_its_kind_alike(use):
    bot_class = ballots.offer_variant("resolve_offer", use)
    answers = []

    def record(game, seat, view, legal, action):
        if view.info["decision"][1] == RESOLVE_OFFER and not game.state.loyalty[seat] and USE in legal:
            answers.append(action)
    for seed in range(4):
        play_game(seed, 6, bot_class, SaboteurBot, {"r": 1}, on_decision=record)
    assert answers and set(answers) == {USE if use else PASS}
    assert DeduceBot.decide is not bot_class.decide                 # deduce itself unchanged


def test_the_share_counts_shield_wins_over_the_same_deals():
    wins = ballots.shield_share(DeduceBot, 5, 6)
    by_game = [play_game(seed, 5, DeduceBot, SaboteurBot, {"r": 1}).result().outcome for seed in range(6)]
    assert wins == by_game.count("shield")                        # the games of seeds 0-5, counted one by one
    assert ballots.shield_share(DeduceBot, 5, 6) == wins          # seeded deals and bots: the same games


def test_the_share_from_a_first_seed_counts_the_games_of_those_seeds():
    by_game = [play_game(seed, 5, DeduceBot, SaboteurBot, {"r": 1}).result().outcome for seed in range(100, 104)]
    assert ballots.shield_share(DeduceBot, 5, 4, first_seed=100) == by_game.count("shield")


def test_a_spend_variant_sets_deduce_s_spend_parameter():
    assert ballots.spend_variant(False)(seed=0).spend is False and ballots.spend_variant(True)(seed=0).spend is True
    assert DeduceBot(seed=0).spend is True                         # deduce itself spends


def test_a_reserve_variant_is_deduce_holding_back_that_many_blues():
    assert ballots.reserve_variant(0)(seed=0).reserve == 0 and ballots.reserve_variant(2)(seed=0, r=1).reserve == 2
    assert DeduceBot(seed=0).reserve == 1                          # deduce itself unchanged


@pytest.mark.parametrize("argv, message", [
    (["SPEED=1"], "give base, KNOB=NUMBER with KNOB one of SURE, FOLLOW"),
    (["FOLLOW=half"], "give base, KNOB=NUMBER"),
    (["resolve_offer=1"], "give resolve_offer=use or resolve_offer=pass"),
    (["reserve=5"], "give reserve=0, 1, 2 or 3"),
    (["spend=2"], "give spend=0 (always hold the reserve) or spend=1"),
    (["base", "--seed", "-1"], "--seed must be 0 or more"),
    (["base", "--games", "0"], "--games must be at least 1"),
    (["base", "--players", "9"], "--players: Hail Hydra is played by 5 to 8"),
])
def test_bad_variants_and_counts_are_refused_naming_the_fix(argv, message, capsys):
    assert_refused(ballots.main, argv, message, capsys)
