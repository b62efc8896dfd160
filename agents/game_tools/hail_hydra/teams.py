"""Team figures shared by Hail Hydra's evaluate and tournament hooks: who won per loyalty.

A game's result (:meth:`hydra_env.games.hail_hydra.result.HailHydraResult.to_dict`) holds
``winner`` (``"shield"`` or ``"hydra"``) and ``loyalty`` (per seat ``"shield"`` or ``"hydra"``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from agents import stats
from agents.evaluate_defaults import percent_text

TEAMS = ("shield", "hydra")


def team_won(result: dict[str, Any], seat: int) -> bool:
    """Whether ``seat``'s team won the game."""
    return result["winner"] == result["loyalty"][seat]


def side_rates(winners: Iterable[str]) -> dict[str, Any]:
    """The share of games each team won (95% Wilson), from the games' winning teams."""
    winners = list(winners)
    return {team: stats.rate_summary(winners.count(team), len(winners)) for team in TEAMS}


def seat_rates(pairs: Iterable[tuple[str, bool]]) -> dict[str, Any]:
    """Per loyalty, the share of (loyalty, team won) pairs that won (95% Wilson)."""
    played = {team: 0 for team in TEAMS}
    won = {team: 0 for team in TEAMS}
    for team, victory in pairs:
        played[team] += 1
        won[team] += bool(victory)
    return {team: stats.rate_summary(won[team], played[team]) for team in TEAMS}


def rates_text(rates: dict[str, Any]) -> str:
    """``SHIELD 12/30 = 40.0% [..]  HYDRA ...`` (count, share, 95% Wilson interval)."""
    return "  ".join(f"{team.upper()} {r['count']}/{r['n']} = {percent_text(r)}" for team, r in rates.items())
