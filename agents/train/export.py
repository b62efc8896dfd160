"""Ship a run's best model as a named policy (``ppo:NAME``), with its provenance.

::

    python -m agents.train.export runs/Solo-v0__solo-default__0__... solo-default \\
        --command "hydra-env train configs/solo_default_policy.yaml"

writes ``agents/policies/NAME.zip`` (the run's ``best_model.zip`` without the
optimizer's moment estimates, which only training needs: a third of the size) and
``agents/policies/NAME.yaml``: the command, the resolved config, when the run
started and ended, the warm start's figures, the best periodic evaluation and
the final report's summary. Both files are written atomically.
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

from agents.ppo_bot import POLICY_DIR, load_model
from hydra_env import ConfigError


def _json(path: Path) -> Any:
    return json.loads(path.read_text()) if path.is_file() else None


def relative_paths(value: Any, run_dir: Path) -> Any:
    """``value`` (nested dicts, lists, strings) with every absolute path into the run
    folder written as ``runs/NAME/...``: provenance names no folder of the machine
    it was made on."""
    pattern = re.compile(r"(?:\b[A-Za-z]:)?[\\/](?:[^\s,:;'\"\\/]+[\\/])*"
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
    config = yaml.safe_load((run_dir / "config.yaml").read_text())
    status = _json(run_dir / "status.json") or {}
    stamp = run_dir.name.rsplit("__", 1)[-1]
    try:
        started = datetime.strptime(stamp, "%Y%m%d-%H%M%S")
    except ValueError:
        raise ConfigError(f"{run_dir.name} is not named like a run folder of `hydra-env train` "
                          f"({{env}}__{{name}}__{{seed}}__YYYYmmdd-HHMMSS)") from None
    out: dict[str, Any] = {"command": command, "run": run_dir.name, "config": config,
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


def _save_for_acting(source: Path, target: Path) -> None:
    """Save the checkpoint with a fresh optimizer (no Adam state): same policy, smaller file."""
    model = load_model(str(source))          # a clear error for a corrupt checkpoint
    opt, tensorboard_log = model.policy.optimizer, model.tensorboard_log
    model.policy.optimizer = type(opt)(model.policy.parameters(), **opt.defaults)
    model.tensorboard_log = None             # a folder of the training machine
    try:
        with open(target, "wb") as fh:
            model.save(fh)
    finally:
        model.policy.optimizer = opt         # the loaded model is cached: leave it as it was
        model.tensorboard_log = tensorboard_log


def export_policy(run_dir: Path, name: str, command: str, target: Path = POLICY_DIR) -> Path:
    """Copy ``run_dir/best_model.zip`` to ``target/NAME.zip`` with ``NAME.yaml`` beside it."""
    best = run_dir / "best_model.zip"
    if not best.is_file():
        raise ConfigError(f"{run_dir} has no best_model.zip: give a run folder of `hydra-env "
                          f"train` that evaluated at least once")
    target.mkdir(parents=True, exist_ok=True)
    meta = yaml.safe_dump(provenance(run_dir, command), sort_keys=False)
    for suffix, write in ((".zip", lambda p: _save_for_acting(best, p)),
                          (".yaml", lambda p: p.write_text(meta))):
        tmp = target / f".{name}{suffix}.partial"
        try:
            write(tmp)
            os.replace(tmp, target / f"{name}{suffix}")
        finally:
            tmp.unlink(missing_ok=True)       # nothing half-written is left behind
    return target / f"{name}.zip"


def main(argv: list[str] | None = None) -> int:
    """Command line of :func:`export_policy`."""
    p = argparse.ArgumentParser(prog="python -m agents.train.export", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("run_dir", type=Path, help="a run folder of `hydra-env train`")
    p.add_argument("name", help="policy name (loaded as ppo:NAME)")
    p.add_argument("--command", required=True, help="the command that trained the run")
    p.add_argument("--target", type=Path, default=POLICY_DIR, help="folder of shipped policies")
    args = p.parse_args(argv)
    try:
        path = export_policy(args.run_dir, args.name, args.command, args.target)
    except (ConfigError, OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {path} and {path.with_suffix('.yaml')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
