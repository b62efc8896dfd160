"""Team PPO's checkpoint: what a run needs to go on after a stop as if it had not stopped.

After every rollout :func:`save` writes ``checkpoint.pt`` in the run folder (atomically: a
stop while writing leaves the previous one): the rollouts done, the best evaluation and the
evaluations so far, the policy's weights and its optimizer's state, the running mean of
``--average``, the team critic and its optimizer, and the numpy and torch random states
(the minibatch order and the sampled actions). :func:`restore` puts them back, and
:func:`trim_log` drops the log lines written after the checkpoint, so the resumed run's
``progress.csv``, ``eval.csv`` and models are those of a run that never stopped.
"""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

from hydra_env.errors import ConfigError

FILE = "checkpoint.pt"
"""The checkpoint's name in the run folder."""


@dataclass
class RunState:
    """Where a run stands between two rollouts."""

    rollout: int = 0
    """Rollouts done (the next one to play)."""
    best: float = -1.0
    """The best evaluation's win share so far."""
    history: list[tuple[int, dict[str, float]]] = field(default_factory=list)
    """Every evaluation so far: (rollout, figures)."""


def save(out: Path, state: RunState, policy: Any, rng: np.random.Generator, average: Any = None,
         critic: Any = None) -> None:
    """Write the checkpoint of ``out`` (see the module docstring)."""
    data = {"rollout": state.rollout, "best": state.best,
            "history": [(r, dict(figures)) for r, figures in state.history],
            "numpy_rng": rng.bit_generator.state, "torch_rng": torch.get_rng_state(),
            "policy": policy.state_dict(), "optimizer": policy.optimizer.state_dict(),
            "average": {"count": average.count, "mean": average.mean} if average is not None else None,
            "critic": {"weights": critic.state_dict(), "optimizer": critic.optimizer.state_dict()}
            if critic is not None else None}
    partial = out / (FILE + ".partial")
    torch.save(data, partial)
    os.replace(partial, out / FILE)


def restore(out: Path, policy: Any, rng: np.random.Generator, average: Any = None, critic: Any = None) -> RunState:
    """Load the checkpoint of ``out`` into ``policy``, ``rng``, ``average`` and ``critic`` (each as
    the run was made: with ``--average`` and ``--team-critic`` or without); the run's state.
    ConfigError naming the folder when it has no checkpoint or one of another kind of run."""
    path = out / FILE
    if not path.is_file():
        raise ConfigError(f"{out} has no {FILE}: only a team PPO run saved after at least one rollout "
                          f"can be resumed; start it again with --init")
    try:
        data = torch.load(path, weights_only=True)
        saved_average, saved_critic = data["average"], data["critic"]
    except Exception as exc:                     # a damaged or foreign file: say which
        raise ConfigError(f"{path} cannot be read as a team PPO checkpoint ({type(exc).__name__}); "
                          f"start the run again with --init") from None
    if (saved_average is None) != (average is None) or (saved_critic is None) != (critic is None):
        raise ConfigError(f"{path} was saved by a run with other --average or --team-critic settings "
                          f"than {out}/team_ppo.json records")
    try:
        policy.load_state_dict(data["policy"])
        policy.optimizer.load_state_dict(data["optimizer"])
        rng.bit_generator.state = data["numpy_rng"]
        torch.set_rng_state(data["torch_rng"])
        if average is not None:
            average.count, average.mean = int(saved_average["count"]), saved_average["mean"]
        if critic is not None:
            critic.load_state_dict(saved_critic["weights"])
            critic.optimizer.load_state_dict(saved_critic["optimizer"])
        return RunState(int(data["rollout"]), float(data["best"]),
                        [(int(r), dict(f)) for r, f in data["history"]])
    except (KeyError, TypeError, ValueError, RuntimeError) as exc:   # another network, a missing part
        raise ConfigError(f"{path} does not fit the run's policy ({type(exc).__name__}: {exc}); "
                          f"start the run again with --init") from None


def trim_log(path: Path, keep: Any) -> None:
    """Rewrite the CSV log ``path`` with its header and the rows whose first field (a rollout
    number) ``keep`` accepts."""
    with open(path, newline="") as handle:
        rows = list(csv.reader(handle))
    with open(path, "w", newline="") as handle:
        csv.writer(handle).writerows(rows[:1] + [row for row in rows[1:] if keep(int(row[0]))])
