"""``hydra-env train --engine rllib``: Ray RLlib's PPO in the run folder of an SB3 run.

::

    hydra-env train my_config.yaml --engine rllib --set num_env_runners=2
    hydra-env train --resume runs/HeroicaSolo-v0__ppo__0__20261202-190000   # engine kept
    hydra-env evaluate --agent ppo:runs/HeroicaSolo-v0__ppo__0__20261202-190000

The same names as :mod:`agents.train.trainer` (``prepare_run``, ``resume_config``, ``train``,
``mark_interrupted``), so that the command switches module and nothing else. The run folder is
an SB3 run's (:mod:`agents.train.trainer`: ``config.yaml``, ``run_id``, ``status.json``,
``tb/``, ``best_model.zip`` with ``best.json``, ``final_model.zip``, ``eval/``), plus
``checkpoints/rllib/step_N/``: RLlib's own checkpoints (``Algorithm.save_to_path``; the
newest ``keep_checkpoints``), which ``--resume`` restores. Beside each, ``checkpoints/step_N.zip``
is the module at that step as a MaskablePPO zip (:mod:`agents.rllib.export`): the periodic
evaluation plays it with the project's evaluation (the game's ``metrics``), and the best,
final and reported models are such zips, so ``ppo:RUN_DIR`` plays the run without Ray.

The config maps onto RLlib's PPO (:func:`rllib_config`): a rollout is ``n_steps`` steps of
every env (``num_envs_per_env_runner``, 0: ``n_envs``, on each of ``max(1, num_env_runners)``
samplers), cut into minibatches of ``batch_size`` for ``n_epochs``; ``learning_rate``
(``lr_schedule: linear`` as RLlib's schedule to 0), ``gamma``, ``gae_lambda``, ``clip_range``,
``ent_coef``, ``vf_coef``, ``max_grad_norm`` as SB3 uses them (no KL penalty, no value
clipping, as SB3). ``target_kl`` (SB3's early stop) has no RLlib counterpart and is not used.
TensorBoard gets SB3's names where RLlib has the figure (:data:`TB_NAMES`).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import torch

from agents.progress import note, progress
from agents.rllib import export
from agents.train import callbacks as cb
from agents.train import trainer
from agents.train.config_fields import TrainConfig
from agents.train.trainer import mark_interrupted, prepare_run, resume_config

__all__ = ["TB_NAMES", "mark_interrupted", "prepare_run", "resume_config", "rllib_config",
           "rllib_checkpoints", "train"]

MODULE = "default_policy"
"""RLlib's module id of a one-seat run (``DEFAULT_MODULE_ID``)."""

TB_NAMES = {
    "env_runners/episode_return_mean": ("rollout/ep_rew_mean", 1.0),
    "env_runners/episode_len_mean": ("rollout/ep_len_mean", 1.0),
    f"learners/{MODULE}/total_loss": ("train/loss", 1.0),
    f"learners/{MODULE}/policy_loss": ("train/policy_gradient_loss", 1.0),
    f"learners/{MODULE}/vf_loss": ("train/value_loss", 1.0),
    f"learners/{MODULE}/entropy": ("train/entropy_loss", -1.0),
    f"learners/{MODULE}/mean_kl_loss": ("train/approx_kl", 1.0),
    f"learners/{MODULE}/vf_explained_var": ("train/explained_variance", 1.0),
    f"learners/{MODULE}/default_optimizer_learning_rate": ("train/learning_rate", 1.0),
    "num_env_steps_sampled_lifetime": ("time/total_timesteps", 1.0),
    "training_iteration": ("time/iterations", 1.0),
}
"""RLlib's result → (SB3's TensorBoard tag, factor): SB3's ``entropy_loss`` is minus the entropy.
The other numbers of a result go to ``rllib/...`` under RLlib's own names."""


