"""Vector env speed: ``make_vec(..., "vector_entry_point")`` against N single envs.

    python benchmarks/bench_vector.py                          # Solo-v0, N = 64
    python benchmarks/bench_vector.py --env hydra_env/Coop-v0 --num-envs 16
    python benchmarks/bench_vector.py --candidates 144 --seconds 10

Both run random legal actions (a uniform pick per row from ``info["action_mask"]``)
for ``--seconds`` each, in one process: the batch vector env (one game batch, native
where ``hydra_env.games.hydra.native.batch`` is built) and Gymnasium's ``SyncVectorEnv`` of
``gym.make`` envs (what ``vectorization_mode="sync"`` gives). Prints env steps per
second (rows × vector steps) of each and their ratio.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402

import hydra_env  # noqa: E402, F401
from benchmarks.timing import pick, timed  # noqa: E402
from hydra_env.envs.vector import native_batch_class  # noqa: E402


def rate(envs, seconds: float) -> float:
    """Env steps per wall-clock second of random legal play."""
    rng = np.random.default_rng(0)
    _, info = envs.reset(seed=0)
    state = {"mask": info["action_mask"]}

    def body() -> int:
        for _ in range(20):
            actions = np.array([pick(m, rng) for m in state["mask"]])
            _, _, _, _, info = envs.step(actions)
            state["mask"] = info["action_mask"]
        return 20 * envs.num_envs

    wall, _ = timed(body, seconds)
    envs.close()
    return wall


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--env", default="hydra_env/Solo-v0")
    p.add_argument("--num-envs", type=int, default=64)
    p.add_argument("--candidates", type=int, default=0)
    p.add_argument("--seconds", type=float, default=5.0, help="seconds of play per vector env")
    args = p.parse_args(argv)
    kwargs = {"candidates": args.candidates} if args.candidates else {}
    n = args.num_envs
    batch = rate(gym.make_vec(args.env, num_envs=n, vectorization_mode="vector_entry_point", **kwargs),
                 args.seconds)
    sync = rate(gym.make_vec(args.env, num_envs=n, vectorization_mode="sync", **kwargs), args.seconds)
    kind = "native" if native_batch_class() is not None else "python (native batch not built)"
    print(f"{args.env} N={n} candidates={args.candidates}; game batch: {kind}")
    print(f"{'vector env':<36} {'env steps/s':>12}")
    print(f"{'make_vec vector_entry_point':<36} {batch:>12.0f}")
    print(f"{'SyncVectorEnv of gym.make':<36} {sync:>12.0f}")
    print(f"ratio: {batch / sync:.2f}x")
    print("rerun: python benchmarks/bench_vector.py " + " ".join(argv or sys.argv[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
