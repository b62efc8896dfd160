"""Learning curve of the default training: expected score against env steps and wall time.

::

    python benchmarks/learning_curve.py                  # 3 seeds of the default config, ~30 min
    python benchmarks/learning_curve.py --seeds 0 1      # fewer seeds
    python benchmarks/learning_curve.py --set total_timesteps=50000 --seeds 0
    python benchmarks/learning_curve.py --runs runs/Solo-v0__ppo__0__*   # plot runs already trained

Each seed is one ``hydra-env train`` of the config (default ``solo_ppo``, the
README's main job) with ``--set seed=S``, one after another, in a fresh folder
``runs/learning_curve/<time>/`` (so the teacher's games are played, not taken
from a cache, and the wall times are those of a fresh clone). The curve is the
training's own periodic evaluation (``eval/solo_score_mean`` in TensorBoard:
``eval_games`` fixed-seed games every ``eval_freq`` steps, the warm start at
step 0). The figure has two panels, score against env steps and against wall
minutes since the run began (imitation included), with the mean over seeds as a
line and the lowest and highest seed as a band; the ``heuristic`` bot's expected
score on the same evaluation seeds is the dashed line and its 95% interval the
grey band. The table printed below has the same numbers.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agents import stats  # noqa: E402
from agents.backends import run_games  # noqa: E402
from agents.train.callbacks import eval_tasks  # noqa: E402
from agents.train.checks import check_config  # noqa: E402
from agents.train.config import TrainConfig, load_config  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402

METRIC = "eval/solo_score_mean"


def read_curve(run_dir: Path) -> dict[str, list[float]]:
    """The periodic evaluation of a run: steps, minutes since the run began, scores."""
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    try:
        started = dt.datetime.strptime(run_dir.name.rsplit("__", 1)[-1], "%Y%m%d-%H%M%S").timestamp()
    except ValueError:
        raise ConfigError(f"{run_dir.name} is not named like a run folder "
                          f"({{env}}__{{name}}__{{seed}}__YYYYmmdd-HHMMSS, as hydra-env train makes "
                          f"them): its start time is read from the name") from None
    points: dict[int, tuple[float, float]] = {}
    for events in sorted((run_dir / "tb").glob("*/events.out.tfevents.*")):
        acc = EventAccumulator(str(events), size_guidance={"scalars": 0})
        acc.Reload()
        if METRIC in acc.Tags()["scalars"]:
            for event in acc.Scalars(METRIC):
                points[event.step] = ((event.wall_time - started) / 60.0, event.value)
    if not points:
        raise ConfigError(f"{run_dir} has no {METRIC} in its TensorBoard logs (tb/); "
                          f"train with eval_freq > 0, or name another run")
    steps = sorted(points)
    return {"steps": [float(s) for s in steps], "minutes": [points[s][0] for s in steps],
            "score": [points[s][1] for s in steps]}


def train(config: str, seed: int, runs_dir: Path, overrides: list[str]) -> Path:
    """One ``hydra-env train`` of ``config`` with ``seed``; its run folder."""
    command = [sys.executable, "-m", "agents.cli", "train", config, "--runs-dir", str(runs_dir),
               "--set", f"seed={seed}"]
    for item in overrides:
        command += ["--set", item]
    before = set(runs_dir.glob("*__*__*"))
    print("$ hydra-env " + " ".join(command[3:]), flush=True)
    code = subprocess.run(command, cwd=ROOT).returncode
    made = set(runs_dir.glob("*__*__*")) - before
    if code != 0 or len(made) != 1:
        raise ConfigError(f"hydra-env train of seed {seed} failed (exit code {code}; its error is "
                          f"above); the runs trained so far are in {runs_dir}")
    return made.pop()


def heuristic_reference(config: TrainConfig) -> dict[str, Any]:
    """The ``heuristic`` bot on the training's evaluation seeds: mean and 95% interval."""
    tasks = eval_tasks(config, "heuristic", config.eval_games, config.eval_seed)
    records = run_games(tasks, workers=1)
    return stats.solo_summary([r.result["outcome"] for r in records],
                              [r.result["score"] for r in records])["expected_score"]


def combine(curves: list[dict[str, list[float]]]) -> list[dict[str, float]]:
    """Per evaluation step present in every run: mean, lowest and highest score and minutes."""
    common = sorted(set.intersection(*(set(c["steps"]) for c in curves)))
    rows = []
    for step in common:
        at = [c["steps"].index(step) for c in curves]
        scores = np.array([c["score"][i] for c, i in zip(curves, at)])
        minutes = np.array([c["minutes"][i] for c, i in zip(curves, at)])
        rows.append({"steps": step, "mean": float(scores.mean()), "low": float(scores.min()),
                     "high": float(scores.max()), "minutes": float(minutes.mean()),
                     "minutes_low": float(minutes.min()), "minutes_high": float(minutes.max())})
    return rows


