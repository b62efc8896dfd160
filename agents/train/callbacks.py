"""Training callbacks: progress bar, checkpoints, periodic evaluation (with its listeners),
self-play pool."""

from __future__ import annotations

import json
import os
import sys
import time
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from stable_baselines3.common.callbacks import BaseCallback

from agents.outputs import atomic_write_text
from agents.progress import duration, note, progress
from agents.train import game_hooks
from agents.train.config_fields import TrainConfig
from agents.train.tb_log import EnvReward
from hydra_env.api.registry import game_names


class ProgressBar(BaseCallback):
    """A tqdm bar over the run's timesteps: steps/s and ETA."""

    def __init__(self, total: int) -> None:
        super().__init__()
        self.total = total
        self.bar: Any = None

    def _on_training_start(self) -> None:
        self.bar = progress(total=self.total, initial=self.num_timesteps, unit="step",
                            unit_scale=True, desc="train")

    def _on_step(self) -> bool:
        if self.bar is not None:
            self.bar.update(self.num_timesteps - self.bar.n)
        return True

    def _on_training_end(self) -> None:
        if self.bar is not None:
            self.bar.close()


def save_atomic(model: Any, path: Path) -> None:
    """Save a model so that ``path`` is either absent or complete."""
    tmp = path.with_name(path.stem + ".partial.zip")
    model.save(tmp)
    os.replace(tmp, path)


def write_status(run_dir: Path, **fields: Any) -> dict[str, Any]:
    """Update the run's ``status.json`` with ``fields`` (and the time), atomically;
    returns the new record. An unreadable old record is replaced. The ``stage`` of an
    interruption goes once the run is in another state (resumed, trained, done)."""
    path = run_dir / "status.json"
    old = read_status(run_dir)
    if fields.get("state", "interrupted") != "interrupted":
        old.pop("stage", None)
    old.update(fields, updated=time.strftime("%Y-%m-%d %H:%M:%S"))
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(old, indent=2))
    os.replace(tmp, path)
    return old


