"""Hadara's scripted bots: legal, seeded, from the bot registry, and greedy far above random."""

from __future__ import annotations

import pytest

from hydra_env.envs.bots import make_bot
from hydra_env.games.hadara.bots import GreedyBot, SpecialistBot
from hydra_env.games.hadara.game import HadaraGame
from hydra_env.games.hadara.measure import play


def run(bots, seed):
    game = HadaraGame.new(len(bots), seed)
    while not game.is_over:
        seat = game.current_player
        legal = game.legal_actions()
        action = bots[seat].act(game.view(seat), legal)
        assert action in legal
        game.apply(action)
    return game


def test_bots_come_from_the_registry_with_their_parameters():
    assert isinstance(make_bot("greedy", game="hadara", seed=0), GreedyBot)
    bot = make_bot("specialist:colour=red", game="hadara", seed=0)
    assert isinstance(bot, SpecialistBot) and bot.colour == 1
    with pytest.raises(ValueError, match="specialist colour"):
        SpecialistBot(colour="pink")


def test_a_seeded_greedy_table_plays_the_same_game_twice():
    first = run([GreedyBot(seed=s) for s in range(3)], seed=5)
    again = run([GreedyBot(seed=s) for s in range(3)], seed=5)
    assert first.history == again.history


def test_greedy_beats_random_by_a_wide_margin():
    figures = play(["greedy", "random"], games=8, seed=1)["bots"]
    assert figures["greedy"]["win_share"] == 1.0
    assert figures["greedy"]["mean"] - figures["random"]["mean"] > 40
    assert 90 < figures["greedy"]["mean"] < 160
