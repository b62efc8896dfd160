"""The native Heroica engine against the Python reference: the same games give the same saves,
masks, observations and results decision by decision (HR1–HR36 through play), and the native
facade behaves like the Python one (engine choice, saves both ways, clones, illegal actions,
forced rolls, drawn positions, the batch)."""

from __future__ import annotations

import dataclasses
import pickle
import random

import numpy as np
import pytest

from hydra_env.api import Param
from hydra_env.api.conformance import api_test
from hydra_env.api.differential import Differential
from hydra_env.envs.vector.batch import NativeBatch
from hydra_env.envs.vector.batch_check import batch_test
from hydra_env.errors import ConfigError, IllegalActionError, SaveError
from hydra_env.games.heroica.game import HeroicaGame
from hydra_env.games.heroica.native import available
from hydra_env.games.heroica.native.game import NativeHeroicaGame
from hydra_env.games.heroica.spec import SPEC
from hydra_env.games.heroica.testing import DRAIDA_ROWS, position
from hydra_env.native.modules import NativeUnavailableError

pytestmark = pytest.mark.skipif(not available(), reason="the native Heroica module is not built "
                                "(pip install -e . or cmake -DHYDRA_ENV_GAMES=heroica; HYDRA_ENV_NATIVE_DIR)")

DRAFT_SPEC = dataclasses.replace(SPEC, params=(*SPEC.params, Param("draft", bool, False, "the seats choose (HR4)")))
SETTINGS = [*SPEC.differential_settings, {"hero": "druid", "draft": True}, {"num_players": 4, "draft": True},
            {"mode": "battle", "num_players": 4, "draft": True}]
"""The spec's differential settings (every mode and seat count, every class in solo, no Crystal,
short limits) and the draft."""
API_SETTINGS = [{}, {"hero": "druid"}, {"num_players": 3}, {"mode": "battle", "num_players": 3},
                {"mode": "battle", "num_players": 4, "crystal": False}]


def _differential(decisions: int, seed: int, reload_every: int = 41) -> None:
    report = Differential(DRAFT_SPEC, SETTINGS, reload_every=reload_every, illegal_every=13, clone_every=29).run(
        decisions, seed=seed)
    assert report.mismatch is None, report.mismatch
    assert report.decisions == decisions and report.games >= len(SETTINGS)
    assert len(report.per_setting) == len(SETTINGS)
    assert report.reloads and report.illegal_checked and report.clones_checked


def test_random_games_are_identical_on_both_engines_after_every_decision():
    """Reloads often: a reload replays the whole history (the save is its actions)."""
    _differential(10_000, seed=1)


@pytest.mark.slow
@pytest.mark.long_differential
def test_random_games_are_identical_on_both_engines_for_100000_decisions():
    """100,000 decisions, every one compared (state, mask, observation), in ``make test``'s
    second stage; a reload every 400 (a reload replays the whole game)."""
    _differential(100_000, seed=2, reload_every=400)


@pytest.mark.slow
def test_random_games_are_identical_on_both_engines_for_1000000_decisions():
    _differential(1_000_000, seed=3, reload_every=400)


@pytest.mark.parametrize("params", API_SETTINGS, ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()) or "default")
def test_the_api_conformance_passes_on_both_engines(params):
    api_test(SPEC, games=2, seed=5, max_steps=120, params=params, engines=("python", "native"))
    api_test(SPEC, games=1, seed=6, max_steps=120, params=params, engines=("native",))


@pytest.mark.parametrize("params", [{}, {"num_players": 4}, {"mode": "battle", "num_players": 2}],
                         ids=["solo", "race4", "battle2"])
def test_the_native_batch_writes_the_python_batchs_buffers(params):
    assert isinstance(NativeBatch(SPEC, 2, **params), NativeBatch)   # built here: batch_test compares it
    batch_test(SPEC, num_games=5, steps=150, seed=3, params=params)


def test_the_native_batch_restarts_rows_as_new_games_and_writes_the_win_share():
    batch = NativeBatch(SPEC, 3, num_players=2)
    for row in range(3):
        batch.start(row, 40 + row)
    rng = np.random.default_rng(0)
    while not batch.over.all():
        actions = batch.sample_legal(rng.random(3))
        live = np.flatnonzero(actions >= 0)
        batch.apply(actions[live], live)
    for row in range(3):
        game = batch.game(row)
        assert game.to_json() == SPEC.load(game.to_json(), engine="python").to_json()
        assert batch.returns[row].tolist() == SPEC.game_returns(game)
    batch.start(1, 7)
    assert batch.game(1).to_json() == SPEC.make(seed=7, num_players=2, engine="python").to_json()


