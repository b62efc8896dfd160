"""The native twin of Hail Hydra agrees with the Python reference (HH32-HH35): decision by decision
(state, masks, every seat's observation), on the API conformance test, in the batch, on illegal
actions and across saves; and its observations leak nothing either (HH33's re-deal test)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from hydra_env.api.conformance import api_test
from hydra_env.api.differential import Differential
from hydra_env.envs.vector.batch import NativeBatch
from hydra_env.envs.vector.batch_check import batch_test
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hail_hydra import testing as t
from hydra_env.games.hail_hydra.game import from_json, new_game
from hydra_env.games.hail_hydra.native import available
from hydra_env.games.hail_hydra.native.game import from_game
from hydra_env.games.hail_hydra.observer import HailHydraObserver
from hydra_env.games.hail_hydra.spec import SPEC

SETTINGS = SPEC.differential_settings

NOT_BUILT = "the native Hail Hydra module is not built (pip install -e . or HYDRA_ENV_NATIVE_DIR=build/<dir>)"
native_only = pytest.mark.skipif(not available(), reason=NOT_BUILT)
ENGINES = ("python", pytest.param("native", marks=native_only))


def _played(game, steps: int, seed: int):
    choose = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(choose.choice(game.legal_actions()))
    return game


@native_only
def test_hh34_native_and_python_agree_decision_by_decision_over_5000_decisions():
    report = Differential(SPEC, SETTINGS, reload_every=47).run(5_000, seed=1)
    assert report.mismatch is None, report.mismatch
    assert report.decisions == 5_000 and len(report.per_setting) == len(SETTINGS)
    assert report.illegal_checked > 100 and report.clones_checked > 100 and report.reloads > 50


@native_only
@pytest.mark.slow
@pytest.mark.long_differential
@pytest.mark.parametrize("part", range(4))
def test_hh34_native_and_python_agree_decision_by_decision_over_100000_decisions(part):
    """Four parts of 25,000 decisions on seeds of their own, 100,000 in all (so that
    ``make test``'s second stage shares them among its workers)."""
    report = Differential(SPEC, SETTINGS).run(25_000, seed=2 + part)
    assert report.mismatch is None, report.mismatch
    assert report.decisions == 25_000 and len(report.per_setting) == len(SETTINGS)


@native_only
def test_hh32_the_api_conformance_test_passes_on_both_engines_and_they_agree():
    for players in (5, 8):
        api_test(SPEC, games=1, seed=players * 7, max_steps=250, params={"num_players": players},
                 engines=("python", "native"))


@native_only
def test_hh32_the_native_batch_matches_the_python_batch_row_by_row():
    NativeBatch(SPEC, 2, num_players=6)     # built here: batch_test below does compare it
    batch_test(SPEC, num_games=4, steps=150, seed=3, params={"num_players": 6})
    batch_test(SPEC, num_games=3, steps=120, seed=4, params={"num_players": 8, "heroes": "draft", "history": 36})


@native_only
def test_hh35_an_illegal_action_is_refused_with_the_same_text_on_both_engines_and_changes_nothing():
    python = _played(new_game(seed=11, num_players=7, engine="python"), 40, 5)
    native = _played(new_game(seed=11, num_players=7, engine="native"), 40, 5)
    before = native.to_json()
    legal = set(python.legal_actions())
    for action in [a for a in range(201) if a not in legal][:30] + [-1, 201, True, "x"]:
        with pytest.raises(IllegalActionError) as py_error:
            python.apply(action)
        with pytest.raises(IllegalActionError) as native_error:
            native.apply(action)
        assert str(py_error.value) == str(native_error.value)
    assert native.to_json() == before


@native_only
def test_hh32_a_native_save_loads_on_python_and_a_python_save_on_native_and_both_continue_identically():
    native = _played(new_game(seed=21, num_players=6, engine="native"), 120, 6)
    python = from_json(native.to_json(), engine="python")
    assert python.engine == "python" and python.to_json() == native.to_json()
    back = from_json(python.to_json(), engine="native")
    assert back.engine == "native" and back.to_json() == python.to_json()
    choose = random.Random(7)
    while not python.is_over:
        action = choose.choice(python.legal_actions())
        python.apply(action)
        back.apply(action)
        assert back.to_json() == python.to_json()
    assert back.result().to_dict() == python.result().to_dict()


@native_only
def test_hh32_engine_none_picks_native_where_built_and_a_bad_engine_name_is_refused(monkeypatch):
    monkeypatch.delenv("HYDRA_ENV_ENGINE", raising=False)
    assert new_game(seed=1, num_players=5).engine == "native"
    assert new_game(seed=1, num_players=5, engine="python").engine == "python"
    with pytest.raises(ConfigError, match="engine"):
        new_game(seed=1, num_players=5, engine="rust")
    assert new_game(seed=2**64 + 1, num_players=5).engine == "python"   # beyond 64 bits: quietly Python
    with pytest.raises(ConfigError, match="seeds"):
        new_game(seed=2**64 + 1, num_players=5, engine="native")
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "python")
    assert new_game(seed=1, num_players=5).engine == "python"


