"""``SlotPolicy``: the MLP policy with a pointer head for actions that each name one entity.

A flat action layout often has a block of actions that each name one entity of the
position: "nominate the seat to my left", "... two to my left", and so on. A plain MLP
head has to learn, for every such action separately, which of its inputs describe that
action's entity; to pick "the seat with the highest suspicion" it must learn an argmax
across inputs that sit in different places. This policy adds to the MLP head's logits,
for each such action, a score from one small network shared by all of them
(AlphaStar's and OpenAI Five's target heads work so): it reads the features of that
action's entity and the policy's latent state (which says what is being decided). The
game's observer names the actions and the observation indices of each one's entity
(``action_slots``, a dict of ``actions`` and ``features``); the trainer passes them here.

With ``advice_at`` the observation ends with an *advice* part, one value per action (a
one-hot of a scripted advisor's choice, e.g. Hail Hydra's ``advice`` option): the policy
adds ``advice_weight`` (a learned scalar, ``advice_init`` at the start) times that part to
its logits, so it starts as the advisor plus its own MLP's preferences and learning changes
the advisor's play only where its logits learn to outweigh the advice (residual policy
learning, Silver et al., 2018).

The slot features travel inside the policy latent: :class:`SlotLatent` (SB3's MlpExtractor)
appends them behind the MLP's latent, so every SB3 entry point (rollouts, training, predict,
imitation) gives the action head what it needs through the one argument SB3 passes it.
"""

from __future__ import annotations

from typing import Any

import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import MlpExtractor


class SlotLatent(MlpExtractor):
    """SB3's MlpExtractor whose policy latent carries each slot's features behind the MLP's
    latent: ``latent_dim_pi`` stays the MLP's width (the action head is sized by it), then
    come K × F values (``slot_index``, K slots of F observation indices)."""

    def __init__(self, feature_dim: int, net_arch: Any, activation_fn: type[torch.nn.Module],
                 device: Any, slot_index: torch.Tensor, advice_at: int | None = None) -> None:
        super().__init__(feature_dim, net_arch, activation_fn, device)
        self.register_buffer("slot_index", slot_index.clone(), persistent=False)
        self.advice_at = advice_at

    def forward(self, features: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.forward_actor(features), self.forward_critic(features)

    def forward_actor(self, features: torch.Tensor) -> torch.Tensor:
        latent = super().forward_actor(features)
        flat = torch.flatten(features, 1)
        parts = [latent, flat[:, self.slot_index].flatten(1).to(latent.dtype)]
        if self.advice_at is not None:
            parts.append(flat[:, self.advice_at:].to(latent.dtype))
        return torch.cat(parts, dim=1)


class SlotPolicy(MaskableActorCriticPolicy):
    """MaskableActorCriticPolicy (flat observations) plus the pointer head of the module docstring.

    Args:
        slot_actions: the action index of each slot (K of them).
        slot_features: per slot, the observation indices of its entity (K lists of F indices).
        slot_hidden: the width of the shared scoring network's hidden layer.
        advice_at: where the observation's advice part starts (one value per action, to its
            end), or None for none.
        advice_init: the advice's weight in the logits at the start.
    """

    def __init__(self, *args: Any, slot_actions: list[int] | None = None,
                 slot_features: list[list[int]] | None = None, slot_hidden: int = 64,
                 advice_at: int | None = None, advice_init: float = 4.0, **kwargs: Any) -> None:
        if not slot_actions or not slot_features or len(slot_actions) != len(slot_features) \
                or len({len(f) for f in slot_features}) != 1:
            raise ValueError("SlotPolicy needs slot_actions and one equally long list of slot_features "
                             "per action")
        self.slot_actions = [int(a) for a in slot_actions]
        self.slot_features = [[int(i) for i in f] for f in slot_features]
        self.slot_hidden = int(slot_hidden)
        self.advice_at = None if advice_at is None else int(advice_at)
        self.advice_init = float(advice_init)
        super().__init__(*args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        size, actions = int(torch.Size(self.observation_space.shape).numel()), int(self.action_space.n)
        if max(max(f) for f in self.slot_features) >= size or min(min(f) for f in self.slot_features) < 0 \
                or max(self.slot_actions) >= actions or min(self.slot_actions) < 0:
            raise ValueError(f"SlotPolicy: a slot's action is not below {actions} or one of its features "
                             f"is not an index of the {size} observation values")
        if self.advice_at is not None and size - self.advice_at != actions:
            raise ValueError(f"SlotPolicy: the advice part from {self.advice_at} to the end of the {size} "
                             f"observation values must have one value per action ({actions})")
        index = torch.as_tensor(self.slot_features, dtype=torch.long)
        self.mlp_extractor = SlotLatent(self.features_dim, self.net_arch, self.activation_fn, self.device, index,
                                        self.advice_at)
        if self.advice_at is not None:     # only then: older policies' saved parameters stay as they were
            self.advice_weight = torch.nn.Parameter(torch.tensor(self.advice_init))
        width = len(self.slot_features[0]) + self.mlp_extractor.latent_dim_pi
        self.slot_net = torch.nn.Sequential(torch.nn.Linear(width, self.slot_hidden), torch.nn.ReLU(),
                                            torch.nn.Linear(self.slot_hidden, 1))
        self.register_buffer("slot_index", index)
        self.register_buffer("slot_action", torch.as_tensor(self.slot_actions, dtype=torch.long))

    def _get_action_dist_from_latent(self, latent_pi: torch.Tensor) -> Any:
        width = self.mlp_extractor.latent_dim_pi
        latent = latent_pi[:, :width]
        slots_end = width + int(self.slot_index.numel())
        features = latent_pi[:, width:slots_end].reshape(latent.shape[0], *self.slot_index.shape)   # (batch, K, F)
        logits = self.action_net(latent)
        if self.advice_at is not None:
            logits = logits + self.advice_weight * latent_pi[:, slots_end:]
        context = latent.unsqueeze(1).expand(-1, features.shape[1], -1)
        scores = self.slot_net(torch.cat([features, context], dim=-1)).squeeze(-1)
        logits = logits.index_add(1, self.slot_action, scores)
        return self.action_dist.proba_distribution(action_logits=logits)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        data = super()._get_constructor_parameters()
        data.update(slot_actions=self.slot_actions, slot_features=self.slot_features,
                    slot_hidden=self.slot_hidden, advice_at=self.advice_at, advice_init=self.advice_init)
        return data
