"""Training speed: MaskablePPO steps per second and the share of time in the environment.

    python benchmarks/bench_train.py                     # Solo-v0, the default config
    python benchmarks/bench_train.py --env hydra_env/Coop-v0 --steps 20000
    python benchmarks/bench_train.py --n-envs 8 --vec subproc
    python benchmarks/bench_train.py --old-engine python  # the old path on the python engine
    python benchmarks/bench_train.py --no-old             # the new path only

Two runs of the same config in one process: the new path (``--vec``, default the
config's: ``batch``, all envs in one game batch, and the CandidatePolicy packed
over the real candidate rows) and the old path (``DummyVecEnv`` of ``gym.make``
envs on ``--old-engine``, the policy over all K rows and 1,826 logits), then
their ratio. The environments are wrapped in a timer (time spent inside
``step``/``reset`` of the vector env and in the action masks); the rest is the
policy's forward passes during rollouts and the PPO updates.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402
from stable_baselines3.common.vec_env import VecEnvWrapper  # noqa: E402

from agents.train import trainer  # noqa: E402
from agents.train.config import load_config  # noqa: E402


class TimedVecEnv(VecEnvWrapper):
    """Accumulates the wall time spent in the wrapped vector env."""

    def __init__(self, venv) -> None:
        super().__init__(venv)
        self.seconds = 0.0

    def reset(self):
        t = time.perf_counter()
        out = self.venv.reset()
        self.seconds += time.perf_counter() - t
        return out

    def step_async(self, actions) -> None:
        t = time.perf_counter()
        self.venv.step_async(actions)
        self.seconds += time.perf_counter() - t

    def step_wait(self):
        t = time.perf_counter()
        out = self.venv.step_wait()
        self.seconds += time.perf_counter() - t
        return out

    def action_masks(self):
        t = time.perf_counter()
        out = self.venv.env_method("action_masks")
        self.seconds += time.perf_counter() - t
        import numpy as np
        return np.stack(out)


def measure(config, pack: bool) -> tuple[float, float, int]:
    """Train ``config`` in a temporary folder: (steps/s, env share, steps)."""
    import tempfile
    torch.set_num_threads(config.torch_threads)
    with tempfile.TemporaryDirectory() as tmp:
        run_dir = Path(tmp)
        venv = TimedVecEnv(trainer.make_vec_env(config, run_dir, config.seed))
        model = trainer.new_model(config, venv, run_dir)
        if hasattr(model.policy.features_extractor, "pack"):
            model.policy.features_extractor.pack = pack
        start = time.perf_counter()
        model.learn(config.total_timesteps)
        total = time.perf_counter() - start
        venv.close()
    return model.num_timesteps / total, venv.seconds / total, model.num_timesteps


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--config", type=Path, default=None,
                   help="config file (default: configs/solo_ppo.yaml or coop_ppo.yaml by --env)")
    p.add_argument("--env", default="hydra_env/Solo-v0")
    p.add_argument("--steps", type=int, default=30_000, help="environment steps to train")
    p.add_argument("--n-envs", type=int, default=None, help="parallel envs (default: the config's)")
    p.add_argument("--vec", choices=("batch", "dummy", "subproc"), default=None,
                   help="vector env of the new path (default: the config's)")
    p.add_argument("--old-engine", choices=("native", "python"), default="native",
                   help="engine of the old path's single envs (HYDRA_ENV_ENGINE)")
    p.add_argument("--no-old", action="store_true", help="skip the old path")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="any config field, e.g. --set policy=CandidatePolicy --set candidates=128")
    args = p.parse_args(argv)
    config_file = args.config or ROOT / "configs" / (
        "coop_ppo.yaml" if args.env.endswith("Coop-v0") else "solo_ppo.yaml")
    sets = [f"total_timesteps={args.steps}", "eval_freq=0", "final_eval_games=0",
            "checkpoint_freq=0", "progress_bar=false"]
    if args.n_envs:
        sets.append(f"n_envs={args.n_envs}")
    if args.vec:
        sets.append(f"vec_env={args.vec}")
    sets += args.overrides
    config = load_config(config_file, sets, env=args.env)
    rows = [("new", config.vec_env, os.environ.get("HYDRA_ENV_ENGINE") or "default", "packed",
             *measure(config, pack=True))]
    if not args.no_old:
        old = load_config(config_file, sets + ["vec_env=dummy"], env=args.env)
        engine = os.environ.get("HYDRA_ENV_ENGINE")
        os.environ["HYDRA_ENV_ENGINE"] = args.old_engine
        try:
            rows.append(("old", "dummy", args.old_engine, "padded", *measure(old, pack=False)))
        finally:
            os.environ.pop("HYDRA_ENV_ENGINE")
            if engine is not None:
                os.environ["HYDRA_ENV_ENGINE"] = engine
    print(f"{'path':<5} {'env':<9} {'n_envs':>6} {'vec':>6} {'engine':>8} {'policy':>7} {'steps':>7} "
          f"{'steps/s':>8} {'env share':>10} {'rest ms/step':>13}")
    for path, vec, engine, policy, rate, share, steps in rows:
        print(f"{path:<5} {config.env.split('/')[-1]:<9} {config.n_envs:>6} {vec:>6} {engine:>8} "
              f"{policy:>7} {steps:>7} {rate:>8.0f} {share:>10.1%} {(1 - share) / rate * 1000:>13.2f}")
    if len(rows) == 2:
        new, old = rows[0], rows[1]
        print(f"new / old: {new[4] / old[4]:.2f}x steps/s; the rest (policy and PPO updates, without "
              f"the env): {(1 - old[5]) / old[4] / ((1 - new[5]) / new[4]):.2f}x faster")
    print(f"{config.policy} K={config.candidates}, net {config.net_arch} {config.activation}, n_steps "
          f"{config.n_steps}, batch {config.batch_size}, epochs {config.n_epochs}, torch threads "
          f"{config.torch_threads}")
    print("rerun: python benchmarks/bench_train.py " + " ".join(argv or sys.argv[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
