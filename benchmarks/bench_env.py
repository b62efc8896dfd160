"""Steps per second of the environments with random masked actions.

::

    python benchmarks/bench_env.py                 # about a minute
    python benchmarks/bench_env.py --seconds 2 --vector 8 --json out.json

Measured in one run, one after another:

1. each Gymnasium id (``hydra_env/Solo-v0``, ``hydra_env/Coop-v0``) in this
   process: ``gym.make(id)``, then ``step`` with a uniformly random action
   among ``env.unwrapped.action_masks()``; every step encodes the observation and the
   mask. Coop-v0 counts the learning seat's steps (the scripted opponents'
   moves between them are inside each step).
2. the same ids in vector envs of ``--vector`` copies (Gymnasium's
   ``SyncVectorEnv`` and ``AsyncVectorEnv``), masks from ``info["action_mask"]``;
   steps/s counts the steps of all copies.
3. PettingZoo's ``connect_four_v3`` (``env()``), random masked play from
   ``observation["action_mask"]``, the same sampler, in the same process.

It prints each rate and the ratio of Solo-v0 (one process) to connect four:
the goal is at least 1.5 (issue 12: Solo 5x, Coop 3x); with ``--candidates K``
(default 144) the ids with ``candidates=K`` too, against 890 steps/s (the
Python candidate features' rate; issue 12's goal: 10x). One-process rates are the median of ``--rounds``
interleaved runs and are given per wall-clock second and per CPU second of the
process (the latter is robust to other load on the machine); vector envs are
timed by the wall clock. The action sampler is the same for all:
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

import gymnasium as gym  # noqa: E402
from timing import bench_aec, connect_four  # noqa: E402
from timing import pick as _pick  # noqa: E402
from timing import timed as _timed  # noqa: E402

import hydra_env  # noqa: E402,F401  (registers the ids)


def bench_gym(env_id: str, seconds: float, **kwargs: Any) -> tuple[float, float]:
    """One process: random masked steps per second of ``env_id``."""
    env = gym.make(env_id, **kwargs)
    rng = np.random.default_rng(0)
    env.reset(seed=0)

    def body() -> int:
        for _ in range(200):
            _, _, terminated, truncated, _ = env.step(_pick(env.unwrapped.action_masks(), rng))
            if terminated or truncated:
                env.reset()
        return 200

    body()                                     # warm up (tables, caches)
    rate = _timed(body, seconds)
    env.close()
    return rate


def bench_vector(env_id: str, seconds: float, n: int, mode: str, **kwargs: Any) -> float:
    """A vector env of ``n`` copies: steps per second of all copies together."""
    envs = gym.make_vec(env_id, num_envs=n, vectorization_mode=mode, **kwargs)
    rng = np.random.default_rng(0)
    _, info = envs.reset(seed=0)
    state = {"mask": info["action_mask"]}

    def body() -> int:
        for _ in range(20):
            actions = np.array([_pick(m, rng) for m in state["mask"]])
            _, _, _, _, info = envs.step(actions)
            state["mask"] = info["action_mask"]
        return 20 * n

    body()
    rate = _timed(body, seconds)[0]      # wall clock: the work is in other processes too
    envs.close()
    return rate


def bench_connect_four(seconds: float) -> tuple[float, float]:
    """PettingZoo's connect_four_v3: random masked moves per second (AEC loop)."""
    return bench_aec(connect_four, seconds)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark and print a table; returns the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=4.0, help="seconds per measurement")
    ap.add_argument("--vector", type=int, default=8, help="copies in the vector envs (0: skip)")
    ap.add_argument("--rounds", type=int, default=3,
                    help="interleaved rounds of the one-process measurements (median)")
    ap.add_argument("--ids", nargs="*", default=["hydra_env/Solo-v0", "hydra_env/Coop-v0"])
    ap.add_argument("--candidates", type=int, default=144,
                    help="also measure the ids with candidates=K (0: skip; the goal: 10x of 890 steps/s)")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    res: dict[str, Any] = {"python": platform.python_version(), "numpy": np.__version__,
                           "cpus": os.cpu_count(), "seconds": args.seconds, "rates": {}}
    rates = res["rates"]
    single: dict[str, list] = {"connect_four_v3": [], **{i: [] for i in args.ids}}
    with_cands = {f"{i} candidates={args.candidates}": i for i in args.ids} if args.candidates else {}
    single.update({name: [] for name in with_cands})
    for _ in range(args.rounds):          # interleaved, so that a change of load hits all
        single["connect_four_v3"].append(bench_connect_four(args.seconds))
        for env_id in args.ids:
            single[env_id].append(bench_gym(env_id, args.seconds))
        for name, env_id in with_cands.items():
            single[name].append(bench_gym(env_id, args.seconds, candidates=args.candidates))
    for name, runs in single.items():
        rates[name] = {"wall": float(np.median([w for w, _ in runs])),
                       "cpu": float(np.median([c for _, c in runs]))}
    if args.vector:
        for env_id in args.ids:
            for mode in ("sync", "async"):
                rates[f"{env_id} {mode}x{args.vector}"] = {"wall": bench_vector(
                    env_id, args.seconds, args.vector, mode), "cpu": None}
    print(f"{'environment':<34} {'steps/s (wall)':>15} {'steps/CPU-s':>12}")
    for name, r in rates.items():
        cpu = f"{r['cpu']:>12,.0f}" if r["cpu"] else f"{'-':>12}"
        print(f"{name:<34} {r['wall']:>15,.0f} {cpu}")
    solo, c4 = rates.get("hydra_env/Solo-v0"), rates["connect_four_v3"]
    if solo is not None:
        res["ratio_solo_to_connect_four"] = {k: solo[k] / c4[k] for k in ("wall", "cpu")}
        print(f"ratio hydra_env/Solo-v0 / connect_four_v3: {solo['cpu'] / c4['cpu']:.2f} per CPU "
              f"second, {solo['wall'] / c4['wall']:.2f} per wall second (goal >= 1.5); "
              f"Solo-v0 {'meets' if solo['cpu'] >= 10_000 else 'misses'} 10,000 steps/s")
    coop = rates.get("hydra_env/Coop-v0")
    if coop is not None:
        print(f"ratio hydra_env/Coop-v0 / connect_four_v3: {coop['cpu'] / c4['cpu']:.2f} per CPU second")
    for name in with_cands:
        print(f"{name}: {rates[name]['cpu'] / 890:.1f}x of 890 steps/s per CPU second")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(res, fh, indent=2)
    return res


if __name__ == "__main__":
    main()
