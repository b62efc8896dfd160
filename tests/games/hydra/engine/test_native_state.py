"""The native state: a plain copy within 2 KB, State.to_dict() exactly, and a checked way in."""

from __future__ import annotations

import copy
import json
import random

import pytest

from hydra_env import Game, native
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydra.native.tables import native_rules

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")


def test_the_state_is_a_plain_value_of_at_most_2_kb():
    assert native.require().STATE_BYTES <= 2048


@pytest.mark.parametrize("scenario", range(1, 13))
def test_a_new_game_has_the_python_engines_dict_key_for_key(scenario):
    py, nat = Game.new(scenario, 3, 99, engine="python"), Game.new(scenario, 3, 99, engine="native")
    a, b = py.state.to_dict(), nat._native.to_dict()
    assert list(a) == list(b) and a == b
    assert {k: type(v) for k, v in a.items()} == {k: type(v) for k, v in b.items()}


def _raw(game: Game):
    module = native.require()
    return module, native_rules(module, game.rules)


@pytest.mark.parametrize("field, value, words", [
    ("hero_space", [500], "hero_space is out of range"),
    ("hydra_path", [0, 1, 2], "hydra_path must have 4 entries"),
    ("phase", 7, "phase is not a phase"),
    ("seed", -1, "seed must be an integer 0 .. 2**64-1"),
    ("tasks", [[99]], "task op is out of range"),
    ("tasks", [[4, 0, []]], "task victims must not be empty"),
    ("pending", [0, 3, 0, 0, -1, -1], "pending seat is out of range"),
    ("pending", [2, 0, 1 << 120, 0, -1, -1], "pending choices name spaces off the board"),
    ("action_deck", list(range(70)), "action_deck has more than 64 entries"),
    ("display", [1.5], "display must be an integer"),
])
def test_the_native_engine_refuses_a_state_it_cannot_hold(field, value, words):
    game = Game.new(10, 1, 0, engine="native")
    module, rules = _raw(game)
    state = game._native.to_dict()
    state[field] = value
    with pytest.raises(ValueError, match=words.replace("*", "\\*").replace(".", "\\.")):
        module.NativeGame.from_dict(rules, state)


def _mutate(state: dict, rng: random.Random) -> dict:
    state = copy.deepcopy(state)
    key = rng.choice(list(state))
    value = state[key]
    if isinstance(value, list) and value and rng.random() < 0.5:
        value = list(value)
        value[rng.randrange(len(value))] = rng.choice([rng.randrange(-3, 140), None, [], "x"])
    else:
        value = rng.choice([rng.randrange(-3, 140), None, [], [1, 2], "L", True])
    state[key] = value
    return state


def test_mutated_saves_load_or_are_refused_and_loaded_ones_play_on():
    rng = random.Random(5)
    loaded = 0
    for i in range(300):
        game = Game.new(rng.choice(range(1, 13)), 1, i, engine="python")
        for _ in range(rng.randrange(40)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        doc = json.loads(game.to_json())
        doc["state"] = _mutate(doc["state"], rng)
        try:
            nat = Game.from_json(json.dumps(doc), engine="native")
        except ConfigError:
            continue
        loaded += 1
        for _ in range(30):
            if nat.is_over or not nat.legal_actions():
                break
            nat.apply(rng.choice(nat.legal_actions()))
    assert loaded > 0


def test_random_action_integers_are_applied_or_refused_without_change():
    rng = random.Random(9)
    game = Game.new(4, 1, 1, engine="native")
    for _ in range(2000):
        if game.is_over:
            game = Game.new(rng.choice(range(1, 13)), 1, rng.randrange(1 << 40), engine="native")
        action = rng.choice([rng.randrange(-10, 1900), rng.randrange(1 << 70), *game.legal_actions()])
        before = game.to_json()
        try:
            game.apply(action)
        except IllegalActionError:
            assert game.to_json() == before
