"""Hydra's tournament hooks (:mod:`agents.tournament`): agents at the tables of a coordinated scenario.

Per player: epic-hero rate (first on the compass after a victory), tragic-hero
rate (last after a defeat), city-saved rate of the tables it sat at, each with
a 95% Wilson interval; mean final rank (1 = first on the compass) and mean
glory (final compass progress) with bootstrap 95% intervals; an OpenSkill
Plackett-Luce rating updated game by game with the compass ranking as ranks.
With ``--html``, the replays of the tables with the best, median and worst team
outcome (:func:`showcase_tables`, played again from their seeds) in ``replays/``,
and the report page linking their pages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agents import cli, plots, stats
from agents.backends import GameRecord
from agents.game_tools.hydra.options import data_info as component_data_info
from agents.game_tools.hydra.options import options_of
from agents.tournament_defaults import SHARED_GAME_COLUMNS, TourRun, mean_cell, percent_cell, rate_games
from hydra_env import default_components

RESULT_COLUMNS = ("player", "spec", "games", "epic_rate", "epic_lo", "epic_hi", "tragic_rate",
                  "tragic_lo", "tragic_hi", "city_saved_rate", "city_saved_lo", "city_saved_hi",
                  "mean_rank", "rank_lo", "rank_hi", "mean_glory", "glory_lo", "glory_hi",
                  "mu", "sigma", "ordinal")
GAME_COLUMNS = SHARED_GAME_COLUMNS + ("glory", "epic_hero", "tragic_hero", "rounds")


def scenario_of(run: TourRun) -> Any:
    """The scenario of the tournament."""
    return default_components().scenario(run.params["scenario"])


def check(run: TourRun) -> None:
    """A coordinated scenario, and enough players for its seats."""
    scen = scenario_of(run)
    if scen.solo:
        raise cli.UsageError(f"--scenario {scen.number}: a tournament needs a coordinated "
                             f"scenario (1-9); scenario {scen.number} ({scen.name}) is solo")
    if len(run.specs) < scen.players:
        raise cli.UsageError(f"scenario {scen.number} ({scen.name}) seats {scen.players} players; "
                             f"--players gives {len(run.specs)} (repeat a spec to seat it more than once)")


def default_out_name(run: TourRun) -> str:
    """``SPECS_scN_Sstar_seedS_nG``."""
    return (f"{'-'.join(run.specs)}_sc{run.params['scenario']}_{run.params['stars']}star_"
            f"seed{run.args.seed}_n{run.args.games}")


def header_line(run: TourRun) -> str:
    """The first line printed."""
    scen, args = scenario_of(run), run.args
    return (f"tournament: {', '.join(run.labels)} on scenario {scen.number} ({scen.name}, "
            f"{scen.players} seats), {run.params['stars']} star(s), {args.games} games ({run.cycle} tables per "
            f"deal), seed {args.seed}")


def player_results(labels: Sequence[str], specs: Sequence[str],
                   games: Sequence[tuple[tuple[int, ...], dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per player figures from (table, result) pairs, with OpenSkill ratings in game order."""
    per: list[dict[str, list]] = [{"epic": [], "tragic": [], "saved": [], "rank": [], "glory": [],
                                   "seat": []} for _ in labels]
    rated = []
    for table, r in games:
        ranking = list(r["ranking"])
        ranks = [ranking.index(seat) + 1 for seat in range(len(table))]
        rated.append((table, ranks))
        for seat, p in enumerate(table):
            d = per[p]
            d["epic"].append(r["epic_hero"] == seat)
            d["tragic"].append(r["tragic_hero"] == seat)
            d["saved"].append(bool(r["city_saved"]))
            d["rank"].append(ranks[seat])
            d["glory"].append(r["glory"][seat])
            d["seat"].append(seat)
    ratings = rate_games(labels, rated)
    out = []
    for k, (label, spec) in enumerate(zip(labels, specs)):
        d, n = per[k], len(per[k]["rank"])
        seats = Counter(d["seat"])
        out.append({
            "player": label, "spec": spec, "games": n,
            "seat_counts": [seats.get(s, 0) for s in range(max(d["seat"], default=-1) + 1)],
            "epic_hero": stats.rate_summary(sum(d["epic"]), n),
            "tragic_hero": stats.rate_summary(sum(d["tragic"]), n),
            "city_saved": stats.rate_summary(sum(d["saved"]), n),
            "mean_rank": stats.mean_summary(d["rank"]),
            "mean_glory": stats.mean_summary(d["glory"]),
            "rating": ratings[k],
        })
    return out


def result_row(p: dict[str, Any]) -> dict[str, Any]:
    """The results.csv row of a player."""
    def ci(d: dict[str, Any], i: int) -> Any:
        return "" if d["ci95"] is None else d["ci95"][i]
    e, t, c, rk, g = (p["epic_hero"], p["tragic_hero"], p["city_saved"], p["mean_rank"],
                      p["mean_glory"])
    return {"player": p["player"], "spec": p["spec"], "games": p["games"],
            "epic_rate": e["rate"], "epic_lo": ci(e, 0), "epic_hi": ci(e, 1),
            "tragic_rate": t["rate"], "tragic_lo": ci(t, 0), "tragic_hi": ci(t, 1),
            "city_saved_rate": c["rate"], "city_saved_lo": ci(c, 0), "city_saved_hi": ci(c, 1),
            "mean_rank": rk["mean"], "rank_lo": ci(rk, 0), "rank_hi": ci(rk, 1),
            "mean_glory": g["mean"], "glory_lo": ci(g, 0), "glory_hi": ci(g, 1),
            **p["rating"]}


