"""Hadara's greedy bot in C++ against the Python bot: the same choice on every decision, and playouts.

Skipped when the native module is not built with the bot (build it by hand: cmake with
-DHYDRA_ENV_GAMES=hadara, then HYDRA_ENV_NATIVE_DIR=<build folder>, or `pip install -e .`).
"""

from __future__ import annotations

import numpy as np
import pytest

from hydra_env.games.hadara.bots import GreedyBot, SpecialistBot, _after, value
from hydra_env.games.hadara.components import COLOURS
from hydra_env.games.hadara.native import greedy as native_greedy
from hydra_env.games.hadara.native.game import NativeHadaraGame

pytestmark = pytest.mark.skipif(not native_greedy.built(), reason="the native module of Hadara is not built "
                                "with the greedy bot (pip install -e ., or build it by hand and set "
                                "HYDRA_ENV_NATIVE_DIR)")

CASES = [(players, "greedy") for players in (2, 3, 4, 5)] + [(4, colour) for colour in COLOURS]


def true_state_choice(game, colour: int) -> int:
    """GreedyBot.act's rule on the true state (no re-deal)."""
    state, comps, seat = game.state, game.components, game.current_player
    best, best_value = None, -1e18
    for action in game.legal_actions():
        score = max(value(s, comps, seat, colour) for s in _after(state, comps, seat, action))
        if score > best_value + 1e-9:
            best, best_value = action, score
    return best


@pytest.mark.parametrize(("players", "name"), CASES)
def test_native_greedy_chooses_as_the_python_bot_on_every_decision(players, name):
    """On every decision but the WHEEL of a whole game, the native bot's action is the Python bot's
    (which acts on a re-deal of its view) and the Python rule's on the true state: V reads only
    what the seat knows."""
    colour = -1 if name == "greedy" else COLOURS.index(name)
    game = NativeHadaraGame.new_native(players, seed=100 + players + 7 * colour)
    bots = [GreedyBot(seed=seat) if colour < 0 else SpecialistBot(seed=seat, colour=name) for seat in range(players)]
    kinds = set()
    while not game.is_over:
        seat, legal, kind = game.current_player, game.legal_actions(), game.pending["kind"]
        action = bots[seat].act(game.view(seat), legal)
        if kind != "WHEEL":
            native = native_greedy.greedy_action(game, colour)
            assert native == action, f"{name}, decision {game.history_length} ({kind}): native " \
                                     f"{game.describe(native)}, Python {game.describe(action)}"
            assert true_state_choice(game, colour) == action
            kinds.add(kind)
        else:
            assert native_greedy.greedy_action(game, colour) == -1
        game.apply(action)
    assert kinds >= {"DRAFT", "PICK", "COLONY", "STATUE", "TILE", "MEDAL"}
    assert native_greedy.greedy_action(game, colour) == -1           # over


def test_action_values_are_the_python_values():
    """The native V of each action is the Python bot's, to rounding."""
    game = NativeHadaraGame.new_native(4, seed=3)
    rng = np.random.default_rng(0)
    checked = 0
    while not game.is_over:
        legal = game.legal_actions()
        if game.pending["kind"] != "WHEEL":
            state, comps, seat = game.state, game.components, game.current_player
            python = [max(value(s, comps, seat) for s in _after(state, comps, seat, a)) for a in legal]
            assert native_greedy.action_values(game, legal) == pytest.approx(python, abs=1e-9)
            checked += 1
        game.apply(legal[int(rng.integers(len(legal)))])
    assert checked > 100


def test_a_playout_ends_the_game_and_its_seed_repeats_it():
    game = NativeHadaraGame.new_native(4, seed=8)
    first = native_greedy.playout(game, [-1, -1, 4, 0], seed=5)
    again = native_greedy.playout(game, [-1, -1, 4, 0], seed=5)
    assert first.is_over and not game.is_over and game.history_length == 0
    assert first.result() == again.result()
    assert first.result().winners


def test_rollout_outcomes_are_each_candidates_playout():
    """Each candidate's outcome is that of the candidate applied and the same-seeded playout."""
    game = NativeHadaraGame.new_native(4, seed=12)
    for _ in range(30):
        game.apply(game.legal_actions()[-1])
    seat, legal = game.current_player, game.legal_actions()
    outcomes = native_greedy.rollout_outcomes(game, seat, legal, seed=9)
    for action, (share, margin) in zip(legal, outcomes):
        copy = game.clone()
        copy.apply(action)
        result = native_greedy.playout(copy, [-1] * 4, seed=9).result()
        assert share == (1 / len(result.winners) if seat in result.winners else 0.0)
        assert margin == result.scores[seat] - max(s for k, s in enumerate(result.scores) if k != seat)


def test_native_greedy_refuses_bad_colours():
    game = NativeHadaraGame.new_native(3, seed=1)
    with pytest.raises(ValueError, match="colour"):
        native_greedy.greedy_action(game, 5)
    with pytest.raises(ValueError, match="one bot per seat"):
        native_greedy.playout(game, [-1, -1], seed=0)
