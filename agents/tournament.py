"""``hydra-env tournament``: agents at the same tables of a coordinated scenario.

Seating: the tables are every combination of the scenario's player count out
of ``--players``, each in every seat rotation; one cycle of that schedule is
played on each deal (the same game seed), so every player meets the same deals
in every seat ("duplicate" format). Game i uses table ``i % cycle`` and the
deal seeded from (``--seed``, ``i // cycle``); its bots are seeded from
(``--seed``, i, seat). A number of games that is a multiple of the cycle keeps
the seating exactly even.

Per player: epic-hero rate (first on the compass after a victory), tragic-hero
rate (last after a defeat), city-saved rate of the tables it sat at, each with
a 95% Wilson interval; mean final rank (1 = first on the compass) and mean
glory (final compass progress) with bootstrap 95% intervals; an OpenSkill
Plackett-Luce rating updated game by game with the compass ranking as ranks.

With ``--game hydras`` the tables are games of the card game Hydras of
``--num-players`` seats, on the same seating (:mod:`agents.hydras.tournament`:
win and rank shares, scores and ratings).

Writes into ``--out`` (atomically): ``results.csv``, ``results.json``,
``games.csv`` (one row per game) and ``tournament.png``. With ``--html``, also
the replays of the tables with the best, median and worst team outcome
(:func:`showcase_tables`, played again from their seeds) in ``replays/``, and
the report page linking their pages.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from agents import cli, games, plots, replay, stats
from agents.backends import GameRecord, GameTask, TaskList, bot_seed, game_seed

MAX_TABLES = 5000
RESULT_COLUMNS = ("player", "spec", "games", "epic_rate", "epic_lo", "epic_hi", "tragic_rate",
                  "tragic_lo", "tragic_hi", "city_saved_rate", "city_saved_lo", "city_saved_hi",
                  "mean_rank", "rank_lo", "rank_hi", "mean_glory", "glory_lo", "glory_hi",
                  "mu", "sigma", "ordinal")
SHARED_GAME_COLUMNS = ("game", "deal", "seed", "seats", "outcome", "ranking")
"""The games.csv columns of both games (Hydras adds its own after them)."""
GAME_COLUMNS = SHARED_GAME_COLUMNS + ("glory", "epic_hero", "tragic_hero", "rounds")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``tournament`` subcommand."""
    p = subparsers.add_parser(
        "tournament", help="seat agents together in a coop scenario (or at Hydras, --game hydras); "
                           "rates, ranks and ratings",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example: hydra-env tournament --players heuristic,glory,defender,rollout "
               "--scenario 1 --games 2000")
    p.add_argument("--players", type=cli.spec_list, required=True, metavar="SPEC,SPEC[,...]",
                   help="agent specs; at least the scenario's player count (repeat a spec to "
                        "seat it twice)")
    cli.add_game_options(p, mode=False, scenario_help="coordinated scenario 1-9 (default: 1)")
    games.add_game_flag(p, players_help="Hydras: players at each table, 2-4 (default: the number of "
                                        "--players, at most 4)")
    cli.add_run_options(p, games=1000)
    p.add_argument("--html", type=Path, metavar="OUT.html",
                   help="also write the report page (ranking, shares, ratings, games); the "
                        "replays of the tables with the best, median and worst team outcome are "
                        "saved in OUT/replays and their pages linked, beside any --save-replays")
    p.set_defaults(run=run)
    return p


# --------------------------------------------------------------------------- seating

def labels_of(specs: Sequence[str]) -> list[str]:
    """Unique player names: a spec given more than once is numbered (``heuristic#2``)."""
    counts = Counter(specs)
    seen: Counter[str] = Counter()
    out = []
    for spec in specs:
        seen[spec] += 1
        out.append(f"{spec}#{seen[spec]}" if counts[spec] > 1 else spec)
    return out


def schedule(players: int, seats: int) -> list[tuple[int, ...]]:
    """One cycle of tables: each combination of players in each seat rotation (player indices by seat)."""
    tables = []
    for combo in itertools.combinations(range(players), seats):
        for r in range(seats):
            tables.append(combo[r:] + combo[:r])
    return tables