def game_row(rec: GameRecord, labels: Sequence[str], table: Sequence[int],
             cycle: int, turns: int = 0) -> dict[str, Any]:
    """The games.csv row of a tournament game."""
    r = rec.result
    return {"game": rec.index, "deal": rec.index // cycle, "seed": rec.seed,
            "seats": ";".join(labels[p] for p in table), "outcome": r["outcome"],
            "ranking": " ".join(map(str, r["ranking"])), "glory": " ".join(map(str, r["glory"])),
            "epic_hero": "" if r["epic_hero"] is None else r["epic_hero"],
            "tragic_hero": "" if r["tragic_hero"] is None else r["tragic_hero"],
            "rounds": r["rounds"]}


def showcase_tables(rows: Sequence[dict[str, Any]]) -> dict[str, int]:
    """The games whose replays ``--html`` saves and links: the tables with the best, median
    and worst team outcome (city saved before fallen, then the table's total glory, then
    the rounds; ties go to the lower game index).

    A tournament's games are team games, so they are ranked as ``evaluate`` ranks coop
    games (:func:`agents.viewer.report.showcase_games`): the three show what the players
    achieve together at their best, typical and worst, whoever sat where. (Picking from
    one player's finishes would show only the tables that player sat at.)"""
    from agents.showcase import string_rows
    from agents.viewer.report import showcase_games

    return showcase_games(string_rows(rows), coop=True)


def table_text(players: Sequence[dict[str, Any]]) -> str:
    """The results as an aligned text table."""
    head = ("player", "games", "epic %", "tragic %", "city saved %", "rank", "glory",
            "mu", "sigma", "ordinal")
    rows = [(p["player"], str(p["games"]), percent_cell(p["epic_hero"]), percent_cell(p["tragic_hero"]),
             percent_cell(p["city_saved"]), mean_cell(p["mean_rank"]), mean_cell(p["mean_glory"]),
             f"{p['rating']['mu']:.2f}", f"{p['rating']['sigma']:.2f}",
             f"{p['rating']['ordinal']:.2f}") for p in players]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                       enumerate(zip(r, widths))) for r in [head, *rows]]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


# --------------------------------------------------------------------------- the hooks

def player_figures(run: TourRun, games: Sequence[tuple[tuple[int, ...], dict[str, Any]]]) -> list[dict[str, Any]]:
    """The hook: :func:`player_results`."""
    return player_results(run.labels, run.specs, games)


def results_csv(run: TourRun) -> tuple[tuple[str, ...], Any]:
    """results.csv's columns and row function."""
    return RESULT_COLUMNS, result_row


def games_csv_row(run: TourRun, rec: GameRecord, table: Sequence[int], turns: int) -> dict[str, Any]:
    """The hook: :func:`game_row`."""
    return game_row(rec, run.labels, table, run.cycle)


def games_csv_columns(run: TourRun) -> tuple[str, ...]:
    """games.csv's columns."""
    return GAME_COLUMNS


def overall(run: TourRun, records: Sequence[GameRecord]) -> dict[str, Any]:
    """The city-saved rate over all tables."""
    return {"city_saved": stats.rate_summary(sum(rec.result["city_saved"] for rec in records), len(records))}


def overall_line(run: TourRun, doc: dict[str, Any]) -> str:
    """The line printed under the table."""
    saved = doc["city_saved"]
    return f"city saved at {saved['count']}/{saved['n']} tables ({100 * saved['rate']:.1f}%)"


def data_info() -> dict[str, str]:
    """The component data's name, version and digest, and the package version."""
    return component_data_info()


def results_config(run: TourRun, info: dict[str, Any]) -> dict[str, Any]:
    """results.json's config."""
    scen, args = scenario_of(run), run.args
    return {"command": "tournament", "players": run.specs, "labels": run.labels,
            "scenario": scen.number, "scenario_name": scen.name, "seats": scen.players,
            "stars": run.params["stars"], "games": args.games, "seed": args.seed,
            "options": options_of(run.params),
            "seeding": "game i: table i % tables_per_deal, deal seed SeedSequence([seed, "
                       "i // tables_per_deal, 0]), bot of seat s SeedSequence([seed, i, 1, s])",
            "rating_model": "openskill PlackettLuce (defaults), ranks = compass ranking, "
                            "games in index order", **info}


def results_command(run: TourRun) -> str:
    """The canonical command of the tournament."""
    args = run.args
    rules = getattr(args, "rule", None)
    if rules is None:
        rules = [f"{k}={str(v).lower()}" for k, v in options_of(run.params).items() if v]
    return cli.command_line("tournament", [
        ("--players", ",".join(run.specs)), ("--scenario", run.params["scenario"]), ("--games", args.games),
        ("--stars", run.params["stars"]), ("--seed", args.seed), ("--rule", list(rules))])


def write_plot(run: TourRun, folder: Path, doc: dict[str, Any]) -> None:
    """tournament.png."""
    cfg = doc["config"]
    title = (f"{cfg['scenario_name']} (scenario {cfg['scenario']}) · {cfg['stars']}★ · "
             f"{doc['n_games']} games · city saved {100 * doc['city_saved']['rate']:.1f}%")
    plots.plot_tournament(doc["players"], cfg["seats"], title, folder / "tournament.png")


def results_table(run: TourRun, players: Sequence[dict[str, Any]]) -> str:
    """The hook: :func:`table_text`."""
    return table_text(players)


def showcase(run: TourRun, rows: Sequence[dict[str, Any]]) -> dict[str, int]:
    """The hook: :func:`showcase_tables`."""
    return showcase_tables(rows)


def write_report(run: TourRun, out: Path, html: Path) -> None:
    """The report page of the tournament in ``out``."""
    from agents.viewer import write_tournament_report
    write_tournament_report(out, html)
    print(f"wrote {html} (the report; replay pages in {html.parent / (html.stem + '-replays')}/)")
