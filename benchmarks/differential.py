"""Differential run: the native and the Python engine play the same random games.

After every decision the complete state and the legal mask must be identical
(see :mod:`hydra_env.games.hydra.native.differential`), and so must the observations of the
deciding seat and of seat 0; every ``--candidates-every`` decisions the candidate
features (K = 144) and every ``--determinize-every`` decisions determinize with
equal generators (:mod:`hydra_env.games.hydra.observe.differential_views`; ``--no-views`` for the
rules only). Prints the decisions compared, per scenario, and stops at the first
difference (exit status 1)::

    PYTHONPATH=. python benchmarks/differential.py --decisions 200000
    PYTHONPATH=. python benchmarks/differential.py --decisions 10000000 --seed 7 --scenario 1 10
"""

from __future__ import annotations

import argparse
import sys

from hydra_env.games.hydra.native.differential import SCENARIOS, run
from hydra_env.games.hydra.observe.differential_views import ViewCheck


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=200_000, help="decisions to compare (default 200000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and the choices")
    parser.add_argument("--scenario", type=int, nargs="+", default=list(SCENARIOS), help="scenarios (default all)")
    parser.add_argument("--stars", type=int, nargs="+", default=[1, 2, 3], help="stars (default 1 2 3)")
    parser.add_argument("--chunk", type=int, default=100_000, help="decisions per progress line")
    parser.add_argument("--no-views", action="store_true", help="compare the rules only (no observations, ...)")
    parser.add_argument("--candidates-every", type=int, default=20, help="candidate features every N decisions "
                        "(default 20, 0: never; the Python reference costs milliseconds each)")
    parser.add_argument("--determinize-every", type=int, default=20, help="determinize every N decisions (0: never)")
    args = parser.parse_args(argv)
    check = None if args.no_views else ViewCheck(candidates=144 if args.candidates_every else 0,
                                                 candidates_every=args.candidates_every,
                                                 determinize_every=args.determinize_every, seed=args.seed)
    total = games = reloads = illegal = 0
    seconds = 0.0
    per_scenario: dict[int, int] = {}
    chunk_seed = args.seed
    while total < args.decisions:
        want = min(args.chunk, args.decisions - total)
        report = run(want, seed=chunk_seed, scenarios=tuple(args.scenario), stars=tuple(args.stars), check=check)
        chunk_seed += 1
        total += report.decisions
        games += report.games
        reloads += report.reloads
        illegal += report.illegal_checked
        seconds += report.seconds
        for s, n in report.per_scenario.items():
            per_scenario[s] = per_scenario.get(s, 0) + n
        print(f"{total:>12,} decisions  {games:>9,} games  {total / seconds:>8,.0f}/s", flush=True)
        if report.mismatch:
            print(f"MISMATCH (chunk seed {chunk_seed - 1}): {report.mismatch}")
            return 1
    print(f"no difference in {total:,} decisions of {games:,} games (reloads {reloads:,}, "
          f"illegal actions tried {illegal:,}) in {seconds:.0f} s")
    print("per scenario: " + ", ".join(f"{s}: {n:,}" for s, n in sorted(per_scenario.items())))
    if check is not None:
        print(f"views: {check.observations_compared:,} observations, {check.candidates_compared:,} candidate "
              f"encodings, {check.determinized:,} determinizations compared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
