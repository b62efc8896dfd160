"""Statistics for evaluation reports: intervals, quantiles and the R40 score bands.

Everything here is deterministic: the bootstrap (:func:`scipy.stats.bootstrap`)
draws from a generator with a fixed seed, so the same numbers give the same report.
The Wilson interval stays written out: scipy's (``binomtest(k, n).proportion_ci``)
takes only a whole count, and a shared win counts a fraction (docs/libraries.md).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

Z95 = 1.959963984540054          # two-sided 95% normal quantile
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 20240611
QUANTILES = (5, 25, 50, 75, 95)

# R40: the rulebook's score bands. 45 lies in no band of the rulebook; it is
# reported with "below 46". (label, lowest score, highest score; None = open).
BANDS: tuple[tuple[str, int | None, int | None], ...] = (
    ("below 46", None, 45),
    ("46-59", 46, 59),
    ("60-69", 60, 69),
    ("70-79", 70, 79),
    ("80-89", 80, 89),
    ("90-100", 90, 100),
    ("above 100", 101, None),
)


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Wilson score interval of a proportion ``successes / n``; None when ``n == 0``."""
    if n <= 0:
        return None
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


def bootstrap_mean_interval(values: Sequence[float] | np.ndarray, *,
                            resamples: int = BOOTSTRAP_RESAMPLES,
                            seed: int = BOOTSTRAP_SEED,
                            level: float = 0.95) -> tuple[float, float] | None:
    """Percentile bootstrap interval of the mean (:func:`scipy.stats.bootstrap`), with a fixed generator.

    None for no values; one value is its own interval (scipy needs two). Resamples are
    drawn in batches so that memory stays small for tens of thousands of values.
    """
    from scipy.stats import bootstrap  # here: importing scipy.stats costs about 0.6 s of CPU

    x = np.asarray(values, dtype=float)
    if x.size <= 1:
        return (float(x[0]), float(x[0])) if x.size else None
    ci = bootstrap((x,), np.mean, n_resamples=resamples, batch=max(1, 2_000_000 // x.size),
                   method="percentile", confidence_level=level,
                   rng=np.random.default_rng(seed)).confidence_interval
    return (float(ci.low), float(ci.high))


def mean_summary(values: Sequence[float]) -> dict[str, Any]:
    """Mean, bootstrap 95% interval, standard deviation (ddof=1) and count."""
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return {"n": 0, "mean": None, "ci95": None, "std": None}
    std = float(x.std(ddof=1)) if x.size > 1 else 0.0
    ci = bootstrap_mean_interval(x)
    return {"n": int(x.size), "mean": float(x.mean()), "ci95": list(ci) if ci else None,
            "std": std}


def rate_summary(successes: int, n: int) -> dict[str, Any]:
    """Count, rate and 95% Wilson interval of a proportion."""
    ci = wilson_interval(successes, n)
    return {"count": int(successes), "n": int(n),
            "rate": successes / n if n else None, "ci95": list(ci) if ci else None}


def quantiles(values: Sequence[float], qs: Iterable[int] = QUANTILES) -> dict[str, float | None]:
    """Percentiles (numpy's linear method) as ``{"p5": ..., "p50": ...}``."""
    x = np.asarray(values, dtype=float)
    qs = tuple(qs)
    if x.size == 0:
        return {f"p{q}": None for q in qs}
    return {f"p{q}": float(v) for q, v in zip(qs, np.percentile(x, qs))}


def band_of(score: int) -> str:
    """The R40 band label of a won game's score."""
    for label, low, high in BANDS:
        if (low is None or score >= low) and (high is None or score <= high):
            return label
    raise AssertionError(f"score {score} fits no band")  # the bands cover all integers


def band_table(scores: Sequence[int], n_games: int) -> list[dict[str, Any]]:
    """Per R40 band: bounds, count, share of won games and share of all games."""
    counts = {label: 0 for label, _, _ in BANDS}
    for s in scores:
        counts[band_of(int(s))] += 1
    won = len(scores)
    return [{"band": label, "low": low, "high": high, "count": counts[label],
             "share_of_won": counts[label] / won if won else None,
             "share_of_games": counts[label] / n_games if n_games else None}
            for label, low, high in BANDS]


def solo_summary(outcomes: Sequence[str], scores: Sequence[int | None]) -> dict[str, Any]:
    """The statistics of a solo evaluation from its per-game outcomes and scores.

    A loss has no score (R39): it counts 0 in the expected score and is left
    out of the won-score figures, quantiles and bands.
    """
    n = len(outcomes)
    won = [int(s) for o, s in zip(outcomes, scores) if o == "won"]
    expected = [int(s) if o == "won" else 0 for o, s in zip(outcomes, scores)]
    return {
        "n_games": n,
        "wins": len(won),
        "losses": n - len(won),
        "win_rate": rate_summary(len(won), n),
        "expected_score": mean_summary(expected),
        "mean_score_won": mean_summary(won),
        "quantiles_won": quantiles(won),
        "bands": band_table(won, n),
        "bootstrap": {"resamples": BOOTSTRAP_RESAMPLES, "seed": BOOTSTRAP_SEED,
                      "method": "percentile"},
    }
