"""Hadara's score by source per player count: one agent's evaluation at 2, 3, 4 and 5 players::

    python -m agents.game_tools.hadara.sources_report --agent greedy --opponents greedy --games 400

Runs ``hydra-env evaluate --game hadara --num-players N`` for each player count (the same seed,
the agent against ``--opponents``, seats rotated: :func:`agents.evaluate.evaluate_games`),
each into ``OUT/<N>p/``, then writes into ``OUT``: ``sources_table.md`` and
``sources_table.csv`` (per player count: the agent's and its opponents' mean points of each
source of HD27 with their 95% intervals and shares of the score, and the agent's win share
with its interval) and ``score_sources.png`` (the distribution of each source's points, one
panel per player count). Hadara's components are a reconstruction: the figures describe it,
not the published game.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from agents import cli
from agents.evaluate import evaluate_games, read_games_csv
from agents.evaluate_defaults import percent_text
from agents.game_tools.hadara import sources
from agents.game_tools.hadara.evaluate import agent_parts, other_parts
from agents.outputs import run_tool

COLUMNS = ("players", "group", "n", "win_rate", "win_lo", "win_hi", "total",
           *(f"{s}_{part}" for s in sources.SOURCES for part in ("mean", "lo", "hi", "share")))


def player_counts(text: str) -> list[int]:
    """argparse type of ``--player-counts``: comma-separated counts, each 2-5."""
    try:
        counts = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"give player counts 2-5 separated by commas (e.g. 2,3,4,5), "
                                         f"got {text!r}") from None
    if not counts or any(not 2 <= n <= 5 for n in counts):
        raise argparse.ArgumentTypeError(f"Hadara seats 2-5 players; got {text!r}")
    return counts


def parser() -> argparse.ArgumentParser:
    """The command's options."""
    p = argparse.ArgumentParser(prog="python -m agents.game_tools.hadara.sources_report",
                                description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agent", required=True, help="bot name (random, greedy, specialist:colour=red, ...) "
                                                  "or ppo:PATH.zip")
    p.add_argument("--opponents", default="greedy", help="the other seats' bot (default: greedy)")
    p.add_argument("--player-counts", type=player_counts, default=[2, 3, 4, 5], metavar="N[,N...]",
                   help="the player counts (default: 2,3,4,5)")
    p.add_argument("--games", type=cli.positive_int, default=400, help="games per player count (default: 400)")
    p.add_argument("--seed", type=int, default=0, help="run seed, the same for every count (default: 0)")
    p.add_argument("--workers", type=cli.positive_int, default=1, help="worker processes (default: 1)")
    p.add_argument("--out", type=Path, help="output folder (default: runs/hadara_sources/AGENT_vs_OPP_seedS_nN)")
    p.add_argument("--force", action="store_true", help="replace --out if it holds files")
    return p


def rows_of(players: int, summary: dict[str, Any]) -> list[dict[str, Any]]:
    """The table's two rows of a player count (the agent, the opponents) from its summary."""
    out = []
    for group in ("agent", "opponents"):
        by = summary["score_by_source"][group]
        win = summary["win"] if group == "agent" else {"rate": None, "ci95": [None, None]}
        row = {"players": players, "group": group, "n": by["n"], "win_rate": win["rate"],
               "win_lo": win["ci95"][0], "win_hi": win["ci95"][1], "total": by["total"]["mean"]}
        for name in sources.SOURCES:
            s = by["sources"][name]
            row.update({f"{name}_mean": s["mean"], f"{name}_lo": s["ci95"][0], f"{name}_hi": s["ci95"][1],
                        f"{name}_share": s["share"]})
        out.append(row)
    return out


def markdown(args: argparse.Namespace, summaries: dict[int, dict[str, Any]]) -> str:
    """The table as Markdown: per player count, the agent's and the opponents' rows."""
    head = (f"Score by source (HD27), {args.agent} against {args.opponents}, seats rotated, {args.games} games per "
            f"player count, seed {args.seed} (Hadara: rules with reconstructed components)\n\n")
    groups = {}
    for players, s in summaries.items():
        by = s["score_by_source"]
        groups[f"{players}p {args.agent} (won {percent_text(s['win'])})"] = by["agent"]
        groups[f"{players}p opponents"] = by["opponents"]
    return head + sources.markdown(groups, "players, group")


def run(args: argparse.Namespace) -> int:
    """Evaluate at every player count, write the table and the plot."""
    from agents.game_tools.hadara.plots import plot_sources
    cli.check_agents([args.agent], "--agent", game="hadara")
    cli.check_agents([args.opponents], "--opponents", game="hadara")
    out = args.out or Path("runs/hadara_sources") / cli.slug(
        f"{args.agent}_vs_{args.opponents}_seed{args.seed}_n{args.games}")
    cli.check_out(out, args.force)
    summaries, rows, panels = {}, [], []
    with cli.atomic_dir(out) as tmp:
        for players in args.player_counts:
            print(f"sources_report: {players} players, {args.games} games of {args.agent} against "
                  f"{args.opponents}", flush=True)
            summary = evaluate_games("hadara", args.agent, opponents=[args.opponents], games=args.games,
                                     seed=args.seed, out=tmp / f"{players}p", workers=args.workers, quiet=True,
                                     params={"num_players": players})
            summaries[players] = summary
            rows += rows_of(players, summary)
            games = read_games_csv(tmp / f"{players}p" / "games.csv")
            panels.append((f"{players} players", {args.agent: agent_parts(games), "opponents": other_parts(games)}))
        table = markdown(args, summaries)
        (tmp / "sources_table.md").write_text(table, encoding="utf-8")
        (tmp / "sources_table.csv").write_text(cli.csv_text(rows, COLUMNS), encoding="utf-8")
        plot_sources(panels, f"{args.agent} vs {args.opponents} · Hadara (reconstructed components) · "
                             f"{args.games} games per player count · points by source (HD27)",
                     tmp / "score_sources.png")
    print(table, end="")
    print(f"wrote {out}/ (sources_table.md, sources_table.csv, score_sources.png, one evaluate folder per count)")
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line; a bad option is one line on stderr and exit status 2."""
    return run_tool("sources_report", parser(), run, argv)


if __name__ == "__main__":
    sys.exit(main())
