"""``hydra-env tune CONFIG --trials N``: search PPO's hyperparameters with Optuna, as
rl-baselines3-zoo's ``--optimize`` does, for any registered game.

::

    hydra-env tune solo_ppo --trials 20 --timesteps 50000
    hydra-env tune hydras_ppo --trials 30 --space 'n_steps=[256, 512]' --space ent_coef=0.0

Each trial is a short training run through the trainer (:mod:`agents.train.trainer`) in
its own run folder, ``STUDY/trials/{env}__trial-NNNN__{seed}__{time}/``, with the sampled
values laid over the config (and no final report). At every periodic evaluation the
trial reports the game's best metric (the one the best model maximises, from the game's
train hooks); Optuna's ``MedianPruner`` stops a trial whose figure falls below the median
of the earlier trials' at the same step. A trial's value is its best periodic metric.

The study folder (``--study-dir``; default ``runs/tune/{config}__{env}``) holds
``study.db`` (Optuna's SQLite storage: running the same command again continues the
study up to ``--trials`` finished trials; a trial cut short by Ctrl-C or a killed process
counts as failed and is run again), ``trials.csv`` (a row per trial: number, state, value,
params, run folder, seconds) and ``best_config.yaml`` (the config with the best trial's
values: ``hydra-env train STUDY/best_config.yaml`` trains it in full).

The search space (:data:`SPACE`, rl-zoo's ranges) is overridden in the config's ``tune:``
block or with ``--space NAME=YAML`` (the option wins). A value is a list (one of them), a
range ``{low: L, high: H, log: true}`` (integers when both ends are), a single value
(fixed, not searched) or ``null`` (left at the config's value). Any config field may be
searched; ``net_width`` sets the width of every layer of ``net_arch``. The ``tune:`` block
may also give ``trials``, ``timesteps`` (steps per trial; default the config's
``total_timesteps``), ``seed`` (the sampler's), ``startup_trials`` and ``warmup_steps``
(the pruner's: trials before pruning starts, steps before a trial can be pruned)::

    tune:
      trials: 30
      timesteps: 100000
      space:
        learning_rate: {low: 1.0e-5, high: 1.0e-3, log: true}
        clip_range: null
"""

from __future__ import annotations

import argparse
import csv
import io
import time
from pathlib import Path
from typing import Any

import yaml

from agents.cli import positive_int
from agents.outputs import UsageError
from agents.progress import duration, note
from hydra_env import ConfigError
from hydra_env.errors import HydraError

SPACE: dict[str, Any] = {
    "learning_rate": {"low": 1e-5, "high": 1e-3, "log": True},
    "n_steps": [128, 256, 512, 1024, 2048],
    "batch_size": [64, 128, 256, 512],
    "ent_coef": {"low": 1e-8, "high": 0.1, "log": True},
    "clip_range": [0.1, 0.2, 0.3, 0.4],
    "gamma": [0.95, 0.98, 0.99, 0.995, 0.999],
    "gae_lambda": [0.8, 0.9, 0.92, 0.95, 0.98, 1.0],
    "net_width": [64, 128, 256],
}
"""The default search space (rl-baselines3-zoo's PPO ranges): name → list, range or value."""

SETTINGS = {"trials": 20, "timesteps": None, "seed": 0, "startup_trials": 5, "warmup_steps": 0}
"""The ``tune:`` block's other keys and their defaults (``timesteps`` None: the config's)."""

