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
import math
import sys
from typing import Any

from agents.progress import progress
from hydra_env.envs.bots import make_bot
from hydra_env.errors import HydraError
from hydra_env.hydras import HydrasGame

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``n`` (95 % by default)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_one(agent: str, opponents: list[str], players: int, seed: int, index: int) -> dict[str, Any]:
    """Game ``index``: the agent on seat ``index mod players``; its share of the win,
    its score and rank."""
    seat = index % players
    specs = [opponents[k % len(opponents)] for k in range(players - 1)]
    specs.insert(seat, agent)
    game_seed = seed + index
    bots = [make_bot(spec, game="hydras", seed=game_seed * 8 + s) for s, spec in enumerate(specs)]
    game = HydrasGame.new(players, game_seed)
    while not game.is_over:
        player = game.current_player
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else int(bots[player].act(game.view(player), legal)))
    result = game.result()
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    return {"game": index, "seed": game_seed, "seat": seat, "share": share,
            "score": result.scores[seat], "rank": result.ranks[seat]}


def _chunk(agent: str, opponents: list[str], players: int, seed: int, games: list[int],
           show: bool) -> list[dict[str, Any]]:
    return [play_one(agent, opponents, players, seed, i)
            for i in progress(games, desc="games", unit="game", quiet=not show)]


def win_share(agent: str, opponents: list[str], *, games: int = 1000, players: int = 3,
              seed: int = 2_000_000, workers: int = 1) -> dict[str, Any]:
    """Play the games (module docstring) and summarise: ``share``, its ``low`` and
    ``high`` 95 % bounds, ``equal`` (1/players), ``clear`` (the interval lies above
    ``equal``), mean score and rank, and the per-game records under ``games_played``."""
    chunks = [list(range(w, games, workers)) for w in range(workers)]
    if workers <= 1:
        parts = [_chunk(agent, opponents, players, seed, chunks[0], True)]
    else:
        import multiprocessing as mp

        from agents.backends import one_thread_worker
        with mp.get_context("spawn").Pool(workers, initializer=one_thread_worker) as pool:
            parts = pool.starmap(_chunk, [(agent, opponents, players, seed, c, k == 0)
                                          for k, c in enumerate(chunks)])
    records = sorted((r for part in parts for r in part), key=lambda r: r["game"])
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
    p.add_argument("--json", help="also write the summary (and every game) to this file")
    args = p.parse_args(argv)
    if args.games < 1 or args.workers < 1 or args.seed < 0:
        p.error("--games and --workers must be at least 1, --seed at least 0")
    try:
        out = win_share(args.agent, args.opponents.split(","), games=args.games,
                        players=args.players, seed=args.seed, workers=args.workers)
    except HydraError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{args.agent} vs {args.opponents} ({args.players} players, {out['n_games']} games, "
          f"seats rotated): win share {out['share']:.3f}, 95% interval "
          f"[{out['low']:.3f}, {out['high']:.3f}], equal share {out['equal']:.3f}: "
          f"{'clear of it' if out['clear'] else 'not clear of it'}; mean score "
          f"{out['score_mean']:.2f}, mean rank {out['rank_mean']:.2f}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(out, handle, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
