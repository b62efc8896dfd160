"""Speed of Hydras (the card game) next to PettingZoo's connect_four_v3, in one run.

::

    python benchmarks/bench_hydras.py                   # about 45 seconds
    python benchmarks/bench_hydras.py --seconds 2 --rounds 1 --json out.json

Measured one after another, in interleaved rounds (the median is reported):

1. ``engine``: random legal decisions per second of ``HydrasGame`` (3
   players): ``legal_actions()`` and ``apply`` of a uniformly random one, on the
   native engine (the default where it is built) and on the Python engine (the
   reference); the native/python ratio is printed too.
2. ``HydrasEnv``: steps per second of the Gymnasium env (3 players, the
   learning seat random among ``action_masks()``, two ``random`` opponents
   playing inside each step); every step encodes the observation and the mask.
   The envs run on the default engine (``HYDRA_ENV_ENGINE``, else native).
   ``HydrasEnv (decisions)`` counts every seat's decisions made in those steps.
3. ``hydras AEC``: the PettingZoo AEC env (3 players), random masked play
   from ``observation["action_mask"]``: one step per decision.
4. ``connect_four_v3``: the same AEC loop and sampler on PettingZoo's connect four.

Rates are per wall-clock second and per CPU second of the process (the latter
is robust to other load on the machine); the ratios to connect four use CPU
seconds. The goal is at least 1.5. The sampler is the same for all:
``legal = np.flatnonzero(mask); legal[rng.integers(len(legal))]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from typing import Any

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from timing import bench_aec, connect_four  # noqa: E402
from timing import pick as _pick  # noqa: E402
from timing import timed as _timed  # noqa: E402

from hydra_env.games.hydras.envs.env import HydrasEnv  # noqa: E402
from hydra_env.games.hydras.envs.pettingzoo import env as hydras_aec  # noqa: E402
from hydra_env.games.hydras.rules import HydrasGame  # noqa: E402


def bench_engine(seconds: float, engine: str | None = None) -> tuple[float, float]:
    """Random legal decisions per second of the engine (None: the default one)."""
    rng = np.random.default_rng(0)
    state = {"game": HydrasGame.new(3, seed=0, engine=engine), "games": 0}

    def body() -> int:
        game = state["game"]
        for _ in range(500):
            if game.is_over:
                state["games"] += 1
                game = state["game"] = HydrasGame.new(3, seed=state["games"], engine=engine)
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
        return 500

    body()
    return _timed(body, seconds)


def bench_gym(seconds: float, count: str = "steps") -> tuple[float, float]:
    """Steps per second of HydrasEnv with random masked actions; with ``count=
    "decisions"``, the decisions of every seat (the opponents' inside each step too)."""
    env = HydrasEnv(num_players=3, opponents=["random"], flatten=True)
    rng = np.random.default_rng(0)
    env.reset(seed=0)

    def body() -> int:
        made = 0
        for _ in range(200):
            before = env.game.history_length
            _, _, terminated, truncated, _ = env.step(_pick(env.action_masks(), rng))
            made += env.game.history_length - before if count == "decisions" else 1
            if terminated or truncated:
                env.reset()
        return made

    body()
    return _timed(body, seconds)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the measurements, print a table and the ratios; returns the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (median)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    default = HydrasGame.new(3, seed=0).engine
    benches = {"connect_four_v3": lambda: bench_aec(connect_four, args.seconds),
               f"engine {default} (decisions)": lambda: bench_engine(args.seconds),
               "engine python (decisions)": lambda: bench_engine(args.seconds, "python"),
               "HydrasEnv (steps)": lambda: bench_gym(args.seconds),
               "HydrasEnv (decisions)": lambda: bench_gym(args.seconds, "decisions"),
               "hydras AEC (steps)": lambda: bench_aec(lambda: hydras_aec(num_players=3),
                                                       args.seconds)}
    runs: dict[str, list] = {name: [] for name in benches}
    for _ in range(args.rounds):           # interleaved: a change of load hits every bench
        for name, bench in benches.items():
            runs[name].append(bench())
    rates = {name: {"wall": float(np.median([w for w, _ in r])),
                    "cpu": float(np.median([c for _, c in r]))} for name, r in runs.items()}
    c4 = rates["connect_four_v3"]
    print(f"{'measurement':<27} {'per wall s':>12} {'per CPU s':>12} {'/ connect four':>15}")
    for name, rate in rates.items():
        ratio = rate["cpu"] / c4["cpu"]
        rate["ratio"] = ratio
        print(f"{name:<27} {rate['wall']:>12,.0f} {rate['cpu']:>12,.0f} {ratio:>15.2f}")
    engines = rates[f"engine {default} (decisions)"]["cpu"] / rates["engine python (decisions)"]["cpu"]
    print(f"engine {default} / engine python (decisions per CPU s): {engines:.2f}")
    print("goal: at least 1.5 times connect four (the env rows run on the "
          f"{default} engine)")
    result = {"python": platform.python_version(), "numpy": np.__version__,
              "cpus": os.cpu_count(), "seconds": args.seconds, "engine": default,
              "engine_ratio": engines, "rates": rates}
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(result, handle, indent=2)
    return result


if __name__ == "__main__":
    main()
