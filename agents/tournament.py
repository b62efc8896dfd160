"""``hydra-env tournament``: agents at the same tables of a game, rated against each other.

Seating: the tables are every combination of the game's player count out of
``--players``, each in every seat rotation; one cycle of that schedule is
played on each deal (the same game seed), so every player meets the same deals
in every seat ("duplicate" format). Game i uses table ``i % cycle`` and the
deal seeded from (``--seed``, ``i // cycle``); its bots are seeded from
(``--seed``, i, seat). A number of games that is a multiple of the cycle keeps
the seating exactly even.

Writes into ``--out`` (atomically): ``results.csv``, ``results.json``,
``games.csv`` (one row per game) and ``tournament.png``; with
``--save-replays``, the replays in ``replays/``.

``--game`` picks the game (:mod:`agents.games`). By default the figures are the
win and rank shares, scores and OpenSkill ratings of
:mod:`agents.tournament_defaults`. A game may replace parts through its
tournament hooks, module ``agents.game_tools.<game>.tournament`` (each optional):

* ``check(run)`` — the players fit the game's tables [enough players for a table];
* ``default_out_name(run) -> str`` and ``header_line(run) -> str``;
* ``turns(result) -> int`` — the turns of a game [its number of decisions];
* ``player_figures(run, games) -> list[dict]`` — per player, from (table, result) pairs;
* ``results_csv(run) -> (columns, row_of_player)``;
* ``games_csv_row(run, record, table, turns) -> dict`` and ``games_csv_columns(run)``;
* ``overall(run, records) -> dict`` and ``overall_line(run, doc) -> str`` — the figure over
  all games in results.json and the line printed under the table;
* ``data_info() -> dict``, ``results_config(run, info) -> dict``, ``results_command(run) -> str``;
* ``write_plot(run, folder, doc)`` and ``results_table(run, players) -> str``;
* ``showcase(run, rows) -> dict`` and ``write_report(run, out, html)`` — ``--html``; a game
  without ``write_report`` refuses ``--html``.

With the Hydra board game (the default) the tables are those of a coordinated
scenario (:mod:`agents.game_tools.hydra.tournament`: epic-hero, tragic-hero and
city-saved rates, glory, the compass ranking as ranks, and ``--html``).
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

import hydra_env
from agents import cli, games, replay, tournament_defaults
from agents.backends import GameTask, TaskList, bot_seed, game_seed
from agents.tournament_defaults import SHARED_GAME_COLUMNS, TourRun, rate_games

__all__ = ["MAX_TABLES", "SHARED_GAME_COLUMNS", "add_parser", "run", "labels_of", "schedule", "make_tasks",
           "games_to_seat_everyone", "check_seating", "rate_games"]

MAX_TABLES = 5000
# Deprecated aliases of the Hydra board game's tournament functions, kept for one release.
_MOVED = {name: "agents.game_tools.hydra.tournament" for name in
          ("RESULT_COLUMNS", "GAME_COLUMNS", "player_results", "result_row", "game_row",
           "showcase_tables", "table_text")}


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        import importlib
        return getattr(importlib.import_module(_MOVED[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``tournament`` subcommand."""
    p = subparsers.add_parser(
        "tournament", help="seat agents together at the tables of a game (Hydra: a coop scenario); "
                           "rates, ranks and ratings",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example: hydra-env tournament --players heuristic,glory,defender,rollout "
               "--scenario 1 --games 2000")
    p.add_argument("--players", type=cli.spec_list, required=True, metavar="SPEC,SPEC[,...]",
                   help="agent specs; at least the game's player count (repeat a spec to "
                        "seat it twice)")
    games.add_game_flag(p, "tournament")
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


