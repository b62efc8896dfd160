"""The registry of games (:mod:`hydra_env.api.registry`): names, make, the string form, errors.

The shipped games are found through the entry-point group ``hydra_env.games``;
the toy game Nim (``tests/api/toy_nim.py``) is registered by the tests that need it.
"""

from __future__ import annotations

import argparse
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from api.toy_nim import SPEC as NIM

import hydra_env
from hydra_env.api import GameSpec, Param, game_names, game_spec, game_string, make, parse_game_string, registry
from hydra_env.api import register as register_game
from hydra_env.errors import ConfigError

REPO = Path(__file__).resolve().parents[2]
GAMES = game_names()


def off_default(param: Param, spec: GameSpec | None = None) -> Any:
    """A valid value of ``param`` other than its default (None for free text: a path, a list).
    With ``spec``, a value that the game refuses with its other parameters at their defaults
    (a seat beyond the default number of players) is passed over for the next candidate."""
    if param.kind is bool:
        return not param.default
    if param.choices:
        return next(c for c in param.choices if c != param.default)
    if param.kind is str:
        return None
    for value in (param.low, param.high, param.default + 1):
        if value is None or value == param.default:
            continue
        if spec is not None:
            try:
                spec.make(seed=0, **{param.name: value})
            except ConfigError:
                continue
        return value
    raise AssertionError(f"no value besides the default for {param.name}")


# ------------------------------------------------------------------ names and entry points


def test_game_names_are_the_entry_points_of_the_group_in_declared_order() -> None:
    declared = [ep.name for ep in metadata.entry_points(group=registry.GROUP)]
    assert declared and GAMES[:len(declared)] == tuple(declared)
    assert hydra_env.game_names() == GAMES and registry.default_game() == GAMES[0]


@pytest.mark.parametrize("name", GAMES)
def test_an_entry_point_loads_its_spec_once_under_its_own_name(name: str) -> None:
    spec = game_spec(name)
    assert isinstance(spec, GameSpec) and spec.name == name
    assert game_spec(name) is spec and game_spec(f" {name.upper()} ") is spec


@pytest.mark.parametrize("name", GAMES)
def test_a_deep_copy_of_a_spec_is_the_registered_spec_even_with_its_tool_modules_loaded(name: str) -> None:
    import copy
    spec = game_spec(name)
    spec.hooks("evaluate")                     # may load a module onto the spec, which cannot be copied
    assert copy.deepcopy(spec) is spec and copy.deepcopy({"spec": spec})["spec"] is spec


@pytest.mark.parametrize("name", GAMES)
def test_every_spec_declares_what_generic_code_needs(name: str) -> None:
    spec = game_spec(name)
    assert spec.title and spec.description
    assert all(":" in reference for reference in spec.bots.values())
    assert spec.engines and spec.engines[0] == "python"
    assert all(isinstance(p, Param) for p in spec.params)
    assert len({p.name for p in spec.params}) == len(spec.params)
    assert spec.check_params({}) == spec.defaults() == spec.check_params(spec.defaults())
    assert (REPO / spec.rules_doc).is_file(), f"{name}: rules_doc {spec.rules_doc!r} is not a file"
    assert spec.rule_prefix.isalpha() and spec.rule_prefix.isupper()


def test_an_entry_point_that_cannot_be_imported_is_a_config_error_naming_it(monkeypatch) -> None:
    broken = metadata.EntryPoint("broken", "no_such_module_of_games:SPEC", registry.GROUP)
    monkeypatch.setattr(registry, "_entries", {**registry._entry_points(), "broken": broken})
    assert "broken" in game_names()
    with pytest.raises(ConfigError, match=r"game 'broken' \(no_such_module_of_games:SPEC\) cannot be loaded"):
        game_spec("broken")


def test_an_entry_point_naming_another_game_is_refused(monkeypatch) -> None:
    other = GAMES[0]
    value = registry._entry_points()[other].value
    wrong = metadata.EntryPoint("renamed", value, registry.GROUP)
    monkeypatch.setattr(registry, "_entries", {**registry._entry_points(), "renamed": wrong})
    with pytest.raises(ConfigError, match="is not a GameSpec named 'renamed'"):
        game_spec("renamed")


# ------------------------------------------------------------------ make


@pytest.mark.parametrize("name", GAMES)
def test_make_by_name_deals_the_game_of_the_spec_from_the_seed(name: str) -> None:
    spec = game_spec(name)
    game = make(name, seed=7)
    assert game.seed == 7 and game.num_players == spec.num_players()
    assert game.to_json() == make(name, seed=7).to_json() == spec.make(seed=7).to_json()
    assert game.to_json() != make(name, seed=8).to_json()


def test_make_passes_keyword_parameters_to_the_game() -> None:
    game = hydra_env.make("hydras", num_players=2, seed=7)
    assert game.num_players == 2 and game.seed == 7


def test_make_reads_the_parameters_of_the_string_form_and_a_keyword_wins() -> None:
    game = hydra_env.make("hydra(scenario=3,stars=2)", seed=7)
    assert (game.scenario, game.stars, game.num_players) == (3, 2, game_spec("hydra").num_players(scenario=3))
    assert hydra_env.make("hydras(num_players=2)", num_players=4, seed=1).num_players == 4


@pytest.mark.parametrize("name", GAMES)
def test_num_players_of_the_spec_matches_the_game_it_makes(name: str) -> None:
    spec = game_spec(name)
    for param in spec.params:
        if off_default(param, spec) is None:
            continue
        values = {param.name: off_default(param, spec)}
        assert spec.num_players(**values) == spec.make(seed=0, **values).num_players, values


