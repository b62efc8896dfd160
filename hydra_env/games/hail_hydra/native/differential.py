"""Differential check of the Hail Hydra engines: the native and the Python engine play the same
random games, compared after every decision.

The generic :class:`hydra_env.api.differential.Differential` compares the current player,
is_over, the legal actions and mask, the save (``to_json``: the whole state, hidden
information included), the result, illegal actions (same text, nothing changed), clones
and reloads from the Python save. The spec's observer encodes a native game through the
Python view of its state, so this harness compares besides the native observation
(:meth:`NativeHailHydraGame.encode_flat`, computed in C++) of every seat with the Python
observer's vector of the Python game, bit for bit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hydra_env.api.differential import Differential, DifferentialReport, compare_games
from hydra_env.games.hail_hydra.observer import HailHydraObserver
from hydra_env.games.hail_hydra.spec import DIFFERENTIAL_SETTINGS

__all__ = ["HailHydraDifferential", "SETTINGS", "compare", "run"]

SETTINGS: tuple[dict[str, Any], ...] = DIFFERENTIAL_SETTINGS
"""The settings a run cycles through (the spec's ``differential_settings``)."""


def compare(python: Any, native: Any) -> str | None:
    """The first difference between the two positions (generic fields, then every seat's
    native observation against the Python observer's), or None."""
    difference = compare_games(python, native)
    if difference is not None:
        return difference
    observer = HailHydraObserver(python.state.options["history"])
    out = np.empty(observer.size, np.float32)
    for seat in range(python.num_players):
        a = observer.encode(python, seat)
        b = native.encode_flat(seat, out)
        if not np.array_equal(a, b):
            where = np.flatnonzero(a != b)
            return (f"native observation of seat {seat} differs at {where[:8].tolist()}: "
                    f"{a[where[:4]]} vs {b[where[:4]]}")
    return None


class HailHydraDifferential(Differential):
    """The generic harness over Hail Hydra's spec, comparing the native observation too (:func:`compare`)."""

    def compare(self, python: Any, native: Any) -> str | None:
        return compare(python, native)


def run(decisions: int, *, seed: int = 0, settings: Sequence[Mapping[str, Any]] = SETTINGS, reload_every: int = 50,
        illegal_every: int = 25, clone_every: int = 40) -> DifferentialReport:
    """Play random games on both engines until ``decisions`` decisions were compared."""
    harness = HailHydraDifferential("hail_hydra", settings, reload_every=reload_every, illegal_every=illegal_every,
                                    clone_every=clone_every)
    return harness.run(decisions, seed=seed)
