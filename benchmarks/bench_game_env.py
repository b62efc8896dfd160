"""The single environments of every registered game against PettingZoo's connect_four_v3, in one run.

For each game (``--game NAME`` or ``all``; the games come from the registry) it measures random
masked steps per CPU second of this process (and per wall second):

1. each of the game's Gymnasium ids (``gym.make(id)``, ``benchmarks/bench_env.py``'s loop: a
   uniformly random action among ``env.unwrapped.action_masks()``; the opponents' moves are
   inside each step), once per engine of the game (``HYDRA_ENV_ENGINE=python`` / ``native``);
2. its PettingZoo AEC env (the AEC loop of ``benchmarks/timing.py``): the game's own module
   (``<game package>.pettingzoo`` or ``.envs.pettingzoo``, or ``.env``: its ``env()``) when it
   has one, else the generic :class:`hydra_env.envs.aec.ObserverAECEnv` with the spec's defaults;
3. ``connect_four_v3`` (``env()``), the peer, at the start and at the end of the run (the mean).

It prints a table with each rate's ratio to connect four (goals: issue 25, Heroica 5x; issues 26
and 27, 3x) and exits 0.

::

    PYTHONPATH=. python benchmarks/bench_game_env.py --game all            # every game, 2 s each
    PYTHONPATH=. python benchmarks/bench_game_env.py --game heroica --seconds 4
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from typing import Any

from behaviour_digests import engine
from bench_env import bench_gym
from timing import bench_aec, connect_four

import hydra_env
from hydra_env.envs.aec import ObserverAECEnv

AEC_MODULES = ("pettingzoo", "envs.pettingzoo", "env")


def aec_maker(spec: hydra_env.GameSpec) -> tuple[str, Callable[[], Any]]:
    """(label, maker) of the game's AEC env: its own ``env()`` when its package has one, else the
    generic ObserverAECEnv with the spec's default parameters."""
    package = spec.new_game.__module__.rsplit(".", 1)[0]
    for name in AEC_MODULES:
        try:
            module = importlib.import_module(f"{package}.{name}")
        except ImportError:
            continue
        make = getattr(module, "env", None)
        if callable(make):
            return f"AEC {name}.env()", make
    return "AEC ObserverAECEnv", lambda: ObserverAECEnv(spec.name, **spec.defaults())


def measure_game(name: str, seconds: float) -> list[tuple[str, float, float]]:
    """(label, steps per wall second, steps per CPU second) of every env of game ``name``."""
    spec = hydra_env.game_spec(name)
    rows = []
    for env_id in spec.env_ids:
        for eng in spec.engines:
            with engine(eng):
                rows.append((f"{env_id} [{eng}]", *bench_gym(env_id, seconds)))
            print(f"  measured {rows[-1][0]}", file=sys.stderr, flush=True)
    label, make = aec_maker(spec)
    for eng in spec.engines:
        with engine(eng):
            rows.append((f"{name} {label} [{eng}]", *bench_aec(make, seconds)))
        print(f"  measured {rows[-1][0]}", file=sys.stderr, flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    """Measure, print the table (see the module docstring), return 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="Progress goes to stderr, the table to stdout.")
    parser.add_argument("--game", default="all", choices=("all", *hydra_env.game_names()),
                        help="a registered game, or all (default)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement (default 2)")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    names = hydra_env.game_names() if args.game == "all" else (args.game,)
    first = bench_aec(connect_four, args.seconds)
    rows = [row for name in names for row in measure_game(name, args.seconds)]
    last = bench_aec(connect_four, args.seconds)
    c4_wall, c4_cpu = (first[0] + last[0]) / 2, (first[1] + last[1]) / 2
    print(f"random masked steps per second, one process; connect_four_v3 {c4_cpu:,.0f}/CPU s, "
          f"{c4_wall:,.0f}/wall s (the mean of the start, {first[1]:,.0f}/CPU s, and the end, "
          f"{last[1]:,.0f}/CPU s); the ratios are per CPU second")
    print(f"{'environment':<52} {'steps/s wall':>13} {'steps/CPU s':>12} {'x connect four':>15}")
    for label, wall, cpu in rows:
        print(f"{label:<52} {wall:>13,.0f} {cpu:>12,.0f} {cpu / c4_cpu:>14.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
