"""A critic that knows every seat's team: team PPO's value baseline at training time.

In a game with hidden teams the end reward depends most on what no seat can see: who is
on which side. A value estimate from one seat's observation cannot know it, so most of
the reward's spread stays in the advantages as noise, and a decision that found a hidden
enemy (a vote against it, a card kept from it) earns the same advantage as one that did
not. A centralised critic (MAPPO, Yu et al., 2022; COMA, Foerster et al., 2018) is given
the true state at training time, where the trainer has it; the policy still acts on its
own observation only, so nothing hidden reaches play.

Here the critic is the policy's own value plus a residual: a small network reads the
policy's critic latent (the input of its ``value_net``) and :func:`team_features`, which
mark, for each seat in turn order from the deciding one, whether it sits at the table and
whether it is on the decider's team (from the env's ``teams``, generic to every game).
The residual's last layer starts at zero, so a run starts from the policy's own values.
The residual lives beside the policy, not in the saved zip: a shipped policy is unchanged
in shape and never sees a team.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np
import torch


def team_features(teams: Sequence[Sequence[int]], seat: int, num_players: int, seats: int) -> np.ndarray:
    """For each seat in turn order from ``seat`` (itself first): [it sits at the table, it is
    on ``seat``'s team], padded with zeros to ``seats`` seats (``2 * seats`` values)."""
    if num_players > seats:
        raise ValueError(f"a game of {num_players} seats does not fit the team critic's {seats}: "
                         f"raise --critic-seats to {num_players} or more")
    mine = next((set(team) for team in teams if seat in team), {seat})
    features = np.zeros(2 * seats, np.float32)
    for k in range(num_players):
        features[2 * k] = 1.0
        features[2 * k + 1] = float((seat + k) % num_players in mine)
    return features


class TeamCritic(torch.nn.Module):
    """The value the policy's critic gives plus a residual from its latent and the team features.

    Args:
        latent_dim: the width of the policy's critic latent (``mlp_extractor.latent_dim_vf``).
        seats: the most seats its :func:`team_features` have room for (``2 * seats`` values).
        hidden: the width of the residual's hidden layer.
        learning_rate: its optimiser's starting rate (team PPO sets it per update).
    """

    def __init__(self, latent_dim: int, seats: int, hidden: int = 64, learning_rate: float = 1e-4) -> None:
        super().__init__()
        self.seats = int(seats)
        self.residual = torch.nn.Sequential(torch.nn.Linear(latent_dim + 2 * self.seats, hidden), torch.nn.ReLU(),
                                            torch.nn.Linear(hidden, 1))
        torch.nn.init.zeros_(self.residual[2].weight)
        torch.nn.init.zeros_(self.residual[2].bias)
        self.optimizer = torch.optim.Adam(self.parameters(), lr=learning_rate)

    def forward(self, base: torch.Tensor, latent: torch.Tensor, features: torch.Tensor) -> torch.Tensor:
        """The value: ``base`` (the policy's, shape (n, 1) or (n,)) plus the residual, shape (n,)."""
        return base.reshape(-1) + self.residual(torch.cat([latent, features], dim=1)).reshape(-1)


def for_policy(policy: Any, seats: int, learning_rate: float) -> TeamCritic:
    """A team critic sized for ``policy`` (an SB3 actor-critic policy) and ``seats`` seats."""
    return TeamCritic(int(policy.mlp_extractor.latent_dim_vf), seats, learning_rate=learning_rate)


@contextmanager
def critic_latent(policy: Any) -> Iterator[list[torch.Tensor]]:
    """Within the block, the input of ``policy.value_net`` (the critic latent) at each of its
    calls is appended to the yielded list."""
    captured: list[torch.Tensor] = []
    handle = policy.value_net.register_forward_hook(lambda module, inputs, output: captured.append(inputs[0]))
    try:
        yield captured
    finally:
        handle.remove()


def values_with_teams(policy: Any, critic: TeamCritic, obs: np.ndarray, features: np.ndarray,
                      chunk: int = 2048) -> np.ndarray:
    """The team critic's value of every position (``obs`` and its ``features``), in chunks."""
    values = []
    with torch.no_grad(), critic_latent(policy) as latent:
        for start in range(0, len(obs), chunk):
            base = policy.predict_values(torch.as_tensor(obs[start:start + chunk], device=policy.device))
            values.append(critic(base, latent.pop(), torch.as_tensor(features[start:start + chunk])).cpu().numpy())
    return np.concatenate(values).astype(np.float32) if values else np.zeros(0, np.float32)
