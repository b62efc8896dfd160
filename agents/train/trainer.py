"""A training run: MaskablePPO on a hydra-env environment, in a run folder.

``runs/{env}__{name}__{seed}__{time}/`` holds:

* ``config.yaml`` — the resolved config (a loadable config file);
* ``tb/`` — TensorBoard logs (SB3's ``rollout/ep_rew_mean`` and
  ``rollout/ep_len_mean`` from a VecMonitor, ``train/``, ``time/``; the warm
  start's ``bc/loss`` and ``bc/accuracy`` per epoch; our ``eval/solo_score_mean``,
  ``eval/solo_win_rate``, ``eval/epic_hero_rate``, ``eval/tragic_hero_rate``,
  ``eval/city_saved_rate`` …);
* ``checkpoints/step_*.zip`` — the newest checkpoints (policy, optimizer,
  step count); ``best_model.zip`` — the best by periodic evaluation after
  training began (its figures in ``best.json``), or the final model when there
  was none;
* ``final_model.zip`` and ``eval/`` — the final evaluation report of the best
  model, or of the final one when training ended before the first periodic
  evaluation, written by the same code as ``hydra-env evaluate`` (games.csv,
  summary.json with ``evaluated_model``, scores.png);
* ``pool/`` — frozen learners for self-play (coordinated runs that use it);
* ``status.json`` — state of the run (``created``, ``running``, ``interrupted``,
  ``trained``: the final report is still to come, ``done``), ``timesteps`` (updated
  at every checkpoint), ``total_timesteps`` and the ``overrides`` given on resume.

Every saved model records its env id and arguments (in its observation space):
``hydra_env.envs.make_env_for(model_zip)`` builds the matching env.

The whole config is checked before the run folder is made
(:mod:`agents.train.checks`). An interrupted run (Ctrl-C, or a killed process,
also during its final evaluation) continues from its newest readable checkpoint
with ``hydra-env train --resume RUN_DIR`` (:mod:`agents.train.resume`).
"""

from __future__ import annotations

import functools
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium as gym
import torch

import hydra_env  # noqa: F401  (registers the environment ids)
from agents.train import callbacks as cb
from agents.train import resume as resuming
from agents.train import warm_start as warm
from agents.train.checks import check_config
from agents.train.config import HYDRAS, TrainConfig, config_game, dump_config
from agents.train.resume import resume_config  # noqa: F401  (trainer.resume_config, as before)
from agents.train.selfplay import OpponentPool
from hydra_env import ConfigError
from hydra_env.envs.policy_env import env_args_from_training_config, record_env_args

COOP = "hydra_env/Coop-v0"


def run_folders(runs_dir: Path) -> list[Path]:
    """The run folders under ``runs_dir`` (those with a config.yaml), by name."""
    return sorted(p for p in runs_dir.iterdir() if (p / "config.yaml").is_file())


def run_name(config: TrainConfig) -> str:
    """``{env}__{name}__{seed}__{time}`` (the env id without its namespace)."""
    env = config.env.split("/")[-1]
    return f"{env}__{config.name}__{config.seed}__{time.strftime('%Y%m%d-%H%M%S')}"


def recorded_env_args(config: TrainConfig) -> tuple[str, dict[str, Any]]:
    """The env id and keyword arguments recorded with the run's models (what
    ``hydra_env.envs.make_env_for`` builds): the training env without its opponent pool."""
    return env_args_from_training_config(config.to_dict())


def env_kwargs(config: TrainConfig, run_dir: Path | None) -> dict[str, Any]:
    """The environment's keyword arguments, with the opponent pool for Coop-v0 and
    Hydras-v0 (one pool for every opponent seat; each seat draws its own bot)."""
    _, kwargs = recorded_env_args(config)
    if config.env in (COOP, HYDRAS) and "opponents" not in config.env_kwargs:
        pool = OpponentPool(config.opponents, config.opponent_weights,
                            pool_dir=(run_dir / "pool") if run_dir and config.selfplay_prob else None,
                            selfplay_prob=config.selfplay_prob, pool_size=config.selfplay_pool,
                            game=config_game(config))
        kwargs["opponents"] = [pool]
    return kwargs


def env_factory(config: TrainConfig, run_dir: Path | None) -> Callable[[], gym.Env]:
    """A (picklable) function making one training environment."""
    return functools.partial(gym.make, config.env, **env_kwargs(config, run_dir))


def make_vec_env(config: TrainConfig, run_dir: Path, seed: int) -> Any:
    """``n_envs`` environments, seeded from ``seed`` (env ``i``: ``seed + i``), in a
    VecMonitor (episode returns and lengths: SB3 logs ``rollout/ep_rew_mean`` and
    ``rollout/ep_len_mean``; it draws no random numbers, so runs stay deterministic).

    ``vec_env: batch`` (default): one game batch stepping every env
    (:class:`agents.train.vec_env.BatchVecEnv`); ``dummy`` / ``subproc``: one ``gym.make``
    env each in SB3's DummyVecEnv / SubprocVecEnv. All three give the same steps."""
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecMonitor
    if config.vec_env == "batch":
        from agents.train.vec_env import BatchVecEnv, make_vector_env
        venv: Any = BatchVecEnv(make_vector_env(config.env, config.n_envs, **env_kwargs(config, run_dir)))
    else:
        fns = [env_factory(config, run_dir)] * config.n_envs
        venv = SubprocVecEnv(fns, start_method="spawn") if config.vec_env == "subproc" else DummyVecEnv(fns)
    venv.seed(seed)
    return VecMonitor(venv)


