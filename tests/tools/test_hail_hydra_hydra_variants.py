"""benchmarks/hail_hydra_hydra_variants.py: a variant is ``deduce`` as HYDRA with its ``lurk``
and ``r`` set; the arguments are checked before any game."""

from __future__ import annotations

import pytest
from helpers.benchmarks import assert_refused, load_benchmark

from hydra_env.games.hail_hydra.bots import DeduceBot, SaboteurBot
from hydra_env.games.hail_hydra.calibrate import play_game

variants = load_benchmark("hail_hydra_hydra_variants")


def test_a_variant_is_deduce_with_its_lurk_and_r_and_saboteur_is_the_spec_bot():
    _, bot = variants.parse_variant("lurk=3,r=1")
    made = bot(seed=0)
    assert isinstance(made, DeduceBot) and (made.lurk, made.r) == (3, 1)
    assert (DeduceBot(seed=0).lurk, DeduceBot(seed=0).r) == (2, 2)            # deduce itself unchanged
    _, sabotage = variants.parse_variant("saboteur")
    assert type(sabotage(seed=0)) is SaboteurBot and sabotage(seed=0).r == 1


def test_hydra_wins_count_the_games_hydra_won_over_the_same_deals():
    _, bot = variants.parse_variant("lurk=1,r=1")
    wins = variants.hydra_wins(DeduceBot, bot, 5, 6)
    outcomes = [play_game(seed, 5, DeduceBot, bot, {}).result().outcome for seed in range(6)]
    assert wins == outcomes.count("hydra")


@pytest.mark.parametrize("argv, message", [
    (["lurk=9"], "give saboteur, or lurk=1..5 and/or r=1..3"),
    (["speed=2"], "give saboteur, or lurk=1..5"),
    (["saboteur", "--games", "0"], "--games must be at least 1"),
    (["saboteur", "--players", "4"], "--players: Hail Hydra is played by 5 to 8"),
])
def test_bad_variants_and_counts_are_refused_naming_the_fix(argv, message, capsys):
    assert_refused(variants.main, argv, message, capsys)
