"""Policy files: find a trained MaskablePPO checkpoint by name or path, and load it.

``ppo:path/to/model.zip`` names a checkpoint; ``ppo:solo-default`` and the
other names in ``agents/policies/`` are the policies shipped with the package
(each with the command and config that produced it beside it); names are also
looked up in the folders other packages declare in the entry-point group
``hydra_env.policies``. Any game's policy bot (:mod:`agents.policy_bot`) loads
its checkpoint through here. A policy file is data: loading it never unpickles
(:mod:`agents.policy_load`), and it is checked to fit the game it plays.
"""

from __future__ import annotations

import os
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from hydra_env import ConfigError

POLICY_DIR = Path(__file__).resolve().parent / "policies"


def shipped_policies() -> list[str]:
    """Names of the policies shipped with the package (and declared by others)."""
    from hydra_env.envs.policy_env import policy_names
    return sorted({p.stem for p in POLICY_DIR.glob("*.zip")} | set(policy_names()))


def resolve_policy(spec: str) -> Path:
    """The checkpoint file of ``NAME`` (shipped) or ``PATH``; ConfigError if missing."""
    if (POLICY_DIR / f"{spec}.zip").is_file():
        return POLICY_DIR / f"{spec}.zip"
    path = Path(spec)
    if path.is_dir() and (path / "best_model.zip").is_file():
        return path / "best_model.zip"       # a run folder
    if not path.is_file() and path.suffix != ".zip":
        from hydra_env.envs.policy_env import find_policy, policy_names
        if spec in policy_names():
            return find_policy(spec)         # declared by another package
    if not path.is_file():
        raise ConfigError(f"PPO policy {spec!r} not found: give a .zip checkpoint, a run folder or "
                          f"a shipped name ({', '.join(shipped_policies()) or 'none shipped'})")
    return path


def one_thread_inference() -> None:
    """Run torch on one CPU thread in this process (unless ``HYDRA_ENV_TORCH_THREADS`` says
    otherwise). A bot scores one position at a time with a small network: torch's default
    of one thread per core gains little there (on 2 idle cores 10% of wall time for 1.7x the
    CPU), and on busy cores (evaluation workers, other jobs) its threads wait on each other:
    8.7x the CPU and 5.5x the wall time per decision of ``ppo:solo-default``
    (``benchmarks/bench_policy.py --busy 2``). The trainer sets its own ``torch_threads``;
    a pool's worker processes always take one (:func:`agents.backends.one_thread_worker`)."""
    import torch
    wanted = os.environ.get("HYDRA_ENV_TORCH_THREADS", "").strip()
    if wanted and not (wanted.isdigit() and int(wanted) > 0):
        raise ConfigError(f"HYDRA_ENV_TORCH_THREADS={wanted!r} is not a positive integer; "
                          f"unset it (one thread) or set it to e.g. 1 or 2")
    threads = int(wanted) if wanted else 1
    if torch.get_num_threads() != threads:
        torch.set_num_threads(threads)


@lru_cache(maxsize=8)
def load_model(path: str, device: str = "cpu") -> Any:
    """Load a MaskablePPO checkpoint (cached) as data, never unpickling
    (:func:`agents.policy_load.load_policy`); ConfigError naming the file if it is
    corrupt, cannot be rebuilt from data, or does not fit the env it records."""
    try:
        import sb3_contrib  # noqa: F401
    except ImportError as exc:
        raise ConfigError("ppo: agents need the training extra: pip install 'hydra-env[train]'") from exc
    if not zipfile.is_zipfile(path):
        raise ConfigError(f"PPO checkpoint {path} is not a valid .zip file (truncated or not a "
                          f"checkpoint); use a checkpoint saved by `hydra-env train`")
    one_thread_inference()
    from agents.policy_load import load_policy
    return load_policy(path, device)
