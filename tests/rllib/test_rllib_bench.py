"""benchmarks/bench_rllib.py runs and prints one figure per sampler."""

from __future__ import annotations

import pytest

pytest.importorskip("ray.rllib")

from helpers.benchmarks import load_benchmark  # noqa: E402
from helpers.paths import ROOT  # noqa: E402


def test_the_benchmark_prints_a_rate_for_every_sampler(capsys, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))          # its shared module timing.py
    bench = load_benchmark("bench_rllib")
    assert bench.main(["--steps", "16", "--num-envs", "2", "--repeats", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line for line in lines if line.startswith(("env alone", "batched env", "RLlib"))]
    assert len(rows) == 5
    assert all(float(row.split()[-2].replace(",", "")) > 0 for row in rows)
    assert rows[1].endswith("100%")
