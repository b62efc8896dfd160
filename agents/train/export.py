"""Ship a run's best model as a named policy (``ppo:NAME``), with its provenance.

::

    python -m agents.train.export runs/Solo-v0__solo-default__0__... solo-default \\
        --command "hydra-env train configs/solo_default_policy.yaml"

(``--fine-tune TEAM_PPO_DIR``: the best model of a team PPO run that started from the
run's model, its settings and evaluations added to the provenance) writes
``agents/policies/NAME.zip`` (the run's ``best_model.zip`` without the
optimizer's moment estimates, which only training needs: a third of the size) and
``agents/policies/NAME.yaml``: the command, the resolved config, the env it runs
in (``env``: id and keyword arguments, what ``hydra_env.envs.make_env_for``
builds; the zip records them too, in its observation space), when the run
started and ended, the warm start's figures, the best periodic evaluation and
the final report's summary. Both files are written atomically. The model is read
as data (:mod:`agents.policy_load`: nothing in the zip is unpickled) and written
without the run id its run gave it.

A policy exported before env arguments were recorded gets them into its zip from
its provenance file::

    python -m agents.train.export --record-env agents/policies/solo-default.zip
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from agents.policy_load import RUN_ID_KEY
from agents.ppo_bot import POLICY_DIR, load_model
from hydra_env import ConfigError
from hydra_env.envs.policy_env import env_args_from_training_config, record_env_args, recorded_env_args
from hydra_env.envs.yaml_limits import PlainDumper, read_yaml_file


def _json(path: Path) -> Any:
    return json.loads(path.read_text()) if path.is_file() else None


def relative_paths(value: Any, run_dir: Path) -> Any:
    """``value`` (nested dicts, lists, strings) with every absolute path into the run
    folder written as ``runs/NAME/...``: provenance names no folder of the machine
    it was made on."""
    # An absolute path starts after no name character: `runs/NAME` (already relative) is kept.
    pattern = re.compile(r"(?<![\w.\-])(?:\b[A-Za-z]:)?[\\/](?:[^\s,:;'\"\\/]+[\\/])*"
                         + re.escape(run_dir.name) + r"(?=$|[\\/\s,:;'\"])")
    if isinstance(value, str):
        return pattern.sub(f"runs/{run_dir.name}", value)
    if isinstance(value, dict):
        return {k: relative_paths(v, run_dir) for k, v in value.items()}
    if isinstance(value, list):
        return [relative_paths(v, run_dir) for v in value]
    return value


def provenance(run_dir: Path, command: str) -> dict[str, Any]:
    """What produced the run's best model (read from the run folder), with paths
    into the run folder relative (``runs/NAME``, see :func:`relative_paths`)."""
    config = read_yaml_file(run_dir / "config.yaml", "the run's config")
    status = _json(run_dir / "status.json") or {}
    stamp = run_dir.name.rsplit("__", 1)[-1]
    try:
        started = datetime.strptime(stamp, "%Y%m%d-%H%M%S")
    except ValueError:
        raise ConfigError(f"{run_dir.name} is not named like a run folder of `hydra-env train` "
                          f"({{env}}__{{name}}__{{seed}}__YYYYmmdd-HHMMSS)") from None
    env_id, env_kwargs = env_args_from_training_config(config)
    out: dict[str, Any] = {"command": command, "run": run_dir.name, "config": config,
                           "env": {"id": env_id, "kwargs": env_kwargs},
                           "started": started.strftime("%Y-%m-%d %H:%M:%S"),
                           "finished": status.get("updated"),
                           "timesteps": status.get("timesteps")}
    if status.get("updated"):
        ended = datetime.strptime(status["updated"], "%Y-%m-%d %H:%M:%S")
        out["wall_minutes"] = round((ended - started).total_seconds() / 60, 1)
    for key, name in (("warm_start", "warm_start.json"), ("best", "best.json"),
                      ("final_report", "eval/summary.json")):
        value = _json(run_dir / name)
        if value is not None:
            out[key] = value
    return relative_paths(out, run_dir)


def _save_for_acting(source: Path, target: Path, env: tuple[str, dict[str, Any]], acting_only: bool = False) -> None:
    """Save the checkpoint with a fresh optimizer (no Adam state): same policy, smaller
    file; its observation space records the env id and arguments ``env``. ``acting_only``:
    the actor's weights alone, in float16 (:mod:`agents.acting_weights`)."""
    model = load_model(str(source))          # as data (never unpickled); a clear error if corrupt
    opt, space, tensorboard_log = model.policy.optimizer, model.observation_space, model.tensorboard_log
    model.policy.optimizer = type(opt)(model.policy.parameters(), **opt.defaults)
    model.observation_space = record_env_args(space, *env)
    model.tensorboard_log = None             # a folder of the training machine
    run = model.__dict__.pop(RUN_ID_KEY, None)   # a shipped policy belongs to no run
    try:
        with open(target, "wb") as fh:
            model.save(fh)
        if acting_only:
            from agents.acting_weights import compact_zip
            compact_zip(target)
    finally:                                 # the loaded model is cached: leave it as it was
        model.policy.optimizer, model.observation_space = opt, space
        model.tensorboard_log = tensorboard_log
        if run is not None:
            setattr(model, RUN_ID_KEY, run)


