"""A training config is bounded before it is expanded (issue 30, fault 9): YAML aliases are
refused as they are met (a 443-byte alias bomb would fill the memory), and a file or a
``--set`` value larger than a config may be is refused by its size, each with a clear error."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import pytest

from agents import cli
from agents.train.checks import LIMITS, check_limits
from agents.train.config import load_config
from agents.train.config_files import config_dir, packaged_configs
from agents.train.config_yaml import MAX_CONFIG_BYTES, parse_override, read_config_file
from hydra_env.errors import ConfigError

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi"))


def test_an_alias_bomb_is_refused_at_its_first_alias_without_expanding_it(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(BOMB)
    assert len(BOMB) < 600                        # nine levels: 9**9 strings once expanded
    started = time.perf_counter()
    with pytest.raises(ConfigError, match=r"found the alias \*a: aliases .* are not allowed"):
        read_config_file(path)
    assert time.perf_counter() - started < 5


def test_a_config_with_one_harmless_alias_is_refused_too(tmp_path: Path) -> None:
    path = tmp_path / "alias.yaml"
    path.write_text("default: &d {seed: 1}\nhydra_env/Solo-v0: *d\n")
    with pytest.raises(ConfigError, match=r"alias \*d"):
        load_config(path)


def test_a_config_file_over_the_size_limit_is_refused_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("# " + "x" * MAX_CONFIG_BYTES + "\ndefault: {seed: 1}\n")
    with pytest.raises(ConfigError, match=rf"is {path.stat().st_size:,} bytes, more than a config "
                                          rf"may hold \({MAX_CONFIG_BYTES:,}\)"):
        read_config_file(path)


def test_an_override_value_with_an_alias_or_over_the_limit_is_refused() -> None:
    with pytest.raises(ConfigError, match=r"--set 'seed=\*a'.*alias \*a"):
        parse_override("seed=*a")
    with pytest.raises(ConfigError, match="more than a config may hold"):
        parse_override("name=" + "x" * (MAX_CONFIG_BYTES + 1))


def test_train_with_an_alias_bomb_exits_2_naming_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(BOMB)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["train", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: not valid YAML: found the alias *a" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bomb.yaml"]


@pytest.mark.parametrize(("name", "bounds"), list(LIMITS.items()))
def test_an_integer_field_past_its_limit_is_refused_stating_its_range(
        name: str, bounds: tuple[int, int]) -> None:
    low, high = bounds
    config = load_config(None)
    check_limits(dataclasses.replace(config, **{name: high}))
    with pytest.raises(ConfigError, match=rf"field '{name}' must be an integer from {low} to {high}"):
        check_limits(dataclasses.replace(config, **{name: high + 1}))


def test_a_network_too_deep_or_too_wide_is_refused() -> None:
    config = load_config(None)
    with pytest.raises(ConfigError, match="field 'net_arch' lists 65 layers; at most 64"):
        check_limits(dataclasses.replace(config, net_arch=[8] * 65))
    with pytest.raises(ConfigError, match="field 'net_arch' entry 1 must be an integer from 1 to 65536"):
        check_limits(dataclasses.replace(config, net_arch=[8, 10**7]))


@pytest.mark.parametrize("name", packaged_configs())
def test_every_packaged_config_is_within_the_limits(name: str) -> None:
    path = config_dir() / f"{name}.yaml"
    for env in _env_blocks(path):
        check_limits(load_config(path, env=env))


def _env_blocks(path: Path) -> list[str]:
    return [key for key in read_config_file(path) if key != "default"]
