"""Figures of the command-line tools (matplotlib Figure objects: no pyplot, no display
needed, and no backend switched for the caller).

Figures are saved without a software tag, so the same results give the same
PNG bytes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from agents import stats

_BAND_COLOURS = ("#f4cccc", "#fce5cd", "#fff2cc", "#d9ead3", "#d0e0e3", "#cfe2f3", "#d9d2e9")
_WON, _LOST = "#3c78d8", "#cc4125"


def _save(fig: Any, path: Path) -> None:
    fig.savefig(path, dpi=110, metadata={"Software": None})


def plot_solo_scores(won_scores: Sequence[int], losses: int, title: str, path: Path) -> None:
    """Histogram of won scores over the shaded R40 bands, and the losses as their own bar."""
    n = len(won_scores) + losses
    fig = Figure(figsize=(11, 4.8), layout="constrained")
    ax_lost, ax = fig.subplots(1, 2, width_ratios=(1, 8))
    ax_lost.bar([0], [losses], width=0.6, color=_LOST)
    ax_lost.set_xticks([0], ["lost"])
    ax_lost.set_xlim(-0.6, 0.6)
    ax_lost.set_ylabel("games")
    ax_lost.set_title(f"{losses} lost\n({100 * losses / n:.1f}%)" if n else "lost", fontsize=9)
    ax_lost.set_ylim(0, max(losses, 1) * 1.12)

    lo = min([40, *won_scores]) - 1
    hi = max([105, *won_scores]) + 1
    counts = Counter(int(s) for s in won_scores)
    xs = np.arange(lo, hi + 1)
    ax.bar(xs, [counts.get(int(x), 0) for x in xs], width=0.85, color=_WON, zorder=3)
    top = max([1, *counts.values()]) * 1.18
    ax.set_ylim(0, top)
    for (label, b_lo, b_hi), row, colour in zip(stats.BANDS, stats.band_table(won_scores, n),
                                                _BAND_COLOURS):
        left = (lo if b_lo is None else b_lo) - 0.5
        right = (hi if b_hi is None else b_hi) + 0.5
        ax.axvspan(left, right, color=colour, alpha=0.9, zorder=1, lw=0)
        share = "" if row["share_of_won"] is None else f"\n{100 * row['share_of_won']:.0f}%"
        ax.text((left + right) / 2, top * 0.985, f"{label}{share}", ha="center", va="top",
                fontsize=8, zorder=4)
    ax.set_xlim(lo - 0.5, hi + 0.5)
    ax.set_xlabel("score of won games (R39); shaded: rulebook bands (R40), share of won games")
    if won_scores:
        mean = float(np.mean(won_scores))
        ax.axvline(mean, color="black", ls="--", lw=1, zorder=4)
        ax.text(mean + 0.6, top * 0.84, f"mean {mean:.1f}", fontsize=8, zorder=4,
                bbox={"facecolor": "white", "alpha": 0.8, "lw": 0, "pad": 1.5})
    ax.grid(axis="y", alpha=0.4, zorder=0)
    fig.suptitle(title, fontsize=10)
    _save(fig, path)


def plot_regret(regret: Sequence[int], agent_bands: Sequence[dict[str, Any]],
                reference_bands: Sequence[dict[str, Any]], n_games: int, title: str, path: Path) -> None:
    """Regret against the clairvoyant reference: its histogram (seed by seed, a loss 0), and the
    R40 bands of the agent beside those of the reference (share of all games, losses apart)."""
    fig = Figure(figsize=(12, 4.8), layout="constrained")
    ax, ax_b = fig.subplots(1, 2, width_ratios=(3, 2))
    counts = Counter(int(r) for r in regret)
    lo, hi = min([-1, *counts]), max([1, *counts])
    xs = np.arange(lo, hi + 1)
    ax.bar(xs, [counts.get(int(x), 0) for x in xs], width=0.9, color=[_LOST if x > 0 else _WON for x in xs])
    if regret:
        mean = float(np.mean(regret))
        ax.axvline(mean, color="black", ls="--", lw=1)
        share = sum(1 for r in regret if r <= 0) / len(regret)
        ax.text(0.02, 0.97, f"mean regret {mean:.2f}\nmatched or beat the reference: {100 * share:.1f}%",
                transform=ax.transAxes, ha="left", va="top", fontsize=9, zorder=5,
                bbox={"facecolor": "white", "alpha": 0.8, "lw": 0})
    ax.set_xlabel("regret = reference's expected score − agent's (a loss counts 0); ≤ 0 in blue")
    ax.set_ylabel("seeds")
    ax.set_ylim(0, max([1, *counts.values()]) * 1.25)
    ax.grid(axis="y", alpha=0.4)

    labels = ["lost"] + [b["band"] for b in agent_bands]

    def shares(bands: Sequence[dict[str, Any]]) -> list[float]:
        won = sum(b["count"] for b in bands)
        return [100 * (n_games - won) / max(n_games, 1)] + [100 * b["count"] / max(n_games, 1) for b in bands]

    x = np.arange(len(labels))
    ax_b.bar(x - 0.2, shares(agent_bands), 0.4, color=_WON, label="agent")
    ax_b.bar(x + 0.2, shares(reference_bands), 0.4, color="#999999", label="reference (ceiling)")
    ax_b.set_xticks(x, labels, rotation=30, fontsize=8)
    ax_b.set_ylabel("% of games")
    ax_b.set_title("R40 bands", fontsize=9)
    ax_b.legend(fontsize=8)
    ax_b.grid(axis="y", alpha=0.4)
    fig.suptitle(title, fontsize=10)
    _save(fig, path)


def plot_coop_outcomes(rows: Sequence[dict[str, Any]], rounds: int, title: str, path: Path) -> None:
    """Coop evaluation: games won, and games lost by the round they ended in."""
    won = sum(1 for r in rows if r["outcome"] == "won")
    lost = Counter(int(r["rounds"]) for r in rows if r["outcome"] != "won")
    labels = [f"lost in\nround {k}" for k in range(1, rounds + 1)] + ["city\nsaved"]
    values = [lost.get(k, 0) for k in range(1, rounds + 1)] + [won]
    fig = Figure(figsize=(8, 4.5), layout="constrained")
    ax = fig.subplots()
    ax.bar(range(len(values)), values, color=[_LOST] * rounds + [_WON])
    ax.set_xticks(range(len(values)), labels)
    for x, v in enumerate(values):
        ax.text(x, v, f"{v}", ha="center", va="bottom", fontsize=8)
    ax.set_ylabel("games")
    ax.set_title(title, fontsize=10)
    _save(fig, path)


def plot_hydras_scores(agent_scores: Sequence[int], other_scores: Sequence[int], title: str,
                       path: Path) -> None:
    """Hydras evaluation: the agent's final scores beside its opponents' (shares of games)."""
    fig = Figure(figsize=(9, 4.5), layout="constrained")
    ax = fig.subplots()
    values = [*agent_scores, *other_scores] or [0]
    xs = np.arange(min(values), max(values) + 1)
    for k, (scores, label, colour) in enumerate(((agent_scores, "agent", _WON),
                                                 (other_scores, "opponents", _LOST))):
        counts = Counter(int(s) for s in scores)
        share = [counts.get(int(x), 0) / max(len(scores), 1) for x in xs]
        mean = f", mean {np.mean(scores):.2f}" if len(scores) else ""
        ax.bar(xs + (k - 0.5) * 0.4, share, width=0.4, color=colour, label=f"{label}{mean}")
    ax.set_xlabel("final score (H15)")
    ax.set_ylabel("share of scores")
    ax.legend(fontsize=8)
    ax.grid(axis="y", alpha=0.4)
    ax.set_title(title, fontsize=10)
    _save(fig, path)


_HYDRA_RATES = (("epic_hero", "epic hero", "#6aa84f"), ("tragic_hero", "tragic hero", _LOST),
                ("city_saved", "city saved (its tables)", _WON))
_HYDRA_MEAN = ("mean_glory", "mean glory (compass progress)", "#e69138")


def plot_tournament(players: Sequence[dict[str, Any]], seats: int, title: str, path: Path, *,
                    rate_keys: Sequence[tuple[str, str, str]] = _HYDRA_RATES,
                    mean: tuple[str, str, str] = _HYDRA_MEAN) -> None:
    """Per player: three rates (Hydra: epic/tragic/city-saved; ``rate_keys`` gives (key, label,
    colour) of each), mean rank, a mean (Hydra: glory; ``mean``) and the OpenSkill rating."""
    names = [p["player"] for p in players]
    x = np.arange(len(names))
    fig = Figure(figsize=(11, 7.5), layout="constrained")
    axes = fig.subplots(2, 2)

    ax = axes[0, 0]
    keys = rate_keys
    width = 0.8 / len(keys)
    for k, (key, label, colour) in enumerate(keys):
        rates = [p[key]["rate"] for p in players]      # None for a player without games
        err = interval_error_bars(rates, [p[key]["ci95"] for p in players])
        ax.bar(x + (k - (len(keys) - 1) / 2) * width, [np.nan if r is None else r for r in rates], width, yerr=err,
               capsize=3, color=colour, label=label)
    ax.set_ylabel("rate (95% Wilson)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    _points(axes[0, 1], x, [p["mean_rank"] for p in players], "mean final rank (1 = first)",
            "#444444")
    axes[0, 1].set_ylim(seats + 0.1, 0.9)
    _points(axes[1, 0], x, [p[mean[0]] for p in players], mean[1], mean[2])
    ax = axes[1, 1]
    mu = [p["rating"]["mu"] for p in players]
    ax.bar(x, mu, yerr=[p["rating"]["sigma"] for p in players], capsize=3, color="#8e7cc3")
    ax.scatter(x, [p["rating"]["ordinal"] for p in players], color="black", zorder=3,
               label="ordinal (mu - 3 sigma)")
    ax.set_ylabel("OpenSkill mu ± sigma")
    ax.legend(fontsize=8)
    for a in axes.flat:
        a.set_xticks(x, names, rotation=20 if len(names) > 4 else 0, fontsize=8)
        a.grid(axis="y", alpha=0.4)
    fig.suptitle(title, fontsize=10)
    _save(fig, path)


def interval_error_bars(values: Sequence[float | None], cis: Sequence[Any]) -> np.ndarray:
    """Asymmetric error bars (a 2 x n array for ``yerr``) of values from their intervals;
    0 where a value or its interval is None."""
    lo = [0.0 if v is None or c is None else v - c[0] for v, c in zip(values, cis)]
    hi = [0.0 if v is None or c is None else c[1] - v for v, c in zip(values, cis)]
    return np.array([lo, hi])


def _points(ax: Any, x: np.ndarray, means: Sequence[dict[str, Any]], label: str,
            colour: str) -> None:
    values = [np.nan if m["mean"] is None else m["mean"] for m in means]
    ax.errorbar(x, values, yerr=interval_error_bars(values, [m["ci95"] for m in means]), fmt="o", ms=7,
                capsize=4, color=colour)
    ax.set_ylabel(f"{label}, 95% bootstrap")
    ax.margins(x=0.15)
