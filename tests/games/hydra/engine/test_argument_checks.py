"""Bad arguments of the engine raise the project's own errors (issue 11, items 7 and 8).

Every integer argument follows one rule (:mod:`hydra_env.arguments`): ``int``
and numpy integers are accepted and stored as ``int``; bools, floats, strings
and out-of-range values are refused with a ConfigError naming the argument.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hydra_env import ConfigError, Game, HydraError, RuleOptions, arguments
from hydra_env.errors import IllegalActionError

NOT_INTEGERS = (1.0, 2.5, True, False, np.bool_(True), "2", None, [2], np.float64(2.0), np.array(2.0), 2 + 0j)


@pytest.fixture(scope="module")
def solo() -> Game:
    return Game.new(10, 1, 3)


@pytest.fixture(scope="module")
def coop() -> Game:
    return Game.new(1, 1, 3)


def raises(error: type[HydraError], call: Any, *words: str) -> str:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert not isinstance(info.value, (TypeError,)), message
    for word in words:
        assert word in message, message
    return message


# --------------------------------------------------------------------- hydra_env.arguments
@pytest.mark.parametrize("value", NOT_INTEGERS)
def test_integer_refuses_everything_but_integers(value: Any) -> None:
    raises(ConfigError, lambda: arguments.integer("stars", value, low=1, high=3), "stars must be", repr(value)[:20])


@pytest.mark.parametrize("value", [2, np.int64(2), np.uint8(2), np.int32(2), np.array(2)])
def test_integer_accepts_numpy_integers_as_plain_int(value: Any) -> None:
    result = arguments.integer("stars", value, low=1, high=3)
    assert result == 2 and type(result) is int


def test_integer_refuses_out_of_range_values_naming_the_bounds() -> None:
    raises(ConfigError, lambda: arguments.integer("stars", 4, low=1, high=3), "stars", "from 1 to 3", "got 4")
    raises(ConfigError, lambda: arguments.integer("seed", -1, low=0), "seed", "at least 0")
    raises(ConfigError, lambda: arguments.seat("seat", 7, 4), "seat", "seats 0 to 3")


def test_the_error_class_can_be_chosen() -> None:
    raises(IllegalActionError, lambda: arguments.integer("action", True, error=IllegalActionError), "action")


def test_number_boolean_choice_mapping_text_and_path() -> None:
    assert arguments.number("loss_penalty", np.float32(0.5)) == 0.5
    assert type(arguments.number("x", 3)) is float
    for bad in ("x", True, float("nan"), float("inf"), None):
        raises(ConfigError, lambda: arguments.number("loss_penalty", bad), "loss_penalty must be a finite number")
    assert arguments.boolean("flag", np.bool_(True)) is True
    for bad in (0, 1, "true", None):
        raises(ConfigError, lambda: arguments.boolean("flag", bad), "flag must be True or False")
    assert arguments.choice("mode", np.int64(2), (1, 2)) == 2
    raises(ConfigError, lambda: arguments.choice("mode", True, (1, 2)), "mode must be one of 1, 2")
    raises(ConfigError, lambda: arguments.choice("mode", "1", (1, 2)), "mode")
    assert arguments.mapping("options", None) == {}
    raises(ConfigError, lambda: arguments.mapping("options", 5), "options must be a dict")
    raises(ConfigError, lambda: arguments.mapping("options", {1: True}), "options must have string keys")
    assert arguments.text("name", "x") == "x"
    raises(ConfigError, lambda: arguments.text("name", ""), "name must be a non-empty string")
    assert arguments.path_like("out", Path("a")) == Path("a")
    for bad in (123, b"a", "", None, "a\0b"):
        raises(ConfigError, lambda: arguments.path_like("out", bad), "out must be")


def test_long_values_are_cut_in_messages() -> None:
    message = raises(ConfigError, lambda: arguments.integer("seed", "x" * 1000))
    assert len(message) < 300


# --------------------------------------------------------------------- Game.new
@pytest.mark.parametrize("value", NOT_INTEGERS + (0, 4, -1))
def test_new_refuses_bad_stars(value: Any) -> None:
    raises(ConfigError, lambda: Game.new(10, value, 1), "stars must be an integer from 1 to 3")


def test_new_stores_numpy_stars_scenario_and_seed_as_int_and_the_game_saves() -> None:
    game = Game.new(np.int64(10), np.int64(2), np.int64(5))
    for value in (game.state.stars, game.state.scenario, game.state.seed, game.stars, game.scenario):
        assert type(value) is int
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    assert game.to_json() == Game.new(10, 2, 5).to_json()


@pytest.mark.parametrize("value", ("10", 10.0, True, None, [10], 0, -3))
def test_new_refuses_bad_scenario(value: Any) -> None:
    raises(ConfigError, lambda: Game.new(value, 1, 1), "scenario")


def test_new_refuses_an_unknown_scenario_listing_the_known_ones() -> None:
    raises(ConfigError, lambda: Game.new(99, 1, 1), "no scenario 99", "available: 1, 2")


@pytest.mark.parametrize("value", (True, 1.5, "7", -1, [7]))
def test_new_refuses_bad_seed(value: Any) -> None:
    raises(ConfigError, lambda: Game.new(10, 1, value), "seed must be")


def test_new_accepts_a_numpy_generator_as_seed() -> None:
    a = Game.new(10, 1, np.random.default_rng(3))
    b = Game.new(10, 1, np.random.default_rng(3))
    assert a.seed == b.seed and type(a.seed) is int


@pytest.mark.parametrize("value", (5, "solo_regrow_heads", ["solo_regrow_heads"], True))
def test_new_refuses_options_that_are_not_a_dict(value: Any) -> None:
    raises(ConfigError, lambda: Game.new(10, 1, 1, options=value), "options must be")


def test_new_refuses_bad_option_names_and_values() -> None:
    raises(ConfigError, lambda: Game.new(10, 1, 1, options={"regrow": True}), "unknown rule option 'regrow'")
    raises(ConfigError, lambda: Game.new(10, 1, 1, options={"solo_regrow_heads": 1}), "solo_regrow_heads")
    raises(ConfigError, lambda: RuleOptions(solo_regrow_heads="yes"), "solo_regrow_heads")
    assert Game.new(10, 1, 1, options={"solo_regrow_heads": np.bool_(True)}).options.solo_regrow_heads is True


@pytest.mark.parametrize("value", (123, 1.5, b"hydra_env/games/hydra/data", "", ["hydra_env/games/hydra/data"], True))
def test_new_refuses_components_of_the_wrong_type(value: Any) -> None:
    raises(ConfigError, lambda: Game.new(10, 1, 1, components=value), "components must be")


# --------------------------------------------------------------------- describe, seats
@pytest.mark.parametrize("value", (-1, 1826, 10 ** 6, True, 1.0, "3", None))
def test_describe_refuses_what_is_not_an_action_index(solo: Game, value: Any) -> None:
    raises(ConfigError, lambda: solo.describe(value), "action must be an integer from 0 to 1825")


def test_describe_accepts_numpy_indices(solo: Game) -> None:
    action = solo.legal_actions()[0]
    assert solo.describe(np.int64(action)) == solo.describe(action)


@pytest.mark.parametrize("method", ["render", "view", "observe", "determinize", "describe_viewer"])
@pytest.mark.parametrize("seat", (7, -1, 4, True, 1.0, "0"))
def test_seats_that_do_not_exist_are_refused(coop: Game, method: str, seat: Any) -> None:
    calls = {"render": lambda: coop.render(seat=seat), "view": lambda: coop.view(seat),
             "observe": lambda: coop.observe(seat), "determinize": lambda: coop.determinize(seat, 1),
             "describe_viewer": lambda: coop.describe(0, viewer=seat)}
    raises(ConfigError, calls[method], "must be an integer from 0 to 3", "seats 0 to 3")


def test_solo_has_only_seat_0(solo: Game) -> None:
    raises(ConfigError, lambda: solo.render(seat=1), "seat", "only seat 0")
    assert solo.render(seat=np.int64(0)) == solo.render(seat=0)
    assert solo.view(np.int64(0)).seat == 0 and type(solo.view(np.int64(0)).seat) is int


def test_view_of_an_ended_game_needs_a_seat() -> None:
    game = Game.new(10, 1, 0)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    raises(ConfigError, lambda: game.view(), "game is over", "seat=")
    assert game.view(0).seat == 0


@pytest.mark.parametrize("rng", ("x", -1, 1.5, True))
def test_determinize_refuses_a_bad_rng(coop: Game, rng: Any) -> None:
    raises(ConfigError, lambda: coop.determinize(0, rng), "rng must be")


def test_determinize_accepts_a_seed_a_generator_or_none(coop: Game) -> None:
    assert coop.determinize(0, 5).to_json() == coop.determinize(0, np.int64(5)).to_json()
    coop.determinize(0, np.random.default_rng(1))
    coop.determinize(0, None)


def test_apply_refuses_a_bool_action(solo: Game) -> None:
    game = solo.clone()
    before = game.to_json()
    raises(IllegalActionError, lambda: game.apply(True))
    assert game.to_json() == before


def test_from_json_of_a_non_string_is_a_hydra_error() -> None:
    for value in (5, None, {"format": "hydra-env/game"}):
        raises(ConfigError, lambda: Game.from_json(value), "saved game")
    raises(ConfigError, lambda: Game.from_json(json.dumps([1])), "not a saved hydra-env game")


def test_a_seat_view_of_a_seat_that_does_not_exist_is_refused(coop: Game) -> None:
    from hydra_env import SeatView
    raises(ConfigError, lambda: SeatView(coop, 4), "seat", "seats 0 to 3")
    raises(ConfigError, lambda: SeatView(coop, 0, redeal=1), "redeal must be True or False")
    assert SeatView(coop, np.int64(2)).seat == 2
