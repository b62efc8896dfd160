"""The weights of the scripted bots' evaluation (what each one weighs:
:mod:`hydra_env.games.hydra.bots.features.board_eval`, :mod:`hydra_env.games.hydra.bots.features.hero_eval`,
:mod:`hydra_env.games.hydra.bots.features.game_eval`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

__all__ = ["LOSS", "SoloWeights", "COOP_BOARD", "CoopWeights", "solo_weights"]

LOSS = -1000.0
"""The value of a lost game (a won one is worth its R39 score, at most about 100)."""


@dataclass(frozen=True)
class SoloWeights:
    """Weights of the board value ``B`` and the hero value ``H`` (the formulas are in
    :mod:`hydra_env.games.hydra.bots.features.board_eval` and :mod:`hydra_env.games.hydra.bots.features.hero_eval`).

    ``front``, ``crowd`` and ``reach`` are indexed by spaces to the wall, heads on
    their last space and steps to an attack space; ``shared`` scales display cards
    (in a coordinated game another seat may take them first)."""

    wall: float = 1.0
    front: tuple[float, ...] = (6.0, 3.5, 2.0, 1.0, 0.5, 0.2, 0.0, 0.0, 0.0, 0.0)
    bite: float = 0.5
    dormant: float = 0.3
    crowd: tuple[float, ...] = (0.0, 0.0, 3.0, 15.0, 0.0)
    low_walls: float = 2.0
    use: float = 0.3
    damage: float = 0.8
    reach: tuple[float, ...] = (1.0, 0.7, 0.45, 0.25, 0.1)
    leftover: float = 3.0
    barrier: float = 2.0
    barrier_dormant: float = 0.5
    barrier_threat: float = 0.5
    exposed: float = 0.5
    shield: float = 0.3
    on_wall_last: float = 5.0
    shared: float = 1.0


# The coordinated board: no four-heads defeat (R39 is solo only), walls weigh more.
# Display cards count ``shared`` (others may take them first).
COOP_BOARD = SoloWeights(crowd=(0.0,) * 5, low_walls=3.0, leftover=1.0, on_wall_last=0.0,
                         shared=0.5)


@dataclass(frozen=True)
class CoopWeights:
    """Weights of the coordinated evaluation: ``city`` scales the Hydra/wall part,
    ``glory`` the seat's own standing on the compass, ``rank`` its final rank;
    ``board`` weighs the board and hero terms."""

    city: float = 1.0
    glory: float = 0.3
    rank: float = 1.0
    board: SoloWeights = COOP_BOARD


def solo_weights(overrides: dict[str, Any] | None = None, base: SoloWeights | None = None) -> SoloWeights:
    """``base`` (default :class:`SoloWeights`) with some fields replaced (lists become tuples)."""
    fix = {k: tuple(v) if isinstance(v, list) else v for k, v in (overrides or {}).items()}
    return dataclasses.replace(base or SoloWeights(), **fix)
