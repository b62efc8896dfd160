"""A PPO bot's decisions on one torch thread against torch's default thread count, in one run.

::

    python benchmarks/bench_policy.py                    # ppo:solo-default, idle cores
    python benchmarks/bench_policy.py --busy 2           # with 2 busy processes beside it
    python benchmarks/bench_policy.py --policy path/to/model.zip --games 8

Plays ``--games`` solo games (scenario 10) with the policy, once with
``torch.set_num_threads(1)`` (what a loaded policy now runs on,
``agents.ppo_bot.one_thread_inference``) and once with torch's default (a
thread per core), in interleaved rounds on the same seeds, and prints
milliseconds of CPU time and of wall time per decision and their ratio.
``--busy N`` starts N processes that only spin, as other jobs on the machine
would (evaluation workers, a training): that is where the default threads lose
most.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402

from agents.ppo_bot import PPOBot  # noqa: E402
from hydra_env import Game  # noqa: E402


def spin() -> None:
    """Busy loop until killed."""
    while True:
        pass


def play(bot: PPOBot, seeds: range) -> tuple[int, float, float]:
    """Decisions, CPU seconds and wall seconds of the bot's games on ``seeds``."""
    cpu, wall, made = time.process_time(), time.perf_counter(), 0
    for seed in seeds:
        game = Game.new(10, 1, seed)
        while not game.is_over:
            player = game.current_player
            game.apply(bot.act(game.view(player), game.legal_actions()))
            made += 1
    return made, time.process_time() - cpu, time.perf_counter() - wall


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--policy", default="solo-default", help="shipped name or checkpoint (default: %(default)s)")
    parser.add_argument("--games", type=int, default=4, help="games per round (default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default: %(default)s)")
    parser.add_argument("--busy", type=int, default=0, help="spinning processes beside it (default: 0)")
    args = parser.parse_args(argv)
    if min(args.games, args.rounds) < 1 or args.busy < 0:
        parser.error("--games and --rounds must be at least 1, --busy at least 0")
    default_threads = torch.get_num_threads()
    bot = PPOBot(args.policy, seed=0)          # loading sets one thread
    spinners = [mp.Process(target=spin, daemon=True) for _ in range(args.busy)]
    for p in spinners:
        p.start()
    totals = {1: [0, 0.0, 0.0], default_threads: [0, 0.0, 0.0]}
    try:
        for r in range(args.rounds):
            for threads in totals:
                torch.set_num_threads(threads)
                out = play(bot, range(r * args.games, (r + 1) * args.games))
                totals[threads] = [a + b for a, b in zip(totals[threads], out)]
    finally:
        for p in spinners:
            p.kill()
    print(f"ppo:{args.policy}, {args.rounds} x {args.games} games of scenario 10, "
          f"{os.cpu_count()} cores, {args.busy} busy process(es) beside it")
    print(f"{'torch threads':>14} {'decisions':>10} {'CPU ms/decision':>16} {'wall ms/decision':>17}")
    rows = {}
    for threads, (made, cpu, wall) in totals.items():
        rows[threads] = (cpu / made * 1000, wall / made * 1000)
        print(f"{threads:>14} {made:>10} {rows[threads][0]:>16.2f} {rows[threads][1]:>17.2f}")
    if default_threads != 1:
        print(f"default ({default_threads}) / one thread: CPU {rows[default_threads][0] / rows[1][0]:.1f}x, "
              f"wall {rows[default_threads][1] / rows[1][1]:.1f}x")
    else:
        print("torch's default is already one thread on this machine: nothing to compare")
    return 0


if __name__ == "__main__":
    sys.exit(main())
