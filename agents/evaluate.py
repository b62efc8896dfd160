"""``hydra-env evaluate``: play many games with one agent and report the results.

Writes, into ``--out`` (atomically: a temporary folder ``.OUT.incomplete-PID-*``
renamed at the end; one left by a killed run is removed by the next run),
``games.csv`` (one row per game), ``summary.json`` (the statistics, the config
and the canonical command of the run) and ``scores.png``; with
``--save-replays``, the replays in ``replays/``.

``--game`` picks the game (:mod:`agents.games`). By default one agent plays
against ``--opponents`` rotated over the seats (:mod:`agents.evaluate_defaults`
describes its files). A game may replace parts through its evaluate hooks,
module ``agents.game_tools.<game>.evaluate`` (each optional; the default in
brackets):

* ``REFUSED_FLAGS`` — flags of this command the game does not take [none];
* ``seating(run) -> Seating`` — the seats' specs and deals [one agent vs opponents];
* ``default_out_name(run) -> str`` — the output folder's name under ``runs/eval``;
* ``prepare(run) -> None`` — checks and set-up before the first game [nothing];
* ``play_function(run) -> Callable | None`` — the module-level function that plays one
  :class:`~agents.backends.GameTask` into a :class:`~agents.backends.GameRecord` in the
  workers, e.g. to add figures to its result [None: :func:`agents.backends.play_game`];
* ``header_line(run) -> str`` — the first line printed;
* ``turns(result) -> int`` — the turns of a game [its number of decisions];
* ``games_csv_row(run, record, task, turns) -> dict`` and
  ``games_csv_columns(run, summary) -> tuple`` — games.csv;
* ``summary_statistics(run, rows) -> dict`` — summary.json's statistics;
* ``data_info() -> dict`` — the versions of the game's data, ending the config [the
  parameters and the package's version];
* ``summary_config(run, info) -> dict`` and ``summary_command(run) -> str`` — summary.json's
  config and command;
* ``write_plots(run, folder, rows, summary) -> list[str]`` — the plots; the names written
  [scores.png];
* ``report_text(run, summary) -> str`` — the lines printed after the games;
* ``showcase(run, rows) -> dict`` and ``write_report(run, out, html)`` — ``--html`` (the
  report page); a game without ``write_report`` refuses ``--html``.

With the Hydra board game (the default), the agent's spec(s) sit at every seat
(:mod:`agents.game_tools.hydra.evaluate`: solo and coop columns, the R40 bands,
``--regret`` and ``--html``).

Game i is played with the seed derived from (``--seed``, deal of i) and bot seeds
from (``--seed``, i, seat), so two agents meet the same deals, and the files are
the same whatever ``--workers`` or ``--backend``. :func:`evaluate_games` runs the
same code from Python (the trainer's final report).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
from pathlib import Path
from typing import Any

import hydra_env
from agents import cli, evaluate_defaults, games, replay
from agents.backends import GameTask, TaskList, bot_seed, game_seed
from agents.evaluate_defaults import EvalRun, mean_text, percent_text
from hydra_env import game_spec

__all__ = ["add_parser", "run", "evaluate", "evaluate_games", "read_games_csv", "percent_text", "mean_text"]

# Deprecated aliases of the Hydra board game's evaluate functions, kept for one release.
_MOVED = {name: "agents.game_tools.hydra.evaluate" for name in
          ("SOLO_COLUMNS", "COOP_COLUMNS", "game_row", "summarize", "report")}


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        import importlib
        return getattr(importlib.import_module(_MOVED[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``evaluate`` subcommand."""
    p = subparsers.add_parser(
        "evaluate", help="play many games with one agent; write games.csv, summary.json, scores.png "
                         "(--game: which game; against --opponents where the game seats them)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example: hydra-env evaluate --mode solo --agent heuristic --games 10000 "
               "--scenario 10 --stars 1 --seed 0 --workers 2 --out runs/eval/heuristic")
    p.add_argument("--agent", type=cli.spec_list, required=True, metavar="SPEC[,SPEC...]",
                   help="bot name (random, greedy, heuristic, ...) or ppo:PATH.zip; in Hydra's coop "
                        "one spec for every seat or one per seat")
    games.add_game_flag(p, "evaluate")
    p.add_argument("--opponents", type=cli.spec_list, metavar="SPEC[,SPEC...]",
                   help="bots for the other seats, one for all or one per other seat in seat order "
                        "from the agent's left (default: heuristic); seats rotate (not with Hydra)")
    cli.add_run_options(p, games=1000)
    p.add_argument("--html", type=Path, metavar="OUT.html",
                   help="also write the report page; the replays of the best, median and worst "
                        "games are saved in OUT/replays and their pages linked")
    p.set_defaults(run=run)
    return p


def read_games_csv(path: Path) -> list[dict[str, str]]:
    """games.csv back as a list of dicts of strings."""
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def run(args: argparse.Namespace) -> int:
    """Play the games, write the files, print a short report."""
    spec, params = games.pick(args, "evaluate", (("opponents", "--opponents"),))
    evaluate(spec, params, args)
    return 0


