"""Hail Hydra on the Game API: conformance, saves, tampering, seeds, clones and the envs."""

from __future__ import annotations

import json
import random
import re

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test as pettingzoo_api_test

from hydra_env.api import game_spec
from hydra_env.api.conformance import api_test
from hydra_env.errors import SaveError
from hydra_env.games.hail_hydra import testing as t
from hydra_env.games.hail_hydra.game import from_json, new_game
from hydra_env.games.hail_hydra.spec import SPEC


def played(seed: int, steps: int, players: int = 6):
    game = new_game(seed=seed, num_players=players)
    choose = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(choose.choice(game.legal_actions()))
    return game, choose


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_the_game_passes_the_conformance_test_at_every_player_count(players):
    api_test(SPEC, games=1, seed=players * 11, max_steps=250, params={"num_players": players})


def test_the_spec_is_registered_with_its_parameters_bots_and_env_id():
    spec = game_spec("hail_hydra")
    assert spec.rule_prefix == "HH" and spec.num_players(num_players=7) == 7
    assert set(spec.bots) == {"loyal", "saboteur", "deduce"} and spec.env_ids == ("hydra_env/HailHydra-v0",)
    assert spec.make(seed=1, num_players=5).num_players == 5


def test_a_json_save_round_trips_and_continues_identically():
    game, choose = played(4, 120)
    text = game.to_json()
    loaded = from_json(text)
    assert loaded.to_json() == text and json.loads(text)["format"] == "hydra-env/hail-hydra-game"
    while not game.is_over:
        action = choose.choice(game.legal_actions())
        game.apply(action)
        loaded.apply(action)
    assert loaded.to_json() == game.to_json()


def test_a_hand_built_position_saves_and_loads_as_its_own_start():
    game = t.position(players=5, loyalty=[0, 1, 0, 1, 0])
    t.give_hand(game, 0, [4, 4, -5])
    game.apply(t.play([4, 4]))
    loaded = from_json(game.to_json())
    assert loaded.to_json() == game.to_json() and loaded.state.hands[0] == t.counts([-5])


@pytest.mark.parametrize("path,value,field", [
    (("state", "city"), 99, "state.city"),
    (("state", "hands", 0, 0), 9, "state.hands[0][0]"),
    (("state", "loyalty", 0), 1, "state.loyalty[0]"),
    (("start", "seed"), 12, "start."),
])
def test_a_tampered_save_is_refused_naming_the_field(path, value, field):
    game, _ = played(5, 60)
    doc = json.loads(game.to_json())
    place = doc
    for key in path[:-1]:
        place = place[key]
    if place[path[-1]] == value:
        value = value + 1
    place[path[-1]] = value
    with pytest.raises(SaveError, match=re.escape(field)):
        from_json(json.dumps(doc))


def test_a_save_with_a_wrong_header_or_an_illegal_history_is_refused():
    game, _ = played(6, 30)
    doc = json.loads(game.to_json())
    with pytest.raises(SaveError, match="format"):
        from_json(json.dumps({**doc, "format": "other"}))
    with pytest.raises(SaveError, match="version"):
        from_json(json.dumps({**doc, "version": 2}))
    doc["state"]["history"][3] = 200
    with pytest.raises(SaveError, match="history"):
        from_json(json.dumps(doc))
    with pytest.raises(SaveError, match="not JSON"):
        from_json("{")


def test_the_same_seed_and_actions_give_the_same_game_other_seeds_other_deals():
    first, _ = played(8, 200)
    again, _ = played(8, 200)
    assert first.to_json() == again.to_json()
    assert new_game(seed=9).to_json() != new_game(seed=8).to_json()
    fresh = new_game(seed=None)
    assert isinstance(fresh.seed, int) and from_json(fresh.to_json()).seed == fresh.seed


def test_a_clone_is_independent_of_its_original():
    game, choose = played(10, 40)
    before = game.to_json()
    twin = game.clone()
    for _ in range(30):
        if twin.is_over:
            break
        twin.apply(choose.choice(twin.legal_actions()))
    assert game.to_json() == before and twin.to_json() != before


def _register_envs():
    from hydra_env.envs.registration import register_envs
    register_envs()


def test_gymnasium_makes_the_env_and_its_checker_passes():
    _register_envs()
    env = gym.make("hydra_env/HailHydra-v0", num_players=6, illegal_action="penalty")
    obs, info = env.reset(seed=0)
    assert obs.shape == (10048,) and info["action_mask"].shape == (201,)
    check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("loyalty,team", [("shield", 0), ("hydra", 1)])
def test_hh36_the_one_seat_env_gives_team_rewards_to_a_seat_of_the_chosen_loyalty(loyalty, team):
    _register_envs()
    env = gym.make("hydra_env/HailHydra-v0", num_players=7, loyalty=loyalty, opponents="saboteur")
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        seat = env.unwrapped.seat
        assert env.unwrapped.game.state.loyalty[seat] == team
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(int(legal[0]))
            done = terminated or truncated
        won = info["result"]["winner"] == loyalty
        assert reward == (1.0 if won else -1.0)


def test_the_pettingzoo_aec_env_passes_its_api_test_with_team_rewards():
    from hydra_env.games.hail_hydra.env import HailHydraAECEnv, env
    pettingzoo_api_test(env(num_players=5), num_cycles=300)
    raw = HailHydraAECEnv(num_players=6)
    raw.reset(seed=2)
    totals: dict[str, float] = {}
    for agent in raw.agent_iter():
        obs, reward, terminated, truncated, _ = raw.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        raw.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert sorted(set(totals.values())) == [-1.0, 1.0] and raw.metadata["name"] == "hailhydra_v0"
