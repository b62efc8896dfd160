"""Hydras' command-line options (the ``options`` hooks of :mod:`agents.games`): ``--num-players``."""

from __future__ import annotations

import argparse
from typing import Any

from agents.outputs import UsageError
from hydra_env import game_spec

DEFAULT_PLAYERS = 3


def players_count(text: str) -> int:
    """argparse type of ``--num-players``: 2, 3 or 4."""
    if text.strip() not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(f"Hydras seats 2, 3 or 4 players, got {text!r}")
    return int(text)


def add_options(parser: argparse.ArgumentParser, command: str) -> None:
    """``--num-players`` (for ``tournament``: the players at each table)."""
    players_help = ("Hydras: players at each table, 2-4 (default: the number of --players, at most 4)"
                    if command == "tournament" else "Hydras: the number of players, 2-4 (default: 3)")
    parser.add_argument("--num-players", type=players_count, metavar="N", help=players_help)


def read_options(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """``num_players`` from ``--num-players`` (tournament: the number of ``--players``, 2 to 4;
    else 3)."""
    players = args.num_players
    if isinstance(players, str):     # the flag is shared: a value another game's range took comes as text
        try:
            players = players_count(players)
        except argparse.ArgumentTypeError as exc:
            raise UsageError(f"--num-players: {exc}") from None
    if players is None:
        players = max(2, min(len(args.players), 4)) if command == "tournament" else DEFAULT_PLAYERS
    return game_spec("hydras").check_params({"num_players": players})
