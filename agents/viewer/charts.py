"""Small inline SVG charts for the pages: a game's glory and walls over time, a score
histogram over the R40 bands, bars with intervals. Plain SVG text, no plotting library."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape
from typing import Any

from agents import stats

BAND_COLOURS = ("#f4cccc", "#fce5cd", "#fff2cc", "#d9ead3", "#d0e0e3", "#cfe2f3", "#d9d2e9")
WON, LOST, WALLS = "#3c78d8", "#cc4125", "#6b5f55"
FONT = 'font-family="DejaVu Sans, Verdana, sans-serif"'


def _points(xs: Sequence[float], ys: Sequence[float]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in zip(xs, ys))


def _text(x: float, y: float, text: str, size: int = 10, anchor: str = "start", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"{extra}>'
            f"{escape(text)}</text>")


def timeline_svg(glory: Sequence[Sequence[int]], walls: Sequence[int], walls_max: int,
                 colours: Sequence[str], rounds: Sequence[int], *, score: Sequence[int] | None = None,
                 width: int = 660, height: int = 230) -> str:
    """Glory by seat (top panel) and walls (bottom panel) over the frames of a replay.

    ``glory[f][s]`` and ``walls[f]`` per frame ``f``; ``colours[s]`` CSS colours;
    ``rounds[f]`` the 1-based round (vertical lines where it changes); ``score``
    (solo) the R39 score the game would have if it ended at each frame. A
    ``<line id="cursor">`` marks the current frame; the page moves it (the
    root's ``data-x0`` and ``data-dx`` give its x for frame ``f``: x0 + f·dx).
    """
    n = max(len(walls), 1)
    left, right, top = 44, 34 if score else 10, 14
    mid = top + (height - top - 20) * 0.58
    bottom = height - 20
    dx = (width - left - right) / max(n - 1, 1)
    xs = [left + f * dx for f in range(n)]

    def scale(values: list[int], zero: bool = True) -> tuple[int, int, Any]:
        lo, hi = min(values + [0] * zero), max(values + [1] * zero)
        hi = hi if hi > lo else lo + 1
        return lo, hi, lambda v: mid - 8 - (v - lo) / (hi - lo) * (mid - 8 - top)

    lo, hi, gy = scale([v for row in glory for v in row])

    def wy(v: float) -> float:
        return bottom - v / max(walls_max, 1) * (bottom - mid - 18)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="timeline" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" {FONT} data-x0="{left}" data-dx="{dx:.4f}" data-frames="{n}">',
             f'<rect width="{width}" height="{height}" fill="#fffdf7"/>']
    for f in range(1, n):
        if rounds[f] != rounds[f - 1]:
            parts.append(f'<line x1="{xs[f]:.1f}" y1="{top}" x2="{xs[f]:.1f}" y2="{bottom}" stroke="#ddd"/>')
            parts.append(_text(xs[f] + 2, bottom + 12, f"round {rounds[f]}", 9, extra=' fill="#888"'))
    parts.append(f'<line x1="{left}" y1="{gy(0):.1f}" x2="{width - right}" y2="{gy(0):.1f}" stroke="#bbb" '
                 f'stroke-dasharray="3 3"/>')
    parts.append(_text(left - 4, gy(hi) + 4, f"{hi:+d}", 9, "end"))
    parts.append(_text(left - 4, gy(lo) + 4, f"{lo:+d}", 9, "end"))
    parts.append(_text(left + 2, top - 3, "glory" + (" (left scale) · R39 score if the game ended now (dashed, "
                                                     "right scale)" if score else ""), 10))
    seats = len(glory[0]) if glory else 0
    for s in range(seats):
        ys = [gy(row[s]) for row in glory]
        parts.append(f'<polyline class="glory" data-seat="{s}" points="{_points(xs, ys)}" fill="none" '
                     f'stroke="{colours[s]}" stroke-width="2"/>')
    if score:
        s_lo, s_hi, sy = scale(list(score), zero=False)
        parts.append(f'<polyline class="score" points="{_points(xs, [sy(v) for v in score])}" fill="none" '
                     f'stroke="#444" stroke-width="1.5" stroke-dasharray="4 3"/>')
        parts.append(_text(width - right + 4, sy(s_hi) + 4, str(s_hi), 9))
        parts.append(_text(width - right + 4, sy(s_lo) + 4, str(s_lo), 9))
    parts.append(_text(left + 2, bottom - 4, f"walls (of {walls_max})", 10))
    parts.append(f'<polyline class="walls" points="{_points(xs, [wy(v) for v in walls])}" fill="none" '
                 f'stroke="{WALLS}" stroke-width="2"/>')
    parts.append(_text(left - 4, wy(walls_max) + 4, str(walls_max), 9, "end"))
    parts.append(_text(left - 4, wy(0) + 4, "0", 9, "end"))
    parts.append(f'<line id="cursor" x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" stroke="#d33" '
                 f'stroke-width="1.5"/>')
    parts.append("</svg>")
    return "".join(parts)


def score_histogram_svg(won_scores: Sequence[int], losses: int, *, width: int = 760, height: int = 260) -> str:
    """Won scores (R39) as a histogram over the shaded R40 bands, and the losses as a bar apart."""
    n = len(won_scores) + losses
    counts = Counter(int(s) for s in won_scores)
    lo = min([40, *won_scores]) - 1
    hi = max([105, *won_scores]) + 1
    top_count = max([1, losses, *counts.values()])
    left, lost_w, gap, top, bottom = 40, 40, 24, 34, height - 30
    x0 = left + lost_w + gap
    bw = (width - x0 - 10) / (hi - lo + 1)

    def y(c: float) -> float:
        return bottom - c / top_count * (bottom - top)

    def x(score: float) -> float:
        return x0 + (score - lo) * bw

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="histogram" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" {FONT}>', f'<rect width="{width}" height="{height}" fill="#fff"/>']
    table = stats.band_table(list(won_scores), n)
    for (label, b_lo, b_hi), row, colour in zip(stats.BANDS, table, BAND_COLOURS):
        a = x((lo if b_lo is None else b_lo) - 0.5)
        b = x((hi if b_hi is None else b_hi) + 0.5)
        share = "" if row["share_of_won"] is None else f" {100 * row['share_of_won']:.0f}%"
        parts.append(f'<rect class="band" data-band="{escape(label)}" data-count="{row["count"]}" x="{a:.1f}" '
                     f'y="{top:.1f}" width="{b - a:.1f}" height="{bottom - top:.1f}" fill="{colour}"/>')
        parts.append(_text((a + b) / 2, top - 14, label, 9, "middle"))
        parts.append(_text((a + b) / 2, top - 4, share.strip(), 9, "middle"))
    for score, c in sorted(counts.items()):
        parts.append(f'<rect class="bar" data-score="{score}" data-count="{c}" x="{x(score - 0.42):.1f}" '
                     f'y="{y(c):.1f}" width="{0.84 * bw:.1f}" height="{bottom - y(c):.1f}" fill="{WON}">'
                     f'<title>score {score}: {c} games</title></rect>')
    parts.append(f'<rect class="bar lost" data-count="{losses}" x="{left}" y="{y(losses):.1f}" width="{lost_w}" '
                 f'height="{bottom - y(losses):.1f}" fill="{LOST}"><title>lost: {losses} games</title></rect>')
    parts.append(_text(left + lost_w / 2, bottom + 14, "lost", 10, "middle"))
    for t in range(lo + 1, hi + 1):
        if t % 10 == 0:
            parts.append(_text(x(t), bottom + 14, str(t), 10, "middle"))
    parts.append(f'<line x1="{left}" y1="{bottom}" x2="{width - 10}" y2="{bottom}" stroke="#333"/>')
    parts.append(_text(left - 4, y(top_count) + 4, str(top_count), 9, "end"))
    parts.append(_text(left - 4, bottom, "0", 9, "end"))
    if won_scores:
        mean = sum(won_scores) / len(won_scores)
        parts.append(f'<line x1="{x(mean):.1f}" y1="{top}" x2="{x(mean):.1f}" y2="{bottom}" stroke="#000" '
                     f'stroke-dasharray="4 3"/>')
        parts.append(_text(x(mean) + 3, top + 12, f"mean {mean:.1f}", 9))
    parts.append(_text(x0, height - 4, "score of won games (R39); shaded: the rulebook's bands (R40), share of "
                                       "won games", 10))
    parts.append("</svg>")
    return "".join(parts)


def interval_bars_svg(labels: Sequence[str], rows: Sequence[Sequence[tuple[float | None, list | None]]],
                      series: Sequence[str], colours: Sequence[str], *, width: int = 660,
                      percent: bool = True) -> str:
    """Horizontal bars with 95% intervals: one group per label, one bar per series
    (``rows[i][k]`` = (value, [lo, hi]) of label i, series k)."""
    bar_h, group_gap, left = 12, 10, 150
    height = 24 + len(labels) * (len(series) * bar_h + group_gap) + 20
    top_value = max([1e-9] + [v if ci is None else max(v or 0, ci[1]) for row in rows for v, ci in row
                              if v is not None])
    scale = (width - left - 60) / top_value
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="bars" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" {FONT}>', f'<rect width="{width}" height="{height}" fill="#fff"/>']
    for k, (name, colour) in enumerate(zip(series, colours)):
        parts.append(f'<rect x="{left + k * 140}" y="4" width="10" height="10" fill="{colour}"/>')
        parts.append(_text(left + k * 140 + 14, 13, name, 10))
    y0 = 24
    for label, row in zip(labels, rows):
        parts.append(_text(left - 6, y0 + len(series) * bar_h / 2 + 4, label, 10, "end"))
        for k, (value, ci) in enumerate(row):
            yk = y0 + k * bar_h
            if value is None:
                continue
            parts.append(f'<rect x="{left}" y="{yk + 1}" width="{value * scale:.1f}" height="{bar_h - 2}" '
                         f'fill="{colours[k]}"/>')
            if ci is not None:
                a, b = left + ci[0] * scale, left + ci[1] * scale
                mid = yk + bar_h / 2
                parts.append(f'<line x1="{a:.1f}" y1="{mid}" x2="{b:.1f}" y2="{mid}" stroke="#222"/>'
                             f'<line x1="{a:.1f}" y1="{mid - 3}" x2="{a:.1f}" y2="{mid + 3}" stroke="#222"/>'
                             f'<line x1="{b:.1f}" y1="{mid - 3}" x2="{b:.1f}" y2="{mid + 3}" stroke="#222"/>')
            shown = f"{100 * value:.1f}%" if percent else f"{value:.2f}"
            parts.append(_text(left + max(value * scale, ci[1] * scale if ci else 0) + 4, yk + bar_h - 2, shown, 9))
        y0 += len(series) * bar_h + group_gap
    parts.append("</svg>")
    return "".join(parts)
