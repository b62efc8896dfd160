"""``random``: uniform over the legal actions (OpenSpiel's uniform_random)."""

from __future__ import annotations

import numpy as np

from hydra_env import SeatView


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        """``seed`` makes the choices reproducible."""
        self.rng = np.random.default_rng(seed)

    def act(self, view: SeatView, legal_actions: list[int]) -> int:
        """A uniformly random legal action."""
        return legal_actions[int(self.rng.integers(len(legal_actions)))]
