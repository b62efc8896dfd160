"""Heroica's tournament hooks (:mod:`agents.tournament`): the generic tables, win shares and
ratings (:mod:`agents.tournament_defaults`) of a race or Battle, with the game's rounds as its
turns. A solo game has one seat, so no table to share: it is refused with a pointer to
``evaluate`` and the per-class solo table."""

from __future__ import annotations

from agents import cli, tournament_defaults
from agents.game_tools.heroica.evaluate import turns
from agents.tournament_defaults import TourRun

__all__ = ["check", "turns"]


def check(run: TourRun) -> None:
    """Race or Battle tables (2-4 seats), and enough players for a table (the generic check)."""
    if run.seats < 2:
        raise cli.UsageError("a Heroica tournament seats 2-4 players at a race or Battle table; a solo "
                             "game has one seat (compare solo agents with `hydra-env evaluate --game "
                             "heroica --agent SPEC`, or all classes with `python -m "
                             "agents.game_tools.heroica.solo_report`); drop --mode solo / --num-players 1")
    tournament_defaults.check(run)
