"""Differential check of the Hydras engines: the native and the Python engine play the
same random games, compared after every decision.

Compared: the current player, is_over, the pending decision, the turn seat, the
legal actions and mask, the JSON save (the whole state, hidden cards included),
the flat observation of every seat, the history length, and at the end the
result. Every ``reload_every`` decisions the native game is replaced by one
loaded from the Python game's save (it must continue identically); every
``illegal_every`` decisions an illegal action is tried on both (the same
IllegalActionError text, nothing changed); every ``clone_every`` decisions a
native clone plays on and the original must not change. The harness is the
generic :class:`hydra_env.api.differential.Differential`; this module adds what
Hydras compares besides. Used by
``benchmarks/differential_hydras.py`` and ``tests/games/hydras/test_hydras_native_differential.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from hydra_env.api.differential import Differential, DifferentialReport, compare_games
from hydra_env.games.hydras.rules.game import HydrasGame

__all__ = ["HydrasDiffReport", "HydrasDifferential", "compare", "run"]


@dataclass
class HydrasDiffReport(DifferentialReport):
    """What a differential run compared; ``mismatch`` names the first difference (None: none)."""

    @property
    def per_players(self) -> dict[int, int]:
        """Decisions compared per player count."""
        return self.per_setting  # type: ignore[return-value]


def compare(python: HydrasGame, native: HydrasGame) -> str | None:
    """The first difference between the two games' positions, or None."""
    difference = compare_games(python, native, ("current_player", "is_over", "pending", "turn_seat",
                                                "history_length"))
    if difference is not None:
        return difference
    for seat in range(python.num_players):
        a, b = python.encode_flat(seat), native.encode_flat(seat)
        if not np.array_equal(a, b):
            where = np.flatnonzero(a != b)
            return f"encode_flat of seat {seat} differs at {where[:8].tolist()}: {a[where[:4]]} vs {b[where[:4]]}"
    return None


class HydrasDifferential(Differential):
    """The generic harness over Hydras' spec, comparing the pending decision, the turn
    seat, the history length and every seat's observation too (:func:`compare`)."""

    def compare(self, python: Any, native: Any) -> str | None:
        return compare(python, native)

    def describe(self, params: Mapping[str, Any]) -> str:
        return f"{params['num_players']} players"


def run(decisions: int, *, seed: int = 0, players: Sequence[int] = (2, 3, 4), reload_every: int = 50,
        illegal_every: int = 25, clone_every: int = 40) -> HydrasDiffReport:
    """Play random games on both engines until ``decisions`` decisions were compared."""
    harness = HydrasDifferential("hydras", [{"num_players": count} for count in players],
                                 reload_every=reload_every, illegal_every=illegal_every, clone_every=clone_every)
    report = harness.run(decisions, seed=seed, report=HydrasDiffReport())
    assert isinstance(report, HydrasDiffReport)
    return report
