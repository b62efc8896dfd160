"""``hydra-env evaluate``: play many games with one agent and report the results.

Writes, into ``--out`` (atomically: a temporary folder ``.OUT.incomplete-PID-*``
renamed at the end; one left by a killed run is removed by the next run):

* ``games.csv`` — one row per game: game index, game seed, outcome, score
  (empty for a loss, R39), R40 band, necks, heads, walls, hero on wall,
  rounds; coop games add the compass ranking, glory by seat, epic and tragic
  hero.
* ``summary.json`` — solo: win rate with a 95% Wilson interval, the expected
  score (a loss counts 0) and the mean score of won games, each with a
  bootstrap 95% interval and std, quantiles of won scores, the R40 bands,
  losses; coop: city-saved rate, rounds, glory and epic/tragic rates by seat.
  Plus the config and the canonical command of the run.
* ``scores.png`` — solo: histogram of won scores with the R40 bands shaded,
  losses apart; coop: outcomes by the round the game ended.
* with ``--regret [SPEC]`` (solo): the clairvoyant reference plays the same
  seeds too (:mod:`agents.regret`); games.csv gains ``reference_outcome``,
  ``reference_score`` and ``regret``, summary.json a ``regret`` section, and
  ``regret.png`` the regret histogram beside the R40 bands of both.

With ``--game hydras`` the card game Hydras is played instead: one agent
against ``--opponents`` at ``--num-players`` seats, rotated
(:mod:`agents.hydras.evaluate` describes its files).

Game i is played with the seed derived from (``--seed``, i) and bot seeds from
(``--seed``, i, seat), so two agents meet the same deals, and the files are
the same whatever ``--workers`` or ``--backend``.
"""

from __future__ import annotations

import argparse
import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agents import cli, games, plots, regret, replay, stats
from agents.backends import GameRecord, GameTask, TaskList, bot_seed, game_seed

SOLO_COLUMNS = ("game", "seed", "outcome", "score", "band", "necks", "heads", "walls",
                "hero_on_wall", "rounds")
