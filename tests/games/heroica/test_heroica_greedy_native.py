"""The greedy bot in C++ (native/src/greedy.cpp) against the Python reference (bots.greedy_choice):
the same choice at every decision of many games, the Python bot's answer where the native one
cannot give it, and the envs' opponents played natively giving the same episodes."""

from __future__ import annotations

import random

import numpy as np
import pytest

from hydra_env.api.engines import ENGINE_VARIABLE
from hydra_env.envs.game_env import GameEnv
from hydra_env.games.heroica.bots import GreedyBot
from hydra_env.games.heroica.envs import HeroicaBattleEnv, HeroicaRaceEnv, HeroicaSoloEnv
from hydra_env.games.heroica.native import available, require
from hydra_env.games.heroica.native.game import NativeHeroicaGame
from hydra_env.games.heroica.result import game_result
from hydra_env.games.heroica.spec import new_game
from hydra_env.games.heroica.testing import DRAIDA_ROWS, position

pytestmark = pytest.mark.skipif(not available() or not hasattr(require(), "greedy_action"),
                                reason="the native Heroica module (with its greedy bot) is not built "
                                "(pip install -e . or cmake -DHYDRA_ENV_GAMES=heroica; HYDRA_ENV_NATIVE_DIR)")

CLASSES = ("barbarian", "wizard", "ranger", "druid")


def settings(k: int, rng: random.Random) -> dict:
    """Game ``k``'s parameters: solo (every class), race and battle (2-4 seats), some drafted,
    some without the Crystal."""
    mode = ("solo", "race", "battle")[k % 3]
    players = 1 if mode == "solo" else rng.randint(2, 4)
    kwargs = {"mode": mode, "num_players": players, "crystal": rng.random() < 0.8, "draft": rng.random() < 0.2}
    if mode == "solo":
        kwargs["hero"] = CLASSES[(k // 3) % 4]
    return kwargs


def test_native_greedy_chooses_as_the_python_greedy_at_every_decision_of_2000_games():
    rng = random.Random(25)
    bot = GreedyBot(0)
    decisions = 0
    for k in range(2000):
        game = new_game(seed=k, engine="native", **settings(k, rng))
        while not game.is_over:
            legal = game.legal_actions()
            reference = bot.python_act(game, legal)
            assert game.greedy_action(legal) == reference, (k, game.decision, game.to_json())
            decisions += 1
            game.apply(reference if rng.random() < 0.75 else rng.choice(legal))   # off the greedy line too
    assert decisions > 40_000


def test_greedy_bot_asks_the_native_bot_on_a_native_game(monkeypatch):
    game = new_game(seed=3, engine="native", num_players=3)
    calls = []
    native = NativeHeroicaGame.greedy_action
    monkeypatch.setattr(NativeHeroicaGame, "greedy_action",
                        lambda self, legal: calls.append(legal) or native(self, legal))
    GreedyBot(0).act(game.view(game.current_player), game.legal_actions())
    assert len(calls) == 1


def test_greedy_bot_answers_in_python_for_a_subset_of_the_legal_actions():
    game = new_game(seed=5, engine="native")
    legal = game.legal_actions()
    assert len(legal) > 1
    assert game.greedy_action(legal[1:]) is None
    assert GreedyBot(0).act(game.view(0), legal[1:]) == GreedyBot(0).python_act(game, legal[1:])


def test_greedy_bot_answers_in_python_on_a_board_with_two_generals():
    rows = list(DRAIDA_ROWS)
    rows[1] = ".....G......." + rows[1][13:]
    game = NativeHeroicaGame.from_game(position(rows, rolls=["three_sword"]))
    legal = game.legal_actions()
    assert game.greedy_action(legal) is None
    assert GreedyBot(0).act(game.view(0), legal) == GreedyBot(0).python_act(game, legal)


def test_native_result_read_from_the_native_state_is_the_python_states_result():
    rng = random.Random(4)
    for k in range(150):
        mode = ("solo", "race", "battle")[k % 3]
        game = new_game(seed=k, engine="native", mode=mode, num_players=1 if mode == "solo" else 2 + k % 3,
                        crystal=k % 5 > 0, solo_turn_limit=40 if k % 7 else 6, max_rounds=60 if k % 4 else 5)
        while True:
            assert game.result() == game_result(game.tables, game._python_state())
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))


def test_env_restarts_deal_the_games_the_spec_deals(monkeypatch):
    monkeypatch.setenv(ENGINE_VARIABLE, "native")
    env = HeroicaRaceEnv(num_players=3)
    env.reset(seed=2)
    for seed in (5, 2**63 - 1, 0):
        assert env._new_game(seed).to_json() == new_game(seed=seed, num_players=3).to_json()


@pytest.mark.parametrize("engine_name", ["native", "python"])
def test_env_observation_and_mask_are_the_generic_envs(engine_name, monkeypatch):
    env = with_engine(monkeypatch, engine_name, lambda: HeroicaBattleEnv(learner="hero", num_players=3))
    rng = np.random.default_rng(3)
    env.reset(seed=3)
    for _ in range(200):
        obs, mask = env._observe(), env.action_masks()
        generic = GameEnv._observe(env)
        assert np.array_equal(obs, generic) and np.array_equal(mask, env.action_masks())
        assert mask.dtype == env.action_masks().dtype == np.int8
        if env._done:
            env.reset()
            continue
        _, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated or truncated:
            env.reset()


def play_env(env, seed: int, steps: int) -> list:
    """Rewards, flags and observations of ``steps`` random masked steps from ``reset(seed)``."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    trace = [obs.tobytes()]
    for _ in range(steps):
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        obs, reward, terminated, truncated, _ = env.step(action)
        trace.append((obs.tobytes(), reward, terminated, truncated))
        if terminated or truncated:
            obs, _ = env.reset()
            trace.append(obs.tobytes())
    return trace


def with_engine(monkeypatch, engine: str, make):
    monkeypatch.setenv(ENGINE_VARIABLE, engine)
    return make()


@pytest.mark.parametrize("make", [
    lambda: HeroicaRaceEnv(num_players=2),
    lambda: HeroicaRaceEnv(num_players=4),
    lambda: HeroicaBattleEnv(learner="monster", num_players=3),
    lambda: HeroicaBattleEnv(learner="hero", num_players=2),
    lambda: HeroicaSoloEnv(),
])
def test_env_opponents_played_natively_give_the_python_engines_episodes(make, monkeypatch):
    native = with_engine(monkeypatch, "native", make)
    assert isinstance(play_env(native, 7, 1)[0], bytes) and isinstance(native.game, NativeHeroicaGame)
    python = with_engine(monkeypatch, "python", make)
    assert play_env(native, 7, 600) == play_env(python, 7, 600)
