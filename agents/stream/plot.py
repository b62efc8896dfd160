"""The figure and the printed report of a stream summary (``summary.json``'s data).

``scores.png``: the score histogram of the scored games (one colour per outcome), the game's
score bands shaded with their share, and the games without a score as bars apart. Drawn from the
histogram alone, so a billion games cost no more than a thousand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from agents.evaluate_defaults import mean_text, percent_text

_BAND_COLOURS = ("#f4cccc", "#fce5cd", "#fff2cc", "#d9ead3", "#d0e0e3", "#cfe2f3", "#d9d2e9")
_OUTCOME_COLOURS = {"won": "#3c78d8", "shared": "#6aa84f", "lost": "#cc4125"}


def plot_histogram(data: dict[str, Any], path: Path) -> None:
    """Write ``scores.png`` for a summary's data."""
    st, cfg = data["statistics"], data["config"]
    n = st["n_games"]
    unscored = {o: c for o, c in st["outcomes"].items()}
    for outcome, pairs in st["histogram"].items():
        unscored[outcome] -= sum(c for _, c in pairs)
    unscored = {o: c for o, c in unscored.items() if c}
    fig = Figure(figsize=(11, 4.8), layout="constrained")
    ax_none, ax = fig.subplots(1, 2, width_ratios=(1, 8))
    names = list(unscored) or ["-"]
    ax_none.bar(range(len(names)), [unscored.get(o, 0) for o in names], width=0.6,
                color=[_OUTCOME_COLOURS.get(o, "#999999") for o in names])
    ax_none.set_xticks(range(len(names)), names)
    ax_none.set_title("no score", fontsize=9)
    ax_none.set_ylabel("games")
    bottom: dict[int, int] = {}
    scores = sorted({s for pairs in st["histogram"].values() for s, _ in pairs})
    edges = [b[k] for b in st.get("bands", []) for k in ("low", "high") if b[k] is not None]
    lo, hi = (min(scores + edges) - 1, max(scores + edges) + 1) if scores or edges else (0, 1)
    for outcome, pairs in st["histogram"].items():
        if not pairs:
            continue
        xs = [s for s, _ in pairs]
        ax.bar(xs, [c for _, c in pairs], bottom=[bottom.get(s, 0) for s in xs], width=0.85,
               color=_OUTCOME_COLOURS.get(outcome, "#999999"), label=outcome, zorder=3)
        for s, c in pairs:
            bottom[s] = bottom.get(s, 0) + c
    top = max([1, *bottom.values()]) * 1.18
    ax.set_ylim(0, top)
    for row, colour in zip(st.get("bands", []), _BAND_COLOURS * 4):
        left = (lo if row["low"] is None else row["low"]) - 0.5
        right = (hi if row["high"] is None else row["high"]) + 0.5
        ax.axvspan(left, right, color=colour, alpha=0.9, zorder=1, lw=0)
        share = "" if row["share_of_scored"] is None else f"\n{100 * row['share_of_scored']:.0f}%"
        ax.text((left + right) / 2, top * 0.985, f"{row['band']}{share}",
                ha="center", va="top", fontsize=8, zorder=4)
    ax.set_xlim(lo - 0.5, hi + 0.5)
    ax.set_xlabel("score (shaded: the game's score bands, share of scored games)")
    if scores:
        ax.legend(loc="upper left", bbox_to_anchor=(0, 0.86), fontsize=8)
    ax.grid(axis="y", alpha=0.4, zorder=0)
    fig.suptitle(f"{cfg['agent']} · {cfg['game']} {cfg['params']} · {n:,} games · won "
                 f"{percent_text(st['win_rate'])}", fontsize=10)
    fig.savefig(path, dpi=110, metadata={"Software": None})


def report(data: dict[str, Any]) -> str:
    """A few lines for the terminal."""
    st = data["statistics"]
    n = st["n_games"]
    q = st["quantiles"]
    lines = [f"  {'won':<22} {st['wins']:,}/{n:,} = {percent_text(st['win_rate'])}  (95% Wilson)",
             f"  {'outcomes':<22} " + "  ".join(f"{o}: {c:,}" for o, c in st["outcomes"].items()),
             f"  {'score (scored games)':<22} {mean_text(st['score'])}  n={st['scored_games']:,}",
             f"  {'expected score':<22} {mean_text(st['expected_score'])}  (a game without a score counts 0)",
             "  quantiles              " + "  ".join(f"{k}={'-' if v is None else f'{v:g}'}" for k, v in q.items())]
    if st.get("bands"):
        lines.append("  bands                  " + "  ".join(f"{b['band']}: {b['count']:,}" for b in st["bands"]))
    return "\n".join(lines)
