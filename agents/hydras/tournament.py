"""Deprecated alias of agents.tournament_defaults (the generic tournament), kept for one release."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from agents.backends import GameRecord
from agents.tournament_defaults import GAME_COLUMNS, TourRun, result_columns, result_row, table_text
from hydra_env import game_spec

MAX_SEATS = 4

__all__ = ["GAME_COLUMNS", "MAX_SEATS", "game_row", "player_results", "result_columns", "result_row", "run",
           "table_text"]


def player_results(labels: Sequence[str], specs: Sequence[str], seats: int,
                   games: Sequence[tuple[tuple[int, ...], dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per player figures from (table, result) pairs, with OpenSkill ratings in game order."""
    from agents.tournament_defaults import player_results as figures
    spec = game_spec("hydras")
    tour = TourRun(spec, spec.check_params({"num_players": seats}), argparse.Namespace(), seats,
                   list(specs), list(labels))
    return figures(tour, games)


def game_row(rec: GameRecord, labels: Sequence[str], table: Sequence[int], cycle: int) -> dict[str, Any]:
    """The games.csv row of a tournament game."""
    from agents.tournament_defaults import game_row as row
    return row(rec, labels, table, cycle, rec.result["turns"])


def run(args: argparse.Namespace) -> int:
    """``hydra-env tournament --game hydras`` (:func:`agents.tournament.run`)."""
    from agents.tournament import run as run_tournament
    args.game = "hydras"
    return run_tournament(args)