def record_env(model: Any, config: TrainConfig) -> None:
    """Let every file the model is saved to carry its env id and arguments (in its
    observation space, :func:`hydra_env.envs.policy_env.record_env_args`)."""
    env_id, kwargs = recorded_env_args(config)
    model.observation_space = record_env_args(model.observation_space, env_id, kwargs)


def policy_kwargs(config: TrainConfig) -> dict[str, Any]:
    """Network sizes and activation for SB3."""
    act = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[config.activation]
    kwargs: dict[str, Any] = {"net_arch": dict(pi=list(config.net_arch), vf=list(config.net_arch)),
                              "activation_fn": act}
    if config.policy == "CandidatePolicy":
        kwargs["features_extractor_kwargs"] = {"features_dim": config.features_dim or 256,
                                               "activation": config.activation}
    elif config.features_dim:
        from agents.train.policy import SharedLinear
        kwargs.update(features_extractor_class=SharedLinear, share_features_extractor=True,
                      features_extractor_kwargs={"features_dim": config.features_dim,
                                                 "activation": config.activation})
    return kwargs


def new_model(config: TrainConfig, venv: Any, run_dir: Path) -> Any:
    """A fresh MaskablePPO for the config."""
    from sb3_contrib import MaskablePPO
    lr: Any = config.learning_rate
    if config.lr_schedule == "linear":
        lr = _linear(config.learning_rate)
    policy: Any = config.policy
    if policy == "CandidatePolicy":
        from agents.train.policy import CandidatePolicy
        policy = CandidatePolicy
    model = MaskablePPO(
        policy, venv, learning_rate=lr, n_steps=config.n_steps,
        batch_size=config.batch_size, n_epochs=config.n_epochs, gamma=config.gamma,
        gae_lambda=config.gae_lambda, clip_range=config.clip_range, ent_coef=config.ent_coef,
        vf_coef=config.vf_coef, max_grad_norm=config.max_grad_norm,
        target_kl=config.target_kl or None, tensorboard_log=str(run_dir / "tb"),
        policy_kwargs=policy_kwargs(config), seed=config.seed, device=config.device, verbose=0)
    record_env(model, config)
    return model


def _linear(start: float) -> Callable[[float], float]:
    def schedule(progress_remaining: float) -> float:
        return start * progress_remaining
    return schedule


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
    cb.write_status(run_dir, state="created", timesteps=0, total_timesteps=config.total_timesteps)
    return run_dir


def train(config: TrainConfig, run_dir: Path, *, resume: bool = False,
          workers: int = 1) -> Path:
    """Train (or, with ``resume``, continue or finish, see :mod:`agents.train.resume`)
    in ``run_dir``; returns the run folder.

    ``workers`` is the number of processes for the final evaluation report.
    """
    torch.set_num_threads(config.torch_threads)
    # The policies loaded for evaluation (agents.ppo_bot) keep the same thread count.
    os.environ["HYDRA_ENV_TORCH_THREADS"] = str(config.torch_threads)
    if resume:
        return _resume(config, run_dir, workers)
    venv = make_vec_env(config, run_dir, config.seed)
    model = new_model(config, venv, run_dir)
    if config.init_policy:
        warm.init_from_policy(model, config, run_dir)
    if config.bc_teacher and config.bc_games:
        warm.imitate_teacher(model, config, run_dir, env_factory(config, None))
    _learn(model, venv, config, run_dir, resume=False)
    _finish(model, config, run_dir)
    _report(config, run_dir, workers)
    return run_dir


def _resume(config: TrainConfig, run_dir: Path, workers: int) -> Path:
    """Continue training from the newest readable checkpoint, or finish a run whose
    training is over (final model, final report), or say that it is complete."""
    from sb3_contrib import MaskablePPO
    steps = resuming.finished_steps(run_dir, config.total_timesteps)
    ckpt = None
    if steps is None:
        ckpt = resuming.newest_readable_checkpoint(run_dir)
        steps = cb.checkpoint_steps(ckpt)
        if steps < config.total_timesteps:
            # Resumed environments get fresh seeds (their episodes in flight were lost).
            venv = make_vec_env(config, run_dir, config.seed + steps)
            try:
                model = MaskablePPO.load(ckpt, env=venv, device=config.device,
                                         tensorboard_log=str(run_dir / "tb"))
            except ValueError as exc:    # e.g. "Observation spaces do not match"
                venv.close()
                raise ConfigError(f"checkpoint {ckpt} does not fit the env of {run_dir}'s "
                                  f"config.yaml ({exc}); resume with the config it was "
                                  f"trained with") from None
            record_env(model, config)            # (checkpoints of older runs lack it)
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
        model = MaskablePPO.load(ckpt, device=config.device)
        record_env(model, config)
        _finish(model, config, run_dir)
    _report(config, run_dir, workers)
    return run_dir