WIDTH = "net_width"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``tune`` sub-command."""
    p = subparsers.add_parser(
        "tune", help="search PPO hyperparameters with Optuna (pruning, resumable)",
        description=_plain(__doc__) + "\nSee docs/training.md, \"Tuning\".",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("config", help="a YAML config file or the name of a packaged config (as for train)")
    p.add_argument("--trials", type=positive_int, default=None,
                   help="finished trials the study should have (default: the tune block's, else 20); "
                        "running the same command again continues the study")
    p.add_argument("--timesteps", type=positive_int, default=None,
                   help="training steps per trial (default: the tune block's, else total_timesteps)")
    p.add_argument("--space", action="append", default=[], metavar="NAME=YAML",
                   help="search NAME over a list ([a, b]), a range ({low: L, high: H, log: true}), "
                        "or fix it (a value; null: the config's); repeatable")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="override a config field for every trial (as for train)")
    p.add_argument("--env", default=None, help="env block of the config to use")
    p.add_argument("--study-dir", type=Path, default=None,
                   help="the study folder (default: runs/tune/{config}__{env})")
    p.set_defaults(run=run)
    return p


def _plain(doc: str | None) -> str:
    """A docstring as --help shows it: no reST roles, literals or ``::`` markers."""
    import re
    text = re.sub(r":\w+:`~?([^`]*)`", r"\1", (doc or "").replace("``", ""))
    return text.replace("\n::\n", "\n").replace("::\n", ":\n")


# --------------------------------------------------------------------------- the study's settings

def split_config(path: str) -> tuple[Path, dict[str, Any]]:
    """The config file of ``path`` and its ``tune:`` block (empty when none)."""
    from agents.train.config import find_config, read_config_file
    file = find_config(path)
    doc = read_config_file(file)
    block = doc.get("tune") if isinstance(doc, dict) else None
    if block is None:
        return file, {}
    if not isinstance(block, dict):
        raise ConfigError(f"{file}: the tune block must be a mapping (trials, timesteps, space ...), "
                          f"got {type(block).__name__}")
    unknown = sorted(set(block) - set(SETTINGS) - {"space"})
    if unknown:
        raise ConfigError(f"{file}: unknown key(s) {unknown} in the tune block; known: "
                          f"{', '.join([*SETTINGS, 'space'])}")
    return file, block


def base_config(file: Path, overrides: list[str], env: str | None, study: Path) -> Any:
    """The config every trial starts from: the file without its ``tune:`` block (a copy in
    the study folder, as ``load_config`` reads only its own blocks), with ``overrides``."""
    from agents.train.config import load_config, read_config_file
    from agents.train.config_yaml import PlainDumper
    doc = dict(read_config_file(file))
    doc.pop("tune", None)
    study.mkdir(parents=True, exist_ok=True)
    copy = study / "base_config.yaml"
    copy.write_text(yaml.dump(doc, Dumper=PlainDumper, sort_keys=False), encoding="utf-8")
    return load_config(copy, overrides, env=env)


def search_space(block: dict[str, Any], options: list[str]) -> dict[str, Any]:
    """:data:`SPACE` with the tune block's ``space`` and then ``--space`` laid over it
    (``null`` drops a name); each entry checked (ConfigError naming it)."""
    from agents.train.config_fields import FIELDS
    from agents.train.config_yaml import read_yaml
    space = dict(SPACE)
    given = block.get("space") or {}
    if not isinstance(given, dict):
        raise ConfigError(f"the tune block's space must be a mapping of name: values, got {given!r}")
    for text in options:
        name, eq, value = text.partition("=")
        if not eq or not name.strip():
            raise ConfigError(f"--space {text!r}: write NAME=VALUES, e.g. --space 'n_steps=[256, 512]'")
        given = {**given, name.strip(): read_yaml(value, f"--space {text!r}")}
    for name, value in given.items():
        if name != WIDTH and name not in FIELDS:
            raise ConfigError(f"search space: unknown name {name!r}; give a config field "
                              f"(`hydra-env train --help-fields`) or {WIDTH}")
        if value is None:
            space.pop(name, None)
        else:
            space[name] = _checked(name, value)
    return space


def _checked(name: str, value: Any) -> Any:
    if isinstance(value, list):
        if not value:
            raise ConfigError(f"search space: {name!r} is an empty list; give its values or null")
        return value
    if isinstance(value, dict):
        if not {"low", "high"} <= set(value) or set(value) - {"low", "high", "log"}:
            raise ConfigError(f"search space: {name!r} range {value!r} needs low and high (and "
                              f"optionally log: true)")
        low, high = value["low"], value["high"]
        if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (low, high)) \
                or not low < high or (value.get("log") and low <= 0):
            raise ConfigError(f"search space: {name!r} range {value!r} needs numbers low < high "
                              f"(both above 0 with log)")
    return value


def sample(trial: Any, space: dict[str, Any]) -> dict[str, Any]:
    """The trial's values: a choice of each list, a draw from each range, the fixed ones."""
    values = {}
    for name, spec in space.items():
        if isinstance(spec, list):
            values[name] = trial.suggest_categorical(name, spec)
        elif isinstance(spec, dict):
            low, high, log = spec["low"], spec["high"], bool(spec.get("log"))
            if isinstance(low, int) and isinstance(high, int):
                values[name] = trial.suggest_int(name, low, high, log=log)
            else:
                values[name] = trial.suggest_float(name, float(low), float(high), log=log)
        else:
            values[name] = spec
    return values


