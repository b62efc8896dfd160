"""Search on the learned policy: ``ppo-search`` against the policy alone and the
``rollout`` budget that takes the same time per game (solo).

::

    OMP_NUM_THREADS=1 python benchmarks/bench_search.py --games 1000 --seed 1000000
    python benchmarks/bench_search.py --games 40 --time-games 10      # a quick run

1. **Time matching.** ``--time-games`` games (seeds from ``--time-seed``) of the
   search bot and of ``rollout:budget=B,candidates=4`` for each B of ``--budgets``,
   interleaved game by game in this one process (so a change of the machine's load
   touches all alike); the time of a game is the CPU time of this process
   (``time.process_time``), one thread. The rollout budget whose seconds per game
   are the closest to the search bot's is the matched one.
2. **Scores.** ``--games`` games of the search bot, of ``ppo:POLICY`` and of the
   matched rollout on the seeds of ``hydra-env evaluate --seed SEED`` (game i:
   :func:`agents.backends.game_seed`, the bot: :func:`agents.backends.bot_seed`), so
   each row equals ``hydra-env evaluate --mode solo --agent SPEC --games N --seed
   SEED``. Reported: the win rate (95% Wilson), the expected score (a loss counts
   0; 95% bootstrap), CPU seconds per game, and the paired difference of the
   search bot to each other bot on the same seeds (95% bootstrap of the per-game
   differences).

``--out FILE.json`` writes the table. Torch is set to one thread (its default of
one per core is about ten times slower on a busy machine for these small passes).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from agents import stats  # noqa: E402
from agents.backends import GameTask, bot_seed, game_seed, play_game  # noqa: E402
from agents.progress import progress  # noqa: E402


def one_game(spec: str, seed: int, index: int, scenario: int, stars: int) -> tuple[float | None, float]:
    """``(score or None for a loss, CPU seconds)`` of game ``index`` of a run with ``seed``."""
    task = GameTask(index, "hydra", {"scenario": scenario, "stars": stars}, game_seed(seed, index), (spec,),
                    (bot_seed(seed, index, 0),))
    t = time.process_time()
    record = play_game(task)
    seconds = time.process_time() - t
    won = record.result["outcome"] == "won"
    return (float(record.result["score"]) if won else None), seconds


def time_match(search: str, budgets: list[int], args: argparse.Namespace) -> dict[str, float]:
    """CPU seconds per game of the search bot and of each rollout budget (interleaved)."""
    specs = [search] + [f"rollout:budget={b},candidates=4" for b in budgets]
    for spec in specs:                                   # warm up: model load, first calls
        one_game(spec, args.time_seed, args.time_games, args.scenario, args.stars)
    seconds = {spec: 0.0 for spec in specs}
    for i in progress(range(args.time_games), desc="timing", leave=False):
        for spec in specs:
            seconds[spec] += one_game(spec, args.time_seed, i, args.scenario, args.stars)[1]
    return {spec: s / args.time_games for spec, s in seconds.items()}


def scores(spec: str, args: argparse.Namespace) -> tuple[np.ndarray, int, float]:
    """``(expected-score values with a loss as 0, wins, CPU seconds per game)`` over ``--games``."""
    values, wins, total = [], 0, 0.0
    for i in progress(range(args.games), desc=spec, leave=False):
        score, seconds = one_game(spec, args.seed, i, args.scenario, args.stars)
        values.append(0.0 if score is None else score)
        wins += score is not None
        total += seconds
    return np.array(values), wins, total / args.games


def paired_interval(diff: np.ndarray) -> tuple[float, float] | None:
    """95% bootstrap interval of the mean of per-game differences (fixed generator)."""
    return stats.bootstrap_mean_interval(diff)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--policy", default="solo-default", help="the policy (a shipped name or a .zip)")
    p.add_argument("--search", default="", metavar="SPEC",
                   help="the search bot's spec (default: ppo-search:POLICY)")
    p.add_argument("--budgets", default="16,20,24,28,32", help="rollout budgets to time (candidates=4)")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1000000)
    p.add_argument("--time-games", type=int, default=50)
    p.add_argument("--time-seed", type=int, default=3000000)
    p.add_argument("--scenario", type=int, default=10)
    p.add_argument("--stars", type=int, default=1)
    p.add_argument("--out", type=Path)
    args = p.parse_args(argv)
    import torch
    torch.set_num_threads(1)
    search = args.search or f"ppo-search:{args.policy}"
    budgets = [int(b) for b in args.budgets.split(",")]

    timing = time_match(search, budgets, args)
    print(f"time per game (CPU s, one thread, {args.time_games} games from seed {args.time_seed}):")
    for spec, s in timing.items():
        print(f"  {spec:<48} {s:7.3f}")
    rollouts = {spec: s for spec, s in timing.items() if spec != search}
    matched = min(rollouts, key=lambda spec: abs(rollouts[spec] - timing[search]))
    print(f"matched rollout: {matched}")

    rows: dict[str, dict[str, Any]] = {}
    values: dict[str, np.ndarray] = {}
    for spec in (search, f"ppo:{args.policy}", matched):
        v, wins, sec = scores(spec, args)
        values[spec] = v
        rows[spec] = {"expected_score": stats.mean_summary(v), "win_rate": stats.rate_summary(wins, len(v)),
                      "seconds_per_game": sec}
    for spec in rows:
        if spec != search:
            d = values[search] - values[spec]
            rows[search][f"minus {spec}"] = {"mean": float(d.mean()), "ci95": list(paired_interval(d) or [])}

    print(f"\nscenario {args.scenario}, {args.stars} star(s), {args.games} games, seed {args.seed} "
          f"(the seeds of hydra-env evaluate):")
    print(f"{'bot':<48} {'expected score [95%]':>24} {'won [95%]':>22} {'s/game':>7}")
    for spec, row in rows.items():
        es, wr = row["expected_score"], row["win_rate"]
        print(f"{spec:<48} {es['mean']:8.2f} [{es['ci95'][0]:6.2f}, {es['ci95'][1]:6.2f}] "
              f"{100 * wr['rate']:6.1f}% [{100 * wr['ci95'][0]:5.1f}, {100 * wr['ci95'][1]:5.1f}] "
              f"{row['seconds_per_game']:7.3f}")
    for key, d in rows[search].items():
        if key.startswith("minus "):
            print(f"{search} {key}: {d['mean']:+.2f} [{d['ci95'][0]:+.2f}, {d['ci95'][1]:+.2f}] "
                  f"(paired, same seeds)")
    result = {"timing": timing, "matched": matched, "rows": rows,
              "config": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}}
    if args.out:
        args.out.write_text(json.dumps(result, indent=1))
    return result


if __name__ == "__main__":
    main()
