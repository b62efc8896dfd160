"""HH32 (the one-seat env) and HH1 (5-8 players): ``player_counts`` draws each episode's table, so one
policy learns every count; the observation keeps its 8 seat slots (HH33) at every count."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import hydra_env  # noqa: F401
from hydra_env import ConfigError


def _episode(env: gym.Env, seed: int | None) -> tuple[int, list[int]]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(0)
    actions = []
    while True:
        assert obs.shape == env.observation_space.shape
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        actions.append(action)
        obs, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return env.unwrapped.game.num_players, actions


def test_hh32_player_counts_deals_every_listed_table_with_one_observation_space():
    env = gym.make("hydra_env/HailHydra-v0", opponents="loyal", player_counts=[5, 6, 7, 8])
    counts = set()
    obs, _ = env.reset(seed=11)
    for _ in range(30):
        players = env.unwrapped.game.num_players
        counts.add(players)
        assert env.unwrapped.num_players == players and 0 <= env.unwrapped.seat < players
        assert list(obs[:4]) == [float(players == n) for n in (5, 6, 7, 8)]   # the players one-hot
        obs, _ = env.reset()
    assert counts == {5, 6, 7, 8}


def test_hh32_player_counts_episodes_repeat_from_the_same_seed():
    first = gym.make("hydra_env/HailHydra-v0", opponents="saboteur", player_counts=[6, 8], loyalty="hydra")
    again = gym.make("hydra_env/HailHydra-v0", opponents="saboteur", player_counts=[6, 8], loyalty="hydra")
    assert [_episode(first, 5 if k == 0 else None) for k in range(4)] == \
           [_episode(again, 5 if k == 0 else None) for k in range(4)]
    assert first.unwrapped.game.state.loyalty[first.unwrapped.seat] == 1


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"player_counts": [4, 5]}, "player_counts item must be an integer from 5 to 8"),
    ({"player_counts": [6, 6]}, "distinct player counts"),
    ({"player_counts": []}, "distinct player counts"),
    ({"player_counts": [5, 6], "seat": 0}, "the seat must be 'random'"),
    ({"player_counts": [5, 6], "opponents": ["loyal"] * 4}, "give one opponent for all"),
    ({"player_counts": "5,6"}, "player_counts must be a list"),
])
def test_hh32_player_counts_refuses_a_wrong_list_naming_the_fix(kwargs, message):
    with pytest.raises(ConfigError, match=message):
        gym.make("hydra_env/HailHydra-v0", **kwargs)


def test_hh32_player_counts_is_refused_by_the_vector_env_whose_rows_share_one_count():
    with pytest.raises(ConfigError, match="one vector env per count"):
        gym.make_vec("hydra_env/HailHydra-v0", num_envs=2, vectorization_mode="vector_entry_point",
                     player_counts=[5, 6])
