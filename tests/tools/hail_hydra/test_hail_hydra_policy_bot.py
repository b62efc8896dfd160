"""A policy trained on ``HailHydra-v0`` with ``summary=True`` plays as a bot through the
observer of the env it was trained on (``GameEnv.custom_observer``): the bot's observation of
a position is the env's."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from sb3_contrib import MaskablePPO

import hydra_env  # noqa: F401
from hydra_env.envs.bots import make_bot
from hydra_env.envs.policy_env import record_env_args

KWARGS = {"player_counts": [5, 6], "loyalty": "random", "reward": "team", "summary": True}


def _policy(tmp_path, kwargs) -> str:
    env = gym.make("hydra_env/HailHydra-v0", opponents="loyal", **kwargs)
    model = MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=16, policy_kwargs={"net_arch": [8]}, seed=0)
    model.observation_space = record_env_args(model.observation_space, "hydra_env/HailHydra-v0", kwargs)
    path = tmp_path / "policy.zip"
    model.save(path)
    return str(path)


def test_a_summary_policy_encodes_as_its_env_and_plays_every_table(tmp_path):
    path = _policy(tmp_path, KWARGS)
    env = gym.make("hydra_env/HailHydra-v0", opponents="loyal", **KWARGS)
    bot = make_bot(f"ppo:{path}", game="hail_hydra", seed=0)
    obs, info = env.reset(seed=1)
    for _ in range(40):
        core = env.unwrapped
        view = core.game.view(core.seat)
        np.testing.assert_array_equal(bot.observation(view, core.game.legal_actions()), obs)
        obs, _, terminated, truncated, info = env.step(bot.act(view, core.game.legal_actions()))
        if terminated or truncated:
            obs, info = env.reset()
    from hydra_env import game_spec
    for players in (5, 8):
        game = game_spec("hail_hydra").make(seed=players, num_players=players)
        while not game.is_over:
            game.apply(bot.act(game.view(game.current_player), game.legal_actions()))
        assert game.result().outcome in ("shield", "hydra")


def test_a_policy_without_summary_keeps_the_games_observer(tmp_path):
    path = _policy(tmp_path, {**KWARGS, "summary": False})
    bot = make_bot(f"ppo:{path}", game="hail_hydra", seed=0)
    from hydra_env import game_spec
    from hydra_env.games.hail_hydra.observer import HailHydraObserver
    game = game_spec("hail_hydra").make(seed=0, num_players=6)
    for _ in range(30):          # the first from a re-deal, then from the seat's information
        seat = game.current_player
        obs = bot.observation(game.view(seat), game.legal_actions())
        np.testing.assert_array_equal(obs, HailHydraObserver().encode(game, seat))
        game.apply(bot.act(game.view(seat), game.legal_actions()))
