"""Hydras' policy bot: ``ppo:NAME|PATH`` encoding positions as ``Hydras-v0`` does.

The bot encodes its seat's observation exactly as ``HydrasEnv`` does (the
board, hand and feature parts, and the candidate rows when the policy was
trained with ``candidates=K``) from a re-dealt copy of the game (H14: the
encoding reads nothing hidden, so the copy gives the same observation).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from agents.policy_bot import PolicyBot
from hydra_env import ConfigError
from hydra_env.games.hydras.envs.candidates import N_FEATURES, HydrasCandidateEncoder
from hydra_env.games.hydras.rules import HydrasSeatView
from hydra_env.games.hydras.rules.encoding import HydrasEncoder


class HydrasPPOBot(PolicyBot):
    """A trained Hydras policy playing through the bot interface."""

    game_name = "hydras"

    def __init__(self, policy: str, seed: int | None = None, *, deterministic: bool = True,
                 device: str = "cpu") -> None:
        """``policy``: a shipped name, a checkpoint path or a run folder."""
        super().__init__(policy, seed, deterministic=deterministic, device=device)
        space = self.model.observation_space
        parts = space.spaces if self.dict_obs else {}
        self.n_candidates = parts["cand_feat"].shape[0] if "cand_feat" in parts else 0
        self.flat_part = "obs" in parts
        self._encoders: tuple[Any, Any, Any] | None = None
        cand_ok = "cand_feat" not in parts or parts["cand_feat"].shape[1] == N_FEATURES
        if self.dict_obs and (not cand_ok or not ({"board", "hand", "features"} <= set(parts)
                                                  or self.flat_part)):
            raise ConfigError(f"PPO checkpoint {self.path} was not trained on hydra_env/Hydras-v0 "
                              f"(its observation has {sorted(parts)}); use it with game 'hydra'")

    def _encoders_for(self, tables: Any) -> tuple[HydrasEncoder, HydrasCandidateEncoder | None]:
        if self._encoders is None or self._encoders[0] is not tables:
            encoder = HydrasEncoder(tables)
            expected = encoder.size
            space = self.model.observation_space
            if not self.dict_obs and space.shape != (expected,):
                raise ConfigError(f"PPO checkpoint {self.path} expects observations of shape "
                                  f"{space.shape}, the Hydras encoder makes ({expected},)")
            cand = HydrasCandidateEncoder(tables, self.n_candidates) if self.n_candidates else None
            self._encoders = (tables, encoder, cand)
        return self._encoders[1], self._encoders[2]

    def observation(self, view: HydrasSeatView, legal_actions: list[int]) -> Any:
        """The seat's observation, encoded as ``HydrasEnv`` encodes it."""
        game = view.sample(self.rng)   # hidden cards re-dealt: the encoding never reads them
        encoder, cand = self._encoders_for(game.tables)
        flat = game.encode_flat(view.seat)     # the native encoder on the native engine
        if not self.dict_obs:
            return flat
        obs = {"obs": flat} if self.flat_part else encoder.split(flat)
        if cand is not None:
            obs["cand_feat"], obs["cand_index"] = cand.encode(game.state, view.seat, legal_actions)
        return obs

    def mask(self, view: Any, legal_actions: list[int], observation: Any) -> np.ndarray:
        """The legal actions, or with candidate rows the rows' actions."""
        mask = np.zeros(self.model.action_space.n, bool)
        if self.n_candidates:
            index = observation["cand_index"]
            mask[index[index >= 0].astype(np.int64)] = True
        else:
            mask[legal_actions] = True
        return mask

    def act(self, view: HydrasSeatView, legal_actions: list[int] | None = None) -> int:
        """The policy's choice; a forced move (one legal action) is played without the policy."""
        legal = list(view.legal_actions() if legal_actions is None else legal_actions)
        if len(legal) == 1:
            return legal[0]
        return super().act(view, legal)

    def probabilities(self, obs: Any, mask: Any, legal_actions: list[int]) -> dict | None:
        """No notes: Hydras replays carry none (as before the redesign)."""
        return None
