"""Bot parameters have ranges (issue 30, fault 13): a number out of a bot's declared range,
or beyond the general bound, is refused naming the range; a text value the bot does not know
(``style=nosuch``) is a ConfigError naming the choices, through ``make_bot`` and the envs,
for every registered game where it applies."""

from __future__ import annotations

import inspect
from typing import Any

import gymnasium as gym
import pytest

import hydra_env  # noqa: F401  (registers the env ids)
from hydra_env.api.params import MAX_NUMBER, param_ranges
from hydra_env.api.registry import game_names, game_spec
from hydra_env.envs import bots
from hydra_env.errors import ConfigError


def _params(kind: type) -> list[tuple[str, str, str, Any]]:
    """(game, bot, parameter, default) of every registered bot parameter whose default is a ``kind``."""
    found = []
    for game in game_names():
        for name in bots.bot_names(game):
            try:
                accepted = bots.bot_parameters(name, game=game)
            except ConfigError:
                continue
            found += [(game, name, key, default) for key, default in accepted.items()
                      if isinstance(default, kind) and not isinstance(default, bool)
                      and default is not inspect.Parameter.empty and key != "device"]
    return found


def _spec(game: str, name: str, key: str, value: Any) -> str:
    required = [k for k, d in bots.bot_parameters(name, game=game).items() if d is inspect.Parameter.empty]
    head = "solo-default," if required else ""              # a policy bot: any name parses
    return f"{name}:{head}{key}={value}"


NUMBERS = _params(int) + _params(float)
TEXTS = [case for case in _params(str)]


@pytest.mark.parametrize(("game", "name", "key", "default"), NUMBERS)
@pytest.mark.parametrize("value", [10**23, -(10**23)])
def test_a_huge_number_is_refused_naming_the_range(game: str, name: str, key: str, default: Any,
                                                   value: int) -> None:
    spec = _spec(game, name, key, value)
    with pytest.raises(ConfigError, match=rf"{name} {key} must be a number from -?[\d,.]+ to "
                                          rf"[\d,.]+, got {value}"):
        bots.parse_bot_spec(spec, game=game)


@pytest.mark.parametrize(("game", "name", "key", "default"),
                         [c for c in NUMBERS if c[2] in param_ranges(bots._entries(c[0])[c[1]].load())])
def test_a_declared_range_refuses_each_value_past_its_ends_and_takes_its_ends(
        game: str, name: str, key: str, default: Any) -> None:
    low, high = param_ranges(bots._entries(game)[name].load())[key]
    assert -MAX_NUMBER <= low <= default <= high <= MAX_NUMBER
    for bad in (low - 1, high + 1):
        with pytest.raises(ConfigError, match=rf"{name} {key} must be a number from {low:,} to {high:,}, got {bad}"):
            bots.parse_bot_spec(_spec(game, name, key, bad), game=game)
    for good in (low, high):
        assert bots.parse_bot_spec(_spec(game, name, key, good), game=game)[1][key] == good


def test_a_rollout_budget_of_zero_or_less_is_refused_where_a_game_has_one() -> None:
    cases = [(g, n) for g, n, k, _ in NUMBERS if k == "budget"]
    if not cases:
        pytest.skip("no registered bot has a budget")
    for game, name in cases:
        for bad in (-5, 0):
            with pytest.raises(ConfigError, match="budget must be a number from 1 to"):
                bots.parse_bot_spec(_spec(game, name, "budget", bad), game=game)


@pytest.mark.parametrize(("game", "name", "key", "default"), TEXTS)
def test_an_unknown_text_value_is_a_config_error_naming_the_choices(
        game: str, name: str, key: str, default: str) -> None:
    with pytest.raises(ConfigError) as caught:
        bots.make_bot(_spec(game, name, key, "nosuch"), game=game, seed=0)
    assert "nosuch" in str(caught.value) and default in str(caught.value)   # the choices, named


def _envs_with_opponents() -> list[tuple[str, str, str]]:
    """(env id, game, bad spec) for env ids that take ``opponents`` and a game bot with a text
    parameter."""
    cases = []
    for game, name, key, _ in TEXTS:
        for env_id in game_spec(game).env_ids:
            try:
                gym.make(env_id, opponents=["random"]).close()
            except Exception:           # noqa: BLE001 — this env takes no opponents
                continue
            cases.append((env_id, game, _spec(game, name, key, "nosuch")))
    return cases


@pytest.mark.parametrize(("env_id", "game", "spec"), _envs_with_opponents())
def test_an_env_given_a_bad_opponent_value_raises_a_config_error(env_id: str, game: str,
                                                                 spec: str) -> None:
    with pytest.raises(ConfigError, match="nosuch"):
        env = gym.make(env_id, opponents=[spec])
        env.reset(seed=0)
