"""The intervals of agents.stats: the bootstrap is scipy's with the seeds and draws of the
hand-written one it replaced; the Wilson interval agrees with scipy's and takes shared wins."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binomtest

from agents import stats


def _hand_written_bootstrap(values: np.ndarray, resamples: int = stats.BOOTSTRAP_RESAMPLES,
                            seed: int = stats.BOOTSTRAP_SEED) -> tuple[float, float]:
    """The percentile bootstrap agents.stats had before scipy: blocks of index draws, np.quantile."""
    n = values.size
    rng = np.random.default_rng(seed)
    means = np.empty(resamples)
    block = max(1, min(resamples, 2_000_000 // n))
    for start in range(0, resamples, block):
        stop = min(resamples, start + block)
        means[start:stop] = values[rng.integers(0, n, size=(stop - start, n))].mean(axis=1)
    lo, hi = np.quantile(means, [0.025, 0.975])
    return float(lo), float(hi)


@pytest.mark.parametrize("n", [2, 17, 400, 3000])
def test_the_bootstrap_gives_the_hand_written_interval_to_rounding(n: int) -> None:
    x = np.random.default_rng(n).integers(0, 120, n).astype(float)
    assert stats.bootstrap_mean_interval(x) == pytest.approx(_hand_written_bootstrap(x), rel=1e-12, abs=1e-12)


def test_one_value_is_its_own_bootstrap_interval_and_none_has_none() -> None:
    assert stats.bootstrap_mean_interval([42.0]) == (42.0, 42.0)
    assert stats.bootstrap_mean_interval([]) is None


def test_the_bootstrap_seed_and_level_change_the_interval() -> None:
    x = np.random.default_rng(5).normal(60, 10, 50)
    base = stats.bootstrap_mean_interval(x)
    assert stats.bootstrap_mean_interval(x, seed=stats.BOOTSTRAP_SEED + 1) != base
    lo, hi = stats.bootstrap_mean_interval(x, level=0.5)
    assert base[0] < lo < hi < base[1]


@pytest.mark.parametrize(("k", "n"), [(0, 7), (3, 7), (7, 7), (17, 20), (250, 1000)])
def test_the_wilson_interval_agrees_with_scipy(k: int, n: int) -> None:
    ci = binomtest(k, n).proportion_ci(0.95, method="wilson")
    assert stats.wilson_interval(k, n) == pytest.approx((ci.low, ci.high), abs=1e-15)


def test_the_wilson_interval_takes_a_shared_win_as_a_fraction() -> None:
    lo, hi = stats.wilson_interval(3.5, 10)
    assert stats.wilson_interval(3, 10)[0] < lo < stats.wilson_interval(4, 10)[0]
    assert lo < 0.35 < hi


@pytest.mark.parametrize(("wins", "games", "text"), [
    (500, 1000, "50.0% [46.9, 53.1]"),
    (957_983, 1_000_000, "95.80% [95.76, 95.84]"),
    (0, 10_000_000, "0.00000% [0.00000, 0.00004]"),
])
def test_a_share_is_printed_with_the_decimals_that_keep_its_interval_visible(wins, games, text) -> None:
    from agents.evaluate_defaults import percent_text
    low, high = stats.wilson_interval(wins, games)
    assert percent_text({"rate": wins / games, "ci95": [low, high]}) == text
