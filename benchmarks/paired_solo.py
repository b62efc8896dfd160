"""Two solo agents on the same seeds: the paired difference of their expected scores.

::

    hydra-env evaluate --mode solo --agent ppo:solo-from-search --games 1000 --scenario 10 \\
        --stars 1 --seed 0 --workers 2 --out runs/eval/from-search
    hydra-env evaluate --mode solo --agent ppo:runs/RUN/warm_start.zip --games 1000 \\
        --scenario 10 --stars 1 --seed 0 --workers 2 --out runs/eval/warm-start
    python benchmarks/paired_solo.py runs/eval/from-search runs/eval/warm-start

Reads the ``games.csv`` and ``summary.json`` of two ``hydra-env evaluate --mode solo``
folders. They must have played the same games: the same scenario, stars, seed and
rules, and the same game seeds row by row (the shorter run's count is used). For
each game the expected score counts a loss as 0. Printed: each agent's mean, and the
mean of A minus B per game with its 95% bootstrap interval
(:func:`agents.stats.bootstrap_mean_interval`, a fixed generator). ``--out FILE.json``
writes them. A folder that is not such a run is refused with a message, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from agents import stats  # noqa: E402
from agents.evaluate import read_games_csv  # noqa: E402

SAME = ("scenario", "stars", "seed", "options")


class RunError(Exception):
    """A folder that is not a usable solo evaluation run, or two runs of different games."""


def load_run(folder: Path) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """The ``config`` of a solo evaluation folder and its games.csv rows."""
    try:
        summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
        rows = read_games_csv(folder / "games.csv")
    except (OSError, ValueError) as exc:
        raise RunError(f"{folder}: cannot read its summary.json and games.csv ({exc}); give the "
                       f"--out folder of a `hydra-env evaluate --mode solo` run") from None
    config = summary.get("config") if isinstance(summary, dict) else None
    if not isinstance(config, dict) or config.get("mode") != "solo" or not rows \
            or not {"seed", "outcome", "score"} <= set(rows[0]):
        raise RunError(f"{folder}: not a solo evaluation (its summary.json has no solo config or "
                       f"its games.csv no seed/outcome/score); give a `hydra-env evaluate --mode "
                       f"solo` folder")
    return config, rows


def expected_scores(rows: list[dict[str, str]]) -> np.ndarray:
    """Each game's score, a loss counted 0."""
    return np.array([float(r["score"]) if r["outcome"] == "won" else 0.0 for r in rows])


def compare(a: Path, b: Path) -> dict[str, Any]:
    """The paired figures of run ``a`` against run ``b`` (RunError when they differ)."""
    (cfg_a, rows_a), (cfg_b, rows_b) = load_run(a), load_run(b)
    for key in SAME:
        if cfg_a.get(key) != cfg_b.get(key):
            raise RunError(f"{a} has {key} {cfg_a.get(key)!r}, {b} has {cfg_b.get(key)!r}; "
                           f"evaluate both with the same --scenario, --stars, --seed and --rule")
    n = min(len(rows_a), len(rows_b))
    for i in range(n):
        if rows_a[i]["seed"] != rows_b[i]["seed"]:
            raise RunError(f"game {i} has seed {rows_a[i]['seed']} in {a} but {rows_b[i]['seed']} "
                           f"in {b}; they did not play the same games")
    score_a, score_b = expected_scores(rows_a[:n]), expected_scores(rows_b[:n])
    diff = score_a - score_b
    return {"games": n, "a": {"agent": cfg_a.get("agent"), "mean": float(score_a.mean())},
            "b": {"agent": cfg_b.get("agent"), "mean": float(score_b.mean())},
            "a_minus_b": {"mean": float(diff.mean()),
                          "ci95": list(stats.bootstrap_mean_interval(diff) or [])}}


def main(argv: list[str] | None = None) -> int:
    """Print (and with ``--out`` write) the paired comparison; 2 on a bad folder."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run_a", type=Path, help="an evaluate --out folder (agent A)")
    parser.add_argument("run_b", type=Path, help="an evaluate --out folder (agent B)")
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    args = parser.parse_args(argv)
    try:
        result = compare(args.run_a, args.run_b)
    except RunError as exc:
        print(f"paired_solo: {exc}", file=sys.stderr)
        return 2
    lo, hi = result["a_minus_b"]["ci95"]
    print(f"{result['games']} games on the same seeds\n"
          f"  A {result['a']['agent']}: {result['a']['mean']:.2f}\n"
          f"  B {result['b']['agent']}: {result['b']['mean']:.2f}\n"
          f"  A - B: {result['a_minus_b']['mean']:+.2f} [{lo:+.2f}, {hi:+.2f}] (95% bootstrap, paired)")
    if args.out:
        tmp = args.out.with_name(args.out.name + ".partial")
        tmp.write_text(json.dumps(result, indent=2))
        tmp.replace(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