def evaluate_games(game: str, agent: str | list[str], *, params: dict | None = None,
                   opponents: list[str] | None = None, games: int, seed: int, out: Path,
                   workers: int = 1, force: bool = False, quiet: bool = False) -> dict:
    """``hydra-env evaluate`` from Python: play ``games`` games of ``game`` (its ``params``,
    the others at their defaults), write games.csv, summary.json and scores.png into
    ``out`` exactly as the command does, and return the summary. ``quiet``: no progress
    bar and nothing printed. Raises :class:`agents.outputs.UsageError` for a bad argument."""
    spec = game_spec(game)
    args = argparse.Namespace(
        command="evaluate", game=spec.name, agent=[agent] if isinstance(agent, str) else list(agent),
        opponents=list(opponents) if opponents else None, games=games, seed=seed, workers=workers,
        backend="local", address=None, out=Path(out), force=force, save_replays="none",
        no_progress=quiet, html=None)
    checked = spec.check_params(params or {})
    if not quiet:
        return evaluate(spec, checked, args)
    with contextlib.redirect_stdout(io.StringIO()):
        return evaluate(spec, checked, args)


def _hook(run: EvalRun, name: str) -> Any:
    """The game's evaluate hook ``name``, else the generic default of :mod:`agents.evaluate_defaults`."""
    hooks = run.spec.hooks("evaluate")
    given = getattr(hooks, name, None) if hooks is not None else None
    return given if given is not None else _DEFAULTS[name]


def evaluate(spec: Any, params: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """The command's work for a game and its checked parameters; the summary."""
    run = EvalRun(spec, params, args, spec.num_players(**params))
    run.seating = seating = _hook(run, "seating")(run)
    if args.html is not None and _hook(run, "write_report") is None:
        raise cli.UsageError(f"--html cannot apply with --game {spec.name} (it has no report page); "
                             f"save replays with --save-replays and write their pages with "
                             f"`hydra-env replay FILE --html PAGE`")
    cli.check_backend(args.backend, args.address)
    for specs, flag in seating.checks:
        cli.check_agents(specs, flag, game=spec.name, params=params)
    out = args.out or cli.new_run_folder(Path("runs/eval"), _hook(run, "default_out_name")(run))
    cli.check_out(out, args.force)
    if args.html is not None:
        cli.check_file_out(args.html, "--html", args.force)
    _hook(run, "prepare")(run)
    record = args.save_replays != "none"

    def task(i: int) -> GameTask:
        specs = seating.specs(i)
        return GameTask(i, spec.name, params, game_seed(args.seed, seating.deal(i)), specs,
                        tuple(bot_seed(args.seed, i, s) for s in range(len(specs))), record)

    tasks = TaskList(args.games, task)
    print(_hook(run, "header_line")(run))
    if seating.per_deal > 1 and args.games % seating.per_deal:
        print(f"note: {args.games} games is not a multiple of {seating.per_deal}; the seats are not "
              f"exactly even")
    records, elapsed = cli.play_all(tasks, args, play=_hook(run, "play_function")(run))
    turns = _hook(run, "turns")
    rows = [_hook(run, "games_csv_row")(run, rec, tasks[rec.index], turns(rec.result) if turns else rec.steps)
            for rec in records]
    summary = _hook(run, "summary_statistics")(run, rows)
    info = _hook(run, "data_info")
    info_values = info() if info else {"params": params, "hydra_env_version": hydra_env.__version__}
    summary["config"] = _hook(run, "summary_config")(run, info_values)
    summary["command"] = _hook(run, "summary_command")(run)
    with cli.atomic_dir(out) as tmp:
        columns = _hook(run, "games_csv_columns")(run, summary)
        (tmp / "games.csv").write_text(cli.csv_text(rows, columns), encoding="utf-8")
        (tmp / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        written = _hook(run, "write_plots")(run, tmp, rows, summary)
        saved = replay.save_replays(tmp, tasks, records, args.save_replays,
                                    ["lost" if r["outcome"] == "lost" else "won" for r in rows])
        if args.html is not None:
            from agents.showcase import save_showcase_replays
            saved += save_showcase_replays(tmp, tasks, records, _hook(run, "showcase")(run, rows))
    print(_hook(run, "report_text")(run, summary))
    extra = "".join(f", {name}" for name in written[1:]) + (f", {saved} replays" if saved else "")
    print(f"wrote {out}/ (games.csv, summary.json, {written[0]}{extra}) — {args.games} games in "
          f"{elapsed:.1f} s ({args.games / max(elapsed, 1e-9):.4g} games/s)")
    if args.html is not None:
        _hook(run, "write_report")(run, out, args.html)
    return summary


_DEFAULTS: dict[str, Any] = {
    "seating": evaluate_defaults.seating,
    "default_out_name": evaluate_defaults.default_out,
    "prepare": lambda run: None,
    "play_function": lambda run: None,
    "header_line": evaluate_defaults.header,
    "turns": None,
    "games_csv_row": evaluate_defaults.game_row,
    "games_csv_columns": lambda run, summary: evaluate_defaults.COLUMNS,
    "summary_statistics": lambda run, rows: evaluate_defaults.summarize(rows, run.seats),
    "data_info": None,
    "summary_config": evaluate_defaults.config,
    "summary_command": evaluate_defaults.command,
    "write_plots": evaluate_defaults.plot,
    "report_text": lambda run, summary: evaluate_defaults.report(summary),
    "showcase": None,
    "write_report": None,
}
