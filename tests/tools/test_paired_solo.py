"""benchmarks/paired_solo.py: the paired difference of two solo evaluations on the same
seeds, and the refusal of folders that did not play the same games."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from helpers.benchmarks import load_benchmark

from agents import cli, stats
from agents.evaluate import read_games_csv


@pytest.fixture(scope="module")
def paired():
    return load_benchmark("paired_solo")


def _evaluate(out: Path, agent: str, seed: int, games: int = 4) -> Path:
    code = cli.main(["evaluate", "--mode", "solo", "--agent", agent, "--games", str(games),
                     "--scenario", "10", "--stars", "1", "--seed", str(seed), "--workers", "1",
                     "--out", str(out)])
    assert code == 0
    return out


def test_paired_difference_is_the_mean_per_game_gap_a_loss_counted_zero(paired, tmp_path):
    a = _evaluate(tmp_path / "a", "heuristic", 0)
    b = _evaluate(tmp_path / "b", "random", 0)
    result = paired.compare(a, b)

    def expected(folder):
        return np.array([float(r["score"]) if r["outcome"] == "won" else 0.0
                         for r in read_games_csv(folder / "games.csv")])
    diff = expected(a) - expected(b)
    assert result["games"] == 4
    assert result["a_minus_b"]["mean"] == pytest.approx(diff.mean())
    assert result["a_minus_b"]["ci95"] == pytest.approx(list(stats.bootstrap_mean_interval(diff)))
    out = tmp_path / "paired.json"
    assert paired.main([str(a), str(b), "--out", str(out)]) == 0
    assert json.loads(out.read_text())["a_minus_b"]["mean"] == pytest.approx(diff.mean())


def test_runs_of_different_seeds_are_refused(paired, tmp_path, capsys):
    a = _evaluate(tmp_path / "a", "heuristic", 0, games=2)
    b = _evaluate(tmp_path / "b", "heuristic", 1, games=2)
    assert paired.main([str(a), str(b)]) == 2
    assert "seed 0" in capsys.readouterr().err


def test_a_folder_that_is_not_an_evaluation_is_refused(paired, tmp_path, capsys):
    a = _evaluate(tmp_path / "a", "heuristic", 0, games=2)
    (tmp_path / "empty").mkdir()
    assert paired.main([str(a), str(tmp_path / "empty")]) == 2
    err = capsys.readouterr().err
    assert "cannot read its summary.json" in err and "Traceback" not in err
    out = tmp_path / "never.json"
    assert paired.main([str(a), str(tmp_path / "empty"), "--out", str(out)]) == 2
    assert not out.exists()
