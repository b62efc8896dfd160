"""The single environments of every registered game against PettingZoo's connect_four_v3, in one run.

For each game (``--game NAME`` or ``all``; the games come from the registry) it measures random
masked steps per CPU second of this process (and per wall second):

1. each of the game's Gymnasium ids (``gym.make(id)``, ``benchmarks/bench_env.py``'s loop: a
   uniformly random action among ``env.unwrapped.action_masks()``; the opponents' moves are
   inside each step), once per engine of the game (``HYDRA_ENV_ENGINE=python`` / ``native``);
2. its PettingZoo AEC env (the AEC loop of ``benchmarks/timing.py``): the game's own module
   (``<game package>.pettingzoo`` or ``.envs.pettingzoo``, or ``.env``: its ``env()``) when it
   has one, else the generic :class:`hydra_env.envs.aec.ObserverAECEnv` with the spec's defaults;
3. ``connect_four_v3`` (``env()``), the peer, before the first env and after each one: each env's
   ratio is to the mean of the peer's two rates around it (this machine's speed drifts within
   a run, so a peer timed far from an env can be off by half).

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


def measurements(name: str, seconds: float) -> list[tuple[str, Callable[[], tuple[float, float]]]]:
    """(label, measure) of every env of game ``name``; ``measure()`` gives (steps per wall
    second, steps per CPU second)."""
    spec = hydra_env.game_spec(name)
    rows: list[tuple[str, Callable[[], tuple[float, float]]]] = []
    for env_id in spec.env_ids:
        for eng in spec.engines:
            rows.append((f"{env_id} [{eng}]", lambda env_id=env_id, eng=eng: _with(eng, bench_gym, env_id, seconds)))
    label, make = aec_maker(spec)
    for eng in spec.engines:
        rows.append((f"{name} {label} [{eng}]", lambda eng=eng: _with(eng, bench_aec, make, seconds)))
    return rows


def _with(eng: str, measure: Callable[..., tuple[float, float]], *args: Any) -> tuple[float, float]:
    with engine(eng):
        return measure(*args)


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
    peers = [bench_aec(connect_four, args.seconds)[1]]
    rows = []
    for name in names:
        for label, measure in measurements(name, args.seconds):
            wall, cpu = measure()
            peers.append(bench_aec(connect_four, args.seconds)[1])
            rows.append((label, wall, cpu, (peers[-2] + peers[-1]) / 2))
            print(f"  measured {label}", file=sys.stderr, flush=True)
    print(f"random masked steps per second, one process; connect_four_v3 timed before the first env and "
          f"after each ({min(peers):,.0f} to {max(peers):,.0f}/CPU s); each ratio is per CPU second, to the "
          f"mean of the two connect four rates around the env")
    print(f"{'environment':<52} {'steps/s wall':>13} {'steps/CPU s':>12} {'connect four':>13} {'x connect four':>15}")
    for label, wall, cpu, peer in rows:
        print(f"{label:<52} {wall:>13,.0f} {cpu:>12,.0f} {peer:>13,.0f} {cpu / peer:>14.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
