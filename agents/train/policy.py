"""Policy networks for MaskablePPO.

* :class:`SharedLinear` (with ``MlpPolicy`` / ``MultiInputPolicy``): one
  linear layer from the observation to ``features_dim`` features, shared by
  the policy and value heads. The observation is wide (about 4,000
  mostly-zero floats) and so is the action head (1,826 logits); sharing the
  first layer halves the largest matrix products of training.
* :class:`CandidatePolicy`: for envs made with
  ``candidates=K``. One small network scores each legal action from the
  features of the position it leads to, and the scores become the logits
  of those actions; the value head reads the state. It learns what actions
  lead to instead of what 1,826 indices mean.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.preprocessing import get_flattened_obs_dim, preprocess_obs
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor

from agents.train.packed import PackedCandidateDistribution, packable


class SharedLinear(BaseFeaturesExtractor):
    """Flatten (a Dict observation's parts side by side), then Linear + activation."""

    def __init__(self, observation_space: gym.Space, features_dim: int = 256,
                 activation: str = "tanh") -> None:
        super().__init__(observation_space, features_dim)
        if isinstance(observation_space, gym.spaces.Dict):
            self.keys = sorted(observation_space.spaces)
            n_in = sum(get_flattened_obs_dim(observation_space[k]) for k in self.keys)
        else:
            self.keys = []
            n_in = get_flattened_obs_dim(observation_space)
        act = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[activation]
        self.net = torch.nn.Sequential(torch.nn.Linear(n_in, features_dim), act())

    def forward(self, obs: torch.Tensor | dict[str, torch.Tensor]) -> torch.Tensor:
        if self.keys:
            x = torch.cat([torch.flatten(obs[k], 1) for k in self.keys], dim=1)
        else:
            x = torch.flatten(obs, 1)
        return self.net(x)


class CandidateExtractor(BaseFeaturesExtractor):
    """For :class:`CandidatePolicy`: the state part through one linear layer, the
    candidate rows and indices passed on unchanged (all in one flat tensor)."""

    def __init__(self, observation_space: gym.spaces.Dict, features_dim: int = 256,
                 activation: str = "tanh") -> None:
        state_keys = sorted(k for k in observation_space.spaces if not k.startswith("cand_"))
        k, f = observation_space["cand_feat"].shape
        super().__init__(observation_space, features_dim + k * f + k)
        self.state_keys = state_keys
        self.k, self.f, self.state_dim = k, f, features_dim
        self.pack = True        # False: every one of the K rows, padding included (for comparison)
        n_in = sum(get_flattened_obs_dim(observation_space[key]) for key in state_keys)
        act = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[activation]
        self.net = torch.nn.Sequential(torch.nn.Linear(n_in, features_dim), act())

    def parts(self, obs: dict[str, torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """``(state features, rows float[n, k', F], index long[n, k'])``. The real rows of a
        state come first (its legal actions in order, then padding −1): only as many rows
        are kept as the fullest state of the batch has (``k' ≤ K``; all K when ``pack`` is
        off), so the cost follows the game, not K."""
        x = torch.cat([torch.flatten(obs[key], 1) for key in self.state_keys], dim=1)
        index = obs["cand_index"]
        rows = obs["cand_feat"]
        real = int((index >= 0).sum(dim=1).max()) if index.numel() else 0
        if self.pack and real < self.k:
            index, rows = index[:, :real], rows[:, :real]
        return self.net(x), rows, index.long()

    def forward(self, obs: dict[str, torch.Tensor]) -> torch.Tensor:
        state, rows, index = self.parts(obs)
        # One flat tensor; CandidateHeads reads the row count off its width.
        return torch.cat([state, torch.flatten(rows, 1), index.to(state.dtype)], dim=1)


class CandidateHeads(torch.nn.Module):
    """``mlp_extractor`` of :class:`CandidatePolicy`: the actor scores every candidate
    row with one small network and scatters the scores to their action indices
    (the logits); the critic reads the state part."""

    def __init__(self, ext: CandidateExtractor, n_actions: int, net_arch: list[int],
                 activation: type[torch.nn.Module]) -> None:
        super().__init__()
        self.k, self.f, self.state_dim, self.n_actions = ext.k, ext.f, ext.state_dim, n_actions
        layers: list[torch.nn.Module] = []
        width = ext.f
        for size in net_arch:
            layers += [torch.nn.Linear(width, size), activation()]
            width = size
        self.scorer = torch.nn.Sequential(*layers, torch.nn.Linear(width, 1))
        vf: list[torch.nn.Module] = []
        width = ext.state_dim
        for size in net_arch:
            vf += [torch.nn.Linear(width, size), activation()]
            width = size
        self.value = torch.nn.Sequential(*vf)
        # SB3's _build makes a throwaway action_net Linear(latent_dim_pi, n_actions) from this
        # (and orthogonally initialises it) before CandidatePolicy replaces it by Identity: kept
        # tiny, as n_actions² weights would be 100 million for Hydras (and minutes per load).
        self.latent_dim_pi = 1
        self.latent_dim_vf = width

    def forward(self, features: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.forward_actor(features), self.forward_critic(features)

    def forward_actor(self, features: torch.Tensor) -> torch.Tensor:
        n, s, f = features.shape[0], self.state_dim, self.f
        k = (features.shape[1] - s) // (f + 1)        # rows kept by CandidateExtractor (≤ K)
        rows = features[:, s:s + k * f].reshape(n, k, f)
        index = features[:, s + k * f:].long()
        valid = index >= 0
        scores = self.score(rows, valid)
        # Padding rows (index −1) go to an extra column that is dropped.
        index = torch.where(valid, index, torch.full_like(index, self.n_actions))
        logits = torch.zeros(n, self.n_actions + 1, dtype=scores.dtype, device=scores.device)
        logits.scatter_(1, index, scores)
        return logits[:, :self.n_actions]

    def score(self, rows: torch.Tensor, valid: torch.Tensor) -> torch.Tensor:
        """The scorer's output for the real rows (``valid``), 0 for the padding: float[n, k]."""
        scores = torch.zeros(rows.shape[:2], dtype=rows.dtype, device=rows.device)
        scores[valid] = self.scorer(rows[valid]).squeeze(-1)
        return scores

    def forward_critic(self, features: torch.Tensor) -> torch.Tensor:
        return self.value(features[:, :self.state_dim])


class CandidatePolicy(MaskableActorCriticPolicy):
    """Scores each legal action from the position it leads to
    (:mod:`hydra_env.games.hydra.observe.candidates`); needs an env made with ``candidates=K``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("features_extractor_class", CandidateExtractor)
        kwargs.setdefault("share_features_extractor", True)
        super().__init__(*args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        arch = self.net_arch["pi"] if isinstance(self.net_arch, dict) else list(self.net_arch)
        self.mlp_extractor = CandidateHeads(self.features_extractor, int(self.action_space.n),
                                            list(arch), self.activation_fn)

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        self.action_net = torch.nn.Identity()      # the heads already give the logits
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1),
                                              **self.optimizer_kwargs)

    # The packed paths (agents.train.packed): when every legal action is a candidate row,
    # the distribution is computed over the real rows, not over 1,826 logits.
    def _packed(self, obs: Any, action_masks: Any) -> tuple[torch.Tensor, Any] | None:
        """``(state features, distribution)`` over the real rows, or None (not packable)."""
        ext = self.features_extractor
        if not ext.pack:
            return None
        state, rows, index = ext.parts(preprocess_obs(obs, self.observation_space,
                                                      normalize_images=self.normalize_images))
        if packable(index, action_masks) is None:
            return None
        scores = self.mlp_extractor.score(rows, index >= 0)
        return state, PackedCandidateDistribution(scores, index, self.mlp_extractor.n_actions)

    def _value(self, state: torch.Tensor) -> torch.Tensor:
        return self.value_net(self.mlp_extractor.value(state))

    def forward(self, obs: Any, deterministic: bool = False,
                action_masks: Any = None) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Actions, values and log-probabilities (packed when every legal action is a row)."""
        packed = self._packed(obs, action_masks)
        if packed is None:
            return super().forward(obs, deterministic, action_masks)
        state, dist = packed
        actions = dist.get_actions(deterministic=deterministic)
        return actions, self._value(state), dist.log_prob(actions)

    def evaluate_actions(self, obs: Any, actions: torch.Tensor,
                         action_masks: Any = None) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Values, log-probabilities of ``actions`` and entropies (packed when possible)."""
        packed = self._packed(obs, action_masks)
        if packed is None:
            return super().evaluate_actions(obs, actions, action_masks)
        state, dist = packed
        return self._value(state), dist.log_prob(actions), dist.entropy()

    def get_distribution(self, obs: Any, action_masks: Any = None) -> Any:
        """The action distribution (packed when every legal action is a candidate row)."""
        packed = self._packed(obs, action_masks)
        return super().get_distribution(obs, action_masks) if packed is None else packed[1]

    def predict_values(self, obs: Any) -> torch.Tensor:
        """The state's value (the candidate rows are not scored)."""
        state, _, _ = self.features_extractor.parts(
            preprocess_obs(obs, self.observation_space, normalize_images=self.normalize_images))
        return self._value(state)
