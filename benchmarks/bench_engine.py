"""Engine speed: uniformly random legal play on one core.

At every decision the legal actions are computed with ``game.legal_actions()``
and one of them, drawn by ``random.Random(seed)``, is applied. Prints
decisions/s and games/s per scenario (by default the solo scenario 10 beside
the 4-hero scenario 1), the share of time spent in ``legal_actions`` and in
``apply``, and the command line that reruns the same games::

    PYTHONPATH=. python benchmarks/bench_engine.py                  # ~20 s
    PYTHONPATH=. python benchmarks/bench_engine.py --games 2000 --scenario 10 1 --seed 0
    PYTHONPATH=. python benchmarks/bench_engine.py --scenario 10 --seconds 5 --profile

Without ``--games`` each scenario plays for ``--seconds`` (default 10); the
games played are then reported, so that ``--games`` reruns exactly them.
Game i of scenario S uses the engine seed ``seed + i`` and the choice seed
``seed + i`` as well.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from hydra_env import Game


@dataclass
class Run:
    """Totals of one scenario's games."""

    scenario: int
    mode: str
    games: int = 0
    decisions: int = 0
    wall_s: float = 0.0
    legal_s: float = 0.0
    apply_s: float = 0.0
    new_s: float = 0.0


def play_one(scenario: int, stars: int, seed: int, run: Run) -> None:
    """One random game, its time split into setup, legal_actions and apply."""
    clock = time.perf_counter
    t0 = clock()
    game = Game.new(scenario=scenario, stars=stars, seed=seed)
    t1 = clock()
    run.new_s += t1 - t0
    rng = random.Random(seed)
    decisions = 0
    legal_s = apply_s = 0.0
    while not game.is_over:
        a = clock()
        legal = game.legal_actions()
        b = clock()
        game.apply(legal[rng.randrange(len(legal))])
        legal_s += b - a
        apply_s += clock() - b
        decisions += 1
    run.legal_s += legal_s
    run.apply_s += apply_s
    run.decisions += decisions
    run.games += 1
    run.wall_s += clock() - t0


def bench(scenario: int, stars: int, seed: int, games: int | None, seconds: float) -> Run:
    """Play ``games`` games (or as many as fit in ``seconds``) of ``scenario``."""
    mode = "solo" if Game.new(scenario, stars, 0).is_solo else "coop"
    run = Run(scenario, mode)
    start = time.perf_counter()
    i = 0
    while (i < games) if games is not None else (time.perf_counter() - start < seconds):
        play_one(scenario, stars, seed + i, run)
        i += 1
    return run


def table(runs: Sequence[Run]) -> str:
    """The results as a text table."""
    head = (f"{'scenario':>8} {'mode':>5} {'games':>7} {'decisions':>10} {'seconds':>8} "
            f"{'decisions/s':>12} {'games/s':>9} {'us/decision':>12} {'dec/game':>9} "
            f"{'legal%':>7} {'apply%':>7} {'new%':>6}")
    rows = [head, "-" * len(head)]
    for r in runs:
        wall = max(r.wall_s, 1e-9)
        rows.append(
            f"{r.scenario:>8} {r.mode:>5} {r.games:>7} {r.decisions:>10} {r.wall_s:>8.2f} "
            f"{r.decisions / wall:>12,.0f} {r.games / wall:>9,.1f} "
            f"{1e6 * wall / max(r.decisions, 1):>12.1f} {r.decisions / max(r.games, 1):>9.1f} "
            f"{100 * r.legal_s / wall:>7.1f} {100 * r.apply_s / wall:>7.1f} "
            f"{100 * r.new_s / wall:>6.1f}")
    return "\n".join(rows)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Engine speed under uniformly random legal play (one core).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--games", type=int, default=None,
                        help="games per scenario (default: as many as fit in --seconds)")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="time per scenario when --games is not given")
    parser.add_argument("--scenario", type=int, nargs="+", default=[10, 1],
                        help="scenarios to play (10-12 solo, 1-9 coordinated)")
    parser.add_argument("--stars", type=int, default=1, choices=(1, 2, 3))
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--profile", action="store_true",
                        help="run under cProfile; print the top 25 functions by cumulative time")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    profiler = cProfile.Profile() if args.profile else None
    if profiler is not None:
        profiler.enable()
    runs = [bench(s, args.stars, args.seed, args.games, args.seconds) for s in args.scenario]
    if profiler is not None:
        profiler.disable()
    print(f"uniformly random legal play, one core, {args.stars} star(s), seeds from {args.seed}"
          + (" (under cProfile: slower than without)" if profiler else ""))
    print(table(runs))
    tail = f"--stars {args.stars} --seed {args.seed}" + (" --profile" if args.profile else "")
    cmd = "PYTHONPATH=. python benchmarks/bench_engine.py"
    if len({r.games for r in runs}) == 1:
        scen = " ".join(map(str, args.scenario))
        print(f"\nrerun: {cmd} --games {runs[0].games} --scenario {scen} {tail}")
    else:
        print("\nrerun (one scenario at a time):")
        for r in runs:
            print(f"  {cmd} --games {r.games} --scenario {r.scenario} {tail}")
    if profiler is not None:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(25)
        print("\n" + out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
