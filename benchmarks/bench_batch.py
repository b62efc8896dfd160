"""The native hot paths in one run: the batch API, and observations and candidate
features native vs ``HYDRA_ENV_ENGINE=python``.

Prints, for a solo (10) and a coordinated (1) scenario:

1. ``NativeGameBatch`` decisions/s on one core with random legal actions
   (``sample_legal``, drawn in C++; over rows restarted), writing observations and
   masks, then with ``write_obs=False, write_masks=False``;
2. ``Encoder.encode(game, seat)`` per second on a native game vs a Python-engine
   game of the same positions, and the ratio;
3. ``CandidateEncoder(rules, 144).encode(game, seat)`` per second, the same way.

::

    PYTHONPATH=. python benchmarks/bench_batch.py                # ~30 s
    PYTHONPATH=. python benchmarks/bench_batch.py --seconds 1 --games 64
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

from hydra_env import Game
from hydra_env.games.hydra.native.batch import NativeGameBatch
from hydra_env.games.hydra.observe.candidates import CandidateEncoder
from hydra_env.games.hydra.observe.encoding import Encoder


def batch_rate(scenario: int, n: int, seconds: float, **kw: bool) -> tuple[float, float]:
    """Decisions per second of the batch API with random legal actions: per wall-clock
    second and per CPU second of this process (the fair figure on a shared machine)."""
    rules = Game.new(scenario, 1, 0, engine="python").rules
    batch = NativeGameBatch(rules, n, **kw)
    rng = np.random.default_rng(0)
    seed = 0
    for r in range(n):
        batch.start(r, 1, seed)
        seed += 1
    all_rows = np.arange(n)
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            actions = batch.sample_legal(rng)
            live = actions >= 0
            rows = all_rows[live]
            batch.apply(actions[live], rows)
            decisions += len(rows)
            for r in np.flatnonzero(batch.over):
                batch.start(int(r), 1, seed)
                seed += 1
    return decisions / (time.perf_counter() - start), decisions / max(1e-9, time.process_time() - cpu)


def positions(scenario: int, count: int) -> list[Game]:
    """Python-engine games at random points of random play, with a decision pending."""
    rng = random.Random(scenario)
    out: list[Game] = []
    while len(out) < count:
        game = Game.new(scenario, 1 + len(out) % 3, rng.randrange(1 << 62), engine="python")
        for _ in range(rng.randrange(80)):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        if not game.is_over:
            out.append(game)
    return out


def per_second(fn, games: list, seconds: float) -> float:
    """Calls of fn(game, game.current_player) per second, cycling over games."""
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for game in games:
            fn(game, game.current_player)
        calls += len(games)
    return calls / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", type=int, nargs="+", default=[10, 1])
    parser.add_argument("--games", type=int, default=256, help="rows of the batch")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    args = parser.parse_args(argv)
    for scenario in args.scenario:
        with_obs = batch_rate(scenario, args.games, args.seconds)
        raw = batch_rate(scenario, args.games, args.seconds, write_obs=False, write_masks=False)
        print(f"scenario {scenario}: batch of {args.games}, one core: {with_obs[0]:,.0f} decisions/s writing obs + "
              f"masks ({with_obs[1]:,.0f} per CPU second), {raw[0]:,.0f} decisions/s without "
              f"({raw[1]:,.0f} per CPU second; target 1,000,000)")
        python_games = positions(scenario, 64)
        native_games = [Game.from_json(g.to_json(), engine="native") for g in python_games]
        encoder = Encoder()
        cand = CandidateEncoder(python_games[0].rules, 144)
        for name, fn in (("obs encode", encoder.encode), ("candidates=144 encode", cand.encode)):
            py = per_second(fn, python_games, args.seconds)
            nat = per_second(fn, native_games, args.seconds)
            print(f"scenario {scenario}: {name:<22} native {nat:>10,.0f}/s  python {py:>9,.0f}/s  "
                  f"ratio {nat / py:5.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
