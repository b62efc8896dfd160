"""benchmarks/learning_curve.py reads a run's periodic evaluation and plots it by steps and minutes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers.benchmarks import load_benchmark


@pytest.fixture(scope="module")
def curve() -> Any:
    return load_benchmark("learning_curve")


def fake_run(root: Path, seed: int, scores: dict[int, float], began: float) -> Path:
    """A run folder whose TensorBoard log has eval/solo_score_mean at the given steps, one minute apart."""
    import datetime as dt

    from torch.utils.tensorboard import SummaryWriter
    stamp = dt.datetime.fromtimestamp(began).strftime("%Y%m%d-%H%M%S")
    run = root / f"Solo-v0__ppo__{seed}__{stamp}"
    writer = SummaryWriter(str(run / "tb" / "ppo_1"))
    for i, (step, score) in enumerate(sorted(scores.items())):
        writer.add_scalar("eval/solo_score_mean", score, step, walltime=began + 60.0 * (i + 1))
    writer.close()
    (run / "config.yaml").write_text("default: {}\n")
    return run


def test_read_curve_gives_steps_minutes_since_the_run_began_and_scores(curve: Any, tmp_path: Path) -> None:
    run = fake_run(tmp_path, 0, {0: 60.0, 25000: 70.0, 50000: 75.0}, began=1_790_000_000.0)
    got = curve.read_curve(run)
    assert got["steps"] == [0.0, 25000.0, 50000.0]
    assert got["score"] == pytest.approx([60.0, 70.0, 75.0])
    assert got["minutes"] == pytest.approx([1.0, 2.0, 3.0])


def test_combine_takes_the_mean_and_the_lowest_and_highest_seed_at_common_steps(curve: Any,
                                                                                tmp_path: Path) -> None:
    a = curve.read_curve(fake_run(tmp_path, 0, {0: 60.0, 25000: 70.0, 50000: 74.0}, 1_790_000_000.0))
    b = curve.read_curve(fake_run(tmp_path, 1, {0: 64.0, 25000: 72.0}, 1_790_001_000.0))
    rows = curve.combine([a, b])
    assert [r["steps"] for r in rows] == [0.0, 25000.0]          # 50000 is not in both runs
    assert rows[1]["mean"] == pytest.approx(71.0)
    assert (rows[1]["low"], rows[1]["high"]) == (70.0, 72.0)


def test_a_run_without_evaluations_is_a_clear_error(curve: Any, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "Solo-v0__ppo__0__20261201-120000"
    (run / "tb").mkdir(parents=True)
    (run / "config.yaml").write_text("default: {}\n")
    assert curve.main(["--runs", str(run), "--out", str(tmp_path / "c.png")]) == 2
    err = capsys.readouterr().err
    assert "no eval/solo_score_mean" in err and "eval_freq" in err
    assert not (tmp_path / "c.png").exists()


def test_plot_writes_a_png_with_both_panels(curve: Any, tmp_path: Path) -> None:
    rows = curve.combine([curve.read_curve(fake_run(tmp_path, 0, {0: 60.0, 25000: 70.0}, 1_790_000_000.0))])
    out = tmp_path / "figure.png"
    curve.plot(rows, {"mean": 65.0, "ci95": [63.0, 67.0]}, 1, "test", out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_bad_override_is_refused_before_any_training(curve: Any, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    runs = tmp_path / "runs"
    assert curve.main(["--set", "seeed=1", "--runs-dir", str(runs), "--out", str(tmp_path / "c.png")]) == 2
    assert "unknown field 'seeed'" in capsys.readouterr().err
    assert not runs.exists()


def test_a_folder_not_named_like_a_run_is_a_clear_error(curve: Any, tmp_path: Path) -> None:
    folder = tmp_path / "my-run"
    (folder / "tb").mkdir(parents=True)
    with pytest.raises(curve.ConfigError, match="not named like a run folder"):
        curve.read_curve(folder)
