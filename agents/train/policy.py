"""The policy network's shared front: one linear layer from the observation to
``features_dim`` features, shared by the policy and value heads.

The observation is wide (about 4,000 mostly-zero floats) and the action head
wide too (1,826 logits); sharing the first layer halves the largest matrix
products of training. ``features_dim: 0`` in the config keeps SB3's plain
flatten extractor (separate first layers in ``net_arch``).
"""

from __future__ import annotations

import gymnasium as gym
import torch
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from stable_baselines3.common.preprocessing import get_flattened_obs_dim


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
