"""PettingZoo AEC env: api_test, seed_test, masks of every seat, rewards."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers

import hydra_env
from hydra_env.games.hydra.envs.pettingzoo import env as hydra_aec
from hydra_env.games.hydra.envs.pettingzoo import raw_env
from hydra_env.games.hydra.envs.rewards import rank_value


# api_test warns about any Dict observation; PettingZoo exempts its own classic envs (the same
# {"observation", "action_mask"} convention) by name, so these two warnings are expected here.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.parametrize("kwargs", [{"scenario": 1}, {"scenario": 8, "flatten": False},
                                    {"scenario": 10, "reward": "shaped"}])
def test_api_test_and_seed_test_pass(kwargs):
    api_test(hydra_aec(**kwargs), num_cycles=200)
    seed_test(lambda: hydra_aec(**kwargs), num_cycles=200)


def test_every_seat_is_an_agent_with_its_own_masked_view():
    env = hydra_aec(scenario=1)
    env.reset(seed=3)
    assert env.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]
    space = env.observation_space("seat_0")
    assert space["observation"].shape == (3967,) and space["action_mask"].dtype == np.int8
    rng = np.random.default_rng(3)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        game = env.unwrapped.game
        assert agent == f"seat_{game.current_player}"
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and np.flatnonzero(mask).tolist() == game.legal_actions()
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 20 and not env.agents


def test_final_rewards_are_the_rank_values():
    env = raw_env(scenario=4)
    env.reset(seed=11)
    rng = np.random.default_rng(11)
    totals = {a: 0.0 for a in env.possible_agents}
    while env.agents:
        agent = env.agent_selection
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            result = info["result"]
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    won = result["outcome"] == "won"
    for a, total in totals.items():
        place = result["ranking"].index(int(a.split("_")[1]))
        assert total == rank_value(place, 3, won)


def test_illegal_action_raises_or_terminates_with_pettingzoos_wrapper():
    env = hydra_aec(scenario=10)
    env.reset(seed=0)
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(hydra_env.IllegalActionError):
        env.step(bad)
    wrapped = wrappers.TerminateIllegalWrapper(raw_env(scenario=10), illegal_reward=-1)
    wrapped.reset(seed=0)
    wrapped.last()
    wrapped.step(bad)
    assert all(wrapped.terminations.values()) and wrapped.rewards["seat_0"] == -1


def test_render_modes():
    env = raw_env(scenario=1, render_mode="ansi")
    env.reset(seed=0)
    assert env.render().startswith("Hydra") and "hand of seat" not in env.render()
    env = raw_env(scenario=1, render_mode="rgb_array")
    env.reset(seed=0)
    img = env.render()
    assert img.dtype == np.uint8 and img.shape[2] == 3
