"""Hadara's score by source: the six categories of HD27 read from a game's result.

A Hadara result (``HadaraResult.to_dict()``) holds, besides the scores, each seat's
points by category as ``seat<S>_<category>``; the categories are
:data:`hydra_env.games.hadara.scoring.CATEGORIES` (cards, colonies, statues, silver
medals, gold medals, coins) and they add up to the seat's score. The tools
(evaluate, tournament, the report per player count) summarise them here: the mean
points of each source with a bootstrap 95% interval, and its share of the mean score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from agents import stats
from hydra_env.games.hadara.scoring import CATEGORIES

SOURCES = CATEGORIES
"""The sources, in the order of HD27."""
LABELS = {"cards": "cards", "colonies": "colonies", "statues": "statues", "silver": "silver medals",
          "gold": "gold medals", "coins": "coins"}


def seat_sources(result: Mapping[str, Any], seat: int) -> dict[str, int]:
    """The points of ``seat`` by source, from a result dict; ValueError when they do not add up
    to its score (a result of another game, or an edited one)."""
    try:
        parts = {name: int(result[f"seat{seat}_{name}"]) for name in SOURCES}
    except KeyError as exc:
        raise ValueError(f"the result has no score breakdown for seat {seat} (missing {exc.args[0]}); "
                         f"is it a Hadara result?") from None
    if sum(parts.values()) != int(result["scores"][seat]):
        raise ValueError(f"seat {seat}'s points by source add up to {sum(parts.values())}, its score is "
                         f"{result['scores'][seat]}")
    return parts


def all_sources(result: Mapping[str, Any]) -> list[dict[str, int]]:
    """Every seat's points by source."""
    return [seat_sources(result, s) for s in range(len(result["scores"]))]


def summarize(parts: Sequence[Mapping[str, int]]) -> dict[str, Any]:
    """The points by source of many (game, seat) pairs: per source the mean (bootstrap 95%
    interval) and its share of the mean total; ``n`` and the mean total."""
    totals = [sum(int(p[name]) for name in SOURCES) for p in parts]
    total = sum(totals) / len(totals) if totals else None
    out: dict[str, Any] = {"n": len(parts), "total": stats.mean_summary(totals), "sources": {}}
    for name in SOURCES:
        values = [int(p[name]) for p in parts]
        mean = stats.mean_summary(values)
        share = None if not total or mean["mean"] is None else mean["mean"] / total
        out["sources"][name] = {**mean, "share": share}
    return out


def table_text(groups: Mapping[str, Mapping[str, Any]]) -> str:
    """An aligned text table: one row per group (a summary of :func:`summarize`), the mean
    points of each source with its share of the total in parentheses."""
    head = ("", "n", *(LABELS[name] for name in SOURCES), "total")
    rows = []
    for label, summary in groups.items():
        cells = []
        for name in SOURCES:
            s = summary["sources"][name]
            cells.append("-" if s["mean"] is None else f"{s['mean']:.1f} ({100 * (s['share'] or 0):.0f}%)")
        total = summary["total"]["mean"]
        rows.append((label, str(summary["n"]), *cells, "-" if total is None else f"{total:.1f}"))
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
             for r in [head, *rows]]
    return "\n".join(lines)


def markdown(groups: Mapping[str, Mapping[str, Any]], first: str = "") -> str:
    """The table of :func:`table_text` as Markdown, each mean with its 95% interval."""
    lines = [f"| {first} | n | " + " | ".join(LABELS[name] for name in SOURCES) + " | total |",
             "| --- " * (len(SOURCES) + 3) + "|"]
    for label, summary in groups.items():
        cells = []
        for name in SOURCES:
            s = summary["sources"][name]
            cells.append("-" if s["mean"] is None else
                         f"{s['mean']:.1f} [{s['ci95'][0]:.1f}, {s['ci95'][1]:.1f}] ({100 * (s['share'] or 0):.0f}%)")
        total = summary["total"]["mean"]
        lines.append(f"| {label} | {summary['n']} | " + " | ".join(cells)
                     + f" | {'-' if total is None else f'{total:.1f}'} |")
    return "\n".join(lines) + "\n"
