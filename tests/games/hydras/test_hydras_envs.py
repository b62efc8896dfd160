"""The Gymnasium env (HydrasEnv) and the PettingZoo AEC env of Hydras."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydras.envs.env import HydrasEnv, UniformRandomBot, resolve_bot
from hydra_env.games.hydras.envs.pettingzoo import env as hydras_aec
from hydra_env.games.hydras.envs.pettingzoo import raw_env
from hydra_env.games.hydras.rules.encoding import HydrasEncoder


def play_episode(env: HydrasEnv, seed: int) -> tuple[list, float, dict]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    while True:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        assert np.array_equal(env.action_masks(), mask.astype(bool))
        assert env.game.current_player == env.seat
        assert np.flatnonzero(mask).tolist() == env.game.legal_actions()
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        trace.append((action, reward))
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            return trace, reward, info


@pytest.mark.parametrize("flatten", [False, True])
def test_check_env_passes_on_the_unwrapped_env(flatten):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(HydrasEnv(illegal_action="penalty", flatten=flatten), skip_render_check=True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_episode_offers_the_engine_mask_and_ends_with_the_result(players):
    env = HydrasEnv(num_players=players, seat="random")
    trace, reward, info = play_episode(env, seed=players)
    assert info["result"]["over"] and "rank" in info and "score" in info
    assert reward == (1.0 / len(info["result"]["winners"]) if env.seat in info["result"]["winners"]
                      else 0.0)
    assert all(r == 0.0 for _, r in trace[:-1])
    assert not env.action_masks().any()


def test_the_rewards_follow_the_result():
    for scheme in ("rank", "score_diff"):
        env = HydrasEnv(num_players=3, reward=scheme)
        _, reward, info = play_episode(env, seed=5)
        result = info["result"]
        if scheme == "rank":
            assert reward == 1.0 - 2.0 * (result["ranks"][0] - 1) / 2
        else:
            best = max(result["scores"][1:])
            assert reward == pytest.approx((result["scores"][0] - best) / 10)


def test_the_same_seed_gives_the_same_episode():
    first = play_episode(HydrasEnv(num_players=3, opponents=["random"]), seed=9)
    second = play_episode(HydrasEnv(num_players=3, opponents=["random"]), seed=9)
    assert first[0] == second[0]


def test_an_illegal_action_raises_and_says_why():
    env = HydrasEnv()
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="is illegal"):
        env.step(illegal)
    penalty = HydrasEnv(illegal_action="penalty")
    _, info = penalty.reset(seed=0)
    obs, reward, terminated, truncated, info = penalty.step(illegal)
    assert reward == -1.0 and info["illegal_action"] and not terminated


def test_the_observation_is_the_seats_own_view():
    env = HydrasEnv(num_players=3, flatten=True)
    obs, _ = env.reset(seed=4)
    game = env.game
    encoder = HydrasEncoder(game.tables)
    assert np.array_equal(obs, encoder.encode_flat(game.state, env.seat))
    hidden = game.determinize(env.seat, np.random.default_rng(1))
    assert np.array_equal(obs, encoder.encode_flat(hidden.state, env.seat))
    assert obs.shape == (7955,) and env.action_space.n == 10175


def test_opponents_are_objects_samplers_or_names():
    class Sampler:
        def sample(self, seed):
            return UniformRandomBot(seed)

    env = HydrasEnv(num_players=4, opponents=[UniformRandomBot(1), Sampler(), "random"])
    play_episode(env, seed=2)
    assert isinstance(resolve_bot("random", 3, None), object)
    assert resolve_bot("anything", 3, lambda name, seed: UniformRandomBot(seed)) is not None
    with pytest.raises(ConfigError):
        resolve_bot(42, 0, None)
    with pytest.raises(ConfigError, match="opponents"):
        HydrasEnv(num_players=3, opponents=["random"] * 3)
    with pytest.raises(ConfigError, match="reward"):
        HydrasEnv(reward="glory")


def test_registered_through_gymnasium_the_env_keeps_its_masks():
    env_id = "hydra_env_test/HydrasCheck-v0"
    if env_id not in gym.registry:
        gym.register(env_id, entry_point="hydra_env.games.hydras.envs.env:HydrasEnv",
                     order_enforce=False, disable_env_checker=True)
    env = gym.make(env_id, num_players=3, opponents=["random", "random"])
    _, info = env.reset(seed=0)
    assert np.array_equal(env.unwrapped.action_masks(), info["action_mask"].astype(bool))


def test_render_ansi_shows_the_table():
    env = HydrasEnv(render_mode="ansi")
    env.reset(seed=0)
    assert "seat 0's hand" in env.render()


# ----------------------------------------------------------------- PettingZoo

def test_pettingzoo_api_test_passes():
    from pettingzoo.test import api_test
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(hydras_aec(num_players=3), num_cycles=200)
        api_test(hydras_aec(num_players=4, flatten=False), num_cycles=100)


def test_pettingzoo_seed_test_passes():
    from pettingzoo.test import seed_test
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: hydras_aec(num_players=2), num_cycles=200)


def test_pettingzoo_agent_selection_follows_the_blocking_seat():
    env = raw_env(num_players=3)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    saw_block = False
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        game = env.game
        assert agent == f"seat_{game.current_player}"
        if game.pending["kind"] == "block offer":
            saw_block = True
            assert game.current_player != game.turn_seat or game.state.blocks
        mask = obs["action_mask"]
        assert np.flatnonzero(mask).tolist() == game.legal_actions()
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert saw_block
    assert all(info["result"]["over"] for info in env.infos.values()) or env.agents == []


def test_pettingzoo_masks_are_zero_for_seats_not_deciding():
    env = raw_env(num_players=3)
    env.reset(seed=1)
    deciding = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == deciding)


def test_observations_stay_float32_in_their_space_all_game():
    env = HydrasEnv(num_players=4, flatten=True)
    obs, info = env.reset(seed=6)
    rng = np.random.default_rng(6)
    while True:
        assert obs.dtype == np.float32 and env.observation_space.contains(obs)
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            break


def test_the_documented_feature_indices_match_the_encoder():
    import hydra_env.games.hydras.envs.env as module
    from hydra_env.games.hydras.rules import testing as ht
    game = ht.build_game(3, hydras={1: " |\n-B--+--2"},
                         hands={0: ["sword head I", "plain turn"], 1: ["poison turn", "plain cross"],
                                2: ["plain tee"]})
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    game.apply(ht.block(game, "poison turn"))
    assert game.current_player == 2
    encoder = HydrasEncoder(game.tables)
    parts = encoder.encode(game.state, 2)
    features, board = parts["features"], parts["board"]
    assert encoder.feature_count == 123 and "122 seats still to be offered" in module.__doc__
    assert features[85] == 1.0                              # pending: block offer
    assert features[87] == 1.0                              # the card under block is a sword
    assert features[89 + 1] == 1.0 and features[93 + 2] == 1.0   # seat 0 on seat 1 (relative)
    assert features[97 + game.cards.kind_index("sword head I")] == 1.0
    assert features[120] == 0.25 and features[121] == 0.0 and features[122] == pytest.approx(1 / 3)
    row, column = game.tables.width // 2, game.tables.width // 2 + 1
    assert board[16 * 2 + 15, row, column] == 1.0           # the cell under attack, seat 1's hydra
    assert parts["hand"][0, game.cards.kind_index("plain tee")] == 1.0
