"""The facade on the native engine: engine choice, the whole Game API on both engines,
identical outputs, saves across engines, illegal actions, the state mirror."""

from __future__ import annotations

import random

import numpy as np
import pytest

import hydra_env
from hydra_env import Game, native
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydra.rules import testing as ht
from hydra_env.games.hydra.rules.engines import default_engine
from hydra_env.native import modules

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")


def _played(scenario: int, seed: int, steps: int, engine: str) -> Game:
    game = Game.new(scenario, 2, seed, engine=engine)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def test_native_is_the_default_and_the_variable_chooses(monkeypatch):
    monkeypatch.delenv("HYDRA_ENV_ENGINE", raising=False)
    assert default_engine() is None
    assert Game.new(10).engine == "native"
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "python")
    assert Game.new(10).engine == "python" and type(Game.new(1)) is Game
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "native")
    assert Game.new(1).engine == "native"
    assert Game.new(1, engine="python").engine == "python"     # the argument wins
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "fortran")
    with pytest.raises(ConfigError, match="HYDRA_ENV_ENGINE='fortran' names no engine"):
        Game.new(10)


def test_an_unknown_engine_name_is_refused():
    with pytest.raises(ConfigError, match="engine must be one of native, python"):
        Game.new(10, engine="c++")


@pytest.mark.parametrize("scenario", [1, 5, 10, 12])
def test_every_query_gives_the_same_answer_on_both_engines(scenario):
    py, nat = _played(scenario, 3, 40, "python"), _played(scenario, 3, 40, "native")
    assert isinstance(nat, Game) and nat.engine == "native"
    assert nat.to_json() == py.to_json()
    for name in ("current_player", "is_over", "num_players", "is_solo", "scenario", "stars", "seed",
                 "round", "phase", "pending", "history", "action_size"):
        assert getattr(nat, name) == getattr(py, name), name
    assert nat.legal_actions() == py.legal_actions()
    assert nat.legal_mask_int() == py.legal_mask_int()
    assert np.array_equal(nat.legal_mask(), py.legal_mask())
    assert nat.render() == py.render()
    assert nat.result() == py.result()
    for seat in range(py.num_players):
        assert nat.observe(seat) == py.observe(seat)
        assert nat.render(seat) == py.render(seat)
        assert [nat.describe(a, viewer=seat) for a in py.legal_actions()] == \
               [py.describe(a, viewer=seat) for a in py.legal_actions()]
    if not py.is_over:
        assert nat.view().legal_actions() == py.view().legal_actions()
        assert nat.determinize(0, 5).to_json() == py.determinize(0, 5).to_json()
        assert nat.determinize(0, 5).engine == "native"
    assert repr(nat).replace(" engine=native", "") == repr(py)


def test_saves_load_on_either_engine_and_continue_alike():
    py = _played(3, 8, 60, "python")
    text = py.to_json()
    for engine in ("native", "python"):
        loaded = Game.from_json(text, engine=engine)
        assert loaded.engine == engine and loaded.to_json() == text
    a, b = Game.from_json(text, engine="native"), Game.from_json(text, engine="python")
    rng = random.Random(1)
    while not a.is_over:
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert a.to_json() == b.to_json() and a.result() == b.result()


def test_an_illegal_action_raises_the_python_text_and_changes_nothing():
    nat, py = _played(1, 4, 10, "native"), _played(1, 4, 10, "python")
    before = nat.to_json()
    for bad in (-1, 5000, 1 << 80, True, 2.5, "7", None, np.int64(1825),
                next(a for a in range(nat.action_size) if not py.is_legal(a))):
        with pytest.raises(IllegalActionError) as native_error:
            nat.apply(bad)
        with pytest.raises(IllegalActionError) as python_error:
            py.apply(bad)
        assert str(native_error.value) == str(python_error.value)
        assert nat.to_json() == before
        assert nat.is_legal(bad) is py.is_legal(bad) is False


def test_numpy_integers_are_applied_like_ints():
    nat, py = Game.new(10, 1, 2, engine="native"), Game.new(10, 1, 2, engine="python")
    action = np.int64(nat.legal_actions()[0])
    nat.apply(action)
    py.apply(action)
    assert nat.to_json() == py.to_json()


def test_clones_are_independent():
    game = _played(2, 5, 20, "native")
    copy = game.clone()
    assert copy.to_json() == game.to_json() and copy.engine == "native"
    copy.apply(copy.legal_actions()[0])
    assert copy.history != game.history and len(copy.history) == len(game.history) + 1


def test_the_state_is_a_mirror_kept_fresh_while_held_and_changed_only_through_edit():
    game = Game.new(10, 1, 0, engine="native")
    held = game.state
    game.apply(game.legal_actions()[0])
    assert held.history == game.history and held.actions_done == 1     # refreshed in place
    held.walls = 1                                                       # a copy: no effect
    game.apply(game.legal_actions()[0])
    assert game.state.walls == 10
    with ht.edit(game) as state:
        state.walls = 3
    assert game.state.walls == 3 and held.walls == 3
    assert game.to_json() == Game.from_json(game.to_json(), engine="python").to_json()


def test_a_seed_beyond_64_bits_falls_back_to_python_unless_native_is_asked_for(monkeypatch):
    monkeypatch.delenv("HYDRA_ENV_ENGINE", raising=False)
    assert Game.new(10, 1, 1 << 64).engine == "python"
    with pytest.raises(ConfigError, match="seeds 0 … 2\\*\\*64−1"):
        Game.new(10, 1, 1 << 64, engine="native")
    assert Game.new(10, 1, (1 << 64) - 1, engine="native").to_json() == \
        Game.new(10, 1, (1 << 64) - 1, engine="python").to_json()


def test_without_the_extension_the_error_says_what_to_install(monkeypatch):
    monkeypatch.setattr(modules, "_modules", {})
    monkeypatch.setattr(modules, "_errors", {"hydra": "No module named 'hydra_env.games.hydra._native'"})
    assert not native.available()
    with pytest.raises(native.NativeUnavailableError, match="C\\+\\+17 compiler.*cmake and ninja come from PyPI"):
        Game.new(10, engine="native")
    monkeypatch.delenv("HYDRA_ENV_ENGINE", raising=False)
    assert Game.new(10).engine == "python"          # the default falls back quietly


def test_native_games_pickle_and_copy_like_python_games():
    import copy
    import pickle

    game = _played(5, 2, 30, "native")
    for other in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game)):
        assert other.engine == "native" and other.to_json() == game.to_json()
        other.apply(other.legal_actions()[0])
        assert other.history != game.history


def test_the_package_exports_the_engine_choice():
    assert hydra_env.Game is Game
    assert Game.new(10, engine="native").state.players == 1
