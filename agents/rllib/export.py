"""An RLlib run's module as the project's policy file: a MaskablePPO zip that ``ppo:`` bots play.

``hydra-env train --engine rllib`` trains :class:`agents.rllib.modules.MaskedPPOTorchRLModule`
with the network of the config's SB3 policy (:func:`model_config`), so its weights map one to
one onto that policy (:func:`copy_weights`): a *mirror* MaskablePPO (:func:`mirror_model`, the
model ``hydra-env train`` would build for the same config, recording the env and the run id)
receives them and is saved as any SB3 checkpoint is. ``hydra-env evaluate --agent
ppo:RUN_DIR`` then plays the RLlib run in a venv without Ray; the probabilities are the
module's (``tests/rllib/test_rllib_train_command.py`` checks them on observations).

The layers, SB3 → RLlib (``features_dim`` > 0, one shared first layer):
``features_extractor.net.0`` → ``encoder.encoder.net.mlp.0``; ``mlp_extractor.policy_net``,
``action_net`` → ``pi.net.mlp``; ``mlp_extractor.value_net``, ``value_net`` → ``vf.net.mlp``.
With ``features_dim: 0`` the policy and value branches have their own layers
(``encoder.actor_encoder`` / ``encoder.critic_encoder``, RLlib's ``vf_share_layers=False``).
A Dict observation is flattened by the RLlib env in the space's key order, while SB3's
``SharedLinear`` reads the keys sorted: the first layer's columns are put in SB3's order.

Nothing here imports Ray: the weights come in as a ``{name: array}`` mapping (an RLlib
module's ``state_dict``, or ``LearnerGroup.get_weights()[module_id]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import torch
from gymnasium import spaces

from agents.train.config_fields import TrainConfig
from hydra_env.errors import ConfigError

__all__ = ["copy_weights", "mirror_model", "model_config", "policy_layers"]


def model_config(config: TrainConfig) -> dict[str, Any]:
    """RLlib's ``model_config`` of the module whose layers are those of the config's SB3 policy
    (``features_dim``, ``net_arch``, ``activation``; MultiInputPolicy or MlpPolicy)."""
    if config.policy == "CandidatePolicy":
        raise ConfigError("engine rllib trains MultiInputPolicy and MlpPolicy networks; write one of "
                          "them in field 'policy', or train CandidatePolicy with --engine sb3")
    if config.features_dim:
        return {"fcnet_hiddens": [config.features_dim], "fcnet_activation": config.activation,
                "vf_share_layers": True, "head_fcnet_hiddens": list(config.net_arch),
                "head_fcnet_activation": config.activation}
    if not config.net_arch:
        raise ConfigError("engine rllib needs at least one hidden layer: set features_dim or net_arch")
    return {"fcnet_hiddens": list(config.net_arch), "fcnet_activation": config.activation,
            "vf_share_layers": False, "head_fcnet_hiddens": [], "head_fcnet_activation": config.activation}


def mirror_model(config: TrainConfig, run_dir: Path | None) -> Any:
    """The MaskablePPO ``hydra-env train`` builds for ``config`` (on one env of the config's
    env, recording its id and arguments; carrying ``run_dir``'s run id when given), to receive
    the RLlib module's weights and be saved as the run's models."""
    from stable_baselines3.common.vec_env import DummyVecEnv

    from agents.train import checkpoint_load
    from agents.train.environments import env_factory
    from agents.train.model import new_model
    venv = DummyVecEnv([env_factory(config, None)])
    try:
        model = new_model(config, venv, run_dir if run_dir is not None else Path("."))
    finally:
        venv.close()
    model.tensorboard_log = None
    if run_dir is not None:
        checkpoint_load.mark(model, run_dir)
    return model


def _linears(weights: Mapping[str, Any], prefix: str) -> list[tuple[np.ndarray, np.ndarray]]:
    """The (weight, bias) pairs of the MLP under ``prefix`` (``pi.net.mlp``), in layer order."""
    index = sorted({int(k[len(prefix) + 1:].split(".")[0]) for k in weights
                    if k.startswith(prefix + ".") and k.endswith(".weight")})
    return [(_array(weights[f"{prefix}.{i}.weight"]), _array(weights[f"{prefix}.{i}.bias"])) for i in index]


def _array(value: Any) -> np.ndarray:
    if isinstance(value, torch.Tensor):
        return value.detach().cpu().numpy()
    return np.asarray(value)


def policy_layers(policy: Any) -> tuple[list[torch.nn.Linear], list[torch.nn.Linear]]:
    """The SB3 policy's Linear layers: (the action branch from the observation to the logits,
    the value branch after the shared layer, when there is one, to the value)."""
    def linears(module: torch.nn.Module) -> list[torch.nn.Linear]:
        return [m for m in module.modules() if isinstance(m, torch.nn.Linear)]
    shared = linears(policy.features_extractor)
    return (shared + linears(policy.mlp_extractor.policy_net) + [policy.action_net],
            linears(policy.mlp_extractor.value_net) + [policy.value_net])


def _module_layers(weights: Mapping[str, Any], shared: bool) -> tuple[list, list]:
    """The module's (weight, bias) pairs in the order of :func:`policy_layers`."""
    if shared:
        return (_linears(weights, "encoder.encoder.net.mlp") + _linears(weights, "pi.net.mlp"),
                _linears(weights, "vf.net.mlp"))
    return (_linears(weights, "encoder.actor_encoder.net.mlp") + _linears(weights, "pi.net.mlp"),
            _linears(weights, "encoder.critic_encoder.net.mlp") + _linears(weights, "vf.net.mlp"))


