"""Every game with a native twin names the settings its differential runs cycle through
(``GameSpec.differential_settings``), and ``benchmarks/differential_games.py`` (so
``make native-asan``) plays them when it is given none."""

from __future__ import annotations

import pytest
from helpers.benchmarks import load_benchmark

import hydra_env

NATIVE_GAMES = [name for name in hydra_env.game_names() if "native" in hydra_env.game_spec(name).engines]


@pytest.mark.parametrize("name", NATIVE_GAMES)
def test_a_native_game_names_distinct_valid_settings_covering_more_than_its_defaults(name):
    spec = hydra_env.game_spec(name)
    settings = [spec.check_params(s) for s in spec.differential_settings]
    assert len(settings) >= 3
    assert len({tuple(sorted(s.items())) for s in settings}) == len(settings)
    assert len({spec.players(s) for s in settings}) >= 2       # more seat counts than the defaults' one


@pytest.mark.parametrize("name", NATIVE_GAMES)
def test_the_differential_script_plays_the_specs_settings_when_given_none(name, capsys):
    script = load_benchmark("differential_games")
    assert script.main(["--game", name, "--decisions", "200", "--chunk", "200"]) == 0
    out = capsys.readouterr().out
    count = len(hydra_env.game_spec(name).differential_settings)
    assert f"{name}: {count} settings in turn" in out and "no difference in 200 decisions" in out


def test_the_differential_script_plays_only_the_settings_it_is_given(capsys):
    name = NATIVE_GAMES[0]
    setting = hydra_env.game_spec(name).differential_settings[-1]
    text = ",".join(f"{key}={value}" for key, value in setting.items())
    script = load_benchmark("differential_games")
    assert script.main(["--game", name, "--setting", text, "--decisions", "200"]) == 0
    assert f"{name}: 1 setting in turn" in capsys.readouterr().out