def fine_tune_record(folder: Path) -> dict[str, Any]:
    """What a team PPO folder (:mod:`agents.train.team_ppo`) says of its run: its
    ``team_ppo.json`` (settings, initial policy, command) and its evaluations (``eval.csv``);
    or what a folder of :mod:`agents.train.average` says of its mean (``average.json``:
    the inputs with their SHA-256, the command)."""
    record = _json(folder / "team_ppo.json")
    if not isinstance(record, dict):
        record = _json(folder / "average.json")
    if not isinstance(record, dict):
        raise ConfigError(f"{folder} has neither team_ppo.json nor average.json: give a folder that "
                          f"`python -m agents.train.team_ppo` or `python -m agents.train.average` wrote")
    evals = folder / "eval.csv"
    if evals.is_file():
        import csv
        with open(evals, newline="") as fh:
            record["evaluations"] = [{k: float(v) for k, v in row.items()} for row in csv.DictReader(fh)]
    return record


def export_policy(run_dir: Path, name: str, command: str, target: Path = POLICY_DIR,
                  fine_tune: Path | None = None, acting_only: bool = False,
                  model: str = "best_model.zip") -> Path:
    """Copy ``run_dir/best_model.zip`` to ``target/NAME.zip`` with ``NAME.yaml`` beside it;
    with ``fine_tune`` (a team PPO folder that started from that run's model), that folder's
    ``best_model.zip`` instead, and its record (:func:`fine_tune_record`) in the provenance;
    ``acting_only``: the zip keeps the actor alone, in float16 (:mod:`agents.acting_weights`);
    ``model``: another model of that folder than its best (``warm_start.zip``, ``model_010.zip``)."""
    if Path(model).name != model or not model.endswith(".zip"):
        raise ConfigError(f"--model {model!r}: give the name of a .zip in the run folder, such as "
                          f"best_model.zip or warm_start.zip")
    best = (fine_tune or run_dir) / model
    if not best.is_file():
        raise ConfigError(f"{best.parent} has no {model}: give a run folder of `hydra-env "
                          f"train` (or of team PPO) that has it (best_model.zip: one that evaluated at "
                          f"least once)")
    record = provenance(run_dir, command)
    if fine_tune is not None:
        record["fine_tune"] = fine_tune_record(fine_tune)
    if model != "best_model.zip":
        record["model"] = model
    if acting_only:
        record["acting_only"] = "actor weights in float16, no critic (agents/acting_weights.py)"
    target.mkdir(parents=True, exist_ok=True)
    env = (record["env"]["id"], record["env"]["kwargs"])
    meta = yaml.dump(record, Dumper=PlainDumper, sort_keys=False)
    for suffix, write in ((".zip", lambda p: _save_for_acting(best, p, env, acting_only)),
                          (".yaml", lambda p: p.write_text(meta))):
        tmp = target / f".{name}{suffix}.partial"
        try:
            write(tmp)
            os.replace(tmp, target / f"{name}{suffix}")
        finally:
            tmp.unlink(missing_ok=True)       # nothing half-written is left behind
    return target / f"{name}.zip"


def record_env(policy: Path) -> Path:
    """Rewrite a policy's zip so that it records the env arguments of its provenance
    ``NAME.yaml`` (for policies exported before they were recorded); same weights."""
    policy = Path(policy)
    if not policy.with_suffix(".yaml").is_file():
        raise ConfigError(f"{policy} has no provenance {policy.with_suffix('.yaml').name} "
                          f"beside it")
    env = recorded_env_args(policy.with_suffix(".yaml"))
    model = load_model(str(policy))
    space = model.observation_space
    model.observation_space = record_env_args(space, *env)
    tmp = policy.with_name(f".{policy.name}.partial")
    try:
        with open(tmp, "wb") as fh:
            model.save(fh)
        os.replace(tmp, policy)
    finally:
        model.observation_space = space
        tmp.unlink(missing_ok=True)
    load_model.cache_clear()                 # the file changed under the cache
    return policy


def main(argv: list[str] | None = None) -> int:
    """Command line of :func:`export_policy`."""
    p = argparse.ArgumentParser(prog="python -m agents.train.export", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("run_dir", type=Path, nargs="?", help="a run folder of `hydra-env train`")
    p.add_argument("name", nargs="?", help="policy name (loaded as ppo:NAME)")
    p.add_argument("--command", help="the command that trained the run")
    p.add_argument("--target", type=Path, default=POLICY_DIR, help="folder of shipped policies")
    p.add_argument("--force", action="store_true", help="replace the policy NAME if it exists")
    p.add_argument("--fine-tune", type=Path, metavar="TEAM_PPO_DIR",
                   help="ship this team PPO folder's best model (fine-tuned from RUN_DIR's)")
    p.add_argument("--model", default="best_model.zip",
                   help="which model of the folder to ship (default best_model.zip; e.g. warm_start.zip)")
    p.add_argument("--acting-only", action="store_true",
                   help="keep the actor's weights alone, in float16 (a third of the size or less; "
                        "value estimates are 0)")
    p.add_argument("--record-env", type=Path, metavar="POLICY_ZIP",
                   help="instead: record the env arguments of POLICY_ZIP's provenance yaml "
                        "in the zip itself")
    args = p.parse_args(argv)
    if args.record_env is None and not (args.run_dir and args.name and args.command):
        p.error("give RUN_DIR NAME --command COMMAND (or --record-env POLICY_ZIP)")
    try:
        if args.record_env is not None:
            print(f"rewrote {record_env(args.record_env)} with its env arguments")
            return 0
        existing = [args.target / f"{args.name}{suffix}" for suffix in (".zip", ".yaml")]
        if not args.force and any(path.exists() for path in existing):
            print(f"error: the policy {args.name} exists in {args.target}; pass --force to "
                  f"replace it", file=sys.stderr)
            return 2
        path = export_policy(args.run_dir, args.name, args.command, args.target, args.fine_tune,
                             args.acting_only, args.model)
    except (ConfigError, OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {path} and {path.with_suffix('.yaml')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
