"""Heroica's figures: the distribution of the censored turns (per class) and of the regret."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
from matplotlib.figure import Figure

_COLOURS = ("#3c78d8", "#6aa84f", "#e69138", "#8e7cc3")
_CENSORED = "#cc4125"


def _save(fig: Figure, path: Path) -> None:
    fig.savefig(path, dpi=110, metadata={"Software": None})


def plot_censored_turns(per_class: Mapping[str, Sequence[int]], limit: int,
                        optimum: Mapping[str, float | None], title: str, path: Path) -> None:
    """One histogram of the censored turns per class (the bar at L + 1, not won within the
    limit, in red), each with its mean (dashed) and the optimum's value (dotted)."""
    names = list(per_class)
    fig = Figure(figsize=(10, 2.2 + 2.2 * len(names)), layout="constrained")
    axes = np.atleast_1d(fig.subplots(len(names), 1, sharex=True, squeeze=False)[:, 0])
    for k, (ax, name) in enumerate(zip(axes, names)):
        values = [int(v) for v in per_class[name]]
        counts = Counter(values)
        xs = np.arange(1, limit + 2)
        colours = [_CENSORED if x == limit + 1 else _COLOURS[k % len(_COLOURS)] for x in xs]
        ax.bar(xs, [counts.get(int(x), 0) for x in xs], width=0.85, color=colours, zorder=3)
        if values:
            mean = float(np.mean(values))
            ax.axvline(mean, color="black", ls="--", lw=1, zorder=4, label=f"mean {mean:.2f}")
        best = optimum.get(name)
        if best is not None:
            ax.axvline(best, color="black", ls=":", lw=1.5, zorder=4, label=f"optimum {best:.2f}")
        ax.set_ylabel(f"{name}\ngames")
        ax.grid(axis="y", alpha=0.4, zorder=0)
        ax.legend(fontsize=8, loc="upper right")
    axes[-1].set_xlabel(f"censored turns (T of the win; {limit + 1}, in red: not won within {limit})")
    fig.suptitle(title, fontsize=10)
    _save(fig, path)


def plot_regret(regret: Sequence[float], title: str, path: Path) -> None:
    """Histogram of the games' regret (expected turns lost against the optimum); the games
    without regret as their own bar."""
    values = np.asarray(regret, dtype=float)
    zero = int((values == 0).sum())
    positive = values[values > 0]
    fig = Figure(figsize=(10, 4.4), layout="constrained")
    ax_zero, ax = fig.subplots(1, 2, width_ratios=(1, 8))
    ax_zero.bar([0], [zero], width=0.6, color="#6aa84f")
    ax_zero.set_xticks([0], ["0"])
    ax_zero.set_xlim(-0.6, 0.6)
    ax_zero.set_ylabel("games")
    ax_zero.set_title(f"{zero} without\nregret", fontsize=9)
    ax_zero.set_ylim(0, max(zero, 1) * 1.12)
    if positive.size:
        ax.hist(positive, bins=min(60, max(10, positive.size // 10)), color="#3c78d8", zorder=3)
        mean = float(values.mean())
        ax.axvline(mean, color="black", ls="--", lw=1, zorder=4, label=f"mean {mean:.3f} (all games)")
        ax.legend(fontsize=8)
    ax.set_xlabel("regret of a game: expected turns lost against the optimal policy, summed over its decisions")
    ax.grid(axis="y", alpha=0.4, zorder=0)
    fig.suptitle(title, fontsize=10)
    _save(fig, path)
