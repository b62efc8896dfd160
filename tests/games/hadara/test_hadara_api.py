"""Hadara on the Game API: conformance, saves, tampering, seeds, clones and the envs."""

from __future__ import annotations

import json
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hadara_helpers import play_random
from pettingzoo.test import api_test as pettingzoo_api_test

from hydra_env.api.conformance import api_test
from hydra_env.envs.aec import ObserverAECEnv, order_enforcing
from hydra_env.envs.game_env import GameEnv
from hydra_env.envs.registration import register_envs
from hydra_env.errors import ConfigError, SaveError
from hydra_env.games.hadara.game import HadaraGame
from hydra_env.games.hadara.spec import SPEC
from hydra_env.native.modules import game_module_available


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_conformance_api_test_passes(players):
    api_test(SPEC, games=2, seed=players, params={"num_players": players}, max_steps=600)


def test_conformance_with_a_random_board_order():
    api_test(SPEC, games=1, seed=1, params={"num_players": 3, "board_order": "random"}, max_steps=400)


def test_json_save_round_trips_and_continues_identically():
    game = play_random(HadaraGame.new(4, 3), seed=3, until=lambda g: len(g.history) == 90)
    text = game.to_json()
    loaded = HadaraGame.from_json(text)
    assert loaded.to_json() == text and json.loads(text)["format"] == "hydra-env/hadara-game"
    play_random(game, seed=11)
    play_random(loaded, seed=11)
    assert loaded.to_json() == game.to_json() and loaded.result().to_dict() == game.result().to_dict()


@pytest.mark.parametrize(("path", "value", "message"), [
    (("state", "coins"), [99, 1, 1, 1], "state.coins does not match"),
    (("state", "decks"), [[1], [], [], [], []], "state.decks does not match"),
    (("history",), [0, 999], r"history\[1\] is not a legal action"),
    (("version",), 2, "'version' must be 1"),
    (("players",), 7, "'players' must be 2-5"),
    (("options",), {"board_order": "sideways"}, "options"),
])
def test_a_tampered_save_is_refused_naming_the_field(path, value, message):
    game = play_random(HadaraGame.new(4, 5), seed=5, until=lambda g: len(g.history) == 40)
    data = json.loads(game.to_json())
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(SaveError, match=message):
        HadaraGame.from_json(json.dumps(data))
    with pytest.raises(SaveError, match="no saved Hadara game"):
        HadaraGame.from_json(json.dumps({"format": "other"}))


def test_same_seed_and_actions_give_the_same_game_other_seeds_another_deal():
    a = play_random(HadaraGame.new(3, 21), seed=1)
    b = HadaraGame.new(3, 21)
    for action in a.history:
        b.apply(action)
    assert a.to_json() == b.to_json()
    decks = {json.dumps(HadaraGame.new(3, s).state.decks) for s in range(5)}
    assert len(decks) == 5
    assert HadaraGame.new(3, None).seed >= 0


def test_clone_is_independent():
    game = play_random(HadaraGame.new(4, 2), seed=2, until=lambda g: len(g.history) == 30)
    before = game.to_json()
    twin = game.clone()
    play_random(twin, seed=3)
    assert twin.is_over and game.to_json() == before


def test_bad_options_are_refused_clearly():
    with pytest.raises(ConfigError, match="num_players"):
        SPEC.make(num_players=6)
    with pytest.raises(ConfigError, match="board_order"):
        SPEC.make(board_order="sideways")
    with pytest.raises(ConfigError, match="engine"):
        SPEC.make(engine="steam")
    if not game_module_available("hadara"):          # asked for by name, a missing twin says so
        with pytest.raises(ConfigError, match="not built"):
            SPEC.make(engine="native")


def test_gym_make_of_each_env_id_and_check_env():
    register_envs()
    for env_id in SPEC.env_ids:
        env = gym.make(env_id, num_players=3)
        assert isinstance(env.unwrapped, GameEnv) and env.observation_space.shape == (4223,)
        obs, info = env.reset(seed=0)
        assert env.observation_space.contains(obs) and info["action_mask"].shape == (76,)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(GameEnv("hadara", opponents="greedy", num_players=2, illegal_action="penalty"),
                  skip_render_check=True)
        check_env(GameEnv("hadara", num_players=4, flatten=False, illegal_action="penalty"), skip_render_check=True)


def test_a_gym_episode_against_greedy_bots_ends_with_a_result():
    env = GameEnv("hadara", opponents="greedy", num_players=4, seat="random")
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    while True:
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated:
            break
    assert set(info["result"]) >= {"scores", "ranks", "winners"} and reward in (0.0, 0.5, 1.0, 1 / 3, 0.25)


def test_pettingzoo_aec_env_passes_api_test():
    pettingzoo_api_test(order_enforcing(ObserverAECEnv("hadara", num_players=3)), num_cycles=300)


def test_describe_names_card_and_price_render_shows_tracks_and_only_the_own_pair():
    from hadara_helpers import start_draft
    game = start_draft(HadaraGame.new(3, 2))
    seat = game.current_player
    text = game.describe(5)
    assert "keep drawn card 0 and buy it" in text and "coins" in text
    mine, public = game.render(seat), game.render()
    assert "your pair" in mine and "your pair" not in public and "income" in public
    assert "reconstructed components" in public
