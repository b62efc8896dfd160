"""``hydra-env train``: train a MaskablePPO agent from a YAML config.

::

    hydra-env train                       # the default game's packaged config (solo_ppo)
    hydra-env train coop_ppo --set total_timesteps=2e6 --set seed=3
    hydra-env train --game hydras          # that game's packaged config (hydras_ppo)
    hydra-env train hydras_ppo
    hydra-env train my_config.yaml
    hydra-env train --resume runs/Solo-v0__ppo__0__20261130-120000
    hydra-env train --help-fields

The whole config is checked before the run folder is made (every field, the
env it builds, the bots it names, the device); a bad one is an error naming
the field, exit code 2, and nothing is written.

Ctrl-C and SIGTERM (``timeout``, ``docker stop``, a batch system's preemption) stop a run
alike: a checkpoint during PPO, status ``interrupted`` with its stage, exit code 130;
``--resume`` continues it. One process at a time writes a run folder (its ``run.lock``,
:mod:`agents.run_lock`).

The games and their packaged configs come from the registry and the games'
train hooks (:mod:`agents.train.game_hooks`): ``--game`` offers every
registered game; without a config it trains the game's ``DEFAULT_CONFIG``
(a game without one: the fields' defaults on its first env id, against
``random`` opponents).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
from pathlib import Path
from typing import Any

from agents.interrupts import terminate_as_interrupt
from hydra_env.api.registry import default_game, game_names
from hydra_env.errors import HydraError


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``train`` sub-command."""
    p = subparsers.add_parser(
        "train", help="train a MaskablePPO agent (run folder under runs/)",
        description="Train a MaskablePPO agent on the env of a registered game "
                    "(hydra_env/Solo-v0, hydra_env/Coop-v0, hydra_env/Hydras-v0 ...). "
                    "The config is YAML: a 'default' block and one block per env id. "
                    "A run folder runs/{env}__{name}__{seed}__{time}/ receives the resolved "
                    "config, TensorBoard logs, checkpoints, the best model and a final "
                    "evaluation report.")
    p.add_argument("config", nargs="?", default=None,
                   help="a YAML config file, or the name of a packaged config such as "
                        "coop_ppo (default: the packaged config of --game, or of the default "
                        "game: solo_ppo, the default solo training)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="override a config field, e.g. --set total_timesteps=2e6 (repeatable); "
                        "a dotted key sets one entry of env_kwargs: --set env_kwargs.scenario=11; "
                        "with --resume the overrides are written into the run's config.yaml")
    p.add_argument("--quick", action="store_true",
                   help="every stage of the config (imitation if it has one, PPO, periodic and "
                        "final evaluation) on small settings, about a minute on 2 cores: a look at "
                        "what a run does and writes (--set overrides still apply on top)")
    p.add_argument("--game", choices=game_names(), default=None,
                   help="the game: without a config, its packaged config (e.g. hydras: "
                        "hydras_ppo); with one, it must train on that game")
    p.add_argument("--env", default=None, help="env block of the config to use "
                                               "(default: the config's 'env' field)")
    p.add_argument("--resume", type=Path, default=None, metavar="RUN_DIR",
                   help="continue an interrupted run (Ctrl-C, SIGTERM or a killed process, at "
                        "any stage) from its newest readable checkpoint, or from its start when "
                        "it stopped before the first one (a teacher's games come from the cache), "
                        "or finish one whose training is over (final model, final report)")
    p.add_argument("--runs-dir", type=Path, default=Path("runs"),
                   help="where run folders are created (default: runs)")
    from agents.cli import worker_count
    p.add_argument("--workers", type=worker_count, default=2,
                   help="processes for the final evaluation report (default: 2)")
    p.add_argument("--engine", choices=("sb3", "rllib"), default=None,
                   help="the trainer, over the config's 'engine' field: sb3 (MaskablePPO, the "
                        "default) or rllib (Ray RLlib's PPO: pip install 'hydra-env[rllib]', "
                        "docs/rllib.md)")
    p.add_argument("--help-fields", action="store_true",
                   help="list every config field with its documentation and default")
    p.set_defaults(run=run)
    return p


QUICK = ("total_timesteps=4096", "n_envs=2", "n_steps=256", "batch_size=128", "n_epochs=2",
         "eval_freq=2048", "eval_games=4", "checkpoint_freq=2048", "final_eval_games=10",
         "bc_games=20")
"""The overrides of ``--quick``, laid under the command line's own ``--set`` (the ``bc_`` ones
only for a config that imitates a teacher)."""


def _fields_text() -> str:
    from agents.train.config import FIELDS
    lines = []
    for name, f in FIELDS.items():
        default = f.default_factory() if f.default is dataclasses.MISSING else f.default
        lines.append(f"{name:<20} {f.metadata['doc']} (default: {default!r})")
    lines += ["", "Mapping fields (env_kwargs) are merged, not replaced: the env block's env_kwargs "
              "is laid key by key over the default block's, and --set env_kwargs={...} over both, "
              "so keys a layer does not name keep their values. --set env_kwargs.KEY=VALUE sets "
              "one key; a key set to null is removed (the environment's default applies)."]
    return "\n".join(lines)