def read_status(run_dir: Path) -> dict[str, Any]:
    """The run's ``status.json`` as a dict (empty when absent or unreadable: it is a
    record of the run, rewritten as the run goes on, never an input)."""
    try:
        status = json.loads((run_dir / "status.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return status if isinstance(status, dict) else {}


def checkpoint_path(run_dir: Path, steps: int) -> Path:
    """The checkpoint file of a step count."""
    return run_dir / "checkpoints" / f"step_{steps:010d}.zip"


def checkpoint_steps(path: Path) -> int:
    """The step count in a checkpoint's name (``step_0000000512.zip`` → 512)."""
    return int(path.stem.split("_")[1])


def checkpoint_files(run_dir: Path) -> list[Path]:
    """The run's checkpoints, oldest first."""
    return sorted((run_dir / "checkpoints").glob("step_*[0-9].zip"))


def latest_checkpoint(run_dir: Path) -> Path | None:
    """The newest checkpoint file of a run (by its name), or None; see
    :func:`damage` for whether it can be read."""
    files = checkpoint_files(run_dir)
    return files[-1] if files else None


def damage(path: Path, *, load: bool = False) -> str | None:
    """Why the model file ``path`` cannot be loaded (truncated, not a zip, a member
    failing its CRC check, no policy in it; with ``load``, also a ``data`` that is not
    JSON with a step count, or weights that are not plain tensors), or None when it is
    intact. Nothing is unpickled (:func:`agents.policy_load.damage`)."""
    try:
        with zipfile.ZipFile(path) as archive:
            bad = archive.testzip()
            names = set(archive.namelist())
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, RuntimeError) as exc:
        return f"not a readable zip file: {exc}"
    if bad is not None:
        return f"its member {bad} is corrupt (CRC check failed)"
    missing = {"data", "policy.pth"} - names
    if missing:
        return f"not a stable-baselines3 model (no {', '.join(sorted(missing))} in it)"
    if load:                    # read as data: nothing in it is unpickled
        from agents.policy_load import damage as data_damage
        reason = data_damage(path)
        if reason is not None:
            return f"it cannot be read as a model: {reason}"
    return None


def set_aside(path: Path, reason: str) -> Path:
    """Rename an unreadable checkpoint to ``*.zip.unreadable`` (kept for a look, no
    longer a checkpoint) and say so on stderr; returns the new path."""
    aside = path.with_name(path.name + ".unreadable")
    os.replace(path, aside)
    print(f"warning: checkpoint {path.name} is unreadable ({reason}); renamed it to "
          f"{aside.name}", file=sys.stderr)
    return aside


def save_checkpoint(model: Any, run_dir: Path, keep: int) -> Path:
    """Write a checkpoint of ``model`` now (atomically), keep the newest ``keep`` and
    record its step count in ``status.json`` (``timesteps``)."""
    steps = int(model.num_timesteps)
    path = checkpoint_path(run_dir, steps)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_atomic(model, path)
    for old in checkpoint_files(run_dir)[:-keep]:
        old.unlink()
    write_status(run_dir, timesteps=steps)
    return path


class Checkpoints(BaseCallback):
    """Save the model (with its optimizer and step count) every ``every`` steps,
    keeping the newest ``keep``."""

    def __init__(self, run_dir: Path, every: int, keep: int) -> None:
        super().__init__()
        self.run_dir, self.every, self.keep = run_dir, every, keep
        self.next = 0

    def _on_training_start(self) -> None:
        self.next = (self.num_timesteps // self.every + 1) * self.every if self.every else 0

    def _on_step(self) -> bool:
        if self.every and self.num_timesteps >= self.next:
            self.save()
            self.next += self.every
        return True

    def save(self) -> Path:
        """Write a checkpoint now (see :func:`save_checkpoint`)."""
        return save_checkpoint(self.model, self.run_dir, self.keep)


def primary_metric(metrics: dict[str, float], config: TrainConfig) -> float:
    """What "best model" maximises: the game's ``best_metric``
    (:mod:`agents.train.game_hooks`; by default the win share)."""
    return game_hooks.best_metric(config, metrics)


def __getattr__(name: str) -> Any:
    """``eval_tasks`` and ``eval_metrics``, moved to a game's train hooks: deprecated
    aliases, kept for one release (the first registered game's hooks that have them)."""
    if name in ("eval_tasks", "eval_metrics"):
        for game in game_names():
            hooks = game_hooks.train_hooks(game)
            if hasattr(hooks, name):
                return getattr(hooks, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


Listener = Callable[[int, float, dict[str, float]], bool]
"""Told of each periodic evaluation: (step, the game's best metric, the figures); False
stops the training (e.g. a pruned tuning trial)."""
_LISTENERS: list[Listener] = []


@contextmanager
def evaluation_listener(listener: Listener) -> Iterator[None]:
    """While the block runs, every periodic evaluation of :class:`Evaluate` calls
    ``listener`` (see :data:`Listener`): how ``hydra-env tune`` reports and prunes."""
    _LISTENERS.append(listener)
    try:
        yield
    finally:
        _LISTENERS.remove(listener)


def periodic_best(run_dir: Path) -> dict[str, Any] | None:
    """``best.json`` of a run: the best periodic evaluation after training began
    (metric, step and metrics), or None when there was none."""
    path = run_dir / "best.json"
    best = json.loads(path.read_text()) if path.is_file() else None
    return best if best and best.get("timesteps", 0) > 0 else None


class Evaluate(BaseCallback):
    """Every ``config.eval_freq`` steps: play ``eval_games`` fixed-seed games with the
    current policy (the game's ``metrics``, :mod:`agents.train.game_hooks`), log ``eval/...``
    with SB3's ``eval/mean_reward`` and ``eval/mean_ep_length`` (a few episodes of the
    training env, :class:`agents.train.tb_log.EnvReward`), and keep the best model as
    ``best_model.zip`` (with ``best.json``). A warm-started policy is evaluated at step 0
    too, as the curve's baseline; only trained policies can become the best model.
    ``last``: the figures of the latest evaluation (the run's hparams metrics)."""

    def __init__(self, config: TrainConfig, run_dir: Path, checkpoints: Checkpoints) -> None:
        super().__init__()
        self.config, self.run_dir, self.checkpoints = config, run_dir, checkpoints
        self.next = 0
        self.best_file = run_dir / "best.json"
        best = periodic_best(run_dir)
        self.best = best["metric"] if best else float("-inf")
        self.env_reward = EnvReward(config)
        self.last: dict[str, float] = {}
        self.stopped = False        # a listener asked to stop (evaluation_listener)

    def _on_training_start(self) -> None:
        self._clock = (time.perf_counter(), int(self.num_timesteps))
        every = self.config.eval_freq
        self.next = (self.num_timesteps // every + 1) * every if every else 0
        if every and self.num_timesteps == 0 and self.config.bc_teacher:
            self.evaluate()        # the warm start's baseline (not a candidate for the best)

    def _on_step(self) -> bool:
        if self.config.eval_freq and self.num_timesteps >= self.next:
            self.evaluate()
            self.next += self.config.eval_freq
        return not self.stopped

    def evaluate(self) -> dict[str, float]:
        """Evaluate now (saving a checkpoint to evaluate), log, update the best model."""
        path = self.checkpoints.save()
        spec = f"ppo:{path}"
        start = time.perf_counter()
        metrics = game_hooks.metrics(self.config, spec)
        self.last = {**metrics, **self.env_reward(self.model)}
        for key, value in self.last.items():
            self.logger.record(key, value)
        self.logger.record("eval/seconds", time.perf_counter() - start)
        self.logger.dump(self.num_timesteps)
        score = primary_metric(metrics, self.config)
        self._note(metrics)
        for listener in list(_LISTENERS):
            if listener(int(self.num_timesteps), score, metrics) is False:
                self.stopped = True
        if self.num_timesteps > 0 and score > self.best:
            self.best = score
            save_atomic(self.model, self.run_dir / "best_model.zip")
            atomic_write_text(self.best_file, json.dumps({"metric": score, "timesteps": self.num_timesteps,
                                                          **metrics}, indent=2))
        return metrics

    def _on_training_end(self) -> None:
        self.env_reward.close()

    def _note(self, metrics: dict[str, float]) -> None:
        """One line a log keeps: the step, the evaluation's figures, the rate and the ETA."""
        now, steps, total = time.perf_counter(), int(self.num_timesteps), self.config.total_timesteps
        began, first = getattr(self, "_clock", (now, steps))
        rate = (steps - first) / (now - began) if now > began and steps > first else 0.0
        shown = "  ".join(figure_text(k, metrics) for k in [k for k in metrics if not k.endswith(BOUNDS)][:4])
        eta = f"  {rate:,.0f} steps/s  ETA {duration((total - steps) / rate)}" if rate else ""
        note(f"eval at step {steps:,}/{total:,}: {shown}{eta}")


BOUNDS = ("_low", "_high")
"""The suffixes of a figure's 95% interval in an evaluation's metrics (``eval/score_mean_low``)."""


def figure_text(key: str, metrics: dict[str, float]) -> str:
    """``score_mean 71.050 [69.210, 72.890]`` (the interval when the metrics hold it)."""
    text = f"{key.split('/', 1)[-1]} {metrics[key]:.3f}"
    low, high = metrics.get(key + BOUNDS[0]), metrics.get(key + BOUNDS[1])
    return text if low is None or high is None else f"{text} [{low:.3f}, {high:.3f}]"


class SelfPlayPool(BaseCallback):
    """Every ``every`` steps, freeze the learner into the self-play pool folder."""

    def __init__(self, pool_dir: Path, every: int, keep: int) -> None:
        super().__init__()
        self.pool_dir, self.every, self.keep = pool_dir, every, keep
        self.next = 0

    def _on_training_start(self) -> None:
        self.pool_dir.mkdir(parents=True, exist_ok=True)
        self.next = (self.num_timesteps // self.every + 1) * self.every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            save_atomic(self.model, self.pool_dir / f"frozen_{self.num_timesteps:010d}.zip")
            for old in sorted(self.pool_dir.glob("frozen_*[0-9].zip"))[:-self.keep]:
                old.unlink()
            self.next += self.every
        return True
