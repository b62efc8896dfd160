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
                 device: Any, slot_index: torch.Tensor) -> None:
        super().__init__(feature_dim, net_arch, activation_fn, device)
        self.register_buffer("slot_index", slot_index.clone(), persistent=False)

    def forward(self, features: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.forward_actor(features), self.forward_critic(features)

    def forward_actor(self, features: torch.Tensor) -> torch.Tensor:
        latent = super().forward_actor(features)
        slots = torch.flatten(features, 1)[:, self.slot_index].flatten(1).to(latent.dtype)
        return torch.cat([latent, slots], dim=1)


class SlotPolicy(MaskableActorCriticPolicy):
    """MaskableActorCriticPolicy (flat observations) plus the pointer head of the module docstring.

    Args:
        slot_actions: the action index of each slot (K of them).
        slot_features: per slot, the observation indices of its entity (K lists of F indices).
        slot_hidden: the width of the shared scoring network's hidden layer.
    """

    def __init__(self, *args: Any, slot_actions: list[int] | None = None,
                 slot_features: list[list[int]] | None = None, slot_hidden: int = 64, **kwargs: Any) -> None:
        if not slot_actions or not slot_features or len(slot_actions) != len(slot_features) \
                or len({len(f) for f in slot_features}) != 1:
            raise ValueError("SlotPolicy needs slot_actions and one equally long list of slot_features "
                             "per action")
        self.slot_actions = [int(a) for a in slot_actions]
        self.slot_features = [[int(i) for i in f] for f in slot_features]
        self.slot_hidden = int(slot_hidden)
        super().__init__(*args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        size, actions = int(torch.Size(self.observation_space.shape).numel()), int(self.action_space.n)
        if max(max(f) for f in self.slot_features) >= size or min(min(f) for f in self.slot_features) < 0 \
                or max(self.slot_actions) >= actions or min(self.slot_actions) < 0:
            raise ValueError(f"SlotPolicy: a slot's action is not below {actions} or one of its features "
                             f"is not an index of the {size} observation values")
        index = torch.as_tensor(self.slot_features, dtype=torch.long)
        self.mlp_extractor = SlotLatent(self.features_dim, self.net_arch, self.activation_fn, self.device, index)
        width = len(self.slot_features[0]) + self.mlp_extractor.latent_dim_pi
        self.slot_net = torch.nn.Sequential(torch.nn.Linear(width, self.slot_hidden), torch.nn.ReLU(),
                                            torch.nn.Linear(self.slot_hidden, 1))
        self.register_buffer("slot_index", index)
        self.register_buffer("slot_action", torch.as_tensor(self.slot_actions, dtype=torch.long))

    def _get_action_dist_from_latent(self, latent_pi: torch.Tensor) -> Any:
        width = self.mlp_extractor.latent_dim_pi
        latent = latent_pi[:, :width]
        features = latent_pi[:, width:].reshape(latent.shape[0], *self.slot_index.shape)   # (batch, K, F)
        logits = self.action_net(latent)
        context = latent.unsqueeze(1).expand(-1, features.shape[1], -1)
        scores = self.slot_net(torch.cat([features, context], dim=-1)).squeeze(-1)
        logits = logits.index_add(1, self.slot_action, scores)
        return self.action_dist.proba_distribution(action_logits=logits)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        data = super()._get_constructor_parameters()
        data.update(slot_actions=self.slot_actions, slot_features=self.slot_features,
                    slot_hidden=self.slot_hidden)
        return data
