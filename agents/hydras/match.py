"""Win share of one Hydras bot against scripted opponents, seats rotated.

::

    python -m agents.hydras.match --agent ppo:hydras-default --opponents heuristic \\
        --games 1000 --players 3 --workers 2

Game ``i`` (seed ``seed + i``) puts the agent on seat ``i mod players`` and the
opponents (the list cycled) on the other seats, so every seat — the star
body's first move included (H4) — is played equally often. The *win share*
counts a win as 1 and a win shared by ``k`` seats (H16) as ``1/k``; its
95 % Wilson interval says whether it is clear of ``1/players``, the share of
an equal player. The figures do not depend on ``workers``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from agents import stats
from agents.backends import GameError, GameRecord, GameTask, TaskList, play_game, run_games
from agents.outputs import UsageError, atomic_write_text, check_file_out
from agents.progress import progress
from hydra_env.errors import HydraError

Z95 = stats.Z95


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``n`` (95 % by default):
    :func:`agents.stats.wilson_interval`, ``(0, 1)`` when ``n`` is 0."""
    return stats.wilson_interval(successes, n, z) or (0.0, 1.0)


def match_task(agent: str, opponents: list[str], players: int, seed: int, index: int) -> GameTask:
    """Game ``index``: the agent on seat ``index mod players``, the opponents (cycled) on the
    others; dealt from ``seed + index``, the bot of seat s seeded ``(seed + index) * 8 + s``."""
    seat = index % players
    specs = [opponents[k % len(opponents)] for k in range(players - 1)]
    specs.insert(seat, agent)
    game_seed = seed + index
    return GameTask(index, "hydras", {"num_players": players}, game_seed, tuple(specs),
                    tuple(game_seed * 8 + s for s in range(players)))


def play_match_game(task: GameTask) -> GameRecord:
    """Play one match game; a decision with one legal action is taken without asking the bot."""
    return play_game(task, ask_forced=False)


def game_figures(record: GameRecord, players: int) -> dict[str, Any]:
    """The agent's share of the win, its score and rank in a played game."""
    seat, result = record.index % players, record.result
    share = 1.0 / len(result["winners"]) if seat in result["winners"] else 0.0
    return {"game": record.index, "seed": record.seed, "seat": seat, "share": share,
            "score": result["scores"][seat], "rank": result["ranks"][seat]}


def play_one(agent: str, opponents: list[str], players: int, seed: int, index: int) -> dict[str, Any]:
    """Game ``index``: the agent on seat ``index mod players``; its share of the win,
    its score and rank."""
    return game_figures(play_match_game(match_task(agent, opponents, players, seed, index)), players)


def win_share(agent: str, opponents: list[str], *, games: int = 1000, players: int = 3,
              seed: int = 2_000_000, workers: int = 1) -> dict[str, Any]:
    """Play the games (module docstring) and summarise: ``share``, its ``low`` and
    ``high`` 95 % bounds, ``equal`` (1/players), ``clear`` (the interval lies above
    ``equal``), mean score and rank, and the per-game records under ``games_played``."""
    tasks = TaskList(games, lambda i: match_task(agent, opponents, players, seed, i))
    with progress(total=games, desc="games", unit="game") as bar:
        played = run_games(tasks, workers=workers, progress=bar.update, play=play_match_game)
    records = [game_figures(rec, players) for rec in played]
    total = sum(r["share"] for r in records)
    low, high = wilson(total, len(records))
    equal = 1.0 / players
    return {"agent": agent, "opponents": opponents, "players": players, "n_games": len(records),
            "seed": seed, "share": total / len(records), "low": low, "high": high,
            "equal": equal, "clear": low > equal,
            "score_mean": sum(r["score"] for r in records) / len(records),
            "rank_mean": sum(r["rank"] for r in records) / len(records),
            "games_played": records}


def main(argv: list[str] | None = None) -> int:
    """Command line of :func:`win_share`: prints the share and its interval."""
    p = argparse.ArgumentParser(prog="python -m agents.hydras.match",
                                description=__doc__.splitlines()[0])
    p.add_argument("--agent", required=True, help="bot spec of the agent, e.g. ppo:hydras-default")
    p.add_argument("--opponents", default="heuristic",
                   help="comma-separated bot specs of the other seats, cycled (default: heuristic)")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    p.add_argument("--seed", type=int, default=2_000_000, help="seed of game 0 (game i: seed + i)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--json", type=Path, help="also write the summary (and every game) to this file")
    p.add_argument("--force", action="store_true", help="replace the file of --json if it exists")
    args = p.parse_args(argv)
    if args.games < 1 or args.workers < 1 or args.seed < 0:
        p.error("--games and --workers must be at least 1, --seed at least 0")
    if args.json is not None:
        try:
            check_file_out(args.json, "--json", args.force)
        except UsageError as exc:
            p.error(str(exc))
    try:
        out = win_share(args.agent, args.opponents.split(","), games=args.games,
                        players=args.players, seed=args.seed, workers=args.workers)
    except (HydraError, GameError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{args.agent} vs {args.opponents} ({args.players} players, {out['n_games']} games, "
          f"seats rotated): win share {out['share']:.3f}, 95% interval "
          f"[{out['low']:.3f}, {out['high']:.3f}], equal share {out['equal']:.3f}: "
          f"{'clear of it' if out['clear'] else 'not clear of it'}; mean score "
          f"{out['score_mean']:.2f}, mean rank {out['rank_mean']:.2f}")
    if args.json:
        atomic_write_text(args.json, json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
