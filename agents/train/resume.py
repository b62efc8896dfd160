"""Resuming a run folder: its config with the new overrides, and how far it got.

``hydra-env train --resume RUN_DIR`` continues wherever the run stopped
(:func:`agents.train.trainer.train` with ``resume=True``):

* stopped before its first checkpoint (being set up, imitating its teacher):
  the run starts over (:func:`starts_over`; the teacher's games come from the cache);
  a warm start is followed by a checkpoint at step 0, so a run stopped later keeps it;
* training not over (the newest readable checkpoint is short of
  ``total_timesteps``): training goes on from that checkpoint;
* training over but ``final_model.zip`` not written (killed right after the
  last step): it is written from the newest checkpoint (at or past
  ``total_timesteps``);
* the final evaluation report missing or made with another ``final_eval_games``
  (killed during the final evaluation): it is made again;
* nothing missing: the run is complete, nothing is written.

A checkpoint that cannot be read (truncated, corrupt) is renamed to
``*.zip.unreadable`` with a warning, and the newest readable one before it is
used. Overrides given on resume (``--set``) are checked like a new config,
written into the run's ``config.yaml`` and listed in ``status.json``
(``overrides``); those that would change the network or the environment
(:data:`FROZEN`) are refused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agents.train import callbacks as cb
from agents.train.checks import check_config
from agents.train.config import TrainConfig, dump_config, load_config
from hydra_env.errors import ConfigError

FROZEN = ("env", "env_kwargs", "policy", "candidates", "features_dim", "net_arch", "activation")
"""Fields a resumed run cannot change: its checkpoints' network and environment depend on them."""


def resume_config(run_dir: Path, overrides: list[str] | None = None) -> TrainConfig:
    """The config of an existing run (its config.yaml, with ``overrides``), checked
    whole (:func:`agents.train.checks.check_config`); the overrides are then written
    into the run's config.yaml and status.json. ConfigError, with nothing written,
    for a folder that is not a run, a run without checkpoints, a bad override or
    one of a :data:`FROZEN` field."""
    run_dir = Path(run_dir)
    if not (run_dir / "config.yaml").is_file():
        raise ConfigError(f"{run_dir} is not a run folder (no config.yaml); give the folder "
                          f"that `hydra-env train` created under runs/")
    if cb.latest_checkpoint(run_dir) is None and not starts_over(run_dir):
        raise ConfigError(f"{run_dir} has no checkpoint to resume from (checkpoints/step_*.zip); "
                          f"start the run again with `hydra-env train {run_dir / 'config.yaml'}`")
    saved = load_config(run_dir / "config.yaml")
    config = load_config(run_dir / "config.yaml", overrides) if overrides else saved
    for name in FROZEN:
        if getattr(config, name) != getattr(saved, name):
            raise ConfigError(f"--set {name}: {name!r} cannot change when a run is resumed (its "
                              f"checkpoints were made with {name}={getattr(saved, name)!r}); "
                              f"start a new run instead: hydra-env train "
                              f"{run_dir / 'config.yaml'} --set ...")
    check_config(config, run_dir.parent, warm_start=False)
    if overrides:
        dump_config(config, run_dir / "config.yaml")
        given = cb.read_status(run_dir).get("overrides")
        cb.write_status(run_dir, total_timesteps=config.total_timesteps,
                        overrides=[*(given if isinstance(given, list) else []), *overrides])
    return config


def finished_steps(run_dir: Path, total_timesteps: int) -> int | None:
    """The step count of the run's ``final_model.zip`` when training is over (status
    ``trained`` or ``done`` at ``total_timesteps`` or more, the file intact), else None."""
    status = cb.read_status(run_dir)
    steps = status.get("timesteps")
    over = status.get("state") in ("trained", "done") or (
        status.get("state") == "interrupted" and status.get("stage") == "final report")
    if not over or not isinstance(steps, int) or steps < total_timesteps:
        return None
    final = run_dir / "final_model.zip"
    if not final.is_file() or cb.damage(final, load=True) is not None:
        return None
    from agents.train.checkpoint_load import belongs
    return steps if belongs(final, run_dir) else None     # another run's model: not this run's end


def starts_over(run_dir: Path) -> bool:
    """Whether a resumed run starts from its beginning: it stopped before its first
    checkpoint (while being set up, during its warm start, or before PPO's first
    checkpoint without a warm start), so there is nothing to continue from. The
    teacher's games of an imitation warm start are cached: they are not played again."""
    status = cb.read_status(run_dir)
    return (cb.latest_checkpoint(run_dir) is None and not status.get("timesteps")
            and status.get("state") not in ("trained", "done"))


def report_complete(config: TrainConfig, run_dir: Path) -> bool:
    """Whether the final evaluation report the config asks for is on disk: none
    asked for, or ``eval/summary.json`` of ``final_eval_games`` games with its
    ``evaluated_model`` (the report's last write)."""
    if not config.final_eval_games:
        return True
    summary = _json(run_dir / "eval" / "summary.json")
    return (isinstance(summary, dict) and "evaluated_model" in summary
            and summary.get("n_games") == config.final_eval_games)


def _json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None


def newest_readable_checkpoint(run_dir: Path) -> Path:
    """The newest checkpoint that can be read; each newer unreadable one is set
    aside (:func:`agents.train.callbacks.set_aside`, with a warning), and the
    fallback is announced. ConfigError when none is readable."""
    fell_back = False
    while (path := cb.latest_checkpoint(run_dir)) is not None:
        reason = cb.damage(path, load=True)
        if reason is None:
            if fell_back:
                print(f"falling back to {path.name}, the newest readable checkpoint")
            return path
        cb.set_aside(path, reason)
        fell_back = True
    raise ConfigError(f"{run_dir} has no readable checkpoint left (the unreadable ones are "
                      f"checkpoints/*.unreadable); start the run again with "
                      f"`hydra-env train {run_dir / 'config.yaml'}`")
