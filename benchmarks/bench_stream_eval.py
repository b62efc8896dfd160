"""Games per CPU second of ``hydra-env evaluate-stream``'s paths, and that they play the same games.

For Hydra solo (scenario 10, 1 star; one process, CPU time of this process, fair on a busy
machine):

1. ``random``: the generic path (one game after another, :func:`agents.backends.play_game`)
   against the native batch (``--batch`` rows stepping together in C++);
2. ``heuristic``: the generic path (its decisions are already native);
3. ``ppo:solo-default``: batch 1 (the generic path, as ``evaluate`` plays it) against batched
   inference (``--batch`` games, one forward pass per step).

Each pair is checked to give the same summary on the same games.

::

    PYTHONPATH=. python benchmarks/bench_stream_eval.py
    PYTHONPATH=. python benchmarks/bench_stream_eval.py --random-games 20000 --ppo-games 256 --batch 256
"""

from __future__ import annotations

import argparse
import sys
import time

from agents.stream.play import ShardTask, play_shard
from hydra_env import game_spec


def rate(agent: str, games: int, batch: int, path: str) -> tuple[float, dict]:
    """(games per CPU second, the summary state) of ``games`` games of ``agent``."""
    params = game_spec("hydra").check_params({})
    args = {"agent": [agent], "opponents": None, "games": games, "seed": 0}
    play_shard(ShardTask(0, 0, 2, "hydra", params, args, 2, path))          # warm-up: imports, model
    cpu = time.process_time()
    state = play_shard(ShardTask(0, 0, games, "hydra", params, args, batch, path))
    return games / max(time.process_time() - cpu, 1e-9), state


def main(argv: list[str] | None = None) -> int:
    """Print the table (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random-games", type=int, default=10000)
    parser.add_argument("--heuristic-games", type=int, default=1000)
    parser.add_argument("--ppo-games", type=int, default=64)
    parser.add_argument("--batch", type=int, default=256, help="games in flight on the batched paths")
    args = parser.parse_args(argv)
    print("games per CPU second of this process, Hydra solo scenario 10, 1 star")
    same = True
    for agent, games, batched in (("random", args.random_games, True), ("heuristic", args.heuristic_games, False),
                                  ("ppo:solo-default", args.ppo_games, True)):
        one, state = rate(agent, games, 1, "generic")
        line = f"{agent:<18} {games:>7} games   generic {one:>9,.1f}"
        if batched:
            fast, other = rate(agent, games, args.batch, "auto")
            same &= other == state
            line += f"   batched/native ({args.batch}) {fast:>9,.1f}  ({fast / one:.1f}x)  same games: {other == state}"
        print(line, flush=True)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
