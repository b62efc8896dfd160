"""MaskedPPOTorchRLModule: RLlib's default PPO module with the logits of illegal actions masked."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

import torch  # noqa: E402
from gymnasium import spaces  # noqa: E402
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402
from ray.rllib.core.rl_module.rl_module import RLModuleSpec  # noqa: E402
from ray.rllib.utils.torch_utils import FLOAT_MIN  # noqa: E402

from agents.rllib import MASK_KEY, OBS_KEY  # noqa: E402
from agents.rllib.modules import MaskedPPOTorchRLModule, module_policy  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402

ACTIONS, SIZE, ROWS = 6, 10, 32


def build(obs_key=OBS_KEY, mask_key=MASK_KEY):
    space = spaces.Dict({obs_key: spaces.Box(0, 1, (SIZE,), np.float32),
                         mask_key: spaces.Box(0, 1, (ACTIONS,), np.int8)})
    return RLModuleSpec(module_class=MaskedPPOTorchRLModule, observation_space=space,
                        action_space=spaces.Discrete(ACTIONS),
                        model_config={"fcnet_hiddens": [16], "obs_key": obs_key, "mask_key": mask_key}).build()


def batch(mask, obs_key=OBS_KEY, mask_key=MASK_KEY, seed=0):
    obs = np.random.default_rng(seed).random((len(mask), SIZE), dtype=np.float32)
    return {Columns.OBS: {obs_key: torch.as_tensor(obs), mask_key: torch.as_tensor(np.asarray(mask, np.int8))}}


def random_masks(seed=1):
    rng = np.random.default_rng(seed)
    masks = (rng.random((ROWS, ACTIONS)) < 0.4).astype(np.int8)
    masks[np.arange(ROWS), rng.integers(ACTIONS, size=ROWS)] = 1      # at least one legal action a row
    return masks


def test_it_is_rllibs_current_default_ppo_module():
    assert issubclass(MaskedPPOTorchRLModule, DefaultPPOTorchRLModule)


@pytest.mark.parametrize("forward", ["forward_exploration", "forward_inference", "forward_train"])
def test_illegal_logits_are_set_very_low_and_legal_ones_are_unchanged(forward):
    module, masks = build(), random_masks()
    masked = getattr(module, forward)(batch(masks))[Columns.ACTION_DIST_INPUTS]
    plain = getattr(module, forward)(batch(np.ones_like(masks)))[Columns.ACTION_DIST_INPUTS]
    legal = torch.as_tensor(masks, dtype=torch.bool)
    assert torch.equal(masked[legal], plain[legal])
    assert torch.all(masked[~legal] == FLOAT_MIN)


def test_no_illegal_action_is_ever_sampled():
    module, masks = build(), random_masks(seed=3)
    logits = module.forward_exploration(batch(masks))[Columns.ACTION_DIST_INPUTS]
    dist = module.get_exploration_action_dist_cls().from_logits(logits)
    torch.manual_seed(0)
    samples = torch.stack([dist.sample() for _ in range(200)])           # [200, ROWS]
    assert np.all(masks[np.arange(ROWS)[None, :], samples.numpy()] == 1)


def test_the_values_come_from_the_observation_alone():
    module, masks = build(), random_masks()
    values = module.compute_values(batch(masks))
    assert values.shape == (ROWS,)
    assert torch.allclose(values, module.compute_values(batch(np.ones_like(masks))))


def test_the_keys_are_read_from_the_model_config():
    module = build("obs", "legal")
    masks = random_masks()
    logits = module.forward_inference(batch(masks, "obs", "legal"))[Columns.ACTION_DIST_INPUTS]
    assert torch.all(logits[~torch.as_tensor(masks, dtype=torch.bool)] == FLOAT_MIN)


def test_an_observation_without_the_mask_is_refused_with_a_clear_error():
    with pytest.raises(ConfigError, match="MaskedObservation"):
        RLModuleSpec(module_class=MaskedPPOTorchRLModule, observation_space=spaces.Box(0, 1, (SIZE,)),
                     action_space=spaces.Discrete(ACTIONS)).build()


def test_a_frozen_module_policy_plays_legal_actions_and_keeps_its_weights():
    module = build()
    before = {k: v.clone() for k, v in module.state_dict().items()}
    policy = module_policy(module, explore=True, seed=0)
    masks = random_masks(seed=5)
    obs = batch(masks)[Columns.OBS]
    for row in range(ROWS):
        action = policy({OBS_KEY: obs[OBS_KEY][row].numpy(), MASK_KEY: masks[row]})
        assert masks[row, action] == 1
    assert all(torch.equal(before[k], v) for k, v in module.state_dict().items())


@pytest.mark.parametrize("forward", ["forward_exploration", "forward_inference"])
def test_sampling_skips_the_mode_switch_only_when_no_layer_depends_on_the_mode(forward, monkeypatch):
    plain, with_dropout = build(), build()
    with_dropout.pi.add_module("dropout", torch.nn.Dropout(0.5))
    switched = []
    for module in (plain, with_dropout):
        monkeypatch.setattr(module, "eval", lambda m=module: switched.append(m) or m)
        out = getattr(module, forward)(batch(random_masks()))[Columns.ACTION_DIST_INPUTS]
        assert out.shape == (ROWS, ACTIONS)
    assert switched == [with_dropout]
