"""Differential run of the Hydras engines: native and Python play the same random games.

After every decision the current player, is_over, the pending decision, the legal
actions and mask, the JSON save, every seat's flat observation and (at the end)
the result must be identical (:mod:`hydra_env.games.hydras.native.differential`); native
games are reloaded from the Python save, illegal actions and clones are checked
along the way. Stops at the first difference (exit status 1)::

    PYTHONPATH=. python benchmarks/differential_hydras.py --decisions 100000
    PYTHONPATH=. python benchmarks/differential_hydras.py --decisions 20000 --players 4 --seed 3
"""

from __future__ import annotations

import argparse
import sys

from hydra_env.games.hydras.native.differential import run


def main(argv: list[str] | None = None) -> int:
    """Run the comparison in chunks, printing progress; 0 when no difference was found."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=50_000, help="decisions to compare (default 50000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and the choices")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], help="player counts (default 2 3 4)")
    parser.add_argument("--chunk", type=int, default=10_000, help="decisions per progress line")
    parser.add_argument("--reload-every", type=int, default=50, help="reload the native game every N decisions")
    args = parser.parse_args(argv)
    total = games = 0
    seconds = 0.0
    chunk_seed = args.seed
    while total < args.decisions:
        report = run(min(args.chunk, args.decisions - total), seed=chunk_seed, players=tuple(args.players),
                     reload_every=args.reload_every)
        chunk_seed += 1
        total += report.decisions
        games += report.games
        seconds += report.seconds
        print(f"{total:>10,} decisions  {games:>7,} games  {total / max(seconds, 1e-9):>7,.0f}/s", flush=True)
        if report.mismatch:
            print(f"MISMATCH (chunk seed {chunk_seed - 1}): {report.mismatch}")
            return 1
    print(f"no difference in {total:,} decisions of {games:,} games in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