def make_tasks(specs: Sequence[str], scenario: int, stars: int, seats: int, games: int,
               seed: int, options: dict[str, bool], record: bool, game: str = "hydra",
               ) -> tuple[TaskList, Callable[[int], tuple[int, ...]]]:
    """The games of a tournament, made as they are played, and the table of game ``i``
    (player index by seat). With ``game="hydras"`` the tables are Hydras games of
    ``seats`` players (``scenario``, ``stars`` and ``options`` unused)."""
    cycle = schedule(len(specs), seats)

    def table(i: int) -> tuple[int, ...]:
        return cycle[i % len(cycle)]

    def task(i: int) -> GameTask:
        return GameTask(i, scenario, stars, game_seed(seed, i // len(cycle)),
                        tuple(specs[p] for p in table(i)),
                        tuple(bot_seed(seed, i, s) for s in range(seats)), options, record,
                        game=game, players=seats if game == "hydras" else 0)

    return TaskList(games, task), table


def games_to_seat_everyone(players: int, seats: int) -> int:
    """The fewest games in which every player sits at a table at least once."""
    unseen = set(range(players))
    for i, table in enumerate(schedule(players, seats)):
        unseen -= set(table)
        if not unseen:
            return i + 1
    return 0                                       # pragma: no cover - the cycle seats everyone


# --------------------------------------------------------------------------- results

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


def rate_games(labels: Sequence[str], games: Sequence[tuple[Sequence[int], Sequence[int]]]
               ) -> list[dict[str, float]]:
    """OpenSkill Plackett-Luce ratings (defaults) of the players, updated game by game from
    (table: player index by seat, ranks: rank by seat, 1 = first, ties share a rank) pairs;
    ``{"mu", "sigma", "ordinal"}`` per player. Hydra and Hydras tournaments share it."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    for table, ranks in games:
        new = model.rate([[ratings[p]] for p in table], ranks=list(ranks))
        for seat, p in enumerate(table):
            ratings[p] = new[seat][0]
    return [{"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for r in ratings]


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
             cycle: int) -> dict[str, Any]:
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
    def pct(d: dict[str, Any]) -> str:
        return "-" if d["rate"] is None else \
            f"{100 * d['rate']:5.1f} [{100 * d['ci95'][0]:4.1f},{100 * d['ci95'][1]:5.1f}]"

    def mean(d: dict[str, Any]) -> str:
        return "-" if d["mean"] is None else f"{d['mean']:5.2f} ±{(d['ci95'][1] - d['ci95'][0]) / 2:.2f}"

    head = ("player", "games", "epic %", "tragic %", "city saved %", "rank", "glory",
            "mu", "sigma", "ordinal")
    rows = [(p["player"], str(p["games"]), pct(p["epic_hero"]), pct(p["tragic_hero"]),
             pct(p["city_saved"]), mean(p["mean_rank"]), mean(p["mean_glory"]),
             f"{p['rating']['mu']:.2f}", f"{p['rating']['sigma']:.2f}",
             f"{p['rating']['ordinal']:.2f}") for p in players]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                       enumerate(zip(r, widths))) for r in [head, *rows]]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


# --------------------------------------------------------------------------- the command

def run(args: argparse.Namespace) -> int:
    """Play the tournament, write its files, print the table."""
    if games.pick(args) == "hydras":
        from agents.hydras.tournament import run as run_hydras
        return run_hydras(args)
    scen, specs, cycle = _checked(args)
    options = cli.parse_rules(args.rule, scen)
    labels = labels_of(specs)
    out = args.out or Path("runs/tournament") / cli.slug(
        f"{'-'.join(specs)}_sc{scen.number}_{args.stars}star_seed{args.seed}_n{args.games}")
    cli.check_out(out, args.force)
    if args.html is not None:
        cli.check_file_out(args.html, "--html")
    tasks, table = make_tasks(specs, scen.number, args.stars, scen.players, args.games, args.seed,
                              options, args.save_replays != "none")
    print(f"tournament: {', '.join(labels)} on scenario {scen.number} ({scen.name}, "
          f"{scen.players} seats), {args.stars} star(s), {args.games} games ({cycle} tables per "
          f"deal), seed {args.seed}")
    if args.games % cycle:
        print(f"note: {args.games} games is not a multiple of {cycle}; the seating is not exactly even")
    records, elapsed = cli.play_all(tasks, args)
    tables = [table(rec.index) for rec in records]
    players = player_results(labels, specs, [(t, rec.result) for t, rec in zip(tables, records)])
    doc = _results_doc(args, scen, specs, labels, cycle, options, records, players)
    rows = [game_row(rec, labels, t, cycle) for t, rec in zip(tables, records)]
    with cli.atomic_dir(out) as tmp:
        _write(tmp, doc, rows)
        n_replays = replay.save_replays(tmp, tasks, records, args.save_replays)
        if args.html is not None:
            from agents.showcase import save_showcase_replays
            n_replays += save_showcase_replays(tmp, tasks, records, showcase_tables(rows))
    print(table_text(players))
    saved = doc["city_saved"]
    print(f"city saved at {saved['count']}/{saved['n']} tables ({100 * saved['rate']:.1f}%)")
    extra = f", {n_replays} replays" if n_replays else ""
    print(f"wrote {out}/ (results.csv, results.json, games.csv, tournament.png{extra}) — "
          f"{args.games} games in {elapsed:.1f} s")
    if args.html is not None:
        from agents.viewer import write_tournament_report
        write_tournament_report(out, args.html)
        print(f"wrote {args.html} (the report; replay pages in "
              f"{args.html.parent / (args.html.stem + '-replays')}/)")
    return 0


def _checked(args: argparse.Namespace) -> tuple[Any, list[str], int]:
    """The scenario, the player specs and the tables per deal, checked."""
    mode, scen = cli.resolve_scenario(None, 1 if args.scenario is None else args.scenario)
    if mode != "coop":
        raise cli.UsageError(f"--scenario {scen.number}: a tournament needs a coordinated "
                             f"scenario (1-9); scenario {scen.number} ({scen.name}) is solo")
    specs = list(args.players)
    if len(specs) < scen.players:
        raise cli.UsageError(f"scenario {scen.number} ({scen.name}) seats {scen.players} players; "
                             f"--players gives {len(specs)} (repeat a spec to seat it more than once)")
    cycle = check_seating(len(specs), scen.players, args.games)
    cli.check_backend(args.backend, args.address)
    cli.check_agents(specs, "--players")
    return scen, specs, cycle


def check_seating(players: int, seats: int, games: int) -> int:
    """The tables per deal of ``players`` at ``seats``-seat tables; UsageError when they are
    more than :data:`MAX_TABLES` or ``games`` would leave a player without a game."""
    cycle = math.comb(players, seats) * seats
    if cycle > MAX_TABLES:
        raise cli.UsageError(f"{players} players at {seats}-seat tables make {cycle} "
                             f"tables per cycle; at most {MAX_TABLES}")
    needed = games_to_seat_everyone(players, seats)
    if games < needed:
        raise cli.UsageError(
            f"--games {games} is too few for {players} players at {seats}-seat "
            f"tables: some players would play no game; give --games {needed} or more (a "
            f"multiple of {cycle}, the tables of one deal, keeps the seating even)")
    return cycle


def _results_doc(args: argparse.Namespace, scen: Any, specs: list[str], labels: list[str],
                 cycle: int, options: dict[str, bool], records: Sequence[GameRecord],
                 players: list[dict[str, Any]]) -> dict[str, Any]:
    """results.json: overall figures, per player figures, config and command."""
    saved = sum(rec.result["city_saved"] for rec in records)
    return {
        "n_games": len(records), "tables_per_deal": cycle, "seating_even": args.games % cycle == 0,
        "city_saved": stats.rate_summary(saved, len(records)), "players": players,
        "config": {"command": "tournament", "players": specs, "labels": labels,
                   "scenario": scen.number, "scenario_name": scen.name, "seats": scen.players,
                   "stars": args.stars, "games": args.games, "seed": args.seed, "options": options,
                   "seeding": "game i: table i % tables_per_deal, deal seed SeedSequence([seed, "
                              "i // tables_per_deal, 0]), bot of seat s SeedSequence([seed, i, 1, s])",
                   "rating_model": "openskill PlackettLuce (defaults), ranks = compass ranking, "
                                   "games in index order", **cli.data_info()},
        "command": cli.command_line("tournament", [
            ("--players", ",".join(specs)), ("--scenario", scen.number), ("--games", args.games),
            ("--stars", args.stars), ("--seed", args.seed), ("--rule", list(args.rule))])}


def _write(folder: Path, doc: dict[str, Any], game_rows: list[dict[str, Any]]) -> None:
    """results.csv, results.json, games.csv and tournament.png into ``folder``."""
    players, cfg = doc["players"], doc["config"]
    (folder / "results.csv").write_text(cli.csv_text([result_row(p) for p in players],
                                                     RESULT_COLUMNS), encoding="utf-8")
    (folder / "results.json").write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    (folder / "games.csv").write_text(cli.csv_text(game_rows, GAME_COLUMNS), encoding="utf-8")
    title = (f"{cfg['scenario_name']} (scenario {cfg['scenario']}) · {cfg['stars']}★ · "
             f"{doc['n_games']} games · city saved {100 * doc['city_saved']['rate']:.1f}%")
    plots.plot_tournament(players, cfg["seats"], title, folder / "tournament.png")