COOP_COLUMNS = SOLO_COLUMNS + ("ranking", "glory", "epic_hero", "tragic_hero")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``evaluate`` subcommand."""
    p = subparsers.add_parser(
        "evaluate", help="play many games with one agent; write games.csv, summary.json, scores.png "
                         "(--game hydras: the card game, against --opponents)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example: hydra-env evaluate --mode solo --agent heuristic --games 10000 "
               "--scenario 10 --stars 1 --seed 0 --workers 2 --out runs/eval/heuristic")
    p.add_argument("--agent", type=cli.spec_list, required=True, metavar="SPEC[,SPEC...]",
                   help="bot name (random, greedy, heuristic, ...) or ppo:PATH.zip; in coop one "
                        "spec for every seat or one per seat")
    cli.add_game_options(p)
    games.add_game_flag(p)
    p.add_argument("--opponents", type=cli.spec_list, metavar="SPEC[,SPEC...]",
                   help="Hydras: bots for the other seats, one for all or one per other seat in "
                        "seat order from the agent's left (default: heuristic); seats rotate")
    cli.add_run_options(p, games=1000)
    p.add_argument("--html", type=Path, metavar="OUT.html",
                   help="also write the report page; the replays of the best, median and worst "
                        "games are saved in OUT/replays and their pages linked")
    regret.add_options(p)
    p.set_defaults(run=run)
    return p


# --------------------------------------------------------------------------- rows and summaries

def game_row(rec: GameRecord, coop: bool) -> dict[str, Any]:
    """The games.csv row of a record."""
    r = rec.result
    score = r["score"]
    row = {"game": rec.index, "seed": rec.seed, "outcome": r["outcome"],
           "score": "" if score is None else score,
           "band": "" if score is None else stats.band_of(score),
           "necks": r["necks"], "heads": r["heads"], "walls": r["walls"],
           "hero_on_wall": r["hero_on_wall"], "rounds": r["rounds"]}
    if coop:
        row.update(ranking=" ".join(map(str, r["ranking"])), glory=" ".join(map(str, r["glory"])),
                   epic_hero="" if r["epic_hero"] is None else r["epic_hero"],
                   tragic_hero="" if r["tragic_hero"] is None else r["tragic_hero"])
    return row


def summarize(rows: Sequence[dict[str, Any]], coop: bool) -> dict[str, Any]:
    """The statistics of games.csv rows (values as read back from the CSV or as written)."""
    outcomes = [str(r["outcome"]) for r in rows]
    if not coop:
        scores = [int(r["score"]) if str(r["score"]) != "" else None for r in rows]
        return stats.solo_summary(outcomes, scores)
    n = len(rows)
    wins = outcomes.count("won")
    seats = len(str(rows[0]["glory"]).split()) if rows else 0
    glory = [[int(str(r["glory"]).split()[s]) for r in rows] for s in range(seats)]

    def seat_rate(column: str, s: int) -> dict[str, Any]:
        return stats.rate_summary(sum(str(r[column]) == str(s) for r in rows), n)

    return {"n_games": n, "wins": wins, "losses": n - wins,
            "win_rate": stats.rate_summary(wins, n),
            "rounds": stats.mean_summary([int(r["rounds"]) for r in rows]),
            "glory_by_seat": [stats.mean_summary(g) for g in glory],
            "epic_hero_by_seat": [seat_rate("epic_hero", s) for s in range(seats)],
            "tragic_hero_by_seat": [seat_rate("tragic_hero", s) for s in range(seats)]}


def read_games_csv(path: Path) -> list[dict[str, str]]:
    """games.csv back as a list of dicts of strings."""
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


# --------------------------------------------------------------------------- the command

def run(args: argparse.Namespace) -> int:
    """Play the games, write the three files, print a short report."""
    if games.pick(args, (("opponents", "--opponents"),)) == "hydras":
        from agents.hydras.evaluate import run as run_hydras
        return run_hydras(args)
    mode, scen = cli.resolve_scenario(args.mode, args.scenario)
    options = cli.parse_rules(args.rule, scen)
    cli.check_backend(args.backend, args.address)
    specs = _seat_specs(args.agent, scen.players)
    cli.check_agents(specs)
    agent = ",".join(args.agent)
    out = args.out or Path("runs/eval") / cli.slug(
        f"{agent}_sc{scen.number}_{args.stars}star_seed{args.seed}_n{args.games}")
    cli.check_out(out, args.force)
    if args.html is not None:
        cli.check_file_out(args.html, "--html")
    record = args.save_replays != "none"
    reference = regret.check(args, scen.solo, scen, options)

    def task(i: int) -> GameTask:
        return GameTask(i, scen.number, args.stars, game_seed(args.seed, i), specs,
                        tuple(bot_seed(args.seed, i, s) for s in range(len(specs))), options,
                        record=record)

    tasks = TaskList(args.games, task)
    print(f"evaluate: {agent} on scenario {scen.number} ({scen.name}, {mode}), {args.stars} "
          f"star(s), {args.games} games, seed {args.seed}")
    records, elapsed = cli.play_all(tasks, args)
    coop = mode == "coop"
    rows = [game_row(r, coop) for r in records]
    summary = summarize(rows, coop)
    if reference is not None:
        budget, loaded = reference
        regret.add_columns(rows, regret.reference_results(args, scen, options, budget, loaded))
        source = f"read from {args.reference}" if loaded is not None else "played by this run"
        summary["regret"] = regret.summarize(rows, budget, source)
    summary["config"] = _config(args, mode, scen, agent, specs, options)
    summary["command"] = _command(args, mode, scen.number, agent)
    with cli.atomic_dir(out) as tmp:
        _write(tmp, rows, summary, scen, coop)
        saved = replay.save_replays(tmp, tasks, records, args.save_replays)
        if args.html is not None:
            from agents.showcase import save_showcase_replays, string_rows
            from agents.viewer.report import showcase_games
            picks = showcase_games(string_rows(rows), coop)
            saved += save_showcase_replays(tmp, tasks, records, picks)
    print(report(summary, coop))
    if "regret" in summary:
        print(regret.report(summary["regret"]))
    extra = (", regret.png" if "regret" in summary else "") + (f", {saved} replays" if saved else "")
    print(f"wrote {out}/ (games.csv, summary.json, scores.png{extra}) — {args.games} games in "
          f"{elapsed:.1f} s ({args.games / max(elapsed, 1e-9):.4g} games/s)")
    if args.html is not None:
        from agents.viewer import write_evaluation_report
        write_evaluation_report(out, args.html, play_missing=False)
        print(f"wrote {args.html} (the report; replay pages in {args.html.parent / (args.html.stem + '-replays')}/)")
    return 0


def _write(folder: Path, rows: list[dict[str, Any]], summary: dict[str, Any], scen: Any,
           coop: bool) -> None:
    """games.csv, summary.json and scores.png into ``folder``."""
    columns = COOP_COLUMNS if coop else SOLO_COLUMNS + (regret.COLUMNS if "regret" in summary else ())
    (folder / "games.csv").write_text(cli.csv_text(rows, columns), encoding="utf-8")
    (folder / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    cfg = summary["config"]
    title = (f"{cfg['agent']} · scenario {scen.number} ({scen.name}) · {cfg['stars']}★ · "
             f"{cfg['games']} games · won {100 * summary['win_rate']['rate']:.1f}%")
    if coop:
        plots.plot_coop_outcomes(rows, scen.rounds, title, folder / "scores.png")
        return
    title += f" · expected score {summary['expected_score']['mean']:.1f}"
    plots.plot_solo_scores([int(r["score"]) for r in rows if r["outcome"] == "won"],
                           summary["losses"], title, folder / "scores.png")
    if "regret" in summary:
        mean = summary["regret"]["mean_regret"]["mean"]
        regret.plot(rows, summary, f"{cfg['agent']} vs the clairvoyant reference "
                    f"({summary['regret']['reference']['budget']}) · scenario {scen.number} · {cfg['stars']}★ · "
                    f"{cfg['games']} games · mean regret {mean:.2f}", folder / "regret.png")


def _seat_specs(agents: list[str], players: int) -> tuple[str, ...]:
    if len(agents) == 1:
        return tuple(agents * players)
    if len(agents) != players:
        raise cli.UsageError(f"--agent gives {len(agents)} specs; the scenario seats {players} "
                             f"(give one spec for all seats, or one per seat)")
    return tuple(agents)


def _config(args: argparse.Namespace, mode: str, scen: Any, agent: str,
            specs: Sequence[str], options: dict[str, bool]) -> dict[str, Any]:
    return {"command": "evaluate", "mode": mode, "agent": agent, "seats": list(specs),
            "scenario": scen.number, "scenario_name": scen.name, "stars": args.stars,
            "games": args.games, "seed": args.seed, "options": options,
            "seeding": "game i: SeedSequence([seed, i, 0]); bot of seat s: "
                       "SeedSequence([seed, i, 1, s]) (agents.backends)",
            **cli.data_info()}


def _command(args: argparse.Namespace, mode: str, scenario: int, agent: str) -> str:
    return cli.command_line("evaluate", [
        ("--mode", mode), ("--agent", agent), ("--games", args.games), ("--scenario", scenario),
        ("--stars", args.stars), ("--seed", args.seed), ("--rule", list(args.rule)),
        ("--regret", None if args.regret is None else regret.parse_budget(args.regret).spec)])


# --------------------------------------------------------------------------- printing

def percent_text(rate: dict[str, Any]) -> str:
    """A rate summary as ``12.3% [10.1, 14.6]`` (its 95% interval)."""
    if rate["rate"] is None:
        return "-"
    lo, hi = rate["ci95"]
    return f"{100 * rate['rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def mean_text(m: dict[str, Any]) -> str:
    """A mean summary as ``4.21 [4.02, 4.40] (std 2.70)``."""
    if m["mean"] is None:
        return "-"
    lo, hi = m["ci95"]
    return f"{m['mean']:.2f} [{lo:.2f}, {hi:.2f}] (std {m['std']:.2f})"


def report(summary: dict[str, Any], coop: bool) -> str:
    """A few lines for the terminal."""
    n = summary["n_games"]
    head = "city saved" if coop else "won"
    lines = [f"  {head:<22} {summary['wins']}/{n} = {percent_text(summary['win_rate'])}  (95% Wilson)"]
    if coop:
        lines.append(f"  {'rounds':<22} {mean_text(summary['rounds'])}")
        for s, g in enumerate(summary["glory_by_seat"]):
            lines.append(f"  {'glory seat ' + str(s):<22} {mean_text(g)}   epic "
                         f"{percent_text(summary['epic_hero_by_seat'][s])}")
        return "\n".join(lines)
    q = summary["quantiles_won"]
    lines += [f"  {'expected score':<22} {mean_text(summary['expected_score'])}  (a loss counts 0)",
              f"  {'mean score (won)':<22} {mean_text(summary['mean_score_won'])}",
              "  quantiles (won)        " + "  ".join(
                  f"{k}={'-' if v is None else f'{v:g}'}" for k, v in q.items()),
              "  R40 bands (won)        " + "  ".join(
                  f"{b['band']}: {b['count']}" for b in summary["bands"]),
              f"  {'losses':<22} {summary['losses']}"]
    return "\n".join(lines)
