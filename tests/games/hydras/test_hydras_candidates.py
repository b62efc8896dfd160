"""Candidate features of Hydras-v0 (``candidates=K``): one row per legal action from its
after-state, no hidden card read (H14), the heuristic's own value among them."""

from __future__ import annotations

import numpy as np
import pytest

from hydra_env.envs.bots import make_bot
from hydra_env.errors import ConfigError
from hydra_env.games.hydras.envs.candidates import N_FEATURES, HydrasCandidateEncoder
from hydra_env.games.hydras.envs.env import HydrasEnv
from hydra_env.games.hydras.rules import HydrasGame


def _games(count: int, steps: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    for g in range(count):
        game = HydrasGame.new(3, seed + g)
        for _ in range(int(rng.integers(1, steps))):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
        if not game.is_over:
            yield game


def test_candidate_rows_name_every_legal_action_once_with_bounded_features() -> None:
    env = HydrasEnv(3, opponents=["random"], candidates=96)
    assert env.observation_space["cand_feat"].shape == (96, N_FEATURES)
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            index = obs["cand_index"]
            legal = env.game.legal_actions()
            assert sorted(index[index >= 0].astype(int).tolist()) == legal
            assert np.flatnonzero(info["action_mask"]).tolist() == legal
            assert np.all(np.abs(obs["cand_feat"]) <= 5.0)
            assert not obs["cand_feat"][index < 0].any()          # padding rows are zeros
            assert obs in env.observation_space
            obs, _, done, _, info = env.step(legal[len(legal) // 2])


def test_h14_candidate_features_do_not_change_when_hidden_cards_are_dealt_anew() -> None:
    encoder = HydrasCandidateEncoder(HydrasGame.new(3, 0).tables, 96)
    checked = 0
    for game in _games(12, 70):
        seat = game.current_player
        legal = game.legal_actions()
        feat, index = encoder.encode(game.state, seat, legal)
        for k in range(3):
            other = game.determinize(seat, k)
            assert other.legal_actions() == legal
            feat2, index2 = encoder.encode(other.state, seat, other.legal_actions())
            np.testing.assert_array_equal(feat, feat2)
            np.testing.assert_array_equal(index, index2)
            checked += 1
    assert checked > 20


def test_feature_59_is_the_heuristic_bots_value_its_choice_has_the_best() -> None:
    encoder = HydrasCandidateEncoder(HydrasGame.new(3, 0).tables, 96)
    compared = 0
    for game in _games(15, 80, seed=50):
        seat = game.current_player
        legal = game.legal_actions()
        if len(legal) < 2:
            continue
        choice = make_bot("heuristic", game="hydras", seed=1).act(game.view(seat), legal)
        feat, index = encoder.encode(game.state, seat, legal)
        values = feat[:len(legal), 59]
        assert values[list(index[:len(legal)].astype(int)).index(choice)] == pytest.approx(
            values.max(), abs=1e-5)
        compared += 1
    assert compared >= 10


def test_more_legal_actions_than_rows_keeps_the_best_by_value_and_masks_the_rest() -> None:
    env = HydrasEnv(3, opponents=["random"], candidates=4)
    obs, info = env.reset(seed=1)
    legal = env.game.legal_actions()
    assert len(legal) > 4
    index = obs["cand_index"].astype(int)
    assert np.all(index >= 0) and set(index) <= set(legal)
    assert np.flatnonzero(info["action_mask"]).tolist() == sorted(index.tolist())
    full = HydrasCandidateEncoder(env.tables, 200).encode(env.game.state, env.seat, legal)[0]
    best = np.sort(full[:len(legal), 59])[-4:]
    np.testing.assert_allclose(np.sort(obs["cand_feat"][:, 59]), best)


def test_candidates_argument_is_checked() -> None:
    with pytest.raises(ConfigError, match="candidates"):
        HydrasEnv(3, candidates=-1)
    with pytest.raises(ConfigError, match="candidates"):
        HydrasEnv(3, candidates=2.5)


def test_flat_observation_with_candidates_is_a_dict_with_obs() -> None:
    env = HydrasEnv(3, candidates=8, flatten=True)
    obs, _ = env.reset(seed=0)
    assert set(obs) == {"obs", "cand_feat", "cand_index"}
    assert obs["obs"].shape == (env.encoder.size,)


def test_a_legal_action_outside_the_candidate_rows_is_refused_without_a_change() -> None:
    from hydra_env.errors import IllegalActionError
    env = HydrasEnv(3, opponents=["random"], candidates=2)
    obs, info = env.reset(seed=1)
    outside = [a for a in env.game.legal_actions() if not info["action_mask"][a]]
    history = env.game.history
    with pytest.raises(IllegalActionError, match="not among the 2 candidate rows"):
        env.step(outside[0])
    assert env.game.history == history
