"""The generic batch API of every registered game: native (the shared C++ template) against the
Python reference, in one run.

For each game with a native batch (or those named with ``--game``), random legal decisions
per second on one core (``sample_legal`` drawn in C++, over rows restarted when their game
ends), per wall-clock second and per CPU second of this process:

1. the native batch writing observations and masks;
2. the native batch writing neither (the rules alone);
3. the Python batch writing both (the reference);

side by side, one line per game, each with its ratio to the Python batch. The rows default to
256, as Hydra's batch benchmark (``benchmarks/bench_batch.py``) has them.

::

    PYTHONPATH=. python benchmarks/bench_game_batch.py                  # every game with a native batch
    PYTHONPATH=. python benchmarks/bench_game_batch.py --game hydras --seconds 2 --games 128
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
from timing import timed

import hydra_env
from hydra_env.envs.vector.batch import GameBatch, NativeBatch, PythonBatch


def batch_rate(batch: GameBatch, seconds: float) -> tuple[float, float]:
    """(decisions per wall second, per CPU second) of ``batch`` with random legal actions."""
    rng = np.random.default_rng(0)
    n = batch.num_games
    seed = 0
    for row in range(n):
        batch.start(row, seed)
        seed += 1
    all_rows = np.arange(n)

    def body() -> int:
        nonlocal seed
        decisions = 0
        for _ in range(10):
            actions = batch.sample_legal(rng.random(n))
            live = actions >= 0
            batch.apply(actions[live], all_rows[live])
            decisions += int(live.sum())
            for row in np.flatnonzero(batch.over).tolist():
                batch.start(row, seed)
                seed += 1
        return decisions

    return timed(body, seconds)


def main(argv: list[str] | None = None) -> int:
    """Print the table (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=hydra_env.game_names(),
                        help="a game to measure (repeatable; default: every game with a native batch)")
    parser.add_argument("--games", type=int, default=256, help="rows of the batch (default 256)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement (default 3)")
    args = parser.parse_args(argv)
    names = args.game or [n for n in hydra_env.game_names() if hydra_env.game_spec(n).native_batch]
    print(f"random legal decisions per CPU second of this process (fair on a busy machine), "
          f"{args.games} rows, one process; (x): the ratio to the Python batch")
    print(f"{'game':<12} {'native obs + masks':>24} {'native rules only':>24} {'python obs + masks':>19}")
    for name in names:
        try:
            native = NativeBatch(name, args.games, seat=-1)
        except hydra_env.ConfigError as exc:
            print(f"{name}: no native batch here ({exc})")
            continue
        bare = NativeBatch(name, args.games, seat=-1, write_obs=False, write_masks=False)
        python = PythonBatch(name, args.games, seat=-1)
        full, rules, ref = (batch_rate(b, args.seconds)[1] for b in (native, bare, python))
        print(f"{name:<12} {full:>14,.0f} ({full / ref:5.1f}x) {rules:>14,.0f} ({rules / ref:5.1f}x) "
              f"{ref:>11,.0f} (1.0x)   obs {native.obs_size} floats, {native.action_size} actions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
