"""Training speed: MaskablePPO steps per second and the share of time in the environment.

    python benchmarks/bench_train.py                     # Solo-v0, the default config's network
    python benchmarks/bench_train.py --env hydra_env/Coop-v0 --steps 20000
    python benchmarks/bench_train.py --n-envs 8 --vec subproc
    python benchmarks/bench_train.py --set policy=CandidatePolicy --set candidates=128

The environments are wrapped in a timer (time spent inside ``step``/``reset``
of the vector env, observation and mask included); the rest is the policy's
forward passes during rollouts and the PPO updates. Prints one table.
"""

from __future__ import annotations

import argparse
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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--config", type=Path, default=None,
                   help="config file (default: configs/solo_ppo.yaml or coop_ppo.yaml by --env)")
    p.add_argument("--env", default="hydra_env/Solo-v0")
    p.add_argument("--steps", type=int, default=30_000, help="environment steps to train")
    p.add_argument("--n-envs", type=int, default=None, help="parallel envs (default: the config's)")
    p.add_argument("--vec", choices=("batch", "dummy", "subproc"), default=None)
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
    torch.set_num_threads(config.torch_threads)
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        run_dir = Path(tmp)
        venv = TimedVecEnv(trainer.make_vec_env(config, run_dir, config.seed))
        model = trainer.new_model(config, venv, run_dir)
        start = time.perf_counter()
        model.learn(config.total_timesteps)
        total = time.perf_counter() - start
        venv.close()
    env_share = venv.seconds / total
    print(f"{'env':<20} {'n_envs':>6} {'vec':>7} {'steps':>8} {'steps/s':>9} {'env share':>10}")
    print(f"{config.env.split('/')[-1]:<20} {config.n_envs:>6} {config.vec_env:>7} "
          f"{model.num_timesteps:>8} {model.num_timesteps / total:>9.0f} {env_share:>10.1%}")
    print(f"net {config.net_arch} {config.activation}, n_steps {config.n_steps}, batch "
          f"{config.batch_size}, epochs {config.n_epochs}, torch threads {config.torch_threads}")
    print("rerun: python benchmarks/bench_train.py " + " ".join(argv or sys.argv[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
