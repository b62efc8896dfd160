"""Native vs Python engine: random legal play through the Python facade, in one run.

Both engines play the same games (seed i, choices from ``random.Random(i)``):
``legal_actions()`` then ``apply`` at every decision, through :class:`hydra_env.Game`.
Prints decisions/s of each engine per scenario and the ratio native / python
(the target of issue 12 is ≥ 10×), then the cost of a clone::

    PYTHONPATH=. python benchmarks/bench_native.py                 # ~30 s
    PYTHONPATH=. python benchmarks/bench_native.py --scenario 10 1 --seconds 5
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from hydra_env import Game


def play(engine: str, scenario: int, seconds: float, games: int | None = None) -> tuple[int, int, float]:
    """(games, decisions, seconds) of random legal play on ``engine``."""
    decisions = played = 0
    start = time.perf_counter()
    while (games is None and time.perf_counter() - start < seconds) or (games is not None and played < games):
        rng = random.Random(played)
        game = Game.new(scenario, 1, played, engine=engine)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        played += 1
    return played, decisions, time.perf_counter() - start


def clone_cost(engine: str, count: int = 20000) -> float:
    """Microseconds per clone of a game in its first round."""
    game = Game.new(1, 1, 0, engine=engine)
    start = time.perf_counter()
    for _ in range(count):
        game.clone()
    return (time.perf_counter() - start) / count * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", type=int, nargs="+", default=[10, 1])
    parser.add_argument("--seconds", type=float, default=8.0, help="python engine time per scenario")
    args = parser.parse_args(argv)
    print(f"{'scenario':>8} {'python/s':>10} {'native/s':>10} {'ratio':>7}  (same games, decisions/s)")
    for scenario in args.scenario:
        games, py_decisions, py_seconds = play("python", scenario, args.seconds)
        # the native engine plays the same games (a few more seconds' worth for a steady figure)
        native_games = games * max(1, int(10 / max(py_seconds, 1e-9) * args.seconds / 10))
        _, nat_decisions, nat_seconds = play("native", scenario, 0, native_games)
        py_rate, nat_rate = py_decisions / py_seconds, nat_decisions / nat_seconds
        print(f"{scenario:>8} {py_rate:>10,.0f} {nat_rate:>10,.0f} {nat_rate / py_rate:>6.1f}x")
    py_clone, nat_clone = clone_cost("python"), clone_cost("native")
    print(f"clone: python {py_clone:.1f} µs, native {nat_clone:.1f} µs ({py_clone / nat_clone:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
