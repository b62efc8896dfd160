"""Hydras' tournament hooks (:mod:`agents.tournament`): the generic tables
(:mod:`agents.tournament_defaults`) with the game's turn count, its rule numbers in the
rating note and the plot, and the card set's versions in the config."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agents import cli, tournament_defaults
from agents.game_tools.hydras.evaluate import data_info, turns
from agents.tournament_defaults import TourRun

__all__ = ["data_info", "turns", "results_config", "write_plot", "check"]


def check(run: TourRun) -> None:
    """At least 2 players, and enough for a table (the generic check)."""
    if len(run.specs) < 2 and getattr(run.args, "num_players", None) is None:
        raise cli.UsageError("--players: a Hydras table seats at least 2 players; give 2 specs or more")
    tournament_defaults.check(run)


def results_config(run: TourRun, info: dict[str, Any]) -> dict[str, Any]:
    """The generic config; the ranks' ties are rule H16."""
    config = tournament_defaults.results_config(run, info)
    config["rating_model"] = ("openskill PlackettLuce (defaults), ranks = the game's ranks "
                              "(ties share a rank, H16), games in index order")
    return config


def write_plot(run: TourRun, folder: Path, doc: dict[str, Any]) -> None:
    """The generic plot; the final score is rule H15."""
    tournament_defaults.write_plot(run, folder, doc, score_label="mean final score (H15)")
