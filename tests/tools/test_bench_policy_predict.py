"""benchmarks/bench_policy_predict.py: both prediction paths pick the same actions before they
are timed; bad arguments are refused before any game."""

from __future__ import annotations

import pytest
from helpers.benchmarks import assert_refused, load_benchmark

bench = load_benchmark("bench_policy_predict")


def test_a_short_run_checks_the_actions_then_prints_both_timings(capsys):
    assert bench.main(["--games", "2", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "the same actions on both" in out and "PolicyBot.predict" in out and "model.predict" in out


@pytest.mark.parametrize("argv, message", [
    (["--games", "0"], "--games and --rounds must be at least 1"),
    (["--policy", "ppo:no-such-policy"], "no-such-policy"),
])
def test_bad_arguments_are_refused_naming_the_fix(argv, message, capsys):
    assert_refused(bench.main, argv, message, capsys)