def with_values(config: Any, values: dict[str, Any], **fields: Any) -> Any:
    """``config`` with ``values`` (``net_width``: every layer of ``net_arch``) and ``fields``,
    each value checked as the config file's would be."""
    import dataclasses

    from agents.train.config_checks import validate
    from agents.train.config_layers import coerce_field
    changes = dict(values)
    if WIDTH in changes:
        changes["net_arch"] = [int(changes.pop(WIDTH))] * max(1, len(config.net_arch))
    changes.update(fields)
    new = dataclasses.replace(config, **{k: coerce_field(k, v, "tune") for k, v in changes.items()})
    validate(new)
    return new


# --------------------------------------------------------------------------- the study

def _import_optuna() -> Any:
    try:
        import optuna
    except ModuleNotFoundError:
        raise UsageError("tune needs Optuna, which is not installed: pip install 'hydra-env[tune]' "
                         "(or pip install optuna)") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def objective(study_dir: Path, base: Any, space: dict[str, Any], timesteps: int) -> Any:
    """The function Optuna calls per trial: train in a run folder of its own, report each
    periodic evaluation (pruning), return the best periodic metric."""
    optuna = _import_optuna()
    from agents.train import callbacks as cb
    from agents.train import trainer

    def run_trial(trial: Any) -> float:
        values = sample(trial, space)
        config = with_values(base, values, total_timesteps=timesteps, final_eval_games=0,
                             name=f"trial-{trial.number:04d}")
        run_dir = trainer.prepare_run(config, study_dir / "trials")
        trial.set_user_attr("run_dir", str(run_dir.relative_to(study_dir)))
        pruned: list[int] = []

        def report(step: int, metric: float, figures: dict[str, float]) -> bool:
            if step <= 0:                       # the warm start's baseline: not the trial's
                return True
            trial.report(metric, step)
            if trial.should_prune():
                pruned.append(step)
                return False
            return True

        with cb.evaluation_listener(report):
            trainer.train(config, run_dir)
        if pruned:
            cb.write_status(run_dir, pruned_at=pruned[0])
            raise optuna.TrialPruned(f"pruned at step {pruned[0]}")
        best = cb.periodic_best(run_dir)
        if best is None:
            raise ConfigError(f"trial {trial.number} made no periodic evaluation after step 0: "
                              f"set eval_freq at most the trial's steps ({timesteps})")
        return float(best["metric"])

    return run_trial


def trials_table(study: Any) -> str:
    """``trials.csv``: a row per trial (number, state, value, params, run folder, seconds)."""
    names = sorted({k for t in study.trials for k in t.params})
    columns = ["number", "state", "value", *names, "run_dir", "seconds"]
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for t in study.trials:
        seconds = (t.datetime_complete - t.datetime_start).total_seconds() \
            if t.datetime_complete and t.datetime_start else ""
        writer.writerow({"number": t.number, "state": t.state.name.lower(), "value": t.value,
                         **t.params, "run_dir": t.user_attrs.get("run_dir", ""),
                         "seconds": round(seconds, 1) if seconds != "" else ""})
    return buf.getvalue()


def write_outputs(study: Any, study_dir: Path, base: Any, space: dict[str, Any]) -> Path | None:
    """Write ``trials.csv`` and, once a trial is complete, ``best_config.yaml``; its path."""
    from agents.cli import atomic_write_text
    from agents.train.config import dump_config
    atomic_write_text(study_dir / "trials.csv", trials_table(study))
    complete = [t for t in study.trials if t.state.name == "COMPLETE"]
    if not complete:
        return None
    best = max(complete, key=lambda t: t.value)
    fixed = {k: v for k, v in space.items() if not isinstance(v, (list, dict))}
    path = study_dir / "best_config.yaml"
    dump_config(with_values(base, {**fixed, **best.params}), path)
    return path


