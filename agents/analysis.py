"""Analysis helpers behind the notebooks: compare agents' solo scores, read and
plot a training run's TensorBoard logs. The notebooks only call these.

Figures are matplotlib ``Figure`` objects (no pyplot state): a notebook shows
one when it is a cell's value; ``fig.savefig(path)`` writes it."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from agents import stats

_COLOURS = ("#3c78d8", "#cc4125", "#6aa84f", "#e69138", "#8e7cc3", "#45818e", "#a61c00")


def _slug(spec: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in spec)[-60:]


def evaluate_agents(agents: Sequence[str], *, games: int, out_dir: str | Path, scenario: int = 10,
                    stars: int = 1, seed: int = 0, workers: int = 1) -> dict[str, dict[str, Any]]:
    """Run ``hydra-env evaluate`` for each agent on the same seeds; load the results.

    Returns ``{agent: {"summary": summary.json, "rows": games.csv rows, "dir": folder}}``.
    """
    from agents import cli
    out_dir = Path(out_dir)
    results: dict[str, dict[str, Any]] = {}
    for agent in agents:
        folder = out_dir / _slug(agent)
        code = cli.main(["evaluate", "--mode", "solo", "--agent", agent, "--games", str(games),
                         "--scenario", str(scenario), "--stars", str(stars), "--seed", str(seed),
                         "--workers", str(workers), "--out", str(folder), "--force"])
        if code != 0:
            raise RuntimeError(f"evaluating {agent!r} failed (exit code {code})")
        results[agent] = load_evaluation(folder)
    return results


def load_evaluation(folder: str | Path) -> dict[str, Any]:
    """summary.json and games.csv of an evaluation folder."""
    folder = Path(folder)
    with open(folder / "games.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return {"summary": json.loads((folder / "summary.json").read_text()), "rows": rows,
            "dir": folder}


def won_scores(result: dict[str, Any]) -> list[int]:
    """Scores of the won games of an evaluation."""
    return [int(r["score"]) for r in result["rows"] if r["score"] != ""]


def expected_scores(result: dict[str, Any]) -> list[int]:
    """Per-game scores with a loss counted as 0."""
    return [int(r["score"]) if r["score"] != "" else 0 for r in result["rows"]]


def score_table(results: dict[str, dict[str, Any]]) -> str:
    """A text table: win rate, expected score (loss = 0) and mean won score, with 95% intervals."""
    lines = [f"{'agent':<28} {'games':>6} {'win rate':>22} {'expected score':>24} {'mean won':>22}"]
    for agent, res in results.items():
        s = res["summary"]
        wr = s["win_rate"]
        es, ms = s["expected_score"], s["mean_score_won"]

        def ci(m: dict[str, Any], pct: bool = False) -> str:
            if m.get("mean", m.get("rate")) is None:
                return "-"
            v = m.get("mean", m.get("rate"))
            lo, hi = m.get("ci95") or (v, v)
            f = (lambda x: f"{100 * x:.1f}%") if pct else (lambda x: f"{x:.2f}")
            return f"{f(v)} [{f(lo)}, {f(hi)}]"
        lines.append(f"{agent:<28} {s['n_games']:>6} {ci(wr, True):>22} {ci(es):>24} {ci(ms):>22}")
    return "\n".join(lines)


def plot_score_distributions(results: dict[str, dict[str, Any]]) -> Any:
    """Histograms of won scores per agent over the shaded R40 bands; losses beside."""
    fig = Figure(figsize=(12, 4.8), layout="constrained")
    ax_l, ax = fig.subplots(1, 2, width_ratios=(1, 6))
    all_scores = [s for res in results.values() for s in won_scores(res)] or [50]
    lo, hi = min(all_scores) - 2, max(all_scores) + 2
    for label, a, b in stats.BANDS:
        a = lo if a is None else a
        b = hi if b is None else b
        if b >= lo and a <= hi:
            ax.axvspan(max(a, lo) - 0.5, min(b, hi) + 0.5, color="0.93" if a % 20 < 10 else "0.86",
                       zorder=0)
            ax.text((max(a, lo) + min(b, hi)) / 2, 1.0, label, transform=ax.get_xaxis_transform(),
                    ha="center", va="bottom", fontsize=8)
    bins = np.arange(lo - 0.5, hi + 1.5, 1)
    names = list(results)
    for k, name in enumerate(names):
        ax.hist(won_scores(results[name]), bins=bins, histtype="step", linewidth=1.8,
                color=_COLOURS[k % len(_COLOURS)], label=name)
        losses = len(results[name]["rows"]) - len(won_scores(results[name]))
        ax_l.bar([k], [losses], color=_COLOURS[k % len(_COLOURS)])
    ax.set_xlabel("score of won games (R39)")
    ax.set_ylabel("games")
    ax.legend(loc="upper left", fontsize=8)
    ax_l.set_xticks(range(len(names)), [n[:12] for n in names], rotation=60, fontsize=7)
    ax_l.set_title("lost", fontsize=9)
    return fig


def plot_expected_scores(results: dict[str, dict[str, Any]]) -> Any:
    """Expected score (a loss counts 0) and win rate per agent, with 95% intervals."""
    fig = Figure(figsize=(11, 4), layout="constrained")
    a1, a2 = fig.subplots(1, 2)
    names = list(results)
    x = np.arange(len(names))
    for ax, key, title, scale in ((a1, "expected_score", "expected score (loss = 0)", 1),
                                  (a2, "win_rate", "win rate", 100)):
        vals, errs = [], [[], []]
        for n in names:
            m = results[n]["summary"][key]
            v = m.get("mean", m.get("rate")) or 0.0
            lo, hi = m.get("ci95") or (v, v)
            vals.append(v * scale)
            errs[0].append((v - lo) * scale)
            errs[1].append((hi - v) * scale)
        ax.bar(x, vals, yerr=errs, capsize=4, color=[_COLOURS[k % len(_COLOURS)] for k in x])
        ax.set_xticks(x, names, rotation=30, ha="right", fontsize=8)
        ax.set_title(title + " with 95% intervals")
    return fig


def newest_run(runs_dir: str | Path = "runs") -> Path | None:
    """The most recently changed run folder under ``runs_dir`` (None if there is none)."""
    runs = [p for p in Path(runs_dir).glob("*__*__*__*") if (p / "config.yaml").is_file()]
    return max(runs, key=lambda p: p.stat().st_mtime) if runs else None


def read_scalars(run_dir: str | Path) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Every scalar of a run's TensorBoard logs: ``{tag: (steps, values)}``."""
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    out: dict[str, tuple[list[int], list[float]]] = {}
    for events in sorted(Path(run_dir, "tb").rglob("events.out.tfevents*")):
        acc = EventAccumulator(str(events), size_guidance={"scalars": 0})
        acc.Reload()
        for tag in acc.Tags()["scalars"]:
            steps, values = out.setdefault(tag, ([], []))
            for e in acc.Scalars(tag):
                steps.append(e.step)
                values.append(e.value)
    return {t: (np.asarray(s), np.asarray(v)) for t, (s, v) in sorted(out.items())}


DEFAULT_CURVES = ("eval/solo_score_mean", "eval/solo_win_rate", "eval/epic_hero_rate",
                  "eval/tragic_hero_rate", "eval/city_saved_rate", "rollout/ep_rew_mean",
                  "rollout/ep_len_mean", "train/entropy_loss", "train/value_loss",
                  "train/approx_kl", "time/fps")


def plot_training_curves(scalars: dict[str, tuple[np.ndarray, np.ndarray]],
                         tags: Sequence[str] = DEFAULT_CURVES) -> Any:
    """One small plot per tag present in ``scalars`` (steps on the x axis)."""
    present = [t for t in tags if t in scalars] or list(scalars)[:6]
    cols = 3
    rows = max(1, (len(present) + cols - 1) // cols)
    fig = Figure(figsize=(4.2 * cols, 3 * rows), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False)
    for ax, tag in zip(axes.flat, present):
        steps, values = scalars[tag]
        order = np.argsort(steps, kind="stable")
        ax.plot(steps[order], values[order], marker="." if len(steps) < 30 else None)
        ax.set_title(tag, fontsize=9)
        ax.set_xlabel("steps", fontsize=8)
    for ax in list(axes.flat)[len(present):]:
        ax.axis("off")
    return fig
