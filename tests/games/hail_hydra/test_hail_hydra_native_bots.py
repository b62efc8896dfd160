"""The native twins of the spec's ``loyal`` and ``saboteur`` bots (section 9) take the Python bots'
actions decision by decision, and the one-seat env that plays through them gives the same episodes
as the env that plays the Python bots, on either engine."""

from __future__ import annotations

import copy
import random

import gymnasium as gym
import numpy as np
import pytest

from hydra_env.errors import ConfigError
from hydra_env.games.hail_hydra.bots import DeduceBot, LoyalBot, SaboteurBot
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.native import available
from hydra_env.games.hail_hydra.native.bot_differential import run
from hydra_env.games.hail_hydra.native.bots import SeededBot, native_twins, seeded_bot, twin_of
from hydra_env.games.hail_hydra.result import result_of

native_only = pytest.mark.skipif(not available(), reason="the native Hail Hydra module is not built")


@native_only
def test_native_bots_take_the_python_bots_actions_over_20000_decisions_of_every_type():
    report = run(20_000, seed=0)
    assert report.mismatch is None, report.mismatch
    assert report.decisions == 20_000 and report.checks > 2_000
    assert len(report.per_kind) == 12 and min(report.per_kind.values()) >= 10   # every decision type


@native_only
@pytest.mark.slow
def test_native_bots_take_the_python_bots_actions_over_100000_decisions():
    report = run(100_000, seed=1)
    assert report.mismatch is None, report.mismatch
    assert report.decisions == 100_000


@native_only
@pytest.mark.parametrize("seed", [0, 1, 12345, 2**32 - 1, 2**32, 2**63 - 1, 2**64 - 1])
def test_native_generator_seeded_as_random_random(seed):
    from hydra_env.games.hail_hydra.native import require
    table = require().ScriptedBots()
    table.seat_seeded(0, True, 1, seed)
    assert table.rng_state(0) == list(random.Random(seed).getstate()[1])


def _trace(monkeypatch, engine: str, native_bots: bool, steps: int, **kwargs) -> tuple[list, object]:
    """(observations, rewards, ends and masks of ``steps`` random steps; the env) of HailHydra-v0."""
    monkeypatch.setenv("HYDRA_ENV_ENGINE", engine)
    env = gym.make("hydra_env/HailHydra-v0", native_bots=native_bots, **kwargs).unwrapped
    choose, out = np.random.default_rng(1), []
    _, info = env.reset(seed=5)
    for _ in range(steps):
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(legal[choose.integers(len(legal))]))
        out.append((obs.tobytes(), reward, terminated, truncated, info["action_mask"].tobytes()))
        if terminated or truncated:
            obs, info = env.reset()
            out.append(obs.tobytes())
    return out, env


@native_only
@pytest.mark.parametrize("kwargs", [{}, {"opponents": "saboteur:r=2", "loyalty": "hydra"},
                                    {"opponents": "loyal", "num_players": 8}, {"player_counts": [5, 6, 7, 8]}],
                         ids=["default", "saboteur-r2-as-hydra", "loyal-8p", "player-counts"])
def test_hh32_native_opponents_play_the_episodes_of_the_python_bots(monkeypatch, kwargs):
    native, env = _trace(monkeypatch, "native", True, 1_500, **kwargs)
    assert env._twins is not None                       # the twins did play
    python_bots, env = _trace(monkeypatch, "native", False, 1_500, **kwargs)
    assert env._twins is None
    assert native == python_bots
    python_engine, env = _trace(monkeypatch, "python", True, 300, **kwargs)
    assert env._twins is None                           # no twins on the Python engine
    assert native[:len(python_engine)] == python_engine


@native_only
def test_native_twins_only_for_loyal_and_saboteur_with_the_spec_settings():
    game = new_game(seed=3, num_players=6, engine="native")
    assert native_twins(game, {s: SaboteurBot(seed=s, r=2) for s in range(6)}) is not None
    assert twin_of(DeduceBot(seed=1)) is None               # deduce stays Python
    tuned = LoyalBot(seed=1)
    tuned.reserve = 1                                       # not the spec's loyal play
    assert twin_of(tuned) is None
    assert native_twins(game, {0: LoyalBot(seed=0), 1: DeduceBot(seed=1)}) is None
    python_game = new_game(seed=3, num_players=6, engine="python")
    assert native_twins(python_game, {s: LoyalBot(seed=s) for s in range(6)}) is None


def test_seeded_bot_acts_as_the_bot_made_from_its_seed():
    proxy, made = seeded_bot("saboteur:r=2", 99), SaboteurBot(seed=99, r=2)
    assert isinstance(proxy, SeededBot) and proxy.kind == (True, 2) and proxy.r == 2
    assert seeded_bot("deduce", 99) is None and seeded_bot("loyal", -1) is None
    game = new_game(seed=8, num_players=5, engine="python")
    for _ in range(60):
        view, legal = game.view(game.current_player), game.legal_actions()
        action = proxy.act(view, legal)
        assert action == made.act(view, legal)
        game.apply(action)


def test_env_refuses_a_native_bots_value_that_is_not_a_bool():
    with pytest.raises(ConfigError, match="native_bots"):
        gym.make("hydra_env/HailHydra-v0", native_bots="yes")


@native_only
def test_native_result_is_the_result_of_the_state():
    for seed in range(12):
        game = new_game(seed=seed, num_players=5 + seed % 4, engine="native")
        choose = random.Random(seed)
        while not game.is_over and (seed % 3 or len(game.history) < 80):
            game.apply(choose.choice(game.legal_actions()))
        assert game.result() == result_of(game.state)


@native_only
def test_hh32_a_copied_env_with_native_opponents_plays_on_as_the_original():
    env = gym.make("hydra_env/HailHydra-v0").unwrapped
    env.game_spec.hooks("evaluate")                     # a tool module loaded on the spec, as after a tool ran
    env.reset(seed=1)
    assert env._twins is not None
    twin = copy.deepcopy(env)
    assert twin.game_spec is env.game_spec
    traces = []
    for each in (env, twin):
        choose, trace = np.random.default_rng(0), []
        for _ in range(120):
            legal = np.flatnonzero(each.action_masks())
            obs, reward, terminated, _, _ = each.step(int(legal[choose.integers(len(legal))]))
            trace.append((obs.tobytes(), reward))
            if terminated:
                each.reset(seed=3)
        traces.append(trace)
    assert traces[0] == traces[1]
