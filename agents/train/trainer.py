"""A training run: MaskablePPO on a hydra-env environment, in a run folder.

``runs/{env}__{name}__{seed}__{time}/`` holds:

* ``config.yaml`` — the resolved config (a loadable config file);
* ``run_id`` — the run's random id; every model the run saves carries it, and
  ``--resume`` accepts only checkpoints that do (:mod:`agents.train.checkpoint_load`);
* ``tb/`` — TensorBoard logs (SB3's ``rollout/ep_rew_mean`` and
  ``rollout/ep_len_mean`` from a VecMonitor, the game's ``rollout/ep_score_mean``,
  ``train/``, ``time/``; the periodic evaluation's ``eval/...``, the game's ``metrics``
  (:mod:`agents.train.game_hooks`: Hydra's ``eval/solo_score_mean``,
  ``eval/epic_hero_rate`` …, by default ``eval/win_share``) and SB3's
  ``eval/mean_reward`` and ``eval/mean_ep_length``; the config as text and hparams;
  in ``tb/imitation`` the warm start's ``bc/loss`` and ``bc/accuracy`` per epoch
  (:mod:`agents.train.tb_log`);
* ``checkpoints/step_*.zip`` — the newest checkpoints (policy, optimizer,
  step count); ``best_model.zip`` — the best by periodic evaluation after
  training began (its figures in ``best.json``), or the final model when there
  was none;
* ``final_model.zip`` and ``eval/`` — the final evaluation report of the best
  model, or of the final one when training ended before the first periodic
  evaluation, the game's ``final_report`` (by default written by the same code as
  ``hydra-env evaluate``: games.csv, summary.json with ``evaluated_model``, scores.png);
* ``pool/`` — frozen learners for self-play (runs against opponents that use it);
* ``status.json`` — state of the run (``created``, ``running``, ``interrupted``, with
  the ``stage`` it was in: ``set-up``, ``warm start``, ``PPO`` or ``final report``,
  ``trained``: the final report is still to come, ``done``), ``timesteps`` (updated
  at every checkpoint), ``total_timesteps`` and the ``overrides`` given on resume.

Every saved model records its env id and arguments (in its observation space):
``hydra_env.envs.make_env_for(model_zip)`` builds the matching env.

The whole config is checked before the run folder is made
(:mod:`agents.train.checks`); ``run.lock`` keeps a second process out of it
(:mod:`agents.run_lock`). An interrupted run (Ctrl-C, SIGTERM, or a killed process, at
any stage: before or during its warm start, whose teacher games are cached, during PPO
or its final evaluation) continues from its newest readable checkpoint
with ``hydra-env train --resume RUN_DIR`` (:mod:`agents.train.resume`); the checkpoint
is loaded as data (the model rebuilt from the config, then its weights), never unpickled.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import torch

import hydra_env  # noqa: F401  (registers the environment ids)
from agents import run_lock
from agents.progress import note
from agents.train import callbacks as cb
from agents.train import checkpoint_load as ckpts
from agents.train import game_hooks, tb_log
from agents.train import resume as resuming
from agents.train import warm_start as warm
from agents.train.checks import check_config
from agents.train.config import TrainConfig, dump_config
from agents.train.environments import (  # noqa: F401  (trainer.env_kwargs ..., as before)
    env_factory,
    env_kwargs,
    make_vec_env,
    record_env,
    recorded_env_args,
)
from agents.train.model import new_model, policy_kwargs  # noqa: F401  (trainer.new_model, as before)
from agents.train.resume import resume_config  # noqa: F401  (trainer.resume_config, as before)
from hydra_env import ConfigError


def run_folders(runs_dir: Path) -> list[Path]:
    """The run folders under ``runs_dir`` (those with a config.yaml), by name."""
    return sorted(p for p in runs_dir.iterdir() if (p / "config.yaml").is_file())


def run_name(config: TrainConfig) -> str:
    """``{env}__{name}__{seed}__{time}`` (the env id without its namespace)."""
    env = config.env.split("/")[-1]
    return f"{env}__{config.name}__{config.seed}__{time.strftime('%Y%m%d-%H%M%S')}"


def prepare_run(config: TrainConfig, runs_dir: Path) -> Path:
    """Check the whole config (:func:`agents.train.checks.check_config`: the env, the
    bots, the device, the imitation cache), then create the run folder and write the
    resolved config. ConfigError, with nothing created, when a check fails."""
    runs_dir = Path(runs_dir)
    if runs_dir.exists() and not runs_dir.is_dir():
        raise ConfigError(f"the runs folder {runs_dir} is a file; give --runs-dir a folder")
    run_dir = runs_dir / run_name(config)
    if run_dir.exists():
        raise ConfigError(f"run folder {run_dir} already exists")
    check_config(config, runs_dir)
    (run_dir / "checkpoints").mkdir(parents=True)
    dump_config(config, run_dir / "config.yaml")
    ckpts.new_run_id(run_dir)
    cb.write_status(run_dir, state="created", timesteps=0, total_timesteps=config.total_timesteps)
    return run_dir


def train(config: TrainConfig, run_dir: Path, *, resume: bool = False,
          workers: int = 1) -> Path:
    """Train (or, with ``resume``, continue or finish, see :mod:`agents.train.resume`)
    in ``run_dir``; returns the run folder.

    ``workers`` is the number of processes for the final evaluation report. The run
    folder is locked for the call (:mod:`agents.run_lock`: ConfigError when another
    process writes it). Interrupted (Ctrl-C, or SIGTERM through ``hydra-env train``) at
    any stage, the run's status becomes ``interrupted`` (with the ``stage``) and the
    KeyboardInterrupt goes on; ``--resume`` continues from there.
    """
    torch.set_num_threads(config.torch_threads)
    # The policies loaded for evaluation (agents.ppo_bot) keep the same thread count.
    os.environ["HYDRA_ENV_TORCH_THREADS"] = str(config.torch_threads)
    with run_lock.hold(run_dir):
        try:
            if resume and not resuming.starts_over(run_dir):
                return _resume(config, run_dir, workers)
            if resume:
                print(f"resuming {run_dir}: it stopped before its first checkpoint; starting it "
                      f"over" + (" (the teacher's cached games are reused)" if config.bc_teacher
                                 and config.bc_games else ""))
            _start(config, run_dir, workers)
        except KeyboardInterrupt:
            mark_interrupted(config, run_dir)
            raise
    return run_dir


def _start(config: TrainConfig, run_dir: Path, workers: int) -> None:
    """A run from its beginning: the model, its warm start (then a checkpoint at step 0,
    so a run stopped later does not imitate again), PPO, the final model and report."""
    venv = make_vec_env(config, run_dir, config.seed)
    try:
        model = new_model(config, venv, run_dir)
        ckpts.mark(model, run_dir)                   # every file it saves carries the run id
        if config.init_policy:
            warm.init_from_policy(model, config, run_dir)
        if config.bc_teacher and config.bc_games:
            warm.imitate_teacher(model, config, run_dir, env_factory(config, None))
        if config.init_policy or (config.bc_teacher and config.bc_games):
            cb.save_checkpoint(model, run_dir, config.keep_checkpoints)
    except BaseException:
        venv.close()
        raise
    _learn(model, venv, config, run_dir, resume=False)
    _finish(model, config, run_dir)
    _report(config, run_dir, workers)


def mark_interrupted(config: TrainConfig, run_dir: Path) -> None:
    """Status ``interrupted`` with the stage the run was in (PPO writes its own, with its
    checkpoint), and how to continue; nothing when the status says so already."""
    state = cb.read_status(run_dir).get("state")
    if state in ("interrupted", "done"):
        return
    before = "warm start" if config.init_policy or (config.bc_teacher and config.bc_games) else "set-up"
    stage = {"trained": "final report", "running": "PPO"}.get(str(state), before)
    cb.write_status(run_dir, state="interrupted", stage=stage)
    print(f"\ninterrupted during the {stage}; continue with: hydra-env train --resume {run_dir}")


def _resume(config: TrainConfig, run_dir: Path, workers: int) -> Path:
    """Continue training from the newest readable checkpoint, or finish a run whose
    training is over (final model, final report), or say that it is complete."""
    steps = resuming.finished_steps(run_dir, config.total_timesteps)
    ckpt = None
    if steps is None:
        ckpt = resuming.newest_readable_checkpoint(run_dir)
        steps = cb.checkpoint_steps(ckpt)
        if steps < config.total_timesteps:
            # Resumed environments get fresh seeds (their episodes in flight were lost).
            venv = make_vec_env(config, run_dir, config.seed + steps)
            try:
                model = ckpts.load_checkpoint(ckpt, config, run_dir, venv)
            except ConfigError:
                venv.close()
                raise
            print(f"resuming {run_dir} from {ckpt.name} ({model.num_timesteps} steps)")
            _learn(model, venv, config, run_dir, resume=True)
            _finish(model, config, run_dir)
            _report(config, run_dir, workers)
            return run_dir
    complete = resuming.report_complete(config, run_dir)
    if ckpt is None and complete:
        if cb.read_status(run_dir).get("state") != "done":
            cb.write_status(run_dir, state="done")
        print(f"{run_dir} is complete: trained for {steps} steps (total_timesteps "
              f"{config.total_timesteps}), final model and report written; nothing to do. "
              f"To train further: hydra-env train --resume {run_dir} --set total_timesteps=N")
        return run_dir
    print(f"{run_dir}: training is over ({steps} of {config.total_timesteps} steps); "
          f"finishing the run: " + ("the final report" if ckpt is None else
                                    f"the final model (from {ckpt.name}) and report"))
    if ckpt is not None:
        from stable_baselines3.common.vec_env import DummyVecEnv
        venv = DummyVecEnv([env_factory(config, None)])
        try:
            model = ckpts.load_checkpoint(ckpt, config, run_dir, venv)
        finally:
            venv.close()
        _finish(model, config, run_dir)
    _report(config, run_dir, workers)
    return run_dir


def _learn(model: Any, venv: Any, config: TrainConfig, run_dir: Path, *, resume: bool) -> None:
    """PPO from the model's step count to ``total_timesteps`` with the run's callbacks,
    then a checkpoint; on Ctrl-C a checkpoint, status ``interrupted`` and the re-raise."""
    checkpoints = cb.Checkpoints(run_dir, config.checkpoint_freq, config.keep_checkpoints)
    callbacks: list[Any] = [checkpoints]
    evaluate = cb.Evaluate(config, run_dir, checkpoints) if config.eval_freq else None
    if evaluate is not None:
        callbacks.append(evaluate)
    # TensorBoard beside SB3's tags: the game's score per episode, the config and hparams.
    callbacks += [tb_log.EpisodeScores(game_hooks.config_game(config)),
                  tb_log.RunSummary(config, run_dir, evaluate)]
    if game_hooks.seats_opponents(config) is not None and config.selfplay_prob > 0:
        callbacks.append(cb.SelfPlayPool(run_dir / "pool", config.selfplay_refresh,
                                         config.selfplay_pool))
    if config.progress_bar:
        callbacks.append(cb.ProgressBar(config.total_timesteps))
    remaining = config.total_timesteps - model.num_timesteps
    cb.write_status(run_dir, state="running", timesteps=int(model.num_timesteps),
                    total_timesteps=config.total_timesteps)
    started = time.perf_counter()
    if remaining > 0:
        note(f"PPO: {remaining:,} steps to {config.total_timesteps:,} on {config.env} ({config.n_envs} envs); "
             f"an evaluation every {config.eval_freq:,} steps" if config.eval_freq else
             f"PPO: {remaining:,} steps to {config.total_timesteps:,} on {config.env} ({config.n_envs} envs)")
    try:
        if remaining > 0:
            model.learn(remaining, callback=callbacks, reset_num_timesteps=not resume,
                        tb_log_name="ppo")
    except KeyboardInterrupt:
        path = cb.save_checkpoint(model, run_dir, config.keep_checkpoints)
        cb.write_status(run_dir, state="interrupted", stage="PPO", timesteps=int(model.num_timesteps))
        print(f"\ninterrupted at {model.num_timesteps} steps; saved {path.name}. "
              f"Continue with: hydra-env train --resume {run_dir}")
        venv.close()
        raise
    venv.close()
    cb.save_checkpoint(model, run_dir, config.keep_checkpoints)
    earlier = float(cb.read_status(run_dir).get("train_seconds") or 0)   # before a resume
    cb.write_status(run_dir, train_seconds=round(earlier + time.perf_counter() - started, 1))


def _finish(model: Any, config: TrainConfig, run_dir: Path) -> None:
    """The end of training: ``final_model.zip`` (and ``best_model.zip`` when no
    periodic evaluation found one), status ``trained``."""
    cb.save_atomic(model, run_dir / "final_model.zip")
    if cb.periodic_best(run_dir) is None:    # no evaluation after training began: the final
        cb.save_atomic(model, run_dir / "best_model.zip")   # model is the best there is
    cb.write_status(run_dir, state="trained", timesteps=int(model.num_timesteps))


def _report(config: TrainConfig, run_dir: Path, workers: int) -> None:
    """The final evaluation report (when the config asks for one), then status ``done``."""
    if config.final_eval_games:
        note(f"final report: {config.final_eval_games:,} games of the {evaluated_model(run_dir)['model']} model")
        code = final_report(config, run_dir, workers)
        if code == 130:
            raise KeyboardInterrupt
        if code != 0 or not resuming.report_complete(config, run_dir):
            raise ConfigError(f"the final evaluation report of {run_dir} failed (hydra-env "
                              f"evaluate exit code {code}, its error is above); the model is "
                              f"trained: fix that, then finish the report with "
                              f"`hydra-env train --resume {run_dir}`")
    cb.write_status(run_dir, state="done")


def evaluated_model(run_dir: Path) -> dict[str, Any]:
    """Which model the final report evaluates: the best of the periodic evaluations
    after training began, else (training ended before the first one) the final model;
    never the untrained warm start."""
    best = cb.periodic_best(run_dir)
    if best is not None and (run_dir / "best_model.zip").is_file():
        return {"model": "best", "timesteps": int(best["timesteps"]), "file": "best_model.zip"}
    status = cb.read_status(run_dir)
    return {"model": "final", "timesteps": int(status.get("timesteps") or 0),
            "file": "final_model.zip"}


def final_report(config: TrainConfig, run_dir: Path, workers: int) -> int:
    """The end-of-run evaluation of the model :func:`evaluated_model` chooses, by the
    game's ``final_report`` (:mod:`agents.train.game_hooks`; by default the generic
    ``hydra-env evaluate``); ``eval/summary.json`` says which model it evaluated
    (``evaluated_model``). Returns the exit code."""
    return game_hooks.final_report(config, run_dir, evaluated_model(run_dir), workers)
