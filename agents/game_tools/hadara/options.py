"""Hadara's command-line options (the ``read_options`` hook of :mod:`agents.games`).

The flags are the generic ones, one per parameter (``--num-players``, ``--board-order``,
``--piles``, ``--components``; no ``add_options`` hook, so a flag other games share stays
shared), read the generic way; ``tournament`` without ``--num-players`` seats the number of
``--players`` at each table (2 to 5).
"""

from __future__ import annotations

import argparse
from typing import Any

from hydra_env import game_spec

GAME = "hadara"


def read_options(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """The parameters given (the generic reading); for ``tournament`` without ``--num-players``
    the table seats the number of ``--players``, 2 to 5."""
    from agents.games import read_param_flags
    if command == "tournament" and getattr(args, "num_players", None) is None:
        args.num_players = max(2, min(len(args.players), 5))
    return read_param_flags(args, game_spec(GAME))