def rllib_config(config: TrainConfig) -> Any:
    """RLlib's PPOConfig for a training config (see the module docstring)."""
    from agents.rllib.config import ppo_config
    from agents.train.environments import env_kwargs
    envs = config.num_envs_per_env_runner or config.n_envs
    rollout = config.n_steps * envs * max(1, config.num_env_runners)
    lr: Any = config.learning_rate
    if config.lr_schedule == "linear":
        lr = [[0, config.learning_rate], [config.total_timesteps, 1e-12]]
    ppo = ppo_config(env_config={"env_id": config.env, **env_kwargs(config, None)},
                     num_env_runners=config.num_env_runners, num_envs_per_env_runner=envs,
                     model_config=export.model_config(config))
    gpus = 1 if config.device.startswith("cuda") else 0
    return (ppo.training(lr=lr, gamma=config.gamma, lambda_=config.gae_lambda, clip_param=config.clip_range,
                         entropy_coeff=config.ent_coef, vf_loss_coeff=config.vf_coef,
                         grad_clip=config.max_grad_norm, grad_clip_by="global_norm", use_kl_loss=False,
                         vf_clip_param=1e12,
                         train_batch_size_per_learner=max(1, rollout // max(1, config.num_learners)),
                         minibatch_size=min(config.batch_size, rollout), num_epochs=config.n_epochs)
            .learners(num_learners=config.num_learners, num_gpus_per_learner=gpus)
            .debugging(seed=config.seed))


def rllib_checkpoints(run_dir: Path) -> list[Path]:
    """The run's RLlib checkpoints (``checkpoints/rllib/step_N``), oldest first."""
    folder = Path(run_dir) / "checkpoints" / "rllib"
    return sorted(p for p in folder.glob("step_*[0-9]") if p.is_dir()) if folder.is_dir() else []


def _steps_of(path: Path) -> int:
    return int(path.name.split("_")[1])


def start_ray(config: TrainConfig) -> bool:
    """Start Ray, or join the cluster at ``address`` shipping the project's code with the job
    (:func:`agents.ray_cluster.connect`: a node needs no install; a refusal is a UsageError that
    says how to fix it), unless Ray runs already; True when this call started it."""
    import ray
    if ray.is_initialized():
        return False
    if config.address:
        from agents.ray_cluster import connect
        connect(config.address, flag="field 'address' (--set address=...)")
    else:
        cpus = max(os.cpu_count() or 1, config.num_env_runners + config.num_learners + 1)
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    return True


class _Run:
    """One RLlib training of a run folder: the algorithm, its mirror model (the SB3 twin that the
    evaluations, TensorBoard and the saved models use), checkpoints and periodic evaluations."""

    def __init__(self, config: TrainConfig, run_dir: Path) -> None:
        from stable_baselines3.common.logger import configure
        self.config, self.run_dir = config, run_dir
        self.shared = bool(config.features_dim)
        self.algo = rllib_config(config).build_algo()
        self.mirror = export.mirror_model(config, run_dir)
        self.mirror.set_logger(configure(str(run_dir / "tb" / "ppo_1"), ["tensorboard"]))
        self.checkpoints = cb.Checkpoints(run_dir, config.checkpoint_freq, config.keep_checkpoints)
        self.checkpoints.init_callback(self.mirror)
        self.evaluate = cb.Evaluate(config, run_dir, self.checkpoints) if config.eval_freq else None
        if self.evaluate is not None:
            self.evaluate.init_callback(self.mirror)
        self.steps = 0

    def restore(self, path: Path) -> None:
        """Continue from an RLlib checkpoint of the run."""
        self.algo.restore_from_path(str(path.resolve()))
        self.steps = _steps_of(path)

    def sync(self) -> Any:
        """The mirror model with the learner's current weights and the step count."""
        weights = self.algo.learner_group.get_weights([MODULE])[MODULE]
        export.copy_weights(weights, self.mirror, shared=self.shared, steps=self.steps)
        for callback in (self.checkpoints, self.evaluate):
            if callback is not None:
                callback.num_timesteps = self.steps
        return self.mirror

    def checkpoint(self) -> Path:
        """RLlib's checkpoint (atomically renamed into place) and the mirror's zip at this step."""
        folder = self.run_dir / "checkpoints" / "rllib"
        target = folder / f"step_{self.steps:010d}"
        partial = folder / f".{target.name}.partial"
        shutil.rmtree(partial, ignore_errors=True)
        self.algo.save_to_path(str(partial.resolve()))
        shutil.rmtree(target, ignore_errors=True)
        os.replace(partial, target)
        for old in rllib_checkpoints(self.run_dir)[:-self.config.keep_checkpoints]:
            shutil.rmtree(old, ignore_errors=True)
        self.sync()
        return self.checkpoints.save()

    def log(self, result: dict[str, Any], seconds: float, sampled: int) -> None:
        """One training iteration's figures to TensorBoard (SB3's names where there is one)."""
        logger = self.mirror.logger
        for key, value in _numbers(result):
            if key.startswith("config/"):
                continue
            mapped = TB_NAMES.get(key)
            logger.record(mapped[0] if mapped else f"rllib/{key}", value * mapped[1] if mapped else value)
        if seconds > 0:
            logger.record("time/fps", int(sampled / seconds))
        logger.dump(self.steps)

    def learn(self) -> None:
        """Iterations until ``total_timesteps``, with checkpoints and periodic evaluations; on
        Ctrl-C a checkpoint, status ``interrupted`` (stage PPO) and the re-raise."""
        config, start = self.config, self.steps
        every = {"ckpt": config.checkpoint_freq, "eval": config.eval_freq}
        due = {k: (start // f + 1) * f if f else 0 for k, f in every.items()}
        cb.write_status(self.run_dir, state="running", timesteps=start, total_timesteps=config.total_timesteps)
        if self.evaluate is not None:
            self.evaluate._clock = (time.perf_counter(), start)
        began = time.perf_counter()
        if start < config.total_timesteps:
            note(f"PPO (RLlib): {config.total_timesteps - start:,} steps to {config.total_timesteps:,} on "
                 f"{config.env} ({config.num_env_runners} env runners, "
                 f"{config.num_envs_per_env_runner or config.n_envs} envs each)")
        bar = progress(total=config.total_timesteps, initial=start, unit="step", unit_scale=True,
                       desc="train", quiet=not config.progress_bar)
        try:
            while self.steps < config.total_timesteps:
                tick = time.perf_counter()
                result = self.algo.train()
                sampled = int(result.get("env_runners", {}).get("num_env_steps_sampled", 0))
                self.steps += sampled
                self.log(result, time.perf_counter() - tick, sampled)
                bar.update(sampled)
                if every["ckpt"] and self.steps >= due["ckpt"]:
                    self.checkpoint()
                    due["ckpt"] = (self.steps // every["ckpt"] + 1) * every["ckpt"]
                if self.evaluate is not None and self.steps >= due["eval"]:
                    self.sync()
                    self.evaluate.evaluate()
                    due["eval"] = (self.steps // every["eval"] + 1) * every["eval"]
                    if self.evaluate.stopped:
                        break
        except KeyboardInterrupt:
            bar.close()
            path = self.checkpoint()
            cb.write_status(self.run_dir, state="interrupted", stage="PPO", timesteps=self.steps)
            print(f"\ninterrupted at {self.steps} steps; saved {path.name} and RLlib's checkpoint. "
                  f"Continue with: hydra-env train --resume {self.run_dir}")
            raise
        bar.close()
        self.checkpoint()
        earlier = float(cb.read_status(self.run_dir).get("train_seconds") or 0)
        cb.write_status(self.run_dir, train_seconds=round(earlier + time.perf_counter() - began, 1))

    def summary(self) -> None:
        """The config as TensorBoard text and, with the final metrics, as hparams."""
        from agents.train import tb_log
        summary = tb_log.RunSummary(self.config, self.run_dir, self.evaluate)
        summary.init_callback(self.mirror)
        summary.num_timesteps = self.steps
        summary._on_training_start()
        summary._on_training_end()

    def close(self) -> None:
        """Stop the algorithm's workers and the evaluation env."""
        if self.evaluate is not None:
            self.evaluate.env_reward.close()
        self.algo.stop()


def _numbers(result: dict[str, Any], prefix: str = "") -> list[tuple[str, float]]:
    """The numbers of a nested result, ``a/b/c`` keys."""
    out: list[tuple[str, float]] = []
    for key, value in result.items():
        if isinstance(value, dict):
            out += _numbers(value, f"{prefix}{key}/")
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out.append((f"{prefix}{key}", float(value)))
    return out


def train(config: TrainConfig, run_dir: Path, *, resume: bool = False, workers: int = 1) -> Path:
    """Train through RLlib (or, with ``resume``, continue from the newest RLlib checkpoint, or
    finish a run whose training is over) in ``run_dir``; returns the run folder. Interrupted,
    the status becomes ``interrupted`` and the KeyboardInterrupt goes on."""
    from agents import run_lock
    torch.set_num_threads(config.torch_threads)
    os.environ["HYDRA_ENV_TORCH_THREADS"] = str(config.torch_threads)
    with run_lock.hold(run_dir):
        try:
            _train(config, Path(run_dir), resume, workers)
        except KeyboardInterrupt:
            mark_interrupted(config, run_dir)
            raise
    return run_dir


def _train(config: TrainConfig, run_dir: Path, resume: bool, workers: int) -> None:
    from agents.train import resume as resuming
    status = cb.read_status(run_dir)
    if resume and status.get("state") == "done" and resuming.report_complete(config, run_dir) \
            and int(status.get("timesteps") or 0) >= config.total_timesteps:
        print(f"{run_dir} is complete: trained for {status.get('timesteps')} steps (total_timesteps "
              f"{config.total_timesteps}); nothing to do. To train further: hydra-env train --resume "
              f"{run_dir} --set total_timesteps=N")
        return
    saved = rllib_checkpoints(run_dir) if resume else []
    if resume and not saved:
        print(f"resuming {run_dir}: it has no RLlib checkpoint yet; starting it over")
    started = start_ray(config)
    try:
        run = _Run(config, run_dir)
        try:
            if saved:
                run.restore(saved[-1])
                print(f"resuming {run_dir} from checkpoints/rllib/{saved[-1].name} ({run.steps} steps)")
            run.learn()
            run.summary()
            model = run.sync()
        finally:
            run.close()
        cb.save_atomic(model, run_dir / "final_model.zip")
        if cb.periodic_best(run_dir) is None:
            cb.save_atomic(model, run_dir / "best_model.zip")
        cb.write_status(run_dir, state="trained", timesteps=run.steps)
    finally:
        if started:
            import ray
            ray.shutdown()
    trainer._report(config, run_dir, workers)