def first_layer_columns(space: spaces.Space, sb3_keys: list[str]) -> np.ndarray | None:
    """For a Dict observation: the module's input column of each of SB3's input columns (the
    module reads the parts in the space's order, SB3 in ``sb3_keys``' order); None when the two
    orders agree (or the observation is a Box)."""
    if not isinstance(space, spaces.Dict) or list(space.spaces) == list(sb3_keys):
        return None
    start, spans = 0, {}
    for key, sub in space.spaces.items():
        size = int(spaces.flatdim(sub))
        spans[key] = np.arange(start, start + size)
        start += size
    return np.concatenate([spans[key] for key in sb3_keys])


def copy_weights(weights: Mapping[str, Any], model: Any, *, shared: bool, steps: int | None = None) -> Any:
    """Write the masked module's ``weights`` into the MaskablePPO ``model`` (from
    :func:`mirror_model`; ``shared``: the module was built with ``vf_share_layers``), and its
    step count; returns the model. ConfigError when the layers do not match."""
    policy = model.policy
    ours_pi, ours_vf = policy_layers(policy)
    theirs_pi, theirs_vf = _module_layers(weights, shared)
    if len(theirs_vf) == 0 and len(theirs_pi) > 0:
        raise ConfigError("the module's weights have no value branch (an inference-only module); "
                          "give the learner's weights (LearnerGroup.get_weights())")
    extractor = policy.features_extractor
    sb3_keys = list(getattr(extractor, "keys", None) or getattr(extractor, "extractors", {}) or [])
    columns = first_layer_columns(model.observation_space, sb3_keys) if sb3_keys else None
    for branch, (ours, theirs) in enumerate(((ours_pi, theirs_pi), (ours_vf, theirs_vf))):
        if len(ours) != len(theirs):
            raise ConfigError(f"the RLlib module has {len(theirs)} layers where the SB3 policy has "
                              f"{len(ours)} ({'value' if branch else 'policy'} branch): not the same network")
        for i, (layer, (w, b)) in enumerate(zip(ours, theirs)):
            if i == 0 and columns is not None and (branch == 0 or not shared):
                w = w[:, columns]
            if tuple(layer.weight.shape) != w.shape or tuple(layer.bias.shape) != b.shape:
                raise ConfigError(f"layer {i} of the {'value' if branch else 'policy'} branch: the module's "
                                  f"weights are {w.shape}, the SB3 policy's {tuple(layer.weight.shape)}")
            with torch.no_grad():
                layer.weight.copy_(torch.as_tensor(w, dtype=layer.weight.dtype))
                layer.bias.copy_(torch.as_tensor(b, dtype=layer.bias.dtype))
    if steps is not None:
        model.num_timesteps = int(steps)
    return model