def tune(config_path: str, *, trials: int | None = None, timesteps: int | None = None,
         space_options: list[str] | None = None, overrides: list[str] | None = None,
         env: str | None = None, study_dir: Path | None = None) -> Path:
    """Run (or continue) the study of ``config_path`` until it has ``trials`` finished
    trials (module docstring); returns the study folder."""
    optuna = _import_optuna()
    from optuna.trial import TrialState
    file, block = split_config(config_path)
    settings = {**SETTINGS, **{k: v for k, v in block.items() if k != "space"}}
    trials = int(trials if trials is not None else settings["trials"])
    if trials < 1:
        raise UsageError(f"--trials must be at least 1, got {trials}")
    space = search_space(block, space_options or [])
    probe = _load_probe(file, overrides or [], env)
    timesteps = int(timesteps or settings["timesteps"] or probe.total_timesteps)
    if not probe.eval_freq or probe.eval_freq > timesteps:
        raise UsageError(f"tune prunes and scores trials on the periodic evaluations: set eval_freq "
                         f"between 1 and the trial's steps ({timesteps}), e.g. --set eval_freq="
                         f"{max(1, timesteps // 4)}")
    study_dir = study_dir or Path("runs") / "tune" / f"{file.stem}__{probe.env.split('/')[-1]}"
    from agents.outputs import check_work_folder
    check_work_folder(study_dir, "--study-dir")        # a folder it can write, before any trial
    base = base_config(file, overrides or [], env, study_dir)
    study = optuna.create_study(
        study_name="tune", storage=f"sqlite:///{(study_dir / 'study.db').resolve()}",
        load_if_exists=True, direction="maximize",
        pruner=optuna.pruners.MedianPruner(n_startup_trials=int(settings["startup_trials"]),
                                           n_warmup_steps=int(settings["warmup_steps"])))
    _check_same_study(study, base, space, timesteps, study_dir)
    for stale in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        study.tell(stale.number, state=TrialState.FAIL)       # cut short by an earlier process
    finished = (TrialState.COMPLETE, TrialState.PRUNED)
    done = len(study.get_trials(deepcopy=False, states=finished))
    note(f"tune: study {study_dir} ({done} of {trials} trials finished; {timesteps:,} steps each, "
         f"searching {', '.join(k for k, v in space.items() if isinstance(v, (list, dict)))})")
    run_trial = objective(study_dir, base, space, timesteps)
    started = time.perf_counter()
    while done < trials:
        # Seeded by the trials so far: the same draws whether or not the study was resumed.
        study.sampler = optuna.samplers.TPESampler(seed=int(settings["seed"]) + len(study.trials))
        study.optimize(run_trial, n_trials=1)       # a failed trial's error ends the command
        last = study.trials[-1]
        write_outputs(study, study_dir, base, space)
        done = len(study.get_trials(deepcopy=False, states=finished))
        _note_trial(study, last, done, trials, started)
    best = write_outputs(study, study_dir, base, space)
    if best is not None:
        print(f"best: trial {study.best_trial.number}, value {study.best_value:.4g}; "
              f"train it: hydra-env train {best}")
    return study_dir


def _load_probe(file: Path, overrides: list[str], env: str | None) -> Any:
    """The config without the study folder (only to name the default folder after its env)."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        return base_config(file, overrides, env, Path(tmp))


def _check_same_study(study: Any, base: Any, space: dict[str, Any], timesteps: int, folder: Path) -> None:
    """A study continues only with the config, space and steps it began with."""
    made = {"config": base.to_dict(), "space": space, "timesteps": timesteps}
    made = yaml.safe_load(yaml.safe_dump(made))             # the stored (JSON-like) form
    before = study.user_attrs.get("made")
    if before is None:
        study.set_user_attr("made", made)
    elif before != made:
        changed = [k for k in made if made[k] != before.get(k)]
        raise UsageError(f"the study in {folder} was begun with another {' and '.join(changed)}; "
                         f"continue it with the same command, or give another --study-dir")


def _note_trial(study: Any, trial: Any, done: int, trials: int, started: float) -> None:
    state = trial.state.name.lower()
    value = f"value {trial.value:.4g}" if trial.value is not None else state
    params = ", ".join(f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}" for k, v in trial.params.items())
    best = f"; best {study.best_value:.4g} (trial {study.best_trial.number})" \
        if any(t.state.name == "COMPLETE" for t in study.trials) else ""
    note(f"trial {trial.number} {state}: {value} [{params}]{best}; {done}/{trials} finished, "
         f"{duration(time.perf_counter() - started)} so far")


def run(args: argparse.Namespace) -> int:
    """``hydra-env tune``: 0 when the study has its trials, 130 when interrupted."""
    try:
        tune(args.config, trials=args.trials, timesteps=args.timesteps, space_options=args.space,
             overrides=args.overrides, env=args.env, study_dir=args.study_dir)
    except HydraError as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt:
        print("\ntune: interrupted; run the same command again to continue the study")
        return 130
    return 0