def test_an_illegal_action_is_refused_with_the_same_text_on_both_engines():
    messages = {}
    for engine in ("python", "native"):
        game = SPEC.make(seed=4, num_players=3, engine=engine)
        saved = game.to_json()
        illegal = next(a for a in range(game.action_size) if not game.is_legal(a))
        texts = []
        for action in (illegal, np.int64(illegal), game.action_size, -1, True, 1.5, "x"):
            with pytest.raises(IllegalActionError) as caught:
                game.apply(action)
            texts.append(str(caught.value))
        assert game.to_json() == saved
        messages[engine] = texts
    assert messages["python"] == messages["native"] and "is illegal" in messages["native"][0]


def _play(game, rng: random.Random, steps: int) -> list[int]:
    played = []
    for _ in range(steps):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        game.apply(action)
        played.append(action)
    return played


@pytest.mark.parametrize("params", [{"num_players": 4}, {"mode": "battle", "num_players": 2}, {"hero": "wizard"}],
                         ids=["race4", "battle2", "solo"])
def test_a_save_of_either_engine_loads_on_the_other_and_continues_identically(params):
    native = SPEC.make(seed=11, engine="native", **params)
    _play(native, random.Random(1), 25)
    python = SPEC.load(native.to_json(), engine="python")
    assert python.engine == "python" and python.to_json() == native.to_json()
    back = SPEC.load(python.to_json(), engine="native")
    assert back.engine == "native" and back.to_json() == native.to_json()
    rng = random.Random(2)
    while not python.is_over:
        action = rng.choice(python.legal_actions())
        for game in (python, native, back):
            game.apply(action)
        assert python.to_json() == native.to_json() == back.to_json()
        assert np.array_equal(python.encode_flat(0), native.encode_flat(0))
    assert native.is_over and python.result().to_dict() == native.result().to_dict()


def test_a_tampered_save_is_refused_when_loading_on_the_native_engine():
    game = SPEC.make(seed=3, num_players=2, engine="native")
    _play(game, random.Random(0), 10)
    text = game.to_json().replace('"crystal":true', '"crystal":false')
    with pytest.raises(SaveError, match="state.crystal"):
        SPEC.load(text, engine="native")


def test_the_native_engine_is_the_default_of_the_spec_and_python_can_be_chosen(monkeypatch):
    monkeypatch.delenv("HYDRA_ENV_ENGINE", raising=False)
    assert SPEC.make(seed=1).engine == "native"
    assert SPEC.make(seed=1, engine="python").engine == "python"
    assert SPEC.load(SPEC.make(seed=1).to_json()).engine == "native"
    assert HeroicaGame.new(1, seed=1).engine == "python"     # the class itself: the reference engine
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "python")
    assert SPEC.make(seed=1).engine == "python"
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "fast")
    with pytest.raises(ConfigError, match="HYDRA_ENV_ENGINE='fast' names no engine"):
        SPEC.make(seed=1)


def test_a_seed_beyond_64_bits_falls_back_to_python_unless_native_was_asked_for(monkeypatch):
    monkeypatch.delenv("HYDRA_ENV_ENGINE", raising=False)
    assert SPEC.make(seed=1 << 70).engine == "python"
    with pytest.raises(ConfigError, match="seeds 0 … 2\\*\\*64−1"):
        SPEC.make(seed=1 << 70, engine="native")


def test_an_unbuilt_native_engine_asked_for_by_name_says_what_to_install(monkeypatch):
    from hydra_env.native import modules
    monkeypatch.setitem(modules._errors, "heroica", "not built (test)")
    monkeypatch.delitem(modules._modules, "heroica")
    monkeypatch.delenv("HYDRA_ENV_ENGINE", raising=False)
    assert SPEC.make(seed=1).engine == "python"
    with pytest.raises(NativeUnavailableError, match="pip install -e"):
        SPEC.make(seed=1, engine="native")


def test_a_clone_is_independent_and_pickles_round_trip():
    game = SPEC.make(seed=6, num_players=3, engine="native")
    copy = game.clone()
    saved = game.to_json()
    _play(copy, random.Random(3), 5)
    assert game.to_json() == saved and copy.history_length == 5 and game.history_length == 0
    again = pickle.loads(pickle.dumps(copy))
    assert again.engine == "native" and again.to_json() == copy.to_json()
    out = np.zeros(game.action_size, np.int8)
    game.legal_mask_into(out)
    assert np.flatnonzero(out).tolist() == game.legal_actions()
    with pytest.raises(TypeError, match="bool, int8 or uint8"):
        game.legal_mask_into(np.zeros(game.action_size, np.float32))
    with pytest.raises(TypeError, match="float32"):
        game.encode_flat(0, np.zeros(1288, np.float64))


