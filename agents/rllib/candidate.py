"""The candidate policy of the shipped Hydra policies, as an RLlib RLModule (new API stack).

:class:`agents.train.policy.CandidatePolicy` (SB3, MaskablePPO) scores each legal action from
the features of the position it leads to (the env's ``cand_feat`` rows, ``cand_index`` their
actions): one linear layer reads the state, a small network scores every candidate row, the
scores become the logits of their actions (0 for an action without a row), and a value head
reads the state. :class:`CandidatePPOTorchRLModule` is the same network with the same
parameter shapes, for an env whose observation is ``{obs_key: {state parts..., "cand_feat",
"cand_index"}, mask_key: int8 mask}`` (:class:`agents.rllib.envs.MaskedObservation` with
``flatten_obs=False`` over an env made with ``candidates=K``); illegal logits are masked as in
:class:`agents.rllib.modules.MaskedPPOTorchRLModule`. :func:`candidate_module_from_sb3` builds
one from an SB3 ``CandidatePolicy`` and copies its weights, so that both give the same
probabilities (tested on a shipped policy).

``model_config``: ``features_dim`` (256), ``net_arch`` ([256, 256]), ``activation``
(``"tanh"`` or ``"relu"``), ``obs_key``, ``mask_key``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import torch
from gymnasium import spaces
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.core.rl_module.torch import TorchRLModule

from agents.rllib.modules import _keys, mask_logits
from hydra_env.errors import ConfigError

__all__ = ["CandidatePPOTorchRLModule", "candidate_module_from_sb3"]

_ACTIVATIONS = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}
_SB3_NAMES = {"features_extractor.net.": "features.", "mlp_extractor.scorer.": "scorer.",
              "mlp_extractor.value.": "value.", "value_net.": "value_net."}


def _mlp(width: int, sizes: list[int], activation: type[torch.nn.Module]) -> tuple[list[torch.nn.Module], int]:
    layers: list[torch.nn.Module] = []
    for size in sizes:
        layers += [torch.nn.Linear(width, size), activation()]
        width = size
    return layers, width


class CandidatePPOTorchRLModule(TorchRLModule, ValueFunctionAPI):
    """The candidate policy and its value head (see the module docstring)."""

    def setup(self) -> None:
        """The networks, from the Dict observation space and ``model_config``."""
        config = self.model_config if isinstance(self.model_config, Mapping) else {}
        self.obs_key, self.mask_key = _keys(config)
        space = self.observation_space
        inner = space[self.obs_key] if isinstance(space, spaces.Dict) and self.obs_key in space.spaces else None
        if not isinstance(inner, spaces.Dict) or {"cand_feat", "cand_index"} - set(inner.spaces):
            raise ConfigError(f"CandidatePPOTorchRLModule needs {{{self.obs_key!r}: Dict(state parts, cand_feat, "
                              f"cand_index), {self.mask_key!r}: mask}}: make the env with candidates=K and wrap it "
                              f"in MaskedObservation(env, flatten_obs=False); got {space}")
        activation = _ACTIVATIONS.get(config.get("activation", "tanh"))
        if activation is None:
            raise ConfigError(f"activation must be one of {', '.join(_ACTIVATIONS)}, got {config.get('activation')!r}")
        features_dim = int(config.get("features_dim", 256))
        net_arch = [int(n) for n in config.get("net_arch", [256, 256])]
        self.state_keys = sorted(k for k in inner.spaces if not k.startswith("cand_"))
        self.n_actions = int(self.action_space.n)
        n_in = sum(spaces.flatdim(inner[k]) for k in self.state_keys)
        self.features = torch.nn.Sequential(torch.nn.Linear(n_in, features_dim), activation())
        layers, width = _mlp(inner["cand_feat"].shape[1], net_arch, activation)
        self.scorer = torch.nn.Sequential(*layers, torch.nn.Linear(width, 1))
        layers, width = _mlp(features_dim, net_arch, activation)
        self.value = torch.nn.Sequential(*layers)
        self.value_net = torch.nn.Linear(width, 1)

    def _state(self, inner: Mapping[str, torch.Tensor]) -> torch.Tensor:
        return self.features(torch.cat([torch.flatten(inner[k], 1).float() for k in self.state_keys], dim=1))

    def _logits(self, inner: Mapping[str, torch.Tensor]) -> torch.Tensor:
        rows, index = inner["cand_feat"].float(), inner["cand_index"].long()
        valid = index >= 0
        scores = torch.zeros(rows.shape[:2], dtype=rows.dtype, device=rows.device)
        scores[valid] = self.scorer(rows[valid]).squeeze(-1)
        index = torch.where(valid, index, torch.full_like(index, self.n_actions))   # padding: a dropped column
        logits = torch.zeros(rows.shape[0], self.n_actions + 1, dtype=scores.dtype, device=scores.device)
        return logits.scatter_(1, index, scores)[:, :self.n_actions]

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """The masked logits of the candidate scores."""
        obs = batch[Columns.OBS]
        return {Columns.ACTION_DIST_INPUTS: mask_logits(self._logits(obs[self.obs_key]), obs[self.mask_key])}

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """As :meth:`_forward`, with the state features kept for the value head."""
        obs = batch[Columns.OBS]
        out = self._forward(batch)
        out[Columns.EMBEDDINGS] = self._state(obs[self.obs_key])
        return out

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> torch.Tensor:
        """The value of the state (the candidate rows are not read)."""
        if embeddings is None:
            embeddings = self._state(batch[Columns.OBS][self.obs_key])
        return self.value_net(self.value(embeddings)).squeeze(-1)

    def load_sb3_state_dict(self, state: Mapping[str, torch.Tensor]) -> None:
        """Copy the weights of an SB3 ``CandidatePolicy`` (its ``state_dict()``)."""
        mine: dict[str, torch.Tensor] = {}
        for name, tensor in state.items():
            prefix = next((p for p in _SB3_NAMES if name.startswith(p)), None)
            if prefix is not None:
                mine[_SB3_NAMES[prefix] + name[len(prefix):]] = tensor
        self.load_state_dict(mine, strict=True)


def candidate_module_from_sb3(policy: Any, observation_space: spaces.Space, action_space: spaces.Space,
                              *, obs_key: str | None = None, mask_key: str | None = None) -> CandidatePPOTorchRLModule:
    """A :class:`CandidatePPOTorchRLModule` with the architecture and weights of the SB3
    ``CandidatePolicy`` ``policy`` (a MaskablePPO's ``.policy``), for ``observation_space``
    (the masked Dict observation)."""
    heads = getattr(policy, "mlp_extractor", None)
    if not hasattr(heads, "scorer") or not hasattr(policy.features_extractor, "state_dim"):
        raise ConfigError(f"{type(policy).__name__} is not a CandidatePolicy (no candidate scorer)")
    linears = [m for m in heads.scorer if isinstance(m, torch.nn.Linear)]
    activation = next(name for name, cls in _ACTIVATIONS.items() if isinstance(heads.scorer[1], cls))
    config = {"features_dim": policy.features_extractor.state_dim, "net_arch": [m.out_features for m in linears[:-1]],
              "activation": activation, **({"obs_key": obs_key} if obs_key else {}),
              **({"mask_key": mask_key} if mask_key else {})}
    module = RLModuleSpec(module_class=CandidatePPOTorchRLModule, observation_space=observation_space,
                          action_space=action_space, model_config=config).build()
    module.load_sb3_state_dict(policy.state_dict())
    return module
