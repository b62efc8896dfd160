"""SlotPolicy (agents.train.slot_policy): the MLP policy with a pointer head. Each slot action's
logit gets a score from one network shared by all slots, reading that slot's own features, so
the policy treats the slots alike; it is saved and loaded as data like the other policies."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
import torch

pytest.importorskip("sb3_contrib")

from agents.train.slot_policy import SlotPolicy  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402


def _policy() -> SlotPolicy:
    obs = gym.spaces.Box(0.0, 1.0, (10,), np.float32)
    return SlotPolicy(obs, gym.spaces.Discrete(6), lambda _: 1e-3, net_arch=[8],
                      slot_actions=[2, 3, 4], slot_features=[[0, 1], [2, 3], [4, 5]])


def test_slot_scores_follow_their_features_when_the_slots_trade_places() -> None:
    policy = _policy()
    with torch.no_grad():
        for module in (policy.action_net, policy.mlp_extractor):
            for p in module.parameters():
                p.zero_()                      # the logits come from the slot head alone
    obs = torch.tensor([[0.9, 0.1, 0.2, 0.7, 0.0, 0.3, 1, 1, 1, 1]], dtype=torch.float32)
    swapped = obs.clone()
    swapped[0, [0, 1, 2, 3]] = obs[0, [2, 3, 0, 1]]            # slots 0 and 1 trade features
    masks = np.ones((1, 6), bool)
    with torch.no_grad():
        before = policy.get_distribution(obs, action_masks=masks).distribution.logits[0]
        after = policy.get_distribution(swapped, action_masks=masks).distribution.logits[0]
    assert torch.allclose(before[[2, 3, 4]], after[[3, 2, 4]])
    assert not torch.allclose(before[2], before[3])
    assert torch.allclose(before[[0, 1, 5]], after[[0, 1, 5]])     # no slot: the MLP head alone


def test_the_policy_latent_alone_gives_the_distribution_whatever_was_seen_before() -> None:
    policy = _policy()
    first = torch.rand(3, 10)
    second = torch.rand(3, 10)
    masks = np.ones((3, 6), bool)
    with torch.no_grad():
        expected = policy.get_distribution(second, action_masks=masks).distribution.logits
        policy.get_distribution(first, action_masks=masks)                  # another batch in between
        latent_pi, _ = policy.mlp_extractor(policy.extract_features(second))
        from_latent = policy._get_action_dist_from_latent(latent_pi).distribution.logits
        _, log_prob, _ = policy.evaluate_actions(second, torch.tensor([2, 3, 4]), action_masks=masks)
    assert torch.allclose(from_latent, expected)
    assert torch.allclose(log_prob, torch.log_softmax(expected, 1)[[0, 1, 2], [2, 3, 4]])


def test_slot_policy_refuses_slots_outside_its_spaces() -> None:
    obs = gym.spaces.Box(0.0, 1.0, (10,), np.float32)
    with pytest.raises(ValueError, match="slot"):
        SlotPolicy(obs, gym.spaces.Discrete(6), lambda _: 1e-3, slot_actions=[2, 9],
                   slot_features=[[0], [1]])
    with pytest.raises(ValueError, match="slot"):
        SlotPolicy(obs, gym.spaces.Discrete(6), lambda _: 1e-3, slot_actions=[2, 3],
                   slot_features=[[0], [10]])
    with pytest.raises(ValueError, match="slot"):
        SlotPolicy(obs, gym.spaces.Discrete(6), lambda _: 1e-3, slot_actions=[2, 3], slot_features=[[0]])


def test_a_slot_policy_is_saved_and_loaded_as_data_with_the_same_choices(tmp_path) -> None:
    from agents.policy_files import load_model
    from agents.train.config import TrainConfig
    from agents.train.environments import make_vec_env
    from agents.train.model import new_model
    config = TrainConfig(env="hydra_env/HailHydra-v0", env_kwargs={"summary": True},
                         opponents=["saboteur"], policy="SlotPolicy", net_arch=[32], n_envs=1,
                         vec_env="dummy", n_steps=64, batch_size=64)
    venv = make_vec_env(config, tmp_path, 0)
    try:
        model = new_model(config, venv, tmp_path)
        assert isinstance(model.policy, SlotPolicy) and len(model.policy.slot_actions) == 7
        model.save(tmp_path / "slot.zip")
        obs = venv.reset()
        masks = np.asarray(venv.env_method("action_masks"))
    finally:
        venv.close()
    loaded = load_model(str(tmp_path / "slot.zip"))
    assert isinstance(loaded.policy, SlotPolicy)
    with torch.no_grad():
        a = model.policy.get_distribution(torch.as_tensor(obs), action_masks=masks).distribution.probs
        b = loaded.policy.get_distribution(torch.as_tensor(obs), action_masks=masks).distribution.probs
    assert torch.allclose(a, b)


def test_slot_policy_on_an_env_without_slots_is_refused_with_the_fix() -> None:
    from agents.train.config import TrainConfig
    from agents.train.model import action_slots
    with pytest.raises(ConfigError, match="action slots"):
        action_slots(TrainConfig(env="hydra_env/Heroica-v0", env_kwargs={"num_players": 2},
                                 opponents=["greedy"], policy="SlotPolicy"))
    with pytest.raises(ConfigError, match="flatten: true"):
        action_slots(TrainConfig(env="hydra_env/HailHydra-v0", env_kwargs={"summary": True, "flatten": False},
                                 opponents=["saboteur"], policy="SlotPolicy"))


def _advised(advice_init: float = 4.0) -> SlotPolicy:
    obs = gym.spaces.Box(0.0, 1.0, (16,), np.float32)        # 10 values, then one per action (6)
    return SlotPolicy(obs, gym.spaces.Discrete(6), lambda _: 1e-3, net_arch=[8], slot_actions=[2, 3],
                      slot_features=[[0, 1], [2, 3]], advice_at=10, advice_init=advice_init)


def test_advice_adds_its_learned_weight_to_the_advised_actions_logit() -> None:
    policy = _advised(advice_init=3.0)
    with torch.no_grad():
        for module in (policy.action_net, policy.mlp_extractor):
            for p in module.parameters():
                p.zero_()                      # the MLP reads the advice part too: silence it
    obs = torch.rand(2, 16)
    obs[:, 10:] = 0.0
    advised = obs.clone()
    advised[0, 10 + 5] = 1.0
    advised[1, 10 + 2] = 1.0                 # a slot action may be advised too
    masks = np.ones((2, 6), bool)
    with torch.no_grad():
        plain = policy.get_distribution(obs, action_masks=masks).distribution.logits
        with_advice = policy.get_distribution(advised, action_masks=masks).distribution.logits
    shift = torch.log_softmax(with_advice, 1) - torch.log_softmax(plain, 1)
    # the advised action gains 3 in logit over every other action, which keep their ratios
    assert torch.allclose(shift[0, 5] - shift[0, 0], torch.tensor(3.0), atol=1e-5)
    assert torch.allclose(shift[1, 2] - shift[1, 4], torch.tensor(3.0), atol=1e-5)
    assert torch.allclose(shift[0, [0, 1, 2, 3, 4]], shift[0, 0].expand(5), atol=1e-5)
    assert policy.advice_weight.requires_grad


def test_advice_weight_is_saved_and_a_policy_without_advice_has_none(tmp_path) -> None:
    policy = _advised()
    with torch.no_grad():
        policy.advice_weight.fill_(7.5)
    torch.save(policy.state_dict(), tmp_path / "p.pt")
    again = _advised()
    again.load_state_dict(torch.load(tmp_path / "p.pt"))
    assert float(again.advice_weight.detach()) == 7.5 and again._get_constructor_parameters()["advice_at"] == 10
    assert "advice_weight" not in _policy().state_dict()


def test_slot_policy_refuses_an_advice_part_that_is_not_one_value_per_action() -> None:
    obs = gym.spaces.Box(0.0, 1.0, (16,), np.float32)
    with pytest.raises(ValueError, match="one value per action"):
        SlotPolicy(obs, gym.spaces.Discrete(6), lambda _: 1e-3, slot_actions=[2], slot_features=[[0]], advice_at=9)


def test_a_policy_with_advice_is_saved_and_loaded_as_data(tmp_path) -> None:
    from sb3_contrib import MaskablePPO

    import hydra_env  # noqa: F401
    from agents.policy_load import load_policy
    from hydra_env.envs.policy_env import record_env_args
    kwargs = {"summary": True, "advice": "deduce"}
    env = gym.make("hydra_env/HailHydra-v0", **kwargs)
    slots = env.unwrapped.observer.action_slots
    model = MaskablePPO(SlotPolicy, env, n_steps=8, batch_size=8, device="cpu",
                        policy_kwargs={"net_arch": [8], "slot_actions": slots["actions"],
                                       "slot_features": slots["features"], "advice_at": slots["advice"]})
    with torch.no_grad():
        model.policy.advice_weight.fill_(6.0)
    model.observation_space = record_env_args(model.observation_space, "hydra_env/HailHydra-v0", kwargs)
    model.save(tmp_path / "advised.zip")
    loaded = load_policy(tmp_path / "advised.zip")
    assert loaded.policy.advice_at == slots["advice"] == env.observation_space.shape[0] - 201
    assert float(loaded.policy.advice_weight.detach()) == 6.0
