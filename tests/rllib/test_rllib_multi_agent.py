"""SeatsMultiAgentEnv: only the learning seats are agents; the others play inside the env;
the env check RLlib runs is replaced by one with masked actions."""

from __future__ import annotations

import logging

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

from agents.rllib import MASK_KEY, OBS_KEY  # noqa: E402
from agents.rllib.env_check import check_multi_agent_env  # noqa: E402
from agents.rllib.multi_agent import SeatsMultiAgentEnv  # noqa: E402
from hydra_env.api import game_names, game_spec  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402

MULTI_SEAT = [name for name in game_names() if game_spec(name).num_players() > 1]


def masked_random(observations, rng):
    return {a: int(rng.choice(np.flatnonzero(o[MASK_KEY]))) for a, o in observations.items()}


def play(env, seed, steps=10_000):
    """One episode with random legal actions: (the agents that got observations, the last step)."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    seen = set(obs)
    for _ in range(steps):
        obs, rewards, terms, truncs, infos = env.step(masked_random(obs, rng))
        seen |= set(obs)
        if terms["__all__"] or truncs["__all__"]:
            return seen, (obs, rewards, terms, truncs, infos)
    raise AssertionError("no end")


@pytest.mark.parametrize("game", game_names())
def test_every_game_passes_the_masked_check_with_every_seat_learning(game):
    env = SeatsMultiAgentEnv({"game": game, "learning_seats": "all"})
    assert env.possible_agents == [f"seat_{s}" for s in range(game_spec(game).num_players())]
    assert check_multi_agent_env(env, episodes=1) > 0


@pytest.mark.parametrize("game", MULTI_SEAT)
def test_only_the_learning_seat_is_an_agent_and_the_others_play_inside(game):
    env = SeatsMultiAgentEnv({"game": game, "learning_seats": [0], "others": "random"})
    assert env.possible_agents == ["seat_0"]
    seen, (obs, rewards, terms, truncs, infos) = play(env, seed=5)
    assert seen == {"seat_0"}
    assert set(obs) == set(rewards) == {"seat_0"}
    assert terms["__all__"] or truncs["__all__"]
    assert set(env.observation_spaces["seat_0"].spaces) == {OBS_KEY, MASK_KEY}
    assert env.observation_spaces["seat_0"][MASK_KEY].dtype == np.int8


def test_the_end_rewards_every_seat_that_decided_and_carries_the_result():
    env = SeatsMultiAgentEnv({"game": "hydras", "learning_seats": "all"})
    seen, (obs, rewards, terms, truncs, infos) = play(env, seed=2)
    assert set(rewards) == seen == set(obs)
    assert all("result" in infos[a] for a in seen)
    winners = infos[next(iter(seen))]["result"]["winners"]
    assert sum(rewards.values()) == pytest.approx(1.0 if winners else 0.0)


def test_the_same_seed_replays_the_same_episode():
    runs = [play(SeatsMultiAgentEnv({"game": "hydras", "learning_seats": [1], "others": "random"}), seed=9)[1]
            for _ in range(2)]
    assert runs[0][1] == runs[1][1] and runs[0][4] == runs[1][4]


def test_a_frozen_policy_seat_is_asked_with_the_same_dict_observation():
    calls = []

    def first_legal(observation):
        calls.append(set(observation))
        return int(np.flatnonzero(observation["legal"])[0])

    env = SeatsMultiAgentEnv({"game": "hydras", "learning_seats": [0], "others": first_legal,
                              "obs_key": "obs", "mask_key": "legal"})
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    for _ in range(5):
        obs, *_ = env.step({a: int(rng.choice(np.flatnonzero(o["legal"]))) for a, o in obs.items()})
    assert calls and all(keys == {"obs", "legal"} for keys in calls)


@pytest.mark.parametrize("config, match", [
    ({"game": "hydras", "learning_seats": [5]}, "learning_seats"),
    ({"game": "hydras", "learning_seats": [0, 0]}, "learning_seats"),
    ({"game": "hydras", "others": "no-such-bot"}, "no-such-bot"),
    ({"game": "hydras", "colour": "red"}, "unknown env_config keys"),
    ({"game": 3}, "game"),
])
def test_a_wrong_config_is_refused_saying_what_is_wrong(config, match):
    with pytest.raises(ConfigError, match=match):
        SeatsMultiAgentEnv(config)


def test_rllibs_own_check_misreports_a_masked_out_action():
    # Why ppo_config turns RLlib's check off: it steps an action drawn from the whole space.
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments
    env = SeatsMultiAgentEnv({"game": "hydras", "learning_seats": "all"})
    obs, _ = env.reset(seed=42)
    agent = next(iter(obs))
    env.action_spaces[agent].seed(0)
    draw = env.action_spaces[agent].sample()
    assert obs[agent][MASK_KEY][draw] == 0            # a masked-out action: what the check will step
    env.action_spaces[agent].seed(0)
    with pytest.raises(ValueError, match="does not abide to the new gymnasium-style API"):
        check_multiagent_environments(env)


def test_the_runner_of_ppo_config_never_shows_the_misleading_message(caplog):
    from ray.rllib.env.multi_agent_env_runner import MultiAgentEnvRunner

    from agents.rllib.config import ppo_config
    config = ppo_config(multi_agent={"game": "hydras", "learning_seats": "all"}).rl_module(
        model_config={"fcnet_hiddens": [16]})
    with caplog.at_level(logging.INFO):
        runner = MultiAgentEnvRunner(config=config)
        try:
            episodes = runner.sample(num_timesteps=100)
        finally:
            runner.stop()
    assert "abide" not in caplog.text
    steps = illegal = 0
    for episode in episodes:
        for single in episode.agent_episodes.values():
            masks, actions = single.get_observations()[MASK_KEY], single.get_actions()
            steps += len(actions)
            illegal += sum(int(masks[t][a] == 0) for t, a in enumerate(actions))
    assert steps >= 50 and illegal == 0


@pytest.mark.parametrize("game, seats", [("hydras(num_players=4)", 4), ("hydra(scenario=1)", 4)])
def test_a_game_string_sets_the_parameters_and_the_games_own_aec_env_serves_it(game, seats):
    env = SeatsMultiAgentEnv({"game": game, "learning_seats": "all"})
    assert len(env.possible_agents) == seats
    assert check_multi_agent_env(env, episodes=1) > 0
