"""The generic ``hydra-env tournament``: what it does for a game that gives no tournament hook.

Per player: the win share (first place, shared wins counted), the sole-win
share and the share of each rank (ties share a rank), each with a 95% Wilson
interval; the mean rank and mean final score with bootstrap 95% intervals; an
OpenSkill Plackett-Luce rating updated game by game with the game's ranks (from
``result.to_dict()``: ``ranks``, ``scores``, ``winners``, ``ranking``).

``games.csv`` has the shared columns ``game, deal, seed, seats, outcome,
ranking`` (``seats`` the players by seat joined by ``;``, ``ranking`` the seats
from first to last; ``outcome`` is ``won`` when one seat wins, ``shared`` when
several do) and then ``ranks`` (by seat), ``scores`` (by seat), ``winners`` and
``turns``.

:class:`TourRun` is what the hooks of :mod:`agents.tournament` receive.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents import cli, plots, stats
from agents.backends import GameRecord
from agents.evaluate_defaults import param_pairs, winners_of
from hydra_env.api import GameSpec

SHARED_GAME_COLUMNS = ("game", "deal", "seed", "seats", "outcome", "ranking")
"""The games.csv columns of every game (each adds its own after them)."""
GAME_COLUMNS = SHARED_GAME_COLUMNS + ("ranks", "scores", "winners", "turns")


@dataclass
class TourRun:
    """One tournament: the game, its parameters, the parsed options, the players and seats."""

    spec: GameSpec
    params: dict[str, Any]
    args: argparse.Namespace
    seats: int
    specs: list[str]
    labels: list[str] = field(default_factory=list)
    cycle: int = 0                # tables per deal

    @property
    def name(self) -> str:
        """The registry name of the game."""
        return self.spec.name


def ranks_of(result: dict[str, Any]) -> list[int]:
    """The rank of each seat (1 = first; ties share a rank)."""
    return [int(r) for r in result["ranks"]]


def check(run: TourRun) -> None:
    """Enough players for a table."""
    if len(run.specs) < run.seats:
        given = " ".join(f"{flag} {value}" for flag, value in param_pairs(run.spec, run.params))
        raise cli.UsageError(f"{given} seats {run.seats} players at each table; --players "
                             f"gives {len(run.specs)} (repeat a spec to seat it more than once)")


def default_out_name(run: TourRun) -> str:
    """The output folder's name under ``runs/tournament`` (before :func:`agents.cli.slug`)."""
    return f"{run.name}_{'-'.join(run.specs)}_{run.seats}p_seed{run.args.seed}_n{run.args.games}"


def header_line(run: TourRun) -> str:
    """The first line printed."""
    args = run.args
    return (f"tournament: {', '.join(run.labels)} at {run.spec.title}, {run.seats} players per table, "
            f"{args.games} games ({run.cycle} tables per deal), seed {args.seed}")


