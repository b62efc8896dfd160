"""Training callbacks: progress bar, checkpoints, periodic evaluation, self-play pool."""

from __future__ import annotations

import json
import os
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

from stable_baselines3.common.callbacks import BaseCallback

from agents.backends import GameTask, bot_seed, game_seed, run_games
from agents.progress import progress
from agents.train.config import TrainConfig


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
    returns the new record. An unreadable old record is replaced."""
    path = run_dir / "status.json"
    old = read_status(run_dir)
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
    failing its CRC check, no policy in it; with ``load``, also contents that
    stable-baselines3 cannot read), or None when it is intact."""
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
    if load:
        from stable_baselines3.common.save_util import load_from_zip_file
        try:
            data, _, _ = load_from_zip_file(path, device="cpu")
        except Exception as exc:  # noqa: BLE001  (torch and pickle raise many kinds)
            return f"stable-baselines3 cannot read it: {type(exc).__name__}: {exc}"
        if not isinstance(data, dict) or "num_timesteps" not in data:
            return "stable-baselines3 cannot read it: no step count in its data"
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


def eval_tasks(config: TrainConfig, spec: str, games: int, seed: int) -> list[GameTask]:
    """Evaluation games: solo on fixed seeds; coordinated with the learner rotating
    over the seats against the first configured opponent."""
    from hydra_env import default_components
    kwargs = config.env_kwargs
    scenario = int(kwargs.get("scenario", 10 if config.env.endswith("Solo-v0") else 1))
    stars = int(kwargs.get("stars", 1))
    players = default_components().scenario(scenario).players
    tasks = []
    for i in range(games):
        specs = [config.opponents[0] if config.opponents else "heuristic"] * players
        specs[i % players] = spec
        tasks.append(GameTask(i, scenario, stars, game_seed(seed, i), tuple(specs),
                              tuple(bot_seed(seed, i, s) for s in range(players))))
    return tasks


def eval_metrics(tasks: list[GameTask], records: list[Any], learner: str) -> dict[str, float]:
    """Rates and means of an evaluation, named as logged (``eval/...``)."""
    n = len(records)
    won = [r.result["outcome"] == "won" for r in records]
    if records and records[0].result["mode"] == "solo":
        scores = [r.result["score"] or 0 for r in records]
        won_scores = [s for s, w in zip(scores, won) if w]
        return {"eval/solo_score_mean": sum(scores) / n, "eval/solo_win_rate": sum(won) / n,
                "eval/solo_won_score_mean": sum(won_scores) / max(1, len(won_scores))}
    seats = [t.specs.index(learner) for t in tasks]
    epic = sum(r.result["epic_hero"] == s for r, s in zip(records, seats))
    tragic = sum(r.result["tragic_hero"] == s for r, s in zip(records, seats))
    return {"eval/epic_hero_rate": epic / n, "eval/tragic_hero_rate": tragic / n,
            "eval/city_saved_rate": sum(won) / n}


def hydras_metrics(config: TrainConfig, spec: str) -> dict[str, float]:
    """Hydras: ``eval_games`` games against the first of ``opponents``, seats rotated
    (:func:`agents.hydras.match.win_share`): win share, mean score and rank."""
    from agents.hydras.match import win_share
    out = win_share(spec, [config.opponents[0] if config.opponents else "heuristic"],
                    games=config.eval_games, players=int(config.env_kwargs.get("num_players", 3)),
                    seed=config.eval_seed)
    return {"eval/win_share": out["share"], "eval/score_mean": out["score_mean"],
            "eval/rank_mean": out["rank_mean"]}


def primary_metric(metrics: dict[str, float]) -> float:
    """What "best model" maximises: solo expected score; coordinated epic − tragic
    rate plus half the city-saved rate; Hydras the win share."""
    if "eval/win_share" in metrics:
        return metrics["eval/win_share"]
    if "eval/solo_score_mean" in metrics:
        return metrics["eval/solo_score_mean"]
    return (metrics["eval/epic_hero_rate"] - metrics["eval/tragic_hero_rate"]
            + 0.5 * metrics["eval/city_saved_rate"])


def periodic_best(run_dir: Path) -> dict[str, Any] | None:
    """``best.json`` of a run: the best periodic evaluation after training began
    (metric, step and metrics), or None when there was none."""
    path = run_dir / "best.json"
    best = json.loads(path.read_text()) if path.is_file() else None
    return best if best and best.get("timesteps", 0) > 0 else None


class Evaluate(BaseCallback):
    """Every ``config.eval_freq`` steps: play ``eval_games`` fixed-seed games with the
    current policy (through the same code as ``hydra-env evaluate``), log ``eval/...``
    and keep the best model as ``best_model.zip`` (with ``best.json``). A warm-started
    policy is evaluated at step 0 too, as the curve's baseline; only trained policies
    can become the best model."""

    def __init__(self, config: TrainConfig, run_dir: Path, checkpoints: Checkpoints) -> None:
        super().__init__()
        self.config, self.run_dir, self.checkpoints = config, run_dir, checkpoints
        self.next = 0
        self.best_file = run_dir / "best.json"
        best = periodic_best(run_dir)
        self.best = best["metric"] if best else float("-inf")

    def _on_training_start(self) -> None:
        every = self.config.eval_freq
        self.next = (self.num_timesteps // every + 1) * every if every else 0
        if every and self.num_timesteps == 0 and self.config.bc_teacher:
            self.evaluate()        # the warm start's baseline (not a candidate for the best)

    def _on_step(self) -> bool:
        if self.config.eval_freq and self.num_timesteps >= self.next:
            self.evaluate()
            self.next += self.config.eval_freq
        return True

    def evaluate(self) -> dict[str, float]:
        """Evaluate now (saving a checkpoint to evaluate), log, update the best model."""
        path = self.checkpoints.save()
        spec = f"ppo:{path}"
        start = time.perf_counter()
        if self.config.env == "hydra_env/Hydras-v0":
            metrics = hydras_metrics(self.config, spec)
        else:
            tasks = eval_tasks(self.config, spec, self.config.eval_games, self.config.eval_seed)
            metrics = eval_metrics(tasks, run_games(tasks, workers=1), spec)
        for key, value in metrics.items():
            self.logger.record(key, value)
        self.logger.record("eval/seconds", time.perf_counter() - start)
        self.logger.dump(self.num_timesteps)
        score = primary_metric(metrics)
        if self.num_timesteps > 0 and score > self.best:
            self.best = score
            save_atomic(self.model, self.run_dir / "best_model.zip")
            self.best_file.write_text(json.dumps({"metric": score, "timesteps": self.num_timesteps,
                                                  **metrics}, indent=2))
        return metrics


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
