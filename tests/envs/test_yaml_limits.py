"""YAML is read bounded wherever it comes from (issue 30, fault 9): a policy's provenance
record, a run's ``config.yaml`` given to ``agents.train.export`` and a ``tune --space`` value
are read by the one limited loader (:mod:`hydra_env.envs.yaml_limits`), so an alias bomb is
refused at its first alias, fast, with a ConfigError naming the file."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import yaml

from hydra_env.envs.policy_env import recorded_env_args
from hydra_env.envs.yaml_limits import MAX_YAML_BYTES, PlainDumper, read_yaml, read_yaml_file
from hydra_env.errors import ConfigError

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi"))


def _fast(call, *args) -> ConfigError:
    started = time.process_time()
    with pytest.raises(ConfigError) as info:
        call(*args)
    assert time.process_time() - started < 2
    return info.value


def test_an_alias_bomb_in_a_policy_record_is_refused_fast(tmp_path: Path) -> None:
    record = tmp_path / "bomb.yaml"
    record.write_text("env: {id: hydra_env/Solo-v0, kwargs: {}}\n" + BOMB)
    error = _fast(recorded_env_args, record)
    assert str(record) in str(error) and "found the alias *a" in str(error)


def test_an_alias_bomb_in_a_run_config_is_refused_by_export_fast(tmp_path: Path) -> None:
    from agents.train.export import provenance
    run = tmp_path / "Solo-v0__x__0__20260101-000000"
    run.mkdir()
    (run / "config.yaml").write_text(BOMB)
    error = _fast(provenance, run, "hydra-env train x")
    assert "config.yaml" in str(error) and "alias" in str(error)


def test_an_alias_bomb_in_a_tune_space_is_refused_fast() -> None:
    from agents.tune import search_space
    value = BOMB.replace("\n", ", ").rstrip(", ")
    error = _fast(search_space, {}, ["n_steps={" + value + "}"])
    assert "--space" in str(error) and "alias" in str(error)


def test_a_record_over_the_size_limit_or_not_utf8_is_refused_naming_it(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("# " + "x" * MAX_YAML_BYTES + "\n")
    with pytest.raises(ConfigError, match="more than a config may hold"):
        read_yaml_file(big, "policy record")
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"env: \xff\xfe\n")
    with pytest.raises(ConfigError, match="policy record .* is not UTF-8"):
        read_yaml_file(binary, "policy record")


def test_a_record_that_is_not_a_mapping_is_refused_naming_it(tmp_path: Path) -> None:
    record = tmp_path / "list.yaml"
    record.write_text("- 1\n- 2\n")
    with pytest.raises(ConfigError, match="is not a policy record"):
        recorded_env_args(record)


def test_what_the_plain_dumper_writes_the_limited_loader_reads_back() -> None:
    shared = {"seed": 1}
    doc = {"a": shared, "b": shared}
    assert "&" in yaml.safe_dump(doc)                  # PyYAML's own dumper writes an anchor
    assert read_yaml(yaml.dump(doc, Dumper=PlainDumper), "doc") == doc