def final_report(run_dir: Path) -> float | None:
    """The expected score of a run's final evaluation report, or None without one."""
    summary = run_dir / "eval" / "summary.json"
    if not summary.exists():
        return None
    return float(json.loads(summary.read_text())["expected_score"]["mean"])


def plot(rows: list[dict[str, float]], reference: dict[str, Any], seeds: int, title: str,
         path: Path, finals: list[float] | None = None) -> None:
    """Two panels: score against steps and against wall minutes, seeds as a band; the
    final reports (``finals``, one per seed) as crosses at the last step."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter
    fig = Figure(figsize=(10, 4))
    axes = fig.subplots(1, 2, sharey=True)
    mean = [r["mean"] for r in rows]
    low, high = [r["low"] for r in rows], [r["high"] for r in rows]
    for ax, key, label in ((axes[0], "steps", "env steps"),
                           (axes[1], "minutes", "wall minutes since the run began (imitation first)")):
        x = [r[key] for r in rows]
        ax.fill_between(x, low, high, color="#3c78d8", alpha=0.25,
                        label=f"lowest to highest of {seeds} seed(s)")
        ax.plot(x, mean, "o-", color="#3c78d8", label="PPO, mean over seeds (step 0: the warm start)")
        lo, hi = reference["ci95"]
        ax.axhspan(lo, hi, color="#999999", alpha=0.15)
        ax.axhline(reference["mean"], color="#666666", ls="--",
                   label="heuristic on the same games (95% interval)")
        ax.set_xlabel(label)
        ax.grid(alpha=0.3)
    axes[0].xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v / 1000:g}k"))
    axes[1].set_xlim(left=0)
    if finals:
        axes[0].plot([rows[-1]["steps"]] * len(finals), finals, "x", color="#cc4125", ms=8,
                     label="final report of each seed (more games)")
    axes[0].set_ylabel("expected score (loss = 0)")
    axes[0].legend(loc="lower right", fontsize=8)
    fig.suptitle(title)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110, metadata={"Software": None})


def main(argv: list[str] | None = None) -> int:
    """Train (or read) the runs, print the table, save the figure and the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", default="solo_ppo", help="config file or packaged name")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="config override passed to every training (repeatable)")
    parser.add_argument("--runs", type=Path, nargs="+", help="plot these run folders, train none")
    parser.add_argument("--runs-dir", type=Path, default=ROOT / "runs" / "learning_curve")
    parser.add_argument("--out", type=Path, default=ROOT / "runs" / "learning_curve.png")
    parser.add_argument("--json", type=Path, help="also write the table as JSON here")
    args = parser.parse_args(argv)
    try:
        if args.runs:
            runs = [p.resolve() for p in args.runs]
            missing = [str(p) for p in runs if not (p / "config.yaml").exists()]
            if missing:
                raise ConfigError(f"not run folders (no config.yaml): {', '.join(missing)}")
        else:
            check_config(load_config(args.config, args.set))   # a bad config: nothing trained
            folder = args.runs_dir / dt.datetime.now().strftime("%Y%m%d-%H%M%S")
            folder.mkdir(parents=True)
            runs = [train(args.config, seed, folder, args.set) for seed in args.seeds]
        config = load_config(runs[0] / "config.yaml")
        curves = [read_curve(run) for run in runs]
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rows = combine(curves)
    reference = heuristic_reference(config)
    print(f"\n{config.env}, {len(runs)} seed(s), eval {config.eval_games} games every "
          f"{config.eval_freq} steps; heuristic on the same games {reference['mean']:.2f} "
          f"[{reference['ci95'][0]:.2f}, {reference['ci95'][1]:.2f}]")
    print(f"{'steps':>8} {'minutes':>8} {'mean':>7} {'lowest':>7} {'highest':>7}")
    for r in rows:
        print(f"{int(r['steps']):>8} {r['minutes']:>8.1f} {r['mean']:>7.2f} {r['low']:>7.2f} "
              f"{r['high']:>7.2f}")
    finals = [f for f in (final_report(run) for run in runs) if f is not None]
    if finals:
        print(f"final reports ({config.final_eval_games} games): "
              + ", ".join(f"{f:.2f}" for f in finals))
    title = f"{Path(args.config).stem}: periodic evaluation ({config.eval_games} games)"
    plot(rows, reference, len(runs), title, args.out, finals)
    print(f"figure: {args.out}")
    if args.json:
        args.json.write_text(json.dumps({"runs": [str(r) for r in runs], "rows": rows,
                                         "heuristic": reference}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
