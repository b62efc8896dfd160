"""Issue 12 item 6: CandidatePolicy computes over the real candidate rows only, with the same
distribution and the same training step as over all K padded rows and 1,826 logits."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="needs the train extra (sb3-contrib)")

import torch  # noqa: E402
from stable_baselines3.common.utils import obs_as_tensor  # noqa: E402

from agents.train import trainer  # noqa: E402
from agents.train.config import load_config  # noqa: E402
from agents.train.packed import PackedCandidateDistribution, packable  # noqa: E402


@pytest.fixture(scope="module")
def batch():
    """A CandidatePolicy (K = 144, the default config) and 48 observed states of random solo play."""
    torch.manual_seed(0)
    config = load_config("solo_ppo", ["bc_games=0", "progress_bar=false", "n_envs=4"])
    tmp = Path(tempfile.mkdtemp())
    venv = trainer.make_vec_env(config, tmp, 0)
    model = trainer.new_model(config, venv, tmp)
    obs = venv.reset()
    rng = np.random.default_rng(0)
    seen, masks, actions = [], [], []
    for _ in range(12):
        m = np.stack(venv.env_method("action_masks"))
        a = np.array([rng.choice(np.flatnonzero(x)) for x in m])
        seen.append({k: v.copy() for k, v in obs.items()})
        masks.append(m)
        actions.append(a)
        obs, _, _, _ = venv.step(a)
    venv.close()
    ob = {k: np.concatenate([o[k] for o in seen]) for k in seen[0]}
    return model.policy, obs_as_tensor(ob, "cpu"), torch.as_tensor(np.concatenate(actions)), \
        np.concatenate(masks)


def run(policy, obs, actions, masks, pack: bool):
    policy.features_extractor.pack = pack
    try:
        values, log_prob, entropy = policy.evaluate_actions(obs, actions, torch.as_tensor(masks))
        loss = -log_prob.mean() + values.pow(2).mean() - 0.01 * entropy.mean()
        policy.optimizer.zero_grad()
        loss.backward()
        grads = [p.grad.clone() for p in policy.parameters()]
        dist = policy.get_distribution(obs, action_masks=masks)
        probs = dist.distribution.probs.detach()
        mode = dist.get_actions(deterministic=True)
        return values.detach(), log_prob.detach(), entropy.detach(), grads, probs, mode, dist
    finally:
        policy.features_extractor.pack = True


def test_packed_policy_gives_the_same_distribution_as_the_padded_one(batch):
    policy, obs, actions, masks = batch
    real = (obs["cand_index"] >= 0).sum(dim=1)
    assert int(real.max()) < 144                     # padding exists and is dropped
    padded = run(policy, obs, actions, masks, pack=False)
    packed = run(policy, obs, actions, masks, pack=True)
    assert isinstance(packed[6], PackedCandidateDistribution)
    assert not isinstance(padded[6], PackedCandidateDistribution)
    torch.testing.assert_close(packed[0], padded[0], rtol=0, atol=0)       # values: same network
    torch.testing.assert_close(packed[1], padded[1], rtol=1e-6, atol=1e-6)  # log π(a)
    torch.testing.assert_close(packed[2], padded[2], rtol=1e-6, atol=1e-6)  # entropies
    torch.testing.assert_close(packed[4], padded[4], rtol=1e-6, atol=1e-6)  # probs over 1,826
    assert torch.equal(packed[5], padded[5])                               # greedy actions
    assert (packed[4][torch.as_tensor(masks) == 0] == 0).all()             # illegal: probability 0


def test_packed_policy_gives_the_same_training_step(batch):
    policy, obs, actions, masks = batch
    padded = run(policy, obs, actions, masks, pack=False)
    packed = run(policy, obs, actions, masks, pack=True)
    for a, b in zip(packed[3], padded[3]):
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-7)


def test_packed_samples_are_legal_candidate_actions(batch):
    policy, obs, actions, masks = batch
    torch.manual_seed(1)
    sampled, _, _ = policy(obs, action_masks=masks)
    assert all(masks[i, int(a)] for i, a in enumerate(sampled))


def test_a_state_with_more_legal_actions_than_rows_falls_back_to_the_full_distribution(batch):
    policy, obs, actions, masks = batch
    index = obs["cand_index"].long()
    assert packable(index, masks) is not None
    more = masks.copy()
    free = np.flatnonzero(more[0] == 0)[0]
    more[0, free] = 1                                # a legal action without a candidate row
    assert packable(index, more) is None
    assert packable(index, None) is None
    dist = policy.get_distribution(obs, action_masks=more)
    assert not isinstance(dist, PackedCandidateDistribution)
    assert float(dist.distribution.probs.detach()[0, free]) > 0
