"""``greedy``: the best immediate score change.

For each legal action the bot computes the hydras after the action's
immediate effect (:mod:`hydra_env.games.hydras.bots.evaluation`: the neck placed, the cut,
the torch placed; on a block offer, the chain's sword or torch acting or
not), assuming nobody blocks afterwards, and plays the action with the
highest

    own score − best score among the other seats

(H15 scores; the own hand penalty counts the cards still held after the
action, the other seats' hands are unknown and left out). Ties are broken
by the seeded generator. It reads only what its seat may see.
"""

from __future__ import annotations

import numpy as np

from hydra_env.games.hydras.bots.evaluation import board_scores, outcomes
from hydra_env.games.hydras.rules import HydrasSeatView


class HydrasGreedyBot:
    """One-ply score margin (see the module docstring)."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        """``seed`` breaks ties reproducibly."""
        self.rng = np.random.default_rng(seed)

    def act(self, view: HydrasSeatView, legal_actions: list[int] | None = None) -> int:
        """The legal action with the best immediate score margin."""
        legal = view.legal_actions() if legal_actions is None else legal_actions
        if len(legal) == 1:
            return legal[0]
        sample = view.sample(self.rng)       # hidden cards re-dealt: nothing to peek at
        state, tables = sample.state, sample.tables
        seat = view.seat
        hand_heads = sum(tables.kind_heads[card] for card in state.hands[seat])
        values = []
        for outcome in outcomes(state, tables, legal):
            scores = board_scores(outcome.summaries)
            kept = hand_heads - (tables.kind_heads[outcome.card] if outcome.card >= 0 else 0)
            best_other = max(s for k, s in enumerate(scores) if k != seat)
            values.append(scores[seat] - kept - best_other)
        values = np.asarray(values, float) + self.rng.random(len(values)) * 1e-6
        return legal[int(np.argmax(values))]
