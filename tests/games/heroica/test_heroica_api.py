"""Heroica on the Game API: conformance, saves, seeds, clones, errors, the observer and the envs."""

from __future__ import annotations

import dataclasses
import json

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test as pettingzoo_api_test

from hydra_env.api import Param, game_spec
from hydra_env.api.conformance import api_test
from hydra_env.envs.aec import ObserverAECEnv, order_enforcing
from hydra_env.envs.registration import register_envs
from hydra_env.errors import ConfigError, IllegalActionError, SaveError
from hydra_env.games.heroica.game import HeroicaGame
from hydra_env.games.heroica.pettingzoo import env as heroica_env
from hydra_env.games.heroica.pettingzoo import raw_env as heroica_raw_env
from hydra_env.games.heroica.spec import SPEC
from hydra_env.games.heroica.state import HeroicaOptions
from hydra_env.games.heroica.testing import DRAIDA_ROWS, position

DRAFT_SPEC = dataclasses.replace(SPEC, params=(*SPEC.params, Param("draft", bool, False, "the seats choose (HR4)")))
"""The spec with the draft as a parameter (the registered spec deals the default classes)."""

SETTINGS = [{}, {"mode": "solo", "hero": "wizard", "draft": True}, {"mode": "race", "num_players": 2},
            {"mode": "race", "num_players": 4, "draft": True}, {"mode": "battle", "num_players": 2},
            {"mode": "battle", "num_players": 3}, {"mode": "battle", "num_players": 4, "draft": True}]
# The conformance test ends by asking that different seeds deal games that look different at the
# start. A drafted game starts with the draft and a 2-seat Battle with the choice of a hero, both before
# any roll (the die is the only chance, HR35), so every seed looks the same there: for those settings
# every other check of the test must pass and only that last one fail.
ROLL_FIRST = [p for p in SETTINGS
              if not (p.get("draft") or (p.get("mode") == "battle" and p.get("num_players") == 2))]
DECISION_FIRST = [p for p in SETTINGS if p not in ROLL_FIRST]
ENV_IDS = ("hydra_env/HeroicaSolo-v0", "hydra_env/Heroica-v0", "hydra_env/HeroicaBattle-v0")


def random_game(seed: int, steps: int = 80, **params) -> HeroicaGame:
    game = DRAFT_SPEC.make(seed=seed, **params)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return game


def _name(params: dict) -> str:
    return "-".join(f"{k}={v}" for k, v in params.items()) or "default"


@pytest.mark.parametrize("params", ROLL_FIRST, ids=_name)
def test_api_conformance(params):
    api_test(DRAFT_SPEC, games=2, seed=3, max_steps=150, params=params)


@pytest.mark.parametrize("params", DECISION_FIRST, ids=_name)
def test_api_conformance_of_games_that_decide_before_the_first_roll(params):
    with pytest.raises(AssertionError, match="every seed deals the same game"):
        api_test(DRAFT_SPEC, games=2, seed=3, max_steps=150, params=params)


@pytest.mark.parametrize("params", [p for p in SETTINGS if p.get("draft")], ids=lambda p: p["mode"])
def test_drafted_games_play_through(params):
    for seed in range(3):
        game = random_game(seed, 2000, **params)
        assert game.is_over and game.current_player == -1 and not game.legal_actions()
        assert sorted(set(game.state.hero_class)) == sorted(game.state.hero_class)


def test_the_spec_is_registered_and_checks_its_parameters():
    assert game_spec("heroica") is SPEC
    assert SPEC.num_players(mode="race", num_players=3) == 3 and SPEC.num_players(num_players=3) == 3
    assert SPEC.make(seed=0, num_players=3).mode == "race" and SPEC.make(seed=0).mode == "solo"
    with pytest.raises(ConfigError, match="solo game has 1 seat"):
        SPEC.make(seed=0, num_players=2, mode="solo")
    with pytest.raises(ConfigError, match="2-4 seats"):
        SPEC.make(seed=0, mode="battle")
    with pytest.raises(ConfigError, match="hero"):
        SPEC.make(seed=0, hero="paladin")
    with pytest.raises(ConfigError, match="heroes"):
        HeroicaGame.new(2, mode="race", heroes=("wizard", "wizard"))


def test_the_action_space_has_106_actions_and_the_observation_1288_values():
    game = SPEC.make(seed=0)
    assert game.action_size == 106
    observer = SPEC.observer(game)
    assert observer.size == 1288 and observer.parts == {"planes": (12, 6, 17), "vector": (64,)}
    obs = observer.encode(game, 0)
    assert obs.dtype == np.float32 and obs.shape == (1288,) and 0.0 <= obs.min() and obs.max() <= 1.0
    out = np.full(1288, 7.0, np.float32)
    assert np.array_equal(observer.encode(game, 0, out), obs) and np.array_equal(out, obs)


def test_json_save_round_trips_and_continues_identically():
    for params in SETTINGS:
        game = random_game(5, 40, **params)
        text = game.to_json()
        loaded = HeroicaGame.from_json(text)
        assert loaded.to_json() == text and json.loads(text)["format"] == "hydra-env/heroica-game"
        rng = np.random.default_rng(1)
        while not game.is_over and len(game.history) < 120:
            action = game.legal_actions()[int(rng.integers(len(game.legal_actions())))]
            game.apply(action)
            loaded.apply(action)
        assert loaded.to_json() == game.to_json()


