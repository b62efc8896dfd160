"""The RLlib port of the candidate policy gives the same probabilities as the SB3 one on the
same weights (a shipped policy)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

import torch  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402

from agents.rllib import MASK_KEY, OBS_KEY  # noqa: E402
from agents.rllib.candidate import candidate_module_from_sb3  # noqa: E402
from agents.rllib.envs import MaskedObservation  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402

POLICY = "solo-default"


@pytest.fixture(scope="module")
def shipped():
    """The shipped SB3 CandidatePolicy, built from its recorded sizes and loaded with its weights
    (as plain tensors: its SB3 loader is not what is tested), and its env with the mask."""
    import yaml

    from agents.policy_load import read_tensors
    from agents.train.policy import CandidatePolicy
    from hydra_env.envs.policy_env import find_policy, make_env_for
    path = find_policy(POLICY)
    recorded = yaml.safe_load(path.with_suffix(".yaml").read_text())["config"]["default"]
    assert recorded["policy"] == "CandidatePolicy"
    env = make_env_for(POLICY)
    act = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[recorded["activation"]]
    policy = CandidatePolicy(env.observation_space, env.action_space, lambda _: 0.0,
                             net_arch=dict(pi=list(recorded["net_arch"]), vf=list(recorded["net_arch"])),
                             activation_fn=act, features_extractor_kwargs={
                                 "features_dim": recorded["features_dim"], "activation": recorded["activation"]})
    policy.load_state_dict(read_tensors(path, "policy.pth"), strict=True)
    policy.eval()
    return policy, MaskedObservation(env, flatten_obs=False)


def observations(env, count, seed=0):
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    out = []
    while len(out) < count:
        out.append(obs)
        legal = np.flatnonzero(obs[MASK_KEY])
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            obs, _ = env.reset()
    return out


def stack(items):
    if isinstance(items[0], dict):
        return {k: stack([i[k] for i in items]) for k in items[0]}
    return torch.as_tensor(np.stack(items))


def test_the_port_gives_the_sb3_probabilities_and_values_on_the_same_weights(shipped):
    policy, env = shipped
    module = candidate_module_from_sb3(policy, env.observation_space, env.action_space)
    batch = stack(observations(env, 24))
    policy.features_extractor.pack = False          # SB3's full distribution over every action
    with torch.no_grad():
        sb3 = policy.get_distribution(batch[OBS_KEY], action_masks=batch[MASK_KEY].numpy()).distribution.probs
        sb3_values = policy.predict_values(batch[OBS_KEY]).squeeze(-1)
        logits = module.forward_inference({Columns.OBS: batch})[Columns.ACTION_DIST_INPUTS]
        values = module.compute_values({Columns.OBS: batch})
    torch.testing.assert_close(torch.softmax(logits, -1), sb3.float(), atol=1e-6, rtol=1e-5)
    torch.testing.assert_close(values, sb3_values, atol=1e-5, rtol=1e-5)
    assert torch.all(torch.softmax(logits, -1)[batch[MASK_KEY] == 0] == 0)


def test_a_flattened_observation_is_refused_saying_how_to_make_the_env(shipped):
    policy, env = shipped
    from hydra_env.envs.policy_env import make_env_for
    flat = MaskedObservation(make_env_for(POLICY))
    with pytest.raises(ConfigError, match="flatten_obs=False"):
        candidate_module_from_sb3(policy, flat.observation_space, flat.action_space)
