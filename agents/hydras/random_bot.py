"""``random``: uniform over the legal actions."""

from __future__ import annotations

import numpy as np

from hydra_env.hydras import HydrasSeatView


class HydrasRandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        """``seed`` makes the choices reproducible."""
        self.rng = np.random.default_rng(seed)

    def act(self, view: HydrasSeatView, legal_actions: list[int] | None = None) -> int:
        """A uniformly random legal action."""
        legal = view.legal_actions() if legal_actions is None else legal_actions
        return legal[int(self.rng.integers(len(legal)))]
