"""Hadara's hidden information across whole games: every re-deal keeps what the seat sees (HD29, HD34)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from hydra_env.games.hadara.game import HadaraGame
from hydra_env.games.hadara.observer import observer

ENCODE = observer().encode


def picture(game, seat):
    mask = game.legal_mask().tolist() if game.current_player == seat else None
    return (ENCODE(game, seat).tobytes(), mask, game.observe(seat), game.render(seat),
            [game.describe(a, viewer=seat) for a in range(76)])


def locations(game):
    """Every card of the game, wherever it is (each at most once)."""
    s = game.state
    cards = [c for d in s.decks for c in d] + [c for p in s.piles for c in p] + [c for p in s.pairs for c in p]
    for seat in range(s.players):
        cards += s.tableau[seat] + s.sold_a[seat] + s.sold_b[seat] + s.removed[seat]
    colonies = [c for st in s.stacks for c in st] + [c for seat in range(s.players) for c in s.colonies[seat]]
    return cards, colonies


@pytest.mark.parametrize("players", [2, 4, 5])
def test_hd34_every_redeal_keeps_the_seats_picture_and_is_a_whole_game(players):
    game, rng = HadaraGame.new(players, players * 13), random.Random(players)
    step = 0
    while not game.is_over:
        if step % 11 == 0:
            for seat in range(players):
                redealt = game.determinize(seat, np.random.default_rng(step * 10 + seat))
                assert picture(redealt, seat) == picture(game, seat)
                cards, colonies = locations(redealt)
                assert len(cards) == len(set(cards)) and len(colonies) == len(set(colonies))
                assert [len(x) for x in locations(redealt)] == [len(x) for x in locations(game)]
        if step % 37 == 5:
            sample = game.determinize(step % players, step)
            play = random.Random(step)
            while not sample.is_over:
                sample.apply(play.choice(sample.legal_actions()))
        game.apply(rng.choice(game.legal_actions()))
        step += 1
