"""Hail Hydra's scripted opponents natively: their speed against the Python bots, and their agreement.

Without ``--differential`` it measures, in one run, per CPU second of this process:

1. whole games played by ``saboteur`` bots at every seat (5-8 players in turn, the same deals),
   the Python bots against their native twins (``hydra_env/games/hail_hydra/native/bots.py``):
   decisions per CPU second and the ratio;
2. ``hydra_env/HailHydra-v0`` on the native engine with its default opponents (``saboteur``), played
   by the Python bots (``native_bots=False``) and by the twins (the default), as
   ``benchmarks/bench_game_env.py`` steps it, against PettingZoo's ``connect_four_v3``: the twins in
   ``--rounds`` rounds, each timing connect four and then the env, with each round's ratio and their
   median (this machine's speed drifts within a run; issue 26's goal: 3x).

With ``--differential N`` it compares the twins with the Python bots over N decisions instead
(:mod:`hydra_env.games.hail_hydra.native.bot_differential`), with a progress bar, and exits 1 at the
first disagreement::

    PYTHONPATH=. python benchmarks/hail_hydra_native_bots.py --seconds 2 --rounds 5
    PYTHONPATH=. python benchmarks/hail_hydra_native_bots.py --differential 1000000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from behaviour_digests import engine
from bench_env import bench_gym
from timing import bench_aec, connect_four

from agents.progress import progress
from hydra_env.games.hail_hydra.bots import SaboteurBot
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.native import available
from hydra_env.games.hail_hydra.native.bot_differential import run
from hydra_env.games.hail_hydra.native.bots import native_twins, play


def bot_games(seconds: float, native: bool) -> float:
    """Decisions per CPU second of whole games with ``saboteur`` at every seat (the twins when
    ``native``), deal after deal from seed 0, for ``seconds`` of CPU time."""
    decisions, deal, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        game = new_game(seed=deal, num_players=5 + deal % 4, engine="native")
        bots = {seat: SaboteurBot(seed=deal * 8 + seat) for seat in range(game.num_players)}
        if native:
            play(native_twins(game, bots), game, -1)
            decisions += len(game.history)
        else:
            while not game.is_over:
                seat = game.current_player
                game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
                decisions += 1
        deal += 1
    return decisions / (time.process_time() - start)


def speed(seconds: float, rounds: int) -> None:
    """Print the two comparisons of the module docstring; the env against connect four in
    ``rounds`` interleaved rounds (connect four, then the env), with the median ratio."""
    python, native = bot_games(seconds, False), bot_games(seconds, True)
    print(f"saboteur at every seat, whole games, decisions per CPU second: Python bots {python:,.0f}, "
          f"native twins {native:,.0f} ({native / python:.0f}x)")
    with engine("native"):
        peer = bench_aec(connect_four, seconds)[1]
        env_python = bench_gym("hydra_env/HailHydra-v0", seconds, native_bots=False)[1]
        print(f"HailHydra-v0, native engine, Python saboteur bots: {env_python:,.0f} steps per CPU second, "
              f"{env_python / peer:.2f}x connect four ({peer:,.0f})")
        ratios = []
        for done in range(rounds):
            peer = bench_aec(connect_four, seconds)[1]
            rate = bench_gym("hydra_env/HailHydra-v0", seconds)[1]
            ratios.append(rate / peer)
            print(f"round {done + 1}: connect_four_v3 {peer:,.0f}, HailHydra-v0 with the native twins "
                  f"(default) {rate:,.0f} steps per CPU second: {rate / peer:.2f}x")
    print(f"HailHydra-v0 with the native twins: median {statistics.median(ratios):.2f}x connect four "
          f"(rounds {min(ratios):.2f}x to {max(ratios):.2f}x)")


def differential(decisions: int, seed: int) -> int:
    """Compare the twins with the Python bots; 0 when they agree everywhere."""
    bar = progress(total=decisions, desc="native bots against Python bots", unit="decision")
    report = run(decisions, seed, progress=lambda done: bar.update(done - bar.n))
    bar.close()
    print(f"{report.decisions:,} decisions of {report.games:,} games, {report.checks:,} posterior and "
          f"generator checks; per decision type: "
          + ", ".join(f"{kind} {count:,}" for kind, count in sorted(report.per_kind.items())))
    if report.mismatch is not None:
        print(f"DIFFERENCE: {report.mismatch}")
        return 1
    print("no difference")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Measure (default) or compare (``--differential N``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement (default 3)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds of the env and its peer (default 5)")
    parser.add_argument("--differential", type=int, metavar="N", help="compare over N decisions instead")
    parser.add_argument("--seed", type=int, default=0, help="seed of the differential's games (default 0)")
    args = parser.parse_args(argv)
    if not available():
        parser.error("the native Hail Hydra module is not built: run `make native` first")
    if args.differential is not None:
        if args.differential < 1:
            parser.error("--differential must be a positive number of decisions")
        return differential(args.differential, args.seed)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    speed(args.seconds, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
