"""A streaming summary of many games: exact counts and integer-score histograms, merged exactly.

A :class:`Summary` keeps, for each (seat of the agent, outcome) pair, the number of games and the
histogram of the agent's integer scores (a game without a score, such as a lost solo game of
Hydra (R39), is counted but not in the histogram). No per-game rows: its size grows with the
number of distinct scores, not with the games. Two summaries of disjoint games add up
(:meth:`Summary.merge`, exact and associative: integer additions), and everything reported is
computed from the counts alone (:func:`statistics`):

* counts of each outcome; the win rate (every outcome but ``lost`` counts, as in ``evaluate``)
  with its 95% Wilson interval (:func:`agents.stats.wilson_interval`);
* the score of scored games and the expected score (an unscored game counts 0): mean and standard
  deviation from exact integer sums, a 95% normal interval of the mean (mean ± 1.96·std/√n: the
  bootstrap of ``evaluate`` needs the rows; at thousands of games both agree);
* exact quantiles of the scores (numpy's linear method, computed in rationals, rounded once);
* the game's score bands (a hook), and the histogram itself.

:func:`canonical_json` writes a summary's state in one canonical form, so equal summaries are
equal bytes.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from agents import stats

Band = tuple[str, "int | None", "int | None"]
STATE_FORMAT = 1
NORMAL_CI = "mean ± 1.959964·std/√n (normal approximation; no per-game rows to bootstrap)"


class Summary:
    """Counts and score histograms of a set of games (see the module docstring)."""

    def __init__(self) -> None:
        self.games: Counter[tuple[int, str]] = Counter()
        self.scores: dict[tuple[int, str], Counter[int]] = {}

    def add(self, seat: int, outcome: str, score: int | None) -> None:
        """One game: the agent's seat, the outcome (``won``, ``lost``, ...) and its integer score
        (None: the game has no score)."""
        key = (int(seat), str(outcome))
        self.games[key] += 1
        if score is not None:
            if int(score) != score:
                raise ValueError(f"scores must be whole numbers, got {score!r}")
            self.scores.setdefault(key, Counter())[int(score)] += 1

    def add_counts(self, seat: int, outcome: str, scores: Iterable[tuple[int, int]], unscored: int = 0) -> None:
        """Many games of one (seat, outcome) at once: ``(score, count)`` pairs and unscored games."""
        key = (int(seat), str(outcome))
        hist = self.scores.setdefault(key, Counter())
        total = int(unscored)
        for score, count in scores:
            hist[int(score)] += int(count)
            total += int(count)
        if not hist:
            del self.scores[key]
        self.games[key] += total

    def merge(self, other: Summary) -> Summary:
        """Add ``other``'s games into this summary (exact); returns self."""
        self.games.update(other.games)
        for key, hist in other.scores.items():
            self.scores.setdefault(key, Counter()).update(hist)
        return self

    @property
    def n_games(self) -> int:
        """The number of games."""
        return sum(self.games.values())

    def to_state(self) -> dict[str, Any]:
        """The summary as plain JSON data, in canonical order."""
        cells = []
        for seat, outcome in sorted(self.games):
            hist = self.scores.get((seat, outcome), Counter())
            cells.append({"seat": seat, "outcome": outcome, "games": self.games[(seat, outcome)],
                          "scores": [[s, hist[s]] for s in sorted(hist) if hist[s]]})
        return {"format": STATE_FORMAT, "cells": cells}

    @classmethod
    def from_state(cls, state: Any) -> Summary:
        """A summary back from :meth:`to_state`'s data; ValueError when it is not such data."""
        if not isinstance(state, dict) or state.get("format") != STATE_FORMAT or \
                not isinstance(state.get("cells"), list):
            raise ValueError("not a summary state (format 1)")
        out = cls()
        for cell in state["cells"]:
            seat, outcome, games, scores = cell["seat"], cell["outcome"], cell["games"], cell["scores"]
            if not (isinstance(seat, int) and isinstance(outcome, str) and isinstance(games, int)):
                raise ValueError(f"bad cell {cell!r}")
            pairs = [(int(s), int(c)) for s, c in scores]
            scored = sum(c for _, c in pairs)
            if games < scored or any(c <= 0 for _, c in pairs):
                raise ValueError(f"bad cell {cell!r}")
            out.add_counts(seat, outcome, pairs, games - scored)
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Summary) and self.to_state() == other.to_state()

    __hash__ = None  # type: ignore[assignment]


