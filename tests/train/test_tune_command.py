"""``hydra-env tune CONFIG --trials N``: trials through the trainer, a resumable study, its table and
best config; the evaluation listener that prunes; clear errors."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("optuna")

from agents import cli  # noqa: E402
from agents.train import callbacks as cb  # noqa: E402
from agents.train import trainer  # noqa: E402
from agents.train.config import load_config  # noqa: E402
from agents.train.game_hooks import train_env_ids  # noqa: E402

TINY = """\
default:
  env: {env}
  name: tiny
  n_envs: 2
  features_dim: 16
  net_arch: [16, 16]
  n_epochs: 1
  eval_freq: 128
  eval_games: 2
  checkpoint_freq: 0
  final_eval_games: 0
  progress_bar: false
tune:
  trials: 2
  timesteps: 256
  space:
    n_steps: [64]
    batch_size: [32, 64]
    net_width: [8, 16]
    learning_rate: {{low: 1.0e-4, high: 1.0e-3, log: true}}
    gamma: null
"""


@pytest.fixture()
def tiny_config(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY.format(env=train_env_ids()[0]))
    return path


def _rows(study: Path) -> list[dict[str, str]]:
    with open(study / "trials.csv", newline="") as fh:
        return list(csv.DictReader(fh))


def test_two_trials_then_the_same_study_resumed_to_three(tiny_config: Path, tmp_path: Path) -> None:
    study = tmp_path / "study"
    command = ["tune", str(tiny_config), "--study-dir", str(study)]
    assert cli.main(command) == 0                                   # the tune block's 2 trials
    rows = _rows(study)
    assert [r["number"] for r in rows] == ["0", "1"]
    assert all(r["state"] == "complete" and r["value"] != "" for r in rows)
    for row in rows:                                                # each trial: its own run folder
        run = study / row["run_dir"]
        assert run.parent == study / "trials" and (run / "best.json").is_file()
        assert row["batch_size"] in ("32", "64") and row["net_width"] in ("8", "16")
        assert "gamma" not in row                                   # null: left at the config's
        assert load_config(run / "config.yaml").net_arch == [int(row["net_width"])] * 2
    assert cli.main([*command, "--trials", "3"]) == 0               # continues: one more trial
    rows = _rows(study)
    assert [r["state"] for r in rows] == ["complete"] * 3
    assert len(list((study / "trials").iterdir())) == 3
    best = max(rows, key=lambda r: float(r["value"]))
    config = load_config(study / "best_config.yaml")                # trainable as is
    assert config.batch_size == int(best["batch_size"]) and config.net_arch == [int(best["net_width"])] * 2
    assert config.total_timesteps == 1_000_000 and config.name == "tiny"   # the config's, not a trial's
    assert cli.main(command) == 0 and len(_rows(study)) == 3        # complete: nothing more to run


def test_a_listener_returning_false_stops_training_at_that_evaluation(tiny_config: Path, tmp_path: Path) -> None:
    from agents.tune import base_config
    config = base_config(tiny_config, ["total_timesteps=512", "n_steps=64", "batch_size=64"], None, tmp_path)
    run_dir = trainer.prepare_run(config, tmp_path / "runs")
    seen: list[int] = []

    def prune(step: int, metric: float, figures: dict[str, float]) -> bool:
        seen.append(step)
        return False

    with cb.evaluation_listener(prune):
        trainer.train(config, run_dir)
    assert seen == [128]
    assert cb.read_status(run_dir)["timesteps"] < config.total_timesteps


def test_a_study_continues_only_with_the_space_it_began_with(tiny_config: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    study = tmp_path / "study"
    assert cli.main(["tune", str(tiny_config), "--study-dir", str(study), "--trials", "1"]) == 0
    capsys.readouterr()
    assert cli.main(["tune", str(tiny_config), "--study-dir", str(study), "--trials", "2",
                     "--space", "batch_size=[16]"]) == 2
    assert "begun with another space" in capsys.readouterr().err


@pytest.mark.parametrize("options, message", [
    (["--space", "no_such_field=[1]"], "unknown name 'no_such_field'"),
    (["--space", "learning_rate={low: 1, high: 0}"], "needs numbers low < high"),
    (["--trials", "0"], "--trials: must be at least 1"),
    (["--set", "eval_freq=0"], "set eval_freq between 1 and the trial's steps"),
])
def test_bad_settings_are_refused_with_a_message(tiny_config: Path, tmp_path: Path, options: list[str],
                                                 message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["tune", str(tiny_config), "--study-dir", str(tmp_path / "s"), *options]) == 2
    assert message in capsys.readouterr().err


def test_without_optuna_the_error_says_how_to_install_it(tiny_config: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "optuna", None)               # `import optuna` fails
    assert cli.main(["tune", str(tiny_config), "--study-dir", str(tmp_path / "s")]) == 2
    assert "pip install 'hydra-env[tune]'" in capsys.readouterr().err