def _learn(model: Any, venv: Any, config: TrainConfig, run_dir: Path, *, resume: bool) -> None:
    """PPO from the model's step count to ``total_timesteps`` with the run's callbacks,
    then a checkpoint; on Ctrl-C a checkpoint, status ``interrupted`` and the re-raise."""
    checkpoints = cb.Checkpoints(run_dir, config.checkpoint_freq, config.keep_checkpoints)
    callbacks: list[Any] = [checkpoints]
    if config.eval_freq:
        callbacks.append(cb.Evaluate(config, run_dir, checkpoints))
    if config.env in (COOP, HYDRAS) and config.selfplay_prob > 0:
        callbacks.append(cb.SelfPlayPool(run_dir / "pool", config.selfplay_refresh,
                                         config.selfplay_pool))
    if config.progress_bar:
        callbacks.append(cb.ProgressBar(config.total_timesteps))
    remaining = config.total_timesteps - model.num_timesteps
    cb.write_status(run_dir, state="running", timesteps=int(model.num_timesteps),
                    total_timesteps=config.total_timesteps)
    started = time.perf_counter()
    try:
        if remaining > 0:
            model.learn(remaining, callback=callbacks, reset_num_timesteps=not resume,
                        tb_log_name="ppo")
    except KeyboardInterrupt:
        path = cb.save_checkpoint(model, run_dir, config.keep_checkpoints)
        cb.write_status(run_dir, state="interrupted", timesteps=int(model.num_timesteps))
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


def hydras_report(config: TrainConfig, run_dir: Path, chosen: dict[str, Any], workers: int) -> int:
    """The end-of-run report of a Hydras run: ``final_eval_games`` games of the chosen
    model against the first of ``opponents``, seats rotated
    (:func:`agents.hydras.match.win_share`), on fresh seeds (``eval_seed`` + 1,000,000: not
    the periodic evaluations' games, which chose the best model); ``eval/summary.json``
    and ``eval/games.json``."""
    from agents.hydras.match import win_share
    players = int(config.env_kwargs.get("num_players", 3))
    opponent = config.opponents[0] if config.opponents else "heuristic"
    print(f"final report: the {chosen['model']} model at step {chosen['timesteps']} "
          f"({chosen['file']}) against {opponent}, {config.final_eval_games} games")
    summary = win_share(f"ppo:{run_dir / chosen['file']}", [opponent], games=config.final_eval_games,
                        players=players, seed=config.eval_seed + 1_000_000, workers=workers)
    out = run_dir / "eval"
    out.mkdir(exist_ok=True)
    (out / "games.json").write_text(json.dumps(summary.pop("games_played")) + "\n")
    summary["evaluated_model"] = chosen
    tmp = out / "summary.partial"
    tmp.write_text(json.dumps(summary, indent=2) + "\n")
    os.replace(tmp, out / "summary.json")
    print(f"win share {summary['share']:.3f} [{summary['low']:.3f}, {summary['high']:.3f}] "
          f"against {opponent} (equal share {summary['equal']:.3f})")
    return 0


def final_report(config: TrainConfig, run_dir: Path, workers: int) -> int:
    """The end-of-run evaluation (:func:`evaluated_model`) by ``hydra-env evaluate``'s
    code; ``eval/summary.json`` says which model it evaluated (``evaluated_model``)."""
    from agents import cli
    chosen = evaluated_model(run_dir)
    if config.env == HYDRAS:
        return hydras_report(config, run_dir, chosen, workers)
    kwargs = config.env_kwargs
    solo = config.env != COOP
    scenario = int(kwargs.get("scenario", 10 if solo else 1))
    stars = int(kwargs.get("stars", 1))
    spec = f"ppo:{run_dir / chosen['file']}"
    if solo:
        agents = spec
    else:
        players = hydra_env.default_components().scenario(scenario).players
        opponent = config.opponents[0] if config.opponents else "heuristic"
        agents = ",".join([spec] + [opponent] * (players - 1))
    argv = ["evaluate", "--mode", "solo" if solo else "coop", "--agent", agents,
            "--scenario", str(scenario), "--stars", str(stars),
            "--games", str(config.final_eval_games), "--seed", str(config.eval_seed),
            "--workers", str(workers), "--out", str(run_dir / "eval"), "--force"]
    print(f"final report: the {chosen['model']} model at step {chosen['timesteps']} "
          f"({chosen['file']})")
    code = cli.main(argv)
    summary_file = run_dir / "eval" / "summary.json"
    if code == 0 and summary_file.is_file():
        summary = json.loads(summary_file.read_text())
        summary["evaluated_model"] = chosen
        tmp = summary_file.with_suffix(".partial")
        tmp.write_text(json.dumps(summary, indent=2) + "\n")
        os.replace(tmp, summary_file)
    return code
