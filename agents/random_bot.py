"""``random``: uniform over the legal actions (OpenSpiel's uniform_random), for any game.

It draws from Python's ``random.Random`` (Mersenne Twister) seeded with ``seed``:
making one and drawing from it cost about a tenth of a numpy Generator's, which
matters where random opponents fill the other seats of ``Coop-v0``.
"""

from __future__ import annotations

import operator
import random
from typing import Any


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        """``seed`` (a whole number, or None for a fresh one) makes the choices reproducible."""
        self.rng = random.Random(None if seed is None else operator.index(seed))

    def act(self, view: Any, legal_actions: list[int] | None = None) -> int:
        """A uniformly random legal action (of ``view.legal_actions()`` when none are given)."""
        legal = view.legal_actions() if legal_actions is None else legal_actions
        return legal[int(self.rng.random() * len(legal))]
