"""Hadara's tournament hooks (:mod:`agents.tournament`): the generic tables, win shares with
95% Wilson intervals, rank shares and OpenSkill ratings (:mod:`agents.tournament_defaults`),
and each player's score by source (HD27):

* ``results.json`` adds per player ``score_by_source`` (the mean points of each source,
  bootstrap 95% interval, and its share of the player's mean score);
* ``results.csv`` adds the mean points of each source (``<source>_mean``);
* ``score_sources.png`` (beside ``tournament.png``): the distribution of each source's
  points, one box per player; the table printed is followed by the means by source.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from agents import tournament_defaults
from agents.game_tools.hadara import sources
from agents.game_tools.hadara.evaluate import components_info
from agents.tournament_defaults import TourRun


def player_parts(run: TourRun, games: Sequence[tuple[tuple[int, ...], dict[str, Any]]]) -> list[list[dict[str, int]]]:
    """Per player, its points by source in each of its games."""
    out: list[list[dict[str, int]]] = [[] for _ in run.labels]
    for table, result in games:
        for seat, parts in enumerate(sources.all_sources(result)):
            out[table[seat]].append(parts)
    return out


def player_figures(run: TourRun, games: Sequence[tuple[tuple[int, ...], dict[str, Any]]]) -> list[dict[str, Any]]:
    """The generic figures of each player, with its ``score_by_source``; the breakdowns are
    kept for the plot (``run.parts``)."""
    figures = tournament_defaults.player_results(run, games)
    parts = player_parts(run, games)
    run.parts = parts          # type: ignore[attr-defined]  (read by write_plot)
    for player, own in zip(figures, parts):
        player["score_by_source"] = sources.summarize(own)
    return figures


def results_csv(run: TourRun) -> tuple[tuple[str, ...], Callable[[dict[str, Any]], dict[str, Any]]]:
    """The generic columns, then the mean points of each source."""
    columns = tournament_defaults.result_columns(run.seats) + tuple(f"{s}_mean" for s in sources.SOURCES)

    def row(player: dict[str, Any]) -> dict[str, Any]:
        by = player["score_by_source"]["sources"]
        return {**tournament_defaults.result_row(player), **{f"{s}_mean": by[s]["mean"] for s in sources.SOURCES}}
    return columns, row


def results_config(run: TourRun, info: dict[str, Any]) -> dict[str, Any]:
    """The generic config, with the component set; ties are HD28's (score, then coins)."""
    config = tournament_defaults.results_config(run, info)
    config["rating_model"] = ("openskill PlackettLuce (defaults), ranks = the game's ranks (by score, then "
                              "coins; still tied share a rank, HD28), games in index order")
    return {**config, "components": components_info(run.params)}


def write_plot(run: TourRun, folder: Path, doc: dict[str, Any]) -> None:
    """tournament.png (generic, the final score of HD27) and score_sources.png."""
    from agents.game_tools.hadara.plots import plot_sources
    tournament_defaults.write_plot(run, folder, doc, score_label="mean final score (HD27)")
    parts = getattr(run, "parts", None) or [[] for _ in run.labels]
    plot_sources([(f"{run.seats} players per table", dict(zip(run.labels, parts)))],
                 f"{run.spec.title} · {doc['n_games']} games · points by source (HD27)",
                 folder / "score_sources.png")


def results_table(run: TourRun, players: list[dict[str, Any]]) -> str:
    """The generic table, then the mean points by source of each player."""
    by = {p["player"]: p["score_by_source"] for p in players}
    return (tournament_defaults.table_text(players) + "\nscore by source (mean points, share of the score; HD27):\n"
            + sources.table_text(by))
