"""Hydra's policy bot: ``ppo:NAME|PATH`` encoding positions as ``Solo-v0``/``Coop-v0`` do."""

from __future__ import annotations

from typing import Any

import numpy as np

from agents.policy_bot import PolicyBot
from hydra_env import ConfigError


class PPOBot(PolicyBot):
    """A trained Hydra policy: the board encoder, optionally with candidate rows."""

    game_name = "hydra"

    def __init__(self, policy: str, seed: int | None = None, *, deterministic: bool = True,
                 device: str = "cpu") -> None:
        """``policy``: a shipped name, a checkpoint path or a run folder."""
        super().__init__(policy, seed, deterministic=deterministic, device=device)
        from hydra_env.games.hydra.observe.encoding import encoder_for
        space = self.model.observation_space
        self.n_candidates = space["cand_feat"].shape[0] if self.dict_obs and "cand_feat" in \
            space.spaces else 0
        self.flat_part = self.dict_obs and "obs" in space.spaces
        self._cand: Any = None
        self.encoder = encoder_for()
        expected = self.encoder.size if not self.dict_obs else None
        if expected is not None and space.shape != (expected,):
            raise ConfigError(f"PPO checkpoint {self.path} expects observations of shape "
                              f"{space.shape}, this encoder makes ({expected},)")

    def observation(self, view: Any, legal_actions: list[int] | None = None) -> Any:
        """The seat's observation, encoded as the environments encode it."""
        # hidden cards re-dealt: the encoding never reads them
        return self.encode(view.sample(self.rng), view.seat)

    def encode(self, game: Any, seat: int) -> Any:
        """The observation of ``seat`` in ``game`` (a re-deal from the seat's view, or a
        position simulated from one), encoded as the environments encode it."""
        if not self.dict_obs:
            return self.encoder.encode(game, seat)
        flat = self.encoder.encode(game, seat)
        obs = {"obs": flat} if self.flat_part else self.encoder.split(flat)
        if self.n_candidates:
            from hydra_env.games.hydra.observe.candidates import CandidateEncoder
            if self._cand is None or self._cand.rules is not game.rules:
                self._cand = CandidateEncoder(game.rules, self.n_candidates)
            obs["cand_feat"], obs["cand_index"] = self._cand.encode(game, seat)
        return obs

    def mask(self, view: Any, legal_actions: list[int], observation: Any) -> np.ndarray:
        """The seat's legal mask (the candidate rows' actions are legal ones)."""
        return view.legal_mask()
