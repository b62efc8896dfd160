"""Hadara's figure: the distribution of the points of each score source (HD27)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
from matplotlib.figure import Figure

from agents.game_tools.hadara.sources import LABELS, SOURCES

_COLOURS = ("#3c78d8", "#cc4125", "#6aa84f", "#e69138", "#8e7cc3", "#999999", "#46bdc6")


def plot_sources(panels: Sequence[tuple[str, Mapping[str, Sequence[Mapping[str, int]]]]], title: str,
                 path: Path) -> None:
    """One panel per (name, groups): for each source, one box per group (its points by source
    in each game), the group's mean marked by a dot; ``groups`` maps a label to its
    (game, seat) breakdowns."""
    fig = Figure(figsize=(11, 1.6 + 2.8 * len(panels)), layout="constrained")
    axes = np.atleast_1d(fig.subplots(len(panels), 1, squeeze=False)[:, 0])
    for ax, (name, groups) in zip(axes, panels):
        labels = list(groups)
        width = 0.8 / max(len(labels), 1)
        for k, label in enumerate(labels):
            colour = _COLOURS[k % len(_COLOURS)]
            data = [[int(p[s]) for p in groups[label]] or [0] for s in SOURCES]
            xs = np.arange(len(SOURCES)) + (k - (len(labels) - 1) / 2) * width
            ax.boxplot(data, positions=xs, widths=width * 0.85, patch_artist=True, showfliers=False,
                       boxprops={"facecolor": colour, "alpha": 0.55}, medianprops={"color": "black"})
            ax.plot(xs, [float(np.mean(d)) for d in data], "o", color=colour, markeredgecolor="black",
                    markersize=4, label=f"{label} ({len(groups[label])})")
        ax.set_xticks(np.arange(len(SOURCES)), [LABELS[s] for s in SOURCES])
        ax.set_ylabel(f"{name}\npoints")
        ax.grid(axis="y", alpha=0.4)
        ax.legend(fontsize=8, loc="upper right")
    fig.suptitle(title, fontsize=10)
    fig.savefig(path, dpi=110, metadata={"Software": None})