def canonical_json(data: Any) -> str:
    """``data`` as canonical JSON text (sorted keys, no spaces): equal data, equal bytes."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)


def merged(summaries: Iterable[Summary]) -> Summary:
    """The sum of ``summaries`` (a new summary)."""
    out = Summary()
    for s in summaries:
        out.merge(s)
    return out


# --------------------------------------------------------------------------- statistics

def _histogram(summary: Summary, outcomes: Sequence[str] | None = None) -> Counter[int]:
    hist: Counter[int] = Counter()
    for (_, outcome), h in summary.scores.items():
        if outcomes is None or outcome in outcomes:
            hist.update(h)
    return hist


def moments(hist: Counter[int], zeros: int = 0) -> dict[str, Any]:
    """Count, mean, std (ddof=1) and a normal 95% interval of the values of ``hist`` and ``zeros``
    more zeros, from exact integer sums."""
    n = sum(hist.values()) + zeros
    if n == 0:
        return {"n": 0, "mean": None, "ci95": None, "std": None}
    s1 = sum(v * c for v, c in hist.items())
    s2 = sum(v * v * c for v, c in hist.items())
    mean = Fraction(s1, n)
    std = math.sqrt(float(Fraction(n * s2 - s1 * s1, n * (n - 1)))) if n > 1 else 0.0
    half = stats.Z95 * std / math.sqrt(n)
    m = float(mean)
    return {"n": n, "mean": m, "ci95": [m - half, m + half], "std": std}


def _order_statistic(pairs: list[tuple[int, int]], k: int) -> int:
    """The k-th smallest value (0-based) of sorted (value, count) pairs."""
    seen = 0
    for value, count in pairs:
        seen += count
        if k < seen:
            return value
    raise IndexError(k)


def quantiles(hist: Counter[int], qs: Iterable[int] = stats.QUANTILES) -> dict[str, float | None]:
    """Percentiles of the values of ``hist`` as numpy's linear method defines them
    (``x[j] + (h − j)·(x[j+1] − x[j])``, ``h = (n − 1)·q/100``), exact, rounded once."""
    pairs = sorted((v, c) for v, c in hist.items() if c)
    n = sum(c for _, c in pairs)
    out: dict[str, float | None] = {}
    for q in qs:
        if n == 0:
            out[f"p{q}"] = None
            continue
        h = Fraction(q, 100) * (n - 1)
        j = math.floor(h)
        lo = _order_statistic(pairs, j)
        hi = _order_statistic(pairs, min(j + 1, n - 1))
        out[f"p{q}"] = float(lo + (h - j) * (hi - lo))
    return out


def band_counts(hist: Counter[int], bands: Sequence[Band], n_games: int) -> list[dict[str, Any]]:
    """Per score band (label, lowest, highest; None = open): its count, share of the scored games
    and share of all games."""
    scored = sum(hist.values())
    rows = []
    for label, low, high in bands:
        count = sum(c for v, c in hist.items()
                    if (low is None or v >= low) and (high is None or v <= high))
        rows.append({"band": label, "low": low, "high": high, "count": count,
                     "share_of_scored": count / scored if scored else None,
                     "share_of_games": count / n_games if n_games else None})
    return rows


def statistics(summary: Summary, bands: Sequence[Band] = ()) -> dict[str, Any]:
    """Everything reported of a summary (the module docstring); ``bands``: the game's score bands."""
    n = summary.n_games
    outcomes: Counter[str] = Counter()
    for (_, outcome), count in summary.games.items():
        outcomes[outcome] += count
    wins = n - outcomes.get("lost", 0)
    hist = _histogram(summary)
    scored = sum(hist.values())
    seats = sorted({seat for seat, _ in summary.games})
    out: dict[str, Any] = {
        "n_games": n, "wins": wins, "losses": outcomes.get("lost", 0),
        "outcomes": dict(sorted(outcomes.items())),
        "win_rate": stats.rate_summary(wins, n),
        "scored_games": scored,
        "score": moments(hist),
        "expected_score": moments(hist, n - scored),
        "quantiles": quantiles(hist),
        "score_min": min(hist) if hist else None, "score_max": max(hist) if hist else None,
    }
    if bands:
        out["bands"] = band_counts(hist, bands, n)
    if len(seats) > 1:
        out["by_seat"] = []
        for seat in seats:
            part = Summary()
            part.games = Counter({k: v for k, v in summary.games.items() if k[0] == seat})
            part.scores = {k: v for k, v in summary.scores.items() if k[0] == seat}
            m = part.n_games
            lost = part.games.get((seat, "lost"), 0)
            out["by_seat"].append({"seat": seat, "n_games": m, "win_rate": stats.rate_summary(m - lost, m),
                                   "score": moments(_histogram(part))})
    out["histogram"] = {o: [[s, c] for s, c in sorted(_histogram(summary, [o]).items()) if c]
                        for o in sorted(outcomes)}
    out["intervals"] = {"win_rate": "Wilson 95%", "means": NORMAL_CI}
    return out
