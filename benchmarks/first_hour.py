"""A new user's first hour, measured: the README's set-up and training times from a fresh clone.

Clones the repository (its committed ``HEAD``) into a scratch folder and times, one stage after
another, what the README promises (issue 28):

1. ``setup-train``: the set-up ``make train`` does first (a new ``.venv``, ``pip install -c
   constraints.txt -e .``): wall time, CPU time of the processes, and the venv's size on disk;
2. ``quick``: ``hydra-env train --quick`` (every stage of a run on small settings);
3. ``train``: ``make train`` after its set-up, that is the default training alone;
4. ``setup-test``: in a second fresh clone, the set-up ``make test`` does (``-e ".[all]"``): wall
   time, CPU time and size.

Each stage prints a line when it starts and ends (with the stage's own output in
``<work>/<stage>.log``), then a table, and writes ``<work>/first_hour.json``. pip's download
cache is used as a user's would be (a first install anywhere else also downloads the wheels).
Times on a busy machine are upper bounds; the CPU times say how busy it was.

::

    python benchmarks/first_hour.py                          # every stage (about 20 minutes on 2 cores)
    python benchmarks/first_hour.py --stages setup-train,quick
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAGES = ("setup-train", "quick", "train", "setup-test")


@dataclass
class Stage:
    """One measured stage: its command, wall and CPU seconds, exit status, venv size (bytes) after it."""

    name: str
    command: str
    wall_s: float
    cpu_s: float
    returncode: int
    venv_bytes: int | None = None


def children_cpu() -> float:
    """CPU seconds (user + system) of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def folder_bytes(path: Path) -> int:
    """The size on disk of every file under ``path`` (links not followed)."""
    total = 0
    for folder, _, files in os.walk(path):
        for name in files:
            file = Path(folder) / name
            if not file.is_symlink():
                total += file.stat().st_size
    return total


def clone(repo: Path, into: Path) -> None:
    """A fresh clone of ``repo``'s committed HEAD into ``into``."""
    subprocess.run(["git", "clone", "--quiet", str(repo), str(into)], check=True)


def run_stage(name: str, command: list[str], cwd: Path, log: Path, venv: Path | None) -> Stage:
    """Run ``command`` in ``cwd`` with its output in ``log``; the measured :class:`Stage`."""
    shown = " ".join(command)
    print(f"[first-hour] {name}: {shown} (output in {log})", flush=True)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    cpu, began = children_cpu(), time.perf_counter()
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env)
    stage = Stage(name, shown, time.perf_counter() - began, children_cpu() - cpu, done.returncode,
                  folder_bytes(venv) if venv is not None and venv.exists() else None)
    print(f"[first-hour] {name}: exit {stage.returncode}, {stage.wall_s:.0f} s wall, {stage.cpu_s:.0f} s CPU"
          + (f", venv {stage.venv_bytes / 1e9:.2f} GB" if stage.venv_bytes else ""), flush=True)
    return stage


def measure(stages: list[str], work: Path, python: str) -> list[Stage]:
    """Every stage of ``stages``, in order, from fresh clones under ``work``."""
    done: list[Stage] = []
    user = work / "clone-train"
    if {"setup-train", "quick", "train"} & set(stages):
        clone(ROOT, user)
    make = ["make", f"PYTHON={python}"]
    if "setup-train" in stages:
        done.append(run_stage("setup-train", [*make, ".venv/.installed-train"], user, work / "setup-train.log",
                              user / ".venv"))
    if "quick" in stages:
        done.append(run_stage("quick", [".venv/bin/hydra-env", "train", "--quick"], user, work / "quick.log", None))
    if "train" in stages:
        done.append(run_stage("train", [*make, "train"], user, work / "train.log", None))
    if "setup-test" in stages:
        tester = work / "clone-test"
        clone(ROOT, tester)
        done.append(run_stage("setup-test", [*make, ".venv/.installed"], tester, work / "setup-test.log",
                              tester / ".venv"))
    return done


def table(done: list[Stage]) -> str:
    """The stages as a text table."""
    lines = [f"{'stage':<12} {'wall':>9} {'CPU':>9} {'venv':>8}  command"]
    for s in done:
        size = f"{s.venv_bytes / 1e9:.2f} GB" if s.venv_bytes else ""
        flag = "" if s.returncode == 0 else f"  (exit {s.returncode})"
        lines.append(f"{s.name:<12} {s.wall_s / 60:>6.1f} min {s.cpu_s / 60:>5.1f} min {size:>8}  {s.command}{flag}")
    return "\n".join(lines)


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stages", default=",".join(STAGES),
                        help=f"comma-separated, in order, of: {', '.join(STAGES)} (default: all)")
    parser.add_argument("--work", type=Path, default=ROOT / "runs" / "first-hour",
                        help="scratch folder for the clones and logs (replaced; default runs/first-hour)")
    parser.add_argument("--python", default="python3",
                        help="the interpreter make uses to create the venvs (default: python3, as make's)")
    args = parser.parse_args(argv)
    args.stage_list = [s.strip() for s in args.stages.split(",") if s.strip()]
    unknown = [s for s in args.stage_list if s not in STAGES]
    if unknown or not args.stage_list:
        parser.error(f"--stages: unknown {unknown or 'empty'}; choose from {', '.join(STAGES)}")
    return args


def main(argv: list[str] | None = None) -> int:
    """Measure the stages; print the table; exit 1 when a stage failed."""
    args = parse(argv)
    if args.work.exists():
        if not (args.work / "first_hour.json").exists() and any(args.work.iterdir()):
            print(f"error: {args.work} exists and is not this script's folder; pass another --work", file=sys.stderr)
            return 2
        shutil.rmtree(args.work)
    args.work.mkdir(parents=True)
    (args.work / "first_hour.json").write_text("{}")
    done = measure(args.stage_list, args.work.resolve(), args.python)
    print(table(done))
    cores = os.cpu_count()
    (args.work / "first_hour.json").write_text(json.dumps(
        {"cores": cores, "load_average_after": os.getloadavg(), "stages": [asdict(s) for s in done]}, indent=2))
    return 0 if all(s.returncode == 0 for s in done) else 1


if __name__ == "__main__":
    sys.exit(main())
