"""The per-class solo table of Heroica: one agent's solo evaluation for each of the four classes::

    python -m agents.game_tools.heroica.solo_report --agent greedy --games 1000 --workers 2

Runs ``hydra-env evaluate --game heroica --hero CLASS`` for every class (the same seeds, the
same process pool: :func:`agents.evaluate.evaluate_games`), each into ``OUT/CLASS/``, then
writes into ``OUT``: ``solo_table.md`` and ``solo_table.csv`` (per class: the censored mean
turns with its 95% interval, the share won within the limit, the quartiles, the optimum's
value and the agent's gap to it, the mean regret with its interval and the share of games
without regret) and ``censored_turns.png`` (the distribution per class).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from agents import cli
from agents.evaluate import evaluate_games, read_games_csv
from agents.game_tools.heroica.evaluate import quartiles_text
from agents.outputs import run_tool

COLUMNS = ("hero", "games", "censored_mean", "censored_ci_low", "censored_ci_high", "won_within_limit",
           "won_ci_low", "won_ci_high", "q1", "median", "q3", "optimum", "gap", "regret_mean",
           "regret_ci_low", "regret_ci_high", "zero_regret")


def parser() -> argparse.ArgumentParser:
    """The command's options."""
    p = argparse.ArgumentParser(prog="python -m agents.game_tools.heroica.solo_report",
                                description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agent", required=True, help="bot name (random, greedy, heuristic, solo-optimal) "
                                                  "or ppo:PATH.zip")
    p.add_argument("--games", type=cli.positive_int, default=1000, help="games per class (default: 1000)")
    p.add_argument("--seed", type=int, default=0, help="run seed, the same for every class (default: 0)")
    p.add_argument("--solo-turn-limit", type=cli.positive_int, default=40, metavar="L",
                   help="the turn limit L (HR36; default: 40)")
    p.add_argument("--workers", type=cli.positive_int, default=1, help="worker processes (default: 1)")
    p.add_argument("--out", type=Path, help="output folder (default: runs/heroica_solo/AGENT_seedS_nN)")
    p.add_argument("--force", action="store_true", help="replace --out if it holds files")
    return p


def row_of(hero: str, s: dict[str, Any]) -> dict[str, Any]:
    """The table's row of a class from its evaluate summary."""
    c, w, r = s["censored_turns"], s["won_within_limit"], s["regret"]
    q = s["censored_turns_quartiles"]
    return {"hero": hero, "games": s["n_games"], "censored_mean": round(c["mean"], 4),
            "censored_ci_low": round(c["ci95"][0], 4), "censored_ci_high": round(c["ci95"][1], 4),
            "won_within_limit": round(w["rate"], 4), "won_ci_low": round(w["ci95"][0], 4),
            "won_ci_high": round(w["ci95"][1], 4), "q1": q["p25"], "median": q["p50"], "q3": q["p75"],
            "optimum": round(s["optimum"], 4), "gap": round(s["gap_to_optimum"], 4),
            "regret_mean": round(r["mean"]["mean"], 4), "regret_ci_low": round(r["mean"]["ci95"][0], 4),
            "regret_ci_high": round(r["mean"]["ci95"][1], 4), "zero_regret": round(r["zero_regret"]["rate"], 4)}


def markdown(agent: str, games: int, seed: int, limit: int, rows: list[dict[str, Any]]) -> str:
    """The table as markdown."""
    lines = [f"Heroica solo, agent `{agent}`: {games} games per class, seed {seed}, limit {limit} turns "
             f"(censored T: {limit + 1} when not won within {limit}; 95% intervals).", "",
             "| class | censored mean turns | won within limit | quartiles | optimum | gap | mean regret "
             "| no regret |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        quart = quartiles_text({"q1": r["q1"], "q2": r["median"], "q3": r["q3"]})
        lines.append(f"| {r['hero']} | {r['censored_mean']:.2f} [{r['censored_ci_low']:.2f}, "
                     f"{r['censored_ci_high']:.2f}] | {100 * r['won_within_limit']:.1f}% "
                     f"[{100 * r['won_ci_low']:.1f}, {100 * r['won_ci_high']:.1f}] | {quart} | "
                     f"{r['optimum']:.3f} | {r['gap']:+.2f} | {r['regret_mean']:.3f} "
                     f"[{r['regret_ci_low']:.3f}, {r['regret_ci_high']:.3f}] | "
                     f"{100 * r['zero_regret']:.1f}% |")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    """Evaluate every class, write the table and the plot."""
    from agents.game_tools.heroica import plots
    from hydra_env.games.heroica.loader import CLASS_ORDER
    cli.check_agents([args.agent], "--agent", game="heroica")
    out = args.out or Path("runs/heroica_solo") / cli.slug(f"{args.agent}_seed{args.seed}_n{args.games}")
    cli.check_out(out, args.force)
    rows, censored, optimum = [], {}, {}
    with cli.atomic_dir(out) as tmp:
        for hero in CLASS_ORDER:
            print(f"solo_report: the {hero}, {args.games} games of {args.agent}", flush=True)
            summary = evaluate_games("heroica", args.agent, games=args.games, seed=args.seed,
                                     out=tmp / hero, workers=args.workers, quiet=True,
                                     params={"hero": hero, "solo_turn_limit": args.solo_turn_limit})
            rows.append(row_of(hero, summary))
            censored[hero] = [int(r["censored_turns"]) for r in read_games_csv(tmp / hero / "games.csv")]
            optimum[hero] = summary["optimum"]
        table = markdown(args.agent, args.games, args.seed, args.solo_turn_limit, rows)
        (tmp / "solo_table.md").write_text(table, encoding="utf-8")
        (tmp / "solo_table.csv").write_text(cli.csv_text(rows, COLUMNS), encoding="utf-8")
        plots.plot_censored_turns(censored, args.solo_turn_limit, optimum,
                                  f"{args.agent} · Heroica solo, every class · {args.games} games each",
                                  tmp / "censored_turns.png")
    print(table, end="")
    print(f"wrote {out}/ (solo_table.md, solo_table.csv, censored_turns.png, one evaluate folder per class)")
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line; a bad option is one line on stderr and exit status 2."""
    return run_tool("solo_report", parser(), run, argv)


if __name__ == "__main__":
    sys.exit(main())
