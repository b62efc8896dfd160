"""``hydra-env train --engine``: the trainer chosen by the config's ``engine`` field or the flag;
an unknown engine and ``rllib`` without Ray are clear errors, before any run folder is written."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from agents import cli  # noqa: E402
from agents.rllib import ray_missing  # noqa: E402
from agents.train.config import load_config  # noqa: E402
from agents.train.game_hooks import train_env_ids  # noqa: E402
from hydra_env import ConfigError  # noqa: E402

NO_RAY = ray_missing() is not None
"""The main venv: no Ray, or Ray without RLlib's dependencies (dm-tree; Ray's cluster tools)."""


@pytest.mark.skipif(not NO_RAY, reason="Ray RLlib imports here (.venv-rllib): the error is for a venv without it")
def test_engine_rllib_without_ray_names_the_extra_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = tmp_path / "runs"
    assert cli.main(["train", "--engine", "rllib", "--runs-dir", str(runs), "--quick"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'hydra-env[rllib]'" in err and ray_missing() in err
    assert "Traceback" not in err
    assert not runs.exists() or not any(runs.iterdir())


@pytest.mark.skipif(not NO_RAY, reason="Ray RLlib imports here")
def test_engine_field_rllib_in_the_config_gives_the_same_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs, config = tmp_path / "runs", tmp_path / "rllib.yaml"
    config.write_text(f"default:\n  env: {train_env_ids()[0]}\n  engine: rllib\n  policy: MultiInputPolicy\n"
                      f"  bc_teacher: ''\n  init_policy: ''\n")
    assert cli.main(["train", str(config), "--runs-dir", str(runs), "--quick"]) == 2
    assert "pip install 'hydra-env[rllib]'" in capsys.readouterr().err
    assert not runs.exists() or not any(runs.iterdir())


def test_an_unknown_engine_on_the_command_line_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["train", "--engine", "jax"]) == 2
    assert "invalid choice: 'jax'" in capsys.readouterr().err


def test_an_unknown_engine_in_the_config_names_the_field() -> None:
    with pytest.raises(ConfigError, match="field 'engine' must be one of 'sb3', 'rllib'"):
        load_config(None, ["engine=jax"])


@pytest.mark.parametrize(("override", "field"), [
    ("num_env_runners=-1", "num_env_runners"), ("num_envs_per_env_runner=2000", "num_envs_per_env_runner"),
    ("num_learners=-2", "num_learners"), ("address=ray:// host", "address")])
def test_the_rllib_fields_are_checked(override: str, field: str) -> None:
    with pytest.raises(ConfigError, match=f"field '{field}'"):
        load_config(None, ["engine=rllib", override])


def test_what_rllib_does_not_train_yet_is_refused_with_the_fix() -> None:
    with pytest.raises(ConfigError, match="field 'selfplay_prob'.*engine rllib"):
        load_config(None, ["engine=rllib", "selfplay_prob=0.5"])
    with pytest.raises(ConfigError, match="field 'policy'.*engine rllib"):
        load_config(None, ["engine=rllib", "policy=CandidatePolicy", "candidates=8"])


def test_help_fields_lists_the_engine_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["train", "--help-fields"]) == 0
    out = capsys.readouterr().out
    for name in ("engine", "num_env_runners", "num_envs_per_env_runner", "num_learners", "address"):
        assert any(line.startswith(f"{name} ") for line in out.splitlines()), name


def test_a_resumed_run_keeps_its_engine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from agents.train.config import dump_config
    run = tmp_path / "HeroicaSolo-v0__tiny__0__20261202-120000"
    run.mkdir()
    dump_config(load_config(None, ["engine=rllib"]), run / "config.yaml")
    assert cli.main(["train", "--resume", str(run), "--engine", "sb3"]) == 2
    assert "trained with engine rllib; a resumed run keeps its engine" in capsys.readouterr().err
