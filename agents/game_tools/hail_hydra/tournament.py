"""Hail Hydra's tournament hooks (:mod:`agents.tournament`): the generic tables, win and rank
shares and OpenSkill ratings per seat (:mod:`agents.tournament_defaults`), with the team
figures of a hidden-role game: per player its team win share as SHIELD and as HYDRA, over all
games the share each team won (each with its 95% Wilson interval), at the run's player count.
results.json holds them (``players[k].teams``, ``sides``); results.csv gets their columns."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from agents import tournament_defaults
from agents.backends import GameRecord
from agents.game_tools.hail_hydra.evaluate import turns
from agents.game_tools.hail_hydra.teams import TEAMS, rates_text, seat_rates, side_rates, team_won
from agents.tournament_defaults import TourRun

__all__ = ["turns", "player_figures", "results_csv", "overall", "overall_line", "results_table"]


def player_figures(run: TourRun, games: Sequence[tuple[tuple[int, ...], dict[str, Any]]]) -> list[dict[str, Any]]:
    """The generic figures of each player and ``teams``: its team win share per loyalty."""
    players = tournament_defaults.player_results(run, games)
    for k, figures in enumerate(players):
        figures["teams"] = seat_rates((result["loyalty"][seat], team_won(result, seat))
                                      for table, result in games for seat, p in enumerate(table) if p == k)
    return players


def results_csv(run: TourRun) -> tuple[tuple[str, ...], Callable[[dict[str, Any]], dict[str, Any]]]:
    """The generic columns, then per loyalty the games, the team win share and its interval."""
    extra = tuple(f"{team}_{part}" for team in TEAMS for part in ("games", "win_rate", "win_lo", "win_hi"))

    def row(p: dict[str, Any]) -> dict[str, Any]:
        out = tournament_defaults.result_row(p)
        for team in TEAMS:
            rate = p["teams"][team]
            ci = rate["ci95"] or ["", ""]
            out.update({f"{team}_games": rate["n"], f"{team}_win_rate": rate["rate"], f"{team}_win_lo": ci[0],
                        f"{team}_win_hi": ci[1]})
        return out
    return (*tournament_defaults.result_columns(run.seats), *extra), row


def overall(run: TourRun, records: Sequence[GameRecord]) -> dict[str, Any]:
    """``sides``: the share of games each team won."""
    return {"sides": side_rates(rec.result["winner"] for rec in records)}


def overall_line(run: TourRun, doc: dict[str, Any]) -> str:
    """The teams' win shares over all games."""
    return f"games won by team ({run.seats} players): {rates_text(doc['sides'])}"


def results_table(run: TourRun, players: Sequence[dict[str, Any]]) -> str:
    """The generic table, then each player's team win share as SHIELD and as HYDRA."""
    width = max(len(p["player"]) for p in players)
    lines = [tournament_defaults.table_text(players), "", "team won, by loyalty:"]
    lines += [f"{p['player']:<{width}}  {rates_text(p['teams'])}" for p in players]
    return "\n".join(lines)
