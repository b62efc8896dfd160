"""``random``: uniform over the legal actions (OpenSpiel's uniform_random).

It draws from Python's ``random.Random`` (Mersenne Twister) seeded with ``seed``:
making one and drawing from it cost about a tenth of a numpy Generator's, which
matters where random opponents fill the other seats of ``Coop-v0``.
"""

from __future__ import annotations

import operator
import random

from hydra_env import SeatView


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        """``seed`` (a whole number, or None for a fresh one) makes the choices reproducible."""
        self.rng = random.Random(None if seed is None else operator.index(seed))

    def act(self, view: SeatView, legal_actions: list[int]) -> int:
        """A uniformly random legal action."""
        return legal_actions[int(self.rng.random() * len(legal_actions))]