def player_results(run: TourRun, games: Sequence[tuple[tuple[int, ...], dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per player figures from (table, result) pairs, with OpenSkill ratings in game order."""
    labels, seats = run.labels, run.seats
    per: list[dict[str, list]] = [{"rank": [], "score": [], "won": [], "sole": [], "seat": []} for _ in labels]
    for table, r in games:
        ranks, winners = ranks_of(r), winners_of(r)
        for seat, p in enumerate(table):
            d = per[p]
            d["rank"].append(ranks[seat])
            d["score"].append(int(r["scores"][seat]))
            d["won"].append(seat in winners)          # not rank 1 alone: a game may end without a winner
            d["sole"].append(winners == [seat])
            d["seat"].append(seat)
    ratings = rate_games(labels, [(table, ranks_of(r)) for table, r in games])
    out = []
    for k, (label, spec) in enumerate(zip(labels, run.specs)):
        d, n = per[k], len(per[k]["rank"])
        counts = Counter(d["seat"])
        out.append({
            "player": label, "spec": spec, "games": n,
            "seat_counts": [counts.get(s, 0) for s in range(seats)],
            "win": stats.rate_summary(sum(d["won"]), n),
            "sole_win": stats.rate_summary(sum(d["sole"]), n),
            "last": stats.rate_summary(d["rank"].count(seats), n),
            "rank_shares": [stats.rate_summary(d["rank"].count(j), n) for j in range(1, seats + 1)],
            "mean_rank": stats.mean_summary(d["rank"]),
            "mean_score": stats.mean_summary(d["score"]),
            "rating": ratings[k],
        })
    return out


def result_columns(seats: int) -> tuple[str, ...]:
    """The results.csv columns for ``seats``-player tables."""
    ranks = tuple(f"rank{j}_{part}" for j in range(1, seats + 1) for part in ("rate", "lo", "hi"))
    return ("player", "spec", "games", "win_rate", "win_lo", "win_hi", "sole_win_rate", "sole_win_lo",
            "sole_win_hi", *ranks, "mean_rank", "rank_lo", "rank_hi", "mean_score", "score_lo",
            "score_hi", "mu", "sigma", "ordinal")


def result_row(p: dict[str, Any]) -> dict[str, Any]:
    """The results.csv row of a player."""
    def triple(name: str, d: dict[str, Any]) -> dict[str, Any]:
        ci = d["ci95"] or ["", ""]
        return {f"{name}_rate": d["rate"], f"{name}_lo": ci[0], f"{name}_hi": ci[1]}
    row = {"player": p["player"], "spec": p["spec"], "games": p["games"],
           **triple("win", p["win"]), **triple("sole_win", p["sole_win"])}
    for j, share in enumerate(p["rank_shares"], 1):
        row.update(triple(f"rank{j}", share))
    for name, key in (("rank", "mean_rank"), ("score", "mean_score")):
        m = p[key]
        ci = m["ci95"] or ["", ""]
        row.update({key: m["mean"], f"{name}_lo": ci[0], f"{name}_hi": ci[1]})
    return {**row, **p["rating"]}


def game_row(rec: GameRecord, labels: Sequence[str], table: Sequence[int], cycle: int,
             turns: int) -> dict[str, Any]:
    """The games.csv row of a tournament game."""
    r = rec.result
    ranks = ranks_of(r)
    ranking = r.get("ranking") or sorted(range(len(ranks)), key=lambda s: ranks[s])
    winners = winners_of(r)
    return {"game": rec.index, "deal": rec.index // cycle, "seed": rec.seed,
            "seats": ";".join(labels[p] for p in table),
            "outcome": {0: "none", 1: "won"}.get(len(winners), "shared"),
            "ranking": " ".join(map(str, ranking)), "ranks": " ".join(map(str, r["ranks"])),
            "scores": " ".join(map(str, r["scores"])), "winners": " ".join(map(str, winners)),
            "turns": turns}


def overall(run: TourRun, records: Sequence[GameRecord]) -> dict[str, Any]:
    """results.json's figure over all games: the share of games with a shared win."""
    return {"shared_wins": stats.rate_summary(sum(len(winners_of(rec.result)) > 1 for rec in records),
                                              len(records))}


def overall_line(run: TourRun, doc: dict[str, Any]) -> str:
    """The line printed under the table."""
    shared = doc["shared_wins"]
    return f"shared wins in {shared['count']}/{shared['n']} games ({100 * shared['rate']:.1f}%)"


def results_config(run: TourRun, info: dict[str, Any]) -> dict[str, Any]:
    """results.json's config; ``info`` (the data's and package's versions) ends it."""
    args = run.args
    return {"command": "tournament", "game": run.name, "players": run.specs, "labels": run.labels,
            "seats": run.seats, "games": args.games, "seed": args.seed,
            "seeding": "game i: table i % tables_per_deal, deal seed SeedSequence([seed, "
                       "i // tables_per_deal, 0]), bot of seat s SeedSequence([seed, i, 1, s])",
            "rating_model": "openskill PlackettLuce (defaults), ranks = the game's ranks "
                            "(ties share a rank), games in index order", **info}


def results_command(run: TourRun) -> str:
    """The canonical command of the tournament."""
    return cli.command_line("tournament", [
        ("--game", run.name), ("--players", ",".join(run.specs)), *param_pairs(run.spec, run.params),
        ("--games", run.args.games), ("--seed", run.args.seed)])


def rate_games(labels: Sequence[str], games: Sequence[tuple[Sequence[int], Sequence[int]]]
               ) -> list[dict[str, float]]:
    """OpenSkill Plackett-Luce ratings (defaults) of the players, updated game by game from
    (table: player index by seat, ranks: rank by seat, 1 = first, ties share a rank) pairs;
    ``{"mu", "sigma", "ordinal"}`` per player. Every game's tournament uses it."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    for table, ranks in games:
        new = model.rate([[ratings[p]] for p in table], ranks=list(ranks))
        for seat, p in enumerate(table):
            ratings[p] = new[seat][0]
    return [{"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for r in ratings]


def write_plot(run: TourRun, folder: Path, doc: dict[str, Any], score_label: str = "mean final score") -> None:
    """tournament.png: the win, sole-win and last shares and the mean score of each player."""
    plots.plot_tournament(
        doc["players"], run.seats, f"{run.spec.title}, {run.seats} players per table · {doc['n_games']} games",
        folder / "tournament.png",
        rate_keys=(("win", "first (shared counts)", "#3c78d8"), ("sole_win", "first alone", "#6aa84f"),
                   ("last", "last", "#cc4125")),
        mean=("mean_score", score_label, "#e69138"))


def percent_cell(d: dict[str, Any]) -> str:
    """A rate with its 95% interval, in percent, for a text table ("-" when undefined)."""
    return "-" if d["rate"] is None else \
        f"{100 * d['rate']:5.1f} [{100 * d['ci95'][0]:4.1f},{100 * d['ci95'][1]:5.1f}]"


def mean_cell(d: dict[str, Any]) -> str:
    """A mean with the half-width of its 95% interval, for a text table ("-" when undefined)."""
    return "-" if d["mean"] is None else f"{d['mean']:5.2f} ±{(d['ci95'][1] - d['ci95'][0]) / 2:.2f}"


def table_text(players: Sequence[dict[str, Any]]) -> str:
    """The results as an aligned text table."""
    seats = len(players[0]["rank_shares"]) if players else 0
    head = ("player", "games", "win %", *[f"rank {j} %" for j in range(2, seats + 1)], "rank",
            "score", "mu", "sigma", "ordinal")
    rows = [(p["player"], str(p["games"]), percent_cell(p["win"]), *[percent_cell(r) for r in p["rank_shares"][1:]],
             mean_cell(p["mean_rank"]), mean_cell(p["mean_score"]), f"{p['rating']['mu']:.2f}",
             f"{p['rating']['sigma']:.2f}", f"{p['rating']['ordinal']:.2f}") for p in players]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                       enumerate(zip(r, widths))) for r in [head, *rows]]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)
