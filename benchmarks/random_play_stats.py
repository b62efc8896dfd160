"""Random legal play of many games per scenario: errors, outcomes, scores, time.

Every game is played by uniformly random legal decisions; at every decision
the rule invariants of :func:`hydra_env.games.hydra.rules.testing.invariants` are checked
(``--no-invariants`` skips them), and any exception or broken invariant is
counted as an error with the seed that reproduces it. Per scenario it prints:
games, errors, win rate (city saved), mean rounds, mean decisions, mean glory
(solo: the hero's glory; coordinated: the mean final compass progress), the
solo score min/max among won games beside the bounds R39 allows, and the
wall time taken::

    PYTHONPATH=. python benchmarks/random_play_stats.py                 # 2,000 solo / 1,000 coop
    PYTHONPATH=. python benchmarks/random_play_stats.py --games 200 --scenario 10 1 --workers 4
    PYTHONPATH=. python benchmarks/random_play_stats.py --late 1        # start in the last round

Game i of scenario S is fully determined by (``--seed``, S, i): its engine
seed and its choice seed are derived from them with numpy's SeedSequence, so
the results, and the digest printed at the end, do not depend on
``--workers``. ``--late K`` starts every game K rounds before the end (the
round counter is set before the first decision, a shortcut used by the
tests), since uniformly random play from round 1 almost never survives.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import random
import statistics
import sys
import time
import traceback
from collections.abc import Sequence
from typing import Any

import numpy as np

from hydra_env import Game
from hydra_env.games.hydra.rules.testing import invariants

SOLO = (10, 11, 12)


def game_seed(seed: int, scenario: int, index: int) -> int:
    """The engine seed of game ``index`` of ``scenario`` (independent of the worker count)."""
    words = np.random.SeedSequence([seed, scenario, index]).generate_state(2, np.uint32)
    return int(words[0]) << 31 | int(words[1]) >> 1


def play_game(job: tuple[int, int, int, int, int, bool]) -> dict[str, Any]:
    """Worker: play one random game; a small record of its end (or of its error)."""
    seed, scenario, index, stars, late, check = job
    s = game_seed(seed, scenario, index)
    rec: dict[str, Any] = {"i": index, "seed": s, "error": None}
    decisions = 0
    try:
        game = Game.new(scenario=scenario, stars=stars, seed=s)
        if late:
            game.state.round = max(len(game.state.moon_tokens) - late, 0)
        rng = random.Random(s)
        while not game.is_over:
            if check:
                bad = invariants(game)
                if bad:
                    raise AssertionError(f"invariants broken: {bad}")
            legal = game.legal_actions()
            if not legal:
                raise AssertionError("no legal action before the end")
            game.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        if check and invariants(game):
            raise AssertionError(f"invariants broken at the end: {invariants(game)}")
        res = game.result()
        rec.update(outcome=res.outcome, rounds=res.rounds, score=res.score,
                   glory=statistics.fmean(res.glory), decisions=decisions)
    except Exception as exc:  # reported with the seed that reproduces it
        rec.update(error=f"{type(exc).__name__}: {exc}",
                   where=traceback.format_exc(limit=-3), decisions=decisions)
    return rec


def score_bounds(scenario: int, stars: int) -> tuple[int, int]:
    """R39: a won score lies in [100 − (4·9 − 1) − 24 − 5 + 1, 100 + starting walls]."""
    game = Game.new(scenario, stars, 0)
    heads, last = len(game.state.head_count), game.rules.board.last_pos
    return 100 - (heads * last - 1) - 6 * heads - 5 + 1, 100 + game.state.walls_at_start


def summary(scenario: int, stars: int, recs: list[dict[str, Any]], seconds: float) -> dict:
    """Per-scenario figures of a list of game records."""
    ok = [r for r in recs if r["error"] is None]
    won = [r for r in ok if r["outcome"] == "won"]
    scores = [r["score"] for r in won if r["score"] is not None]
    solo = scenario in SOLO
    lo, hi = score_bounds(scenario, stars) if solo else (None, None)
    return {
        "scenario": scenario, "mode": "solo" if solo else "coop", "games": len(recs),
        "errors": len(recs) - len(ok), "win_rate": len(won) / max(len(ok), 1),
        "mean_rounds": statistics.fmean(r["rounds"] for r in ok) if ok else float("nan"),
        "mean_decisions": statistics.fmean(r["decisions"] for r in ok) if ok else float("nan"),
        "mean_glory": statistics.fmean(r["glory"] for r in ok) if ok else float("nan"),
        "score_min": min(scores) if scores else None, "score_max": max(scores) if scores else None,
        "bound_lo": lo, "bound_hi": hi,
        "in_bounds": all(lo <= x <= hi for x in scores) if solo else None,
        "seconds": seconds,
    }


def print_table(rows: list[dict]) -> None:
    head = (f"{'scen':>4} {'mode':>4} {'games':>6} {'errors':>6} {'win%':>6} {'rounds':>6} "
            f"{'decis.':>7} {'glory':>7} {'score min-max':>13} {'R39 bounds':>10} {'ok':>3} "
            f"{'time s':>7}")
    print(head)
    print("-" * len(head))
    for r in rows:
        score = ("-" if r["score_min"] is None else f"{r['score_min']}-{r['score_max']}") \
            if r["mode"] == "solo" else ""
        bounds = f"{r['bound_lo']}-{r['bound_hi']}" if r["mode"] == "solo" else ""
        ok = "" if r["in_bounds"] is None else ("yes" if r["in_bounds"] else "NO")
        print(f"{r['scenario']:>4} {r['mode']:>4} {r['games']:>6} {r['errors']:>6} "
              f"{100 * r['win_rate']:>6.1f} {r['mean_rounds']:>6.2f} {r['mean_decisions']:>7.1f} "
              f"{r['mean_glory']:>7.2f} {score:>13} {bounds:>10} {ok:>3} {r['seconds']:>7.1f}")


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Random legal play of many games per scenario: errors, outcomes, scores.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--games", type=int, default=None,
                        help="games per scenario (default: --solo-games / --coop-games)")
    parser.add_argument("--solo-games", type=int, default=2000, help="games per solo scenario")
    parser.add_argument("--coop-games", type=int, default=1000,
                        help="games per coordinated scenario")
    parser.add_argument("--scenario", type=int, nargs="+", default=list(range(1, 13)))
    parser.add_argument("--stars", type=int, default=1, choices=(1, 2, 3))
    parser.add_argument("--seed", type=int, default=0, help="base seed of all games")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--late", type=int, default=0,
                        help="start each game this many rounds before the end (0: from round 1)")
    parser.add_argument("--no-invariants", action="store_true",
                        help="do not check testing.invariants() at every decision")
    parser.add_argument("--no-progress", action="store_true", help="no tqdm progress bars")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    from agents.progress import progress
    rows, errors = [], []
    digest = hashlib.sha256()
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for scenario in args.scenario:
            n = args.games or (args.solo_games if scenario in SOLO else args.coop_games)
            jobs = [(args.seed, scenario, i, args.stars, args.late, not args.no_invariants)
                    for i in range(n)]
            t0 = time.perf_counter()
            it = pool.imap(play_game, jobs, chunksize=max(1, min(50, n // (4 * args.workers))))
            it = progress(it, total=n, desc=f"scenario {scenario:2d}", unit="game", leave=False,
                          quiet=args.no_progress)
            recs = list(it)
            seconds = time.perf_counter() - t0
            rows.append(summary(scenario, args.stars, recs, seconds))
            errors += [(scenario, r) for r in recs if r["error"] is not None]
            digest.update(json.dumps([scenario, recs], sort_keys=True).encode())
    total = time.perf_counter() - start
    print(f"random legal play, {args.stars} star(s), base seed {args.seed}, "
          f"{args.workers} worker(s)" + (f", starting {args.late} round(s) before the end"
                                         if args.late else ""))
    print_table(rows)
    print(f"\nall games ended without error: {'yes' if not errors else 'NO'} "
          f"({len(errors)} errors); total {total:.1f} s")
    print(f"results digest (independent of --workers): {digest.hexdigest()[:16]}")
    for scenario, r in errors[:10]:
        print(f"\nscenario {scenario} game {r['i']} (Game.new({scenario}, {args.stars}, "
              f"{r['seed']}), choices random.Random({r['seed']})) after {r['decisions']} "
              f"decisions: {r['error']}\n{r['where']}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