def _load(path: str | None, game: str | None, overrides: list[str], env: str | None) -> Any:
    """The config of the command line: the file given, else the packaged config of
    ``game`` (default: the first registered game, as the tools' default); a game
    without one trains the fields' defaults on its first env id, against ``random`` (one
    env per copy, ``vec_env: dummy``, where the env has no game batch)."""
    from agents.outputs import UsageError
    from agents.train.config import load_config
    from agents.train.game_hooks import default_config
    from hydra_env.api.registry import game_spec
    if path is not None:
        return load_config(path, overrides, env=env)
    game = game or default_game()
    packaged = default_config(game)
    if packaged is not None:
        return load_config(packaged, overrides, env=env)
    from agents.train.vec_env import batch_env_ids
    env_ids = game_spec(game).env_ids
    if env is None and not env_ids:
        raise UsageError(f"--game {game}: the game has no env id to train on")
    env = env or env_ids[0]
    stepping = [] if env in batch_env_ids() else ["vec_env=dummy"]     # no game batch: one env each
    return load_config(None, [f"env={env}", "opponents=[random]", *stepping, *overrides])


def _locked(run_dir: Path) -> Any:
    """The run folder's lock (:mod:`agents.run_lock`) when it is a run folder (else
    nothing to lock: :func:`agents.train.resume.resume_config` says what is wrong)."""
    from agents import run_lock
    if (Path(run_dir) / "config.yaml").is_file():
        return run_lock.hold(run_dir)
    return contextlib.nullcontext()


def _engine(args: argparse.Namespace, config: Any) -> str:
    """The run's engine (a resumed run keeps its own: ``--engine`` may only repeat it); for
    ``rllib``, a UsageError before anything is written when Ray RLlib does not import."""
    from agents.outputs import UsageError
    if config is None:          # --resume: the run's config.yaml says (resume_config checks the rest)
        from agents.train.config import load_config
        path = Path(args.resume) / "config.yaml"
        engine = load_config(path).engine if path.is_file() else "sb3"
        if args.engine is not None and args.engine != engine:
            raise UsageError(f"--engine {args.engine}: {args.resume} was trained with engine {engine}; "
                             f"a resumed run keeps its engine (drop --engine)")
    else:
        engine = config.engine
    if engine == "rllib":
        _require_rllib()
    return engine


def _require_rllib() -> None:
    """UsageError naming the extra when Ray RLlib does not import here."""
    from agents.outputs import UsageError
    from agents.rllib import ray_missing
    missing = ray_missing()
    if missing:
        raise UsageError(f"engine rllib needs Ray RLlib ({missing}): pip install 'hydra-env[rllib]' "
                         f"(docs/rllib.md), or train with --engine sb3")


def run(args: argparse.Namespace) -> int:
    """Train, or resume; exit 0 when done, 130 when interrupted (checkpoint saved)."""
    from agents.cli import UsageError
    from agents.outputs import check_work_folder
    from agents.train.config import config_game
    if args.help_fields:
        print(_fields_text())
        return 0
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, got {args.workers}")
    if args.resume is not None and args.config is not None:
        raise UsageError("give either a config file or --resume RUN_DIR, not both")
    if args.resume is not None and args.env is not None:
        raise UsageError("--env picks an env block of a config file; a resumed run keeps its env "
                         "(drop --env)")
    if args.engine == "rllib":
        _require_rllib()                # before the config: its fields may be right for RLlib only
    try:
        # A bad config name or field, or an unusable --runs-dir, fails here, before torch is imported.
        if args.resume is None:
            check_work_folder(args.runs_dir, "--runs-dir")
        if args.resume is not None and args.game is not None:
            raise UsageError("--game picks a config; a resumed run keeps its game (drop --game)")
        if args.quick and args.resume is not None:
            raise UsageError("--quick starts a new small run; a resumed run keeps its settings (drop --quick)")
        overrides = [*args.overrides, *([f"engine={args.engine}"] if args.engine else [])]
        config = None if args.resume is not None else _load(args.config, args.game, overrides, args.env)
        if args.quick:
            quick = [o for o in QUICK if not o.startswith("bc_") or config.bc_teacher]
            config = _load(args.config, args.game, [*quick, *overrides], args.env)
        if config is not None and args.game is not None and config_game(config) != args.game:
            raise UsageError(f"--game {args.game}: the config trains on {config.env} (game "
                             f"{config_game(config)!r}); drop --game or give a config of {args.game}")
        engine = _engine(args, config)
        try:
            from agents.train import trainer
            if engine == "rllib":
                from agents.rllib import train as trainer  # the same calls, through RLlib
        except ModuleNotFoundError as exc:
            raise UsageError(f"{exc.name} is not installed: training needs the train extra, "
                             f"pip install 'hydra-env[train]'") from None
        run_dir = None
        with terminate_as_interrupt():
            try:
                if config is None:
                    with _locked(args.resume):         # the overrides are written under the lock
                        config = trainer.resume_config(args.resume, args.overrides)
                        run_dir = args.resume
                        trainer.train(config, run_dir, resume=True, workers=args.workers)
                else:
                    if engine == "rllib" and config.address:
                        trainer.start_ray(config)      # a cluster that refuses: before any folder
                    run_dir = trainer.prepare_run(config, args.runs_dir)
                    print(f"run folder: {run_dir}")
                    trainer.train(config, run_dir, resume=False, workers=args.workers)
            except KeyboardInterrupt:
                if run_dir is not None and config is not None:    # also before train() began
                    trainer.mark_interrupted(config, run_dir)
                raise
    except HydraError as exc:      # a bad config, override, run folder or checkpoint
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt:
        return 130
    print(f"done: {run_dir}")
    return 0