def test_a_tampered_save_is_refused_with_the_field_named():
    data = json.loads(random_game(2, 30, mode="race", num_players=2).to_json())
    data["state"]["hero_health"][0] = 1 if data["state"]["hero_health"][0] != 1 else 2
    with pytest.raises(SaveError, match=r"state\.hero_health\[0\]"):
        HeroicaGame.from_json(json.dumps(data))
    data = json.loads(random_game(2, 30).to_json())
    data["state"]["rng"][1] += 1
    with pytest.raises(SaveError, match=r"state\.rng"):
        HeroicaGame.from_json(json.dumps(data))
    data = json.loads(random_game(2, 30).to_json())
    data["history"].append(9999)
    with pytest.raises(SaveError, match=r"history\["):
        HeroicaGame.from_json(json.dumps(data))
    with pytest.raises(SaveError, match="format"):
        HeroicaGame.from_json(json.dumps({"format": "other"}))
    with pytest.raises(SaveError, match="not JSON"):
        HeroicaGame.from_json("{")


def test_same_seed_same_game_and_seeds_differ():
    assert random_game(8, mode="race", num_players=3).to_json() == random_game(8, mode="race", num_players=3).to_json()
    assert random_game(8).to_json() != random_game(9).to_json()
    game = SPEC.make(seed=None)
    assert isinstance(game.seed, int) and game.seed >= 0


def test_clone_is_independent():
    game = random_game(3, 10, mode="battle", num_players=3)
    twin = game.clone()
    before = game.to_json()
    while not twin.is_over and len(twin.history) < len(game.history) + 20:
        twin.apply(twin.legal_actions()[-1])
    assert game.to_json() == before and twin.to_json() != before


def test_an_illegal_action_says_why_and_changes_nothing():
    game = SPEC.make(seed=1)
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="DRINK|drink") as info:
        game.apply(game.codec.drink)
    assert "no Life Potion" in str(info.value) and game.to_json() == before
    with pytest.raises(IllegalActionError, match="outside the action space"):
        game.apply(106)
    with pytest.raises(IllegalActionError, match="not an integer"):
        game.apply("north")


def test_describe_and_render_tell_the_roll_and_the_fight():
    game = HeroicaGame.new(1, heroes=("barbarian",), seed=0, rolls=["three_sword", "two_skull"])
    assert game.describe(28) == "move to 28 (Quay) — fights the goblin warrior on 29"
    game.apply(28)
    text = game.render()
    assert "two_skull" in text and "loses 1 Health" in text and text.splitlines()[6] == "y4  S.B.g...........G"


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_gymnasium_make_and_check_env(env_id):
    register_envs()
    check_env(gym.make(env_id, illegal_action="penalty").unwrapped, skip_render_check=True)
    env = gym.make(env_id)
    obs, info = env.reset(seed=0)
    assert obs.shape == (1288,) and info["action_mask"].shape == (106,)
    total, done = 0.0, False
    rng = np.random.default_rng(0)
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
        total += reward
        done = terminated or truncated
    assert -1.0 <= total <= 1.0


def _env_at(env_id: str, game: HeroicaGame, **kwargs):
    """The unwrapped env of ``env_id`` put on ``game`` (its learning seat deciding)."""
    register_envs()
    env = gym.make(env_id, **kwargs).unwrapped
    env.reset(seed=0)
    env.game = game
    env.seat = game.current_player
    env._observe()
    return env


def test_solo_env_reward_is_the_score_over_the_limit():
    game = position(DRAIDA_ROWS, heroes=("wizard",), crystal=False, rolls=["shield"], places={1: 37}, turn=4)
    env = _env_at("hydra_env/HeroicaSolo-v0", game, hero="wizard")
    _, reward, terminated, truncated, info = env.step(game.codec.target(41))     # won on turn T = 5
    assert terminated and not truncated and reward == (40 + 1 - 5) / 40 and info["result"]["score"] == 36


def test_race_env_rewards_win_and_loss_and_truncation_is_not_termination():
    game = position(DRAIDA_ROWS, heroes=("barbarian", "wizard"), mode="race", seat=1, crystal=False,
                    rolls=["shield"], places={2: 37})
    env = _env_at("hydra_env/Heroica-v0", game)
    _, reward, terminated, _, _ = env.step(game.codec.target(41))
    assert terminated and reward == 1.0
    game = position(DRAIDA_ROWS, heroes=("barbarian", "wizard"), mode="race", crystal=False,
                    rolls=["three_sword", "shield"], places={2: 37})
    env = _env_at("hydra_env/Heroica-v0", game, seat=0, opponents="greedy")
    _, reward, terminated, _, _ = env.step(game.codec.move_to(25))                # the greedy wizard shoots
    assert terminated and reward == -1.0
    game = position(DRAIDA_ROWS, mode="solo", options=HeroicaOptions(solo_turn_limit=1), rolls=["two_skull"])
    env = _env_at("hydra_env/HeroicaSolo-v0", game)
    _, reward, terminated, truncated, info = env.step(game.codec.move_to(25))
    assert truncated and not terminated and reward == 0.0 and info["result"]["outcome"] == "truncated"


def test_pettingzoo_aec_env_passes_api_test():
    env = order_enforcing(ObserverAECEnv("heroica", mode="race", num_players=3))
    pettingzoo_api_test(env, num_cycles=200)
    pettingzoo_api_test(heroica_env(num_players=2, mode="battle"), num_cycles=200)


def test_the_aec_env_gives_the_spec_s_rewards():
    aec = heroica_raw_env(num_players=2, mode="race")
    aec.reset(seed=3)
    rng = np.random.default_rng(0)
    while not all(aec.terminations.values()) and not all(aec.truncations.values()):
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(rng.choice(np.flatnonzero(mask))))
    rewards = sorted(aec.rewards.values())                 # the rewards of the last step, the game's end
    result = aec.infos["seat_0"]["result"]
    assert (rewards == [-1.0, 1.0]) if result["winners"] else (rewards == [0.0, 0.0])