def test_a_held_state_follows_the_native_game_like_the_python_one():
    for engine in ("python", "native"):
        game = SPEC.make(seed=8, num_players=2, engine=engine)
        state = game.state
        action = game.legal_actions()[0]
        game.apply(action)
        assert state.history == [action] and state.rolls == game.state.rolls


def test_hr35_forced_rolls_give_the_same_game_on_both_engines():
    games = [SPEC.make(seed=2, num_players=2, engine=engine) for engine in ("python", "native")]
    rng = random.Random(5)
    for step in range(60):
        if games[0].is_over:
            break
        if step % 3 == 0:
            for game in games:
                game.apply_roll(("shield", "three_sword", "two_skull", "one_sword_skull")[step % 4])
        action = rng.choice(games[0].legal_actions())
        for game in games:
            game.apply(action)
        assert games[0].to_json() == games[1].to_json()
    assert SPEC.load(games[1].to_json(), engine="native").to_json() == games[0].to_json()


def test_a_drawn_position_moved_to_the_native_engine_plays_like_the_python_one():
    rows = list(DRAIDA_ROWS)
    rows[4] = "S..1g...........G"
    python = position(rows, rolls=["three_sword", "shield", "shield"])
    native = NativeHeroicaGame.from_game(python)
    assert native.to_json() == python.to_json() and native.legal_actions() == python.legal_actions()
    for game in (python, native):
        game.apply(game.codec.move_to(python.state.hero_space[0]))   # stay, next to the goblin
    assert native.to_json() == python.to_json()
    while python.legal_actions():
        action = python.legal_actions()[-1]
        python.apply(action)
        native.apply(action)
        assert native.to_json() == python.to_json()
        assert np.array_equal(python.encode_flat(0), native.encode_flat(0))


def test_the_text_views_and_results_agree_on_both_engines():
    python = SPEC.make(seed=12, mode="battle", num_players=3, engine="python")
    native = SPEC.make(seed=12, mode="battle", num_players=3, engine="native")
    rng = random.Random(4)
    while not python.is_over:
        assert native.render() == python.render()
        assert native.observe(1) == python.observe(1)
        assert [native.describe(a) for a in python.legal_actions()] == [python.describe(a) for a in
                                                                          python.legal_actions()]
        action = rng.choice(python.legal_actions())
        python.apply(action)
        native.apply(action)
    assert native.render() == python.render() and native.result() == python.result()


def test_the_native_engine_refuses_state_data_whose_indices_leave_its_arrays():
    from hydra_env.games.heroica import save
    from hydra_env.games.heroica.native import require
    from hydra_env.games.heroica.native.game import native_tables
    game = SPEC.make(seed=4, num_players=3, engine="python")
    data, setup = save.state_data(game), game._setup
    make = require().HeroicaNative.from_dict
    for field, value in (("hero_space", [0, 99, 1]), ("monsters", [[200, 0]]), ("potions", [5, 3]),
                         ("pending", [7, "MOVE"]), ("pending", [0, "DANCE"]), ("turn_seat", 3)):
        with pytest.raises(ValueError, match="native Heroica: "):
            make(native_tables(game.tables), setup, game.history, dict(data, **{field: value}))
    assert make(native_tables(game.tables), setup, game.history, data).legal_actions() == game.legal_actions()


def _first_legal_for(game, steps: int):
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    return game


def test_hr35_determinize_reseeds_the_future_rolls_alike_on_both_engines():
    """HR34 hides nothing but the dice to come: a determinized copy sees the same position and
    draws its future rolls from ``rng``, so a search cannot read the true next roll."""
    copies = {}
    for engine in ("python", "native"):
        game = _first_legal_for(SPEC.make(seed=2, num_players=2, engine=engine), 6)
        same, again, other = (game.determinize(0, seed) for seed in (11, 11, 12))
        assert same.observe(0) == game.observe(0) and same.to_json() == again.to_json()
        futures = [_first_legal_for(g.clone(), 40).to_json() for g in (game, same, other)]
        assert len(set(futures)) == 3                       # the true future, and two reseeded ones
        copies[engine] = same.to_json()
    assert copies["python"] == copies["native"]


def test_hr35_a_module_built_before_reseeded_determinizes_alike_through_the_save():
    game = _first_legal_for(SPEC.make(seed=2, num_players=2, engine="native"), 6)

    class Stale:                                   # the native game without the reseeded method
        def __init__(self, native):
            self.native = native

        def __getattr__(self, name):
            if name == "reseeded":
                raise AttributeError(name)
            return getattr(self.native, name)
    fast = game.determinize(0, 11).to_json()
    game._native = Stale(game._native)
    assert game.determinize(0, 11).to_json() == fast