def make_tasks(specs: Sequence[str], game: str, params: dict[str, Any], seats: int, games: int,
               seed: int, record: bool) -> tuple[TaskList, Callable[[int], tuple[int, ...]]]:
    """The games of a tournament of ``game`` (its ``params``) at ``seats``-seat tables, made as
    they are played, and the table of game ``i`` (player index by seat)."""
    cycle = schedule(len(specs), seats)

    def table(i: int) -> tuple[int, ...]:
        return cycle[i % len(cycle)]

    def task(i: int) -> GameTask:
        return GameTask(i, game, params, game_seed(seed, i // len(cycle)), tuple(specs[p] for p in table(i)),
                        tuple(bot_seed(seed, i, s) for s in range(seats)), record)

    return TaskList(games, task), table


def games_to_seat_everyone(players: int, seats: int) -> int:
    """The fewest games in which every player sits at a table at least once."""
    unseen = set(range(players))
    for i, table in enumerate(schedule(players, seats)):
        unseen -= set(table)
        if not unseen:
            return i + 1
    return 0                                       # pragma: no cover - the cycle seats everyone


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


# --------------------------------------------------------------------------- the command

def _hook(run: TourRun, name: str) -> Any:
    """The game's tournament hook ``name``, else the generic default."""
    hooks = run.spec.hooks("tournament")
    given = getattr(hooks, name, None) if hooks is not None else None
    return given if given is not None else _DEFAULTS[name]


def run(args: argparse.Namespace) -> int:
    """Play the tournament, write its files, print the table."""
    spec, params = games.pick(args, "tournament")
    tour = TourRun(spec, params, args, spec.num_players(**params), list(args.players))
    _hook(tour, "check")(tour)
    if args.html is not None and _hook(tour, "write_report") is None:
        raise cli.UsageError(f"--html cannot apply with --game {spec.name} (it has no report page); "
                             f"save replays with --save-replays and write their pages with "
                             f"`hydra-env replay FILE --html PAGE`")
    tour.cycle = check_seating(len(tour.specs), tour.seats, args.games)
    cli.check_backend(args.backend, args.address)
    cli.check_agents(tour.specs, "--players", game=spec.name, params=params)
    tour.labels = labels_of(tour.specs)
    out = args.out or cli.new_run_folder(Path("runs/tournament"), _hook(tour, "default_out_name")(tour))
    cli.check_out(out, args.force)
    if args.html is not None:
        cli.check_file_out(args.html, "--html", args.force)
    tasks, table = make_tasks(tour.specs, spec.name, params, tour.seats, args.games, args.seed,
                              args.save_replays != "none")
    print(_hook(tour, "header_line")(tour))
    if args.games % tour.cycle:
        print(f"note: {args.games} games is not a multiple of {tour.cycle}; the seating is not exactly even")
    records, elapsed = cli.play_all(tasks, args)
    tables = [table(rec.index) for rec in records]
    players = _hook(tour, "player_figures")(tour, [(t, rec.result) for t, rec in zip(tables, records)])
    doc = _results_doc(tour, records, players)
    turns = _hook(tour, "turns")
    rows = [_hook(tour, "games_csv_row")(tour, rec, t, turns(rec.result) if turns else rec.steps)
            for t, rec in zip(tables, records)]
    columns, row_of = _hook(tour, "results_csv")(tour)
    with cli.atomic_dir(out) as tmp:
        (tmp / "results.csv").write_text(cli.csv_text([row_of(p) for p in players], columns), encoding="utf-8")
        (tmp / "results.json").write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
        (tmp / "games.csv").write_text(cli.csv_text(rows, _hook(tour, "games_csv_columns")(tour)),
                                       encoding="utf-8")
        _hook(tour, "write_plot")(tour, tmp, doc)
        n_replays = replay.save_replays(tmp, tasks, records, args.save_replays, [str(r["outcome"]) for r in rows])
        if args.html is not None:
            from agents.showcase import save_showcase_replays
            n_replays += save_showcase_replays(tmp, tasks, records, _hook(tour, "showcase")(tour, rows))
    print(_hook(tour, "results_table")(tour, players))
    print(_hook(tour, "overall_line")(tour, doc))
    extra = f", {n_replays} replays" if n_replays else ""
    print(f"wrote {out}/ (results.csv, results.json, games.csv, tournament.png{extra}) — "
          f"{args.games} games in {elapsed:.1f} s")
    if args.html is not None:
        _hook(tour, "write_report")(tour, out, args.html)
    return 0


def _results_doc(tour: TourRun, records: Sequence[Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    """results.json: overall figures, per player figures, config and command."""
    info = _hook(tour, "data_info")
    info_values = info() if info else {"params": tour.params, "hydra_env_version": hydra_env.__version__}
    return {"n_games": len(records), "tables_per_deal": tour.cycle,
            "seating_even": tour.args.games % tour.cycle == 0,
            **_hook(tour, "overall")(tour, records), "players": players,
            "config": _hook(tour, "results_config")(tour, info_values),
            "command": _hook(tour, "results_command")(tour)}


_DEFAULTS: dict[str, Any] = {
    "check": tournament_defaults.check,
    "default_out_name": tournament_defaults.default_out_name,
    "header_line": tournament_defaults.header_line,
    "turns": None,
    "player_figures": tournament_defaults.player_results,
    "results_csv": lambda tour: (tournament_defaults.result_columns(tour.seats), tournament_defaults.result_row),
    "games_csv_row": lambda tour, rec, table, turns: tournament_defaults.game_row(
        rec, tour.labels, table, tour.cycle, turns),
    "games_csv_columns": lambda tour: tournament_defaults.GAME_COLUMNS,
    "overall": tournament_defaults.overall,
    "overall_line": tournament_defaults.overall_line,
    "data_info": None,
    "results_config": tournament_defaults.results_config,
    "results_command": tournament_defaults.results_command,
    "write_plot": tournament_defaults.write_plot,
    "results_table": lambda tour, players: tournament_defaults.table_text(players),
    "showcase": None,
    "write_report": None,
}