def _agree(python, native, choose: random.Random, steps: int) -> int:
    """Random decisions on both; every step the same save, legal actions, mask and observations."""
    observer = HailHydraObserver(python.state.options["history"])
    for step in range(steps):
        assert native.to_json() == python.to_json(), step
        assert native.legal_actions() == python.legal_actions() and np.array_equal(native.legal_mask(),
                                                                                  python.legal_mask())
        for seat in range(python.num_players):
            assert np.array_equal(native.encode_flat(seat), observer.encode(python, seat)), (step, seat)
        if python.is_over:
            assert native.result().to_dict() == python.result().to_dict()
            return step
        action = choose.choice(python.legal_actions())
        python.apply(action)
        native.apply(action)
    return steps


@native_only
def test_hh19_hh29_every_villain_and_hero_plays_alike_on_both_engines_from_hand_built_positions():
    for k in range(18):
        heroes = ",".join(f"HR{h:02d}" for h in (range(1, 8) if k % 2 == 0 else range(8, 15)))
        game = t.set_villain(t.position(players=7, seed=k, heroes=heroes), f"V{k + 1:02d}")
        _agree(game, from_game(game), random.Random(k), 300)


@native_only
def test_hh11_hh30_empty_piles_and_a_falling_city_play_alike_on_both_engines():
    lost = t.edit(t.position(players=5, seed=4), draw=[], discard=[0] * 8, discard_public=[0] * 8)
    assert _agree(lost, from_game(lost), random.Random(1), 300) > 0
    falling = t.edit(t.position(players=8, seed=5), city=2)
    assert _agree(falling, from_game(falling), random.Random(2), 300) < 300
    assert falling.is_over and falling.result().outcome == "hydra"


def seen_by(game, seat: int, observer: HailHydraObserver) -> tuple:
    """Everything ``seat`` is shown (the native observation too on the native engine)."""
    view = game.view(seat)
    native = game.encode_flat(seat).tobytes() if game.engine == "native" else b""
    return (observer.encode(game, seat).tobytes(), native, view.legal_mask().tobytes(), view.legal_actions(),
            view.observe(), game.render(seat), tuple(game.describe(a, viewer=seat) for a in range(201)))


@pytest.mark.parametrize("which", ENGINES)
def test_hh33_a_redeal_of_what_a_seat_cannot_see_leaves_its_observation_unchanged_on_each_engine(which):
    observer = HailHydraObserver()
    positions = differed = 0
    for seed in range(12):
        game = new_game(seed=seed, num_players=5 + seed % 4, engine=which)
        assert game.engine == which
        choose = random.Random(seed)
        step = 0
        while not game.is_over:
            if step % 29 == 7:
                for seat in range(game.num_players):
                    other = game.determinize(seat, np.random.default_rng(seed * 1000 + step))
                    assert other.engine == which
                    assert seen_by(other, seat, observer) == seen_by(game, seat, observer), (seed, step, seat)
                    differed += other.state.loyalty != game.state.loyalty or other.state.hands != game.state.hands
                    positions += 1
            game.apply(choose.choice(game.legal_actions()))
            step += 1
    assert positions > 150 and differed > positions // 2
