"""The imitation data keeps only the real candidate rows, and gives back exactly the
observations the env produced (so a warm start trains on the same inputs as before)."""

from __future__ import annotations

import functools

import gymnasium as gym
import numpy as np

import hydra_env  # noqa: F401  (registers the envs)
from agents.train import bc


def _make_env(candidates: int | None) -> gym.Env:
    kwargs = {"scenario": 10, "stars": 1, "reward": "shaped"}
    if candidates:
        kwargs["candidates"] = candidates
    return gym.make("hydra_env/Solo-v0", **kwargs)


def _raw_observations(make_env, episodes):
    env = make_env()
    seen, masks = [], []
    for ep in episodes:
        obs, info = env.reset(seed=ep["seed"])
        for a in ep["actions"]:
            seen.append({k: np.array(v) for k, v in obs.items()} if isinstance(obs, dict) else np.array(obs))
            masks.append(np.array(info["action_mask"]))
            obs, _, _, _, info = env.step(a)
    env.close()
    return seen, masks


def test_replay_stores_only_real_candidate_rows_and_restores_the_observations():
    make_env = functools.partial(_make_env, 144)
    episodes = bc.play_teacher(make_env, "heuristic", 2, seed=11)
    data = bc.replay(make_env, episodes, gamma=0.99)
    seen, masks = _raw_observations(make_env, episodes)
    n = len(seen)
    rows = data["obs"]["cand_feat"]
    assert isinstance(rows, bc.RaggedRows)
    real = sum(int((o["cand_index"] >= 0).sum()) for o in seen)
    assert rows.real_rows() == real and rows.parts[0].shape[1] == seen[0]["cand_feat"].shape[1]
    assert real < n * 144 / 2                       # far fewer rows than the padded 144
    idx = np.random.default_rng(0).permutation(n)[:37]
    batch = bc._take(data["obs"], idx)
    for key in seen[0]:
        np.testing.assert_array_equal(batch[key], np.stack([seen[j][key] for j in idx]))
    np.testing.assert_array_equal(data["masks"], np.stack(masks))
    assert data["actions"].tolist() == [a for ep in episodes for a in ep["actions"]]


def test_replay_returns_are_the_discounted_rewards_that_followed_each_decision():
    make_env = functools.partial(_make_env, 144)
    episodes = bc.play_teacher(make_env, "heuristic", 1, seed=5)
    data = bc.replay(make_env, episodes, gamma=0.9)
    env = make_env()
    env.reset(seed=episodes[0]["seed"])
    rewards = [env.step(a)[1] for a in episodes[0]["actions"]]
    env.close()
    expected = [sum(r * 0.9 ** t for t, r in enumerate(rewards[i:])) for i in range(len(rewards))]
    np.testing.assert_allclose(data["returns"], expected, rtol=1e-5, atol=1e-5)


def test_replay_without_candidates_stacks_every_observation_part():
    make_env = functools.partial(_make_env, None)
    episodes = bc.play_teacher(make_env, "heuristic", 1, seed=3)
    data = bc.replay(make_env, episodes, gamma=0.99)
    seen, _ = _raw_observations(make_env, episodes)
    obs = data["obs"]
    assert sorted(obs) == ["board", "features"]
    for key in seen[0]:
        np.testing.assert_array_equal(obs[key], np.stack([o[key] for o in seen]))
