"""Candidate features (hydra_env.games.hydra.observe.candidates): exact legal set, no leak, env spaces."""

from __future__ import annotations

import random

import gymnasium as gym
import numpy as np
import pytest

import hydra_env
from hydra_env.games.hydra.observe.candidates import N_FEATURES, CandidateEncoder


def _positions(scenario: int, games: int, seed: int):
    rng = random.Random(seed)
    for g in range(games):
        game = hydra_env.Game.new(scenario=scenario, seed=seed + g)
        while not game.is_over:
            if rng.random() < 0.3:
                yield game
            game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("scenario", [10, 1, 7])
def test_candidates_cover_exactly_the_legal_actions(scenario: int) -> None:
    for game in _positions(scenario, 3, 100):
        enc = CandidateEncoder(game.rules, 400)
        feat, index = enc.encode(game, game.current_player)
        legal = game.legal_actions()
        assert sorted(index[index >= 0].astype(int).tolist()) == legal
        assert feat.shape == (400, N_FEATURES) and np.isfinite(feat).all()
        assert not feat[len(legal):].any()
        other = (game.current_player + 1) % game.num_players
        if other != game.current_player:
            f2, i2 = enc.encode(game, other)   # not this seat's decision: all padding
            assert not f2.any() and (i2 == -1).all()


@pytest.mark.parametrize("scenario", [10, 12, 1, 4, 8])
def test_r41_candidate_features_do_not_change_when_hidden_cards_are_redealt(scenario: int) -> None:
    checked = 0
    for game in _positions(scenario, 6, 200):
        seat = game.current_player
        enc = CandidateEncoder(game.rules, 200)
        feat, index = enc.encode(game, seat)
        redealt = game.determinize(seat, np.random.default_rng(checked))
        f2, i2 = enc.encode(redealt, seat)
        assert np.array_equal(index, i2)
        assert np.array_equal(feat, f2)
        checked += 1
    assert checked > 15


def test_env_with_candidates_observes_them_in_its_space() -> None:
    env = gym.make("hydra_env/Solo-v0", flatten=True, candidates=160)
    obs, info = env.reset(seed=3)
    assert set(obs) == {"obs", "cand_feat", "cand_index"}
    assert env.observation_space.contains(obs)
    legal = np.flatnonzero(info["action_mask"]).tolist()
    assert sorted(obs["cand_index"][obs["cand_index"] >= 0].astype(int).tolist()) == legal
    for _ in range(30):
        obs, _, term, trunc, info = env.step(int(obs["cand_index"][0]))
        assert env.observation_space.contains(obs)
        if term or trunc:
            break
    with pytest.raises(hydra_env.ConfigError, match="candidates"):
        gym.make("hydra_env/Solo-v0", candidates=-1)
