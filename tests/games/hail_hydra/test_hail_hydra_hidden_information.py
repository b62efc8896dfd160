"""Hail Hydra's information sets (HH33): the re-deal test and determinization's consistency."""

from __future__ import annotations

import random

import numpy as np

from hydra_env.games.hail_hydra import testing as t
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.observer import HailHydraObserver
from hydra_env.games.hail_hydra.state import HYDRA

OBSERVER = HailHydraObserver()


def seen_by(game, seat: int) -> tuple:
    """Everything ``seat`` is shown: observation bytes, mask, view data, render and every describe text."""
    view = game.view(seat)
    return (OBSERVER.encode(game, seat).tobytes(), view.legal_mask().tobytes(), view.legal_actions(),
            view.observe(), game.render(seat), tuple(game.describe(a, viewer=seat) for a in range(201)))


def cards_in_play(state) -> list[int]:
    counts = [0] * 8
    for hand in state.hands:
        counts = [a + b for a, b in zip(counts, hand, strict=True)]
    for v in state.draw:
        counts[v] += 1
    counts = [a + b for a, b in zip(counts, state.discard, strict=True)]
    record = state.offensive
    if record is not None and record["cards"] is None:
        for s in range(state.players):
            counts = [a + b + c for a, b, c in zip(counts, record["down"][s], record["up"][s], strict=True)]
    return counts


def test_hh33_a_redeal_of_what_a_seat_cannot_see_leaves_everything_it_is_shown_unchanged():
    positions = differed = 0
    for seed in range(24):
        game = new_game(seed=seed, num_players=5 + seed % 4)
        choose = random.Random(seed)
        step = 0
        while not game.is_over:
            if step % 23 == 5:
                for seat in range(game.num_players):
                    other = game.determinize(seat, np.random.default_rng(seed * 1000 + step))
                    assert seen_by(other, seat) == seen_by(game, seat), (seed, step, seat)
                    differed += other.state.loyalty != game.state.loyalty or other.state.hands != game.state.hands
                    assert cards_in_play(other.state) == cards_in_play(game.state)
                    positions += 1
            game.apply(choose.choice(game.legal_actions()))
            step += 1
    assert positions > 300 and differed > positions // 2


def test_hh33_another_seats_hand_and_loyalty_are_invisible_the_own_hand_is_not():
    first = t.position(players=6, loyalty=[0, 1, 0, 0, 1, 0])
    second = t.position(players=6, loyalty=[0, 0, 0, 1, 1, 0])
    t.give_hand(first, 3, [1, 2, 3, 4, -2, -3])
    t.give_hand(second, 3, [-5, -5, -4, -4, -3, -2])
    assert seen_by(first, 0) == seen_by(second, 0) and seen_by(first, 2) == seen_by(second, 2)
    assert seen_by(first, 3) != seen_by(second, 3) and seen_by(first, 4) != seen_by(second, 4)


def test_hh33_determinize_keeps_the_hydra_count_the_reveals_and_the_seats_own_knowledge():
    for seed in range(20):
        game = new_game(seed=seed, num_players=7)
        choose = random.Random(seed)
        for _ in range(choose.randrange(20, 200)):
            if game.is_over:
                break
            game.apply(choose.choice(game.legal_actions()))
        for seat in range(7):
            other = game.determinize(seat, seed)
            state = other.state
            assert sum(state.loyalty) == 3 and all(state.loyalty[s] == HYDRA for s in range(7) if state.revealed[s])
            assert state.loyalty[seat] == game.state.loyalty[seat] and state.hands[seat] == game.state.hands[seat]
            if game.state.loyalty[seat] == HYDRA:
                assert state.loyalty == game.state.loyalty
            for index, record in enumerate(state.offensives):
                if record["cards"] is not None:
                    played = [sum(record["down"][s][v] + record["up"][s][v] for s in range(7)) for v in range(8)]
                    assert played == record["cards"] == game.state.offensives[index]["cards"]


def test_hh33_votes_of_an_open_round_are_never_shown_to_another_seat():
    for seed in range(30):
        game = new_game(seed=seed, num_players=8)
        choose = random.Random(seed)
        while not game.is_over and not (game.state.stage == "vote" and game.state.queue
                                        and game.state.queue[0] != game.state.token):
            game.apply(choose.choice(game.legal_actions()))
        if game.is_over:
            continue
        seat = game.current_player
        info = game.observe(seat)
        assert all(v == -3 for k, v in enumerate(info["rounds"][-1]["votes"]) if k != seat)
        return
    raise AssertionError("no game reached an open vote")
