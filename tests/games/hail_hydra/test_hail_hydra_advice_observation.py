"""HH33 with ``advice="deduce"``: the observation ends with a one-hot of the action ``deduce``
would take at the seat's own decision, a function of the seat's information only (the
base of a residual policy, :mod:`hydra_env.games.hail_hydra.advice_observer`)."""

from __future__ import annotations

import zlib

import gymnasium as gym
import numpy as np
import pytest

import hydra_env  # noqa: F401
from hydra_env import ConfigError
from hydra_env.envs.bots import make_bot
from hydra_env.games.hail_hydra.advice_observer import AdviceObserver
from hydra_env.games.hail_hydra.codec import SIZE
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.native import available
from hydra_env.games.hail_hydra.observer import HailHydraObserver
from hydra_env.games.hail_hydra.summary_observer import SummaryObserver


def _observer(advisor: str = "deduce") -> AdviceObserver:
    return AdviceObserver(SummaryObserver(HailHydraObserver()), advisor)


def test_hh33_advice_is_a_legal_one_hot_at_the_seats_own_decision_only():
    observer, rng = _observer(), np.random.default_rng(0)
    decided = idle = 0
    for seed in range(4):
        game = new_game(seed=seed, num_players=5 + seed)
        while not game.is_over:
            legal = game.legal_actions()
            for seat in range(game.num_players):
                advice = observer.split(observer.encode(game, seat))["advice"]
                if seat == game.current_player and len(legal) > 1:
                    assert advice.sum() == 1.0 and int(np.argmax(advice)) in legal
                    decided += 1
                else:
                    assert not advice.any()
                    idle += 1
            game.apply(int(rng.choice(legal)))
    assert decided > 200 and idle > 1000


def test_hh33_advice_is_what_deduce_plays_there():
    """The advice is deduce's own choice, its random draws seeded by the observation before it."""
    observer, agree, total = _observer(), 0, 0
    rng = np.random.default_rng(3)
    for seed in range(3):
        game = new_game(seed=seed, num_players=6)
        while not game.is_over:
            seat, legal = game.current_player, game.legal_actions()
            base = observer.base.encode(game, seat)
            flat = observer.encode(game, seat)
            expected = None
            if len(legal) > 1:          # a fresh deduce, seeded as the advice is: no state carried over
                fresh = make_bot("deduce", game="hail_hydra", seed=zlib.crc32(base.astype(np.float32).tobytes()))
                expected = int(fresh.act(game.view(seat), legal))
            if expected is None:
                assert not flat[observer.base.size:].any()
            else:
                total += 1
                agree += int(np.argmax(flat[observer.base.size:])) == expected
                assert expected in legal
            game.apply(int(rng.choice(legal)))
    assert total > 100 and agree == total


def test_hh33_advice_is_unchanged_when_everything_the_seat_cannot_see_is_redealt():
    observer, rng = _observer(), np.random.default_rng(1)
    checked = 0
    for seed in range(5):
        game = new_game(seed=seed, num_players=5 + seed % 4)
        while not game.is_over:
            seat = game.current_player
            if len(game.legal_actions()) > 1:
                here = observer.encode(game, seat)
                for _ in range(2):
                    np.testing.assert_array_equal(observer.encode(game.determinize(seat, rng), seat), here)
                checked += 1
            game.apply(int(rng.choice(game.legal_actions())))
    assert checked > 300


@pytest.mark.skipif(not available(), reason="the native Hail Hydra module is not built")
def test_hh33_advice_is_the_same_on_both_engines():
    observer, rng = _observer(), np.random.default_rng(2)
    for seed in range(3):
        python, native = (new_game(seed=seed, num_players=7, engine=e) for e in ("python", "native"))
        while not python.is_over:
            seat = python.current_player
            np.testing.assert_array_equal(observer.encode(native, seat), observer.encode(python, seat))
            action = int(rng.choice(python.legal_actions()))
            python.apply(action)
            native.apply(action)


def test_hh32_advice_needs_the_summary_and_a_known_bot():
    env = gym.make("hydra_env/HailHydra-v0", summary=True, advice="deduce:spend=0")
    assert env.observation_space.shape == (SummaryObserver(HailHydraObserver()).size + SIZE,)
    with pytest.raises(ConfigError, match="summary=True"):
        gym.make("hydra_env/HailHydra-v0", advice="deduce")
    with pytest.raises(ConfigError, match="nosuchbot"):
        gym.make("hydra_env/HailHydra-v0", summary=True, advice="nosuchbot")
