"""Team PPO's team critic (agents.train.team_critic): it knows every seat's team at training
time, starts from the policy's own values, learns what the teams explain, and the policy's
play never reads it."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
import torch

import hydra_env  # noqa: F401  (registers the envs)
from agents.train import team_ppo, team_rollout
from agents.train.team_critic import for_policy, team_features, values_with_teams
from agents.train.team_rollout import GameBatch
from hydra_env.envs.bots import make_bot


def test_team_features_mark_each_seat_in_turn_order_from_the_decider() -> None:
    features = team_features([[0, 2], [1, 3, 4]], seat=2, num_players=5, seats=6)
    # from seat 2: itself, 3, 4, 0 (its teammate), 1, then one empty place
    assert features.tolist() == [1, 1, 1, 0, 1, 0, 1, 1, 1, 0, 0, 0]
    with pytest.raises(ValueError, match="raise --critic-seats to 5 or more"):
        team_features([[0, 2], [1, 3, 4]], seat=0, num_players=5, seats=4)


def _hail_hydra_model():
    from sb3_contrib import MaskablePPO
    env = gym.make("hydra_env/HailHydra-v0", num_players=5, loyalty="shield")
    return MaskablePPO("MlpPolicy", env, seed=0, device="cpu", policy_kwargs={"net_arch": [16]}), env.unwrapped


def _saboteurs(rng, seed):
    return make_bot("saboteur", game="hail_hydra", seed=seed)


def test_hh36_a_collected_batch_carries_each_deciders_true_team_and_starts_from_the_policys_values() -> None:
    model, core = _hail_hydra_model()
    critic = for_policy(model.policy, seats=8, learning_rate=1e-3)
    seeds = [3, 4]
    batch = team_rollout.collect(model.policy, core, seeds, lambda rng, count: 0, _saboteurs, 1.0, 0.95,
                                 critic=critic)
    assert batch.team_features is not None and batch.team_features.shape == (len(batch), 16)
    shield_sizes = {len(core.teams(core.deal(seed))[0]) for seed in seeds}
    assert (batch.team_features[:, :2] == 1).all()                       # the decider, on its own team
    assert set(batch.team_features[:, 1::2].sum(axis=1).astype(int)) <= shield_sizes
    assert (batch.team_features[:, 10:] == 0).all()                      # 5 seats: places 6-8 empty
    with torch.no_grad():
        own = model.policy.predict_values(torch.as_tensor(batch.obs)).numpy().reshape(-1)
    assert batch.values == pytest.approx(own, abs=1e-5)                  # the residual starts at zero


def test_the_team_critic_learns_the_value_the_teams_explain_and_the_policy_ignores_them() -> None:
    model, core = _hail_hydra_model()
    obs, info = core.reset(seed=0)
    mask = np.asarray(info["action_mask"], bool)
    n = 256
    features = np.zeros((n, 16), np.float32)
    features[:, :2] = 1
    features[: n // 2, 3] = 1                                            # half the tables: seat 1 a teammate
    returns = np.where(features[:, 3] == 1, 1.0, -1.0).astype(np.float32)
    observations, masks = np.repeat(obs[None], n, 0).astype(np.float32), np.repeat(mask[None], n, 0)
    actions = np.full(n, int(np.flatnonzero(mask)[0]))
    with torch.no_grad():
        _, log_probs, _ = model.policy.evaluate_actions(torch.as_tensor(observations), torch.as_tensor(actions),
                                                        action_masks=masks)
    batch = GameBatch(obs=observations, masks=masks, actions=actions, log_probs=log_probs.numpy(),
                      values=np.zeros(n, np.float32), advantages=np.zeros(n, np.float32), returns=returns,
                      labels=np.full(n, -1), team_rewards=[0.0], learner_teams=[0], team_features=features)
    critic = for_policy(model.policy, seats=8, learning_rate=1e-2)
    settings = team_ppo.Settings(learning_rate=1e-2, epochs=10, batch_size=64, target_kl=0.0)
    probabilities = model.policy.get_distribution(torch.as_tensor(observations[:1]), action_masks=masks[:1])
    before = probabilities.distribution.probs.detach()
    for _ in range(5):
        team_ppo.ppo_update(model.policy, batch, settings, np.random.default_rng(0), critic=critic)
    values = values_with_teams(model.policy, critic, observations, features)
    assert values[: n // 2].mean() > 0.5 and values[n // 2:].mean() < -0.5
    after = model.policy.get_distribution(torch.as_tensor(observations[:1]), action_masks=masks[:1])
    assert torch.allclose(after.distribution.probs, before, atol=1e-6)  # zero advantages: the policy holds
    batch.team_features = None
    with pytest.raises(ValueError, match="team critic needs the batch's team features"):
        team_ppo.ppo_update(model.policy, batch, settings, np.random.default_rng(0), critic=critic)


def test_group_advantages_are_each_games_reward_less_the_mean_of_its_deals_other_games() -> None:
    rewards = [1.0, -1.0, 1.0, 1.0, -1.0, -1.0]                         # two deals of three games
    steps = [(np.zeros(1), np.ones(2, bool), 0, 0.0, 0.3, -1)] * 2
    adv, returns = team_rollout.group_advantages(team_rollout.Trajectory(1, 0, steps, reward=-1.0), rewards, 3)
    assert adv.tolist() == [-2.0, -2.0] and returns.tolist() == [-1.0, -1.0]    # -1 - mean(1, 1)
    adv, _ = team_rollout.group_advantages(team_rollout.Trajectory(3, 2, steps, reward=1.0), rewards, 3)
    assert adv.tolist() == [2.0, 2.0]                                           # 1 - mean(-1, -1)
    settings = team_ppo.Settings(games=6, group=3, seed=2)
    assert team_ppo.rollout_seeds(settings, 1) == [20_000_006] * 3 + [20_000_007] * 3


def test_hh36_a_grouped_batch_plays_each_deal_as_dealt_and_cancels_the_deals_luck() -> None:
    model, core = _hail_hydra_model()
    seeds = [5, 5, 6, 6]
    batch = team_rollout.collect(model.policy, core, seeds, lambda rng, count: 0, _saboteurs, 1.0, 0.95, group=2)
    rewards = batch.team_rewards
    for deal in (0, 1):
        a, b = rewards[2 * deal], rewards[2 * deal + 1]
        assert a in (1.0, -1.0) and b in (1.0, -1.0)
    expected = {reward - other for reward, other in ((rewards[0], rewards[1]), (rewards[1], rewards[0]),
                                                      (rewards[2], rewards[3]), (rewards[3], rewards[2]))}
    assert set(np.unique(batch.advantages).tolist()) <= expected
    assert set(np.unique(batch.returns).tolist()) <= {1.0, -1.0}
    with pytest.raises(ValueError, match="runs of 2 equal ones"):
        team_rollout.collect(model.policy, core, [5, 6, 6, 6], lambda rng, count: 0, _saboteurs, 1.0, 0.95,
                             group=2)