# ------------------------------------------------------------------ parameter errors


def test_an_unknown_game_is_a_config_error_listing_the_games() -> None:
    with pytest.raises(ConfigError, match=r"unknown game 'chess'; the games: " + ", ".join(GAMES)):
        make("chess", seed=1)
    with pytest.raises(ConfigError, match="unknown game"):
        game_spec("chess")


@pytest.mark.parametrize("call", [lambda: make("hydras(colour=3)"), lambda: make("hydras", colour=3),
                                  lambda: game_spec("hydras").check_params({"colour": 3})])
def test_an_unknown_parameter_is_a_config_error_listing_the_parameters(call) -> None:
    with pytest.raises(ConfigError, match=r"game 'hydras' has no parameter 'colour'; its parameters: num_players"):
        call()


@pytest.mark.parametrize("text, value", [("hydras(num_players=5)", 5), ("hydras(num_players=x)", "x"),
                                         ("hydras(num_players=2.5)", "2.5")])
def test_a_bad_value_in_the_string_is_a_config_error_saying_what_to_pass(text: str, value: Any) -> None:
    with pytest.raises(ConfigError, match=r"hydras parameter 'num_players' must be an integer from 2 to 4, got "
                                          + repr(value).replace(".", r"\.")):
        parse_game_string(text)


@pytest.mark.parametrize("value", [5, 1, "3", True, 3.0, None])
def test_a_bad_keyword_value_is_a_config_error_naming_the_parameter(value: Any) -> None:
    with pytest.raises(ConfigError, match=r"hydras parameter 'num_players' must be an integer from 2 to 4"):
        make("hydras", num_players=value, seed=1)


def test_a_parameter_given_twice_in_the_string_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match=r"parameter 'num_players' is given twice in 'hydras\(num_players=2,"):
        parse_game_string("hydras(num_players=2, num_players=3)")


@pytest.mark.parametrize("text", ["3d", "hydra(stars=1", "hydra(scenario)", "", "hydra()x", None])
def test_a_malformed_game_string_is_a_config_error(text: Any) -> None:
    with pytest.raises(ConfigError, match=r"not a game string|is not key=value|a game name must be"):
        parse_game_string(text)


def test_argparse_types_of_parameters_report_the_same_error() -> None:
    param = game_spec("hydras").param("num_players")
    assert param.flag == "--num-players" and param.argparse_type("hydras")("4") == 4
    with pytest.raises(argparse.ArgumentTypeError,
                       match="hydras parameter 'num_players' must be an integer from 2 to 4, got 9"):
        param.argparse_type("hydras")("9")


# ------------------------------------------------------------------ the string form


@pytest.mark.parametrize("name", GAMES)
def test_game_string_round_trips_through_parse_game_string(name: str) -> None:
    spec = game_spec(name)
    assert game_string(name, {}) == name
    assert parse_game_string(name) == (spec, spec.defaults())
    for param in spec.params:
        if off_default(param) is None:
            continue
        values = spec.check_params({param.name: off_default(param)})
        text = game_string(name, values)
        assert text.startswith(f"{name}(") and param.name in text
        assert parse_game_string(text) == (spec, values)
    every = spec.check_params({p.name: off_default(p) for p in spec.params if off_default(p) is not None})
    assert parse_game_string(game_string(name, every)) == (spec, every)


def test_game_string_names_only_the_parameters_off_their_default() -> None:
    assert game_string("hydras", {"num_players": 3}) == "hydras"
    assert game_string("hydras", {"num_players": 4}) == "hydras(num_players=4)"
    assert game_string("hydra", {"scenario": 3, "stars": 1}) == "hydra(scenario=3)"


# ------------------------------------------------------------------ register / unregister


def test_register_adds_a_game_until_unregister_removes_it() -> None:
    assert "nim" not in game_names()
    register_game(NIM)
    try:
        assert "nim" in game_names() and game_spec("nim") is NIM
        game = make("nim(piles=4)", seed=3)
        assert len(game.piles) == 4 and game.seed == 3
        assert game_string("nim", {"piles": 4}) == "nim(piles=4)"
        with pytest.raises(ConfigError, match="a game named 'nim' is registered already; pass replace=True"):
            register_game(NIM)
        register_game(NIM, replace=True)
    finally:
        registry.unregister("nim")
    assert "nim" not in game_names()
    with pytest.raises(ConfigError, match="unknown game 'nim'"):
        make("nim", seed=3)


def test_the_register_nim_fixture_registers_the_toy_game_for_one_test(register_nim) -> None:
    assert register_nim is NIM and game_spec("nim") is NIM


def test_register_refuses_what_is_not_a_spec_or_a_bad_name() -> None:
    with pytest.raises(ConfigError, match="register\\(\\) takes a GameSpec, got dict"):
        register_game({"name": "nim"})
    with pytest.raises(ConfigError, match="game name 'Bad Name' must be lower case"):
        register_game(GameSpec(**{**{f: getattr(NIM, f) for f in NIM.__dataclass_fields__ if f != "_loaded"},
                                  "name": "Bad Name"}))
    assert "Bad Name" not in game_names()


def test_unregister_leaves_the_entry_point_games() -> None:
    registry.unregister(GAMES[0])
    assert game_names() == GAMES and game_spec(GAMES[0]).name == GAMES[0]
