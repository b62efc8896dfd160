"""A masked PPO RLModule on RLlib's current default PPO module (new API stack, Ray 2.60).

:class:`MaskedPPOTorchRLModule` is ``DefaultPPOTorchRLModule`` (RLlib's default PPO module:
its encoder, policy and value heads from ``PPOCatalog``, built for the observation alone)
with the logits of illegal actions set to ``FLOAT_MIN`` in every forward pass, so that no
illegal action is ever sampled and the loss sees the masked distribution. It reads a Dict
observation ``{obs_key: ..., mask_key: int8 mask}`` (the keys default to ``"observations"``
and ``"action_mask"``; another pair goes in ``model_config``: ``{"obs_key": ..., "mask_key":
...}``). RLlib's own example (``ActionMaskingTorchRLModule``) builds on the deprecated
``PPOTorchRLModule`` name and fixes the keys; this one does neither::

    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    spec = RLModuleSpec(module_class=MaskedPPOTorchRLModule, model_config={"fcnet_hiddens": [256, 256]})

:func:`module_policy` turns a trained module into a frozen policy ``policy(observation) -> int``
for the seats that play inside :class:`agents.rllib.multi_agent.SeatsMultiAgentEnv`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
from ray.rllib.core.columns import Columns
from ray.rllib.utils.torch_utils import FLOAT_MIN

from agents.rllib import MASK_KEY, OBS_KEY
from agents.rllib.envs import check_keys
from hydra_env.errors import ConfigError

__all__ = ["MaskedPPOTorchRLModule", "mask_logits", "module_policy"]


def mask_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """``logits`` with every entry whose ``mask`` is 0 set to ``FLOAT_MIN`` (the others kept)."""
    return torch.where(mask.to(torch.bool), logits, torch.full_like(logits, FLOAT_MIN))


def _keys(model_config: Any) -> tuple[str, str]:
    if isinstance(model_config, Mapping):
        return check_keys(model_config.get("obs_key", OBS_KEY), model_config.get("mask_key", MASK_KEY))
    return OBS_KEY, MASK_KEY


class MaskedPPOTorchRLModule(DefaultPPOTorchRLModule):
    """RLlib's default PPO module over the observation, with illegal actions masked out."""

    def __init__(self, *args: Any, observation_space: spaces.Space | None = None, **kwargs: Any) -> None:
        """As ``DefaultPPOTorchRLModule``; ``observation_space`` is the env's Dict observation."""
        self.obs_key, self.mask_key = _keys(kwargs.get("model_config"))
        if not isinstance(observation_space, spaces.Dict) or {self.obs_key, self.mask_key} - set(observation_space):
            raise ConfigError(f"MaskedPPOTorchRLModule needs a Dict observation space with the keys "
                              f"{self.obs_key!r} and {self.mask_key!r} (wrap the env in agents.rllib.envs."
                              f"MaskedObservation), got {observation_space}")
        self.observation_space_with_mask = observation_space
        super().__init__(*args, observation_space=observation_space[self.obs_key], **kwargs)

    def setup(self) -> None:
        """Build the default networks for the observation alone, then expose the Dict space."""
        super().setup()
        self.observation_space = self.observation_space_with_mask

    def _mode_free(self) -> bool:
        """Whether no layer computes differently in train and eval mode (no dropout, no
        batch or instance norm): then a forward pass for sampling need not switch modes."""
        if getattr(self, "_mode_free_cache", None) is None:
            moded = (torch.nn.modules.dropout._DropoutNd, torch.nn.modules.batchnorm._NormBase)
            self._mode_free_cache = not any(isinstance(m, moded) for m in self.modules())
        return self._mode_free_cache

    def forward_exploration(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """As RLlib's, without the switch to eval mode and back that changes nothing here."""
        if self._mode_free():
            return self._forward_exploration(batch, **kwargs)
        return super().forward_exploration(batch, **kwargs)

    def forward_inference(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """As RLlib's, without the switch to eval mode and back that changes nothing here."""
        if self._mode_free():
            return self._forward_inference(batch, **kwargs)
        return super().forward_inference(batch, **kwargs)

    def _split(self, batch: dict[str, Any]) -> tuple[dict[str, Any], Any]:
        """(the batch with the observation alone, the mask); a batch already split is kept."""
        obs = batch[Columns.OBS]
        if not isinstance(obs, Mapping):
            return batch, None
        inner = dict(batch)
        inner[Columns.OBS] = obs[self.obs_key]
        return inner, obs[self.mask_key]

    def _masked(self, out: dict[str, Any], mask: Any) -> dict[str, Any]:
        if mask is not None:
            out[Columns.ACTION_DIST_INPUTS] = mask_logits(out[Columns.ACTION_DIST_INPUTS], mask)
        return out

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """The default forward pass (inference and exploration), masked."""
        inner, mask = self._split(batch)
        return self._masked(super()._forward(inner, **kwargs), mask)

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """The training forward pass, masked."""
        inner, mask = self._split(batch)
        return self._masked(super()._forward_train(inner, **kwargs), mask)

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> Any:
        """The value head's values, from the observation alone."""
        inner, _ = self._split(batch)
        return super().compute_values(inner, embeddings)


def module_policy(module: Any, *, explore: bool = False, seed: int | None = None) -> Callable[[Any], int]:
    """A frozen policy of ``module`` (a masked RLModule): ``policy(observation) -> int`` over one
    Dict observation; the most likely legal action, or with ``explore`` one drawn from the
    masked distribution. The module's weights are not changed (no gradient, eval mode)."""
    rng = np.random.default_rng(seed)

    def policy(observation: Mapping[str, Any]) -> int:
        obs = {k: torch.as_tensor(np.asarray(v))[None] for k, v in observation.items()}
        with torch.no_grad():
            logits = module.forward_inference({Columns.OBS: obs})[Columns.ACTION_DIST_INPUTS][0]
        if not explore:
            return int(torch.argmax(logits))
        probs = torch.softmax(logits.double(), -1).numpy()
        return int(rng.choice(len(probs), p=probs / probs.sum()))

    module.eval()
    return policy
