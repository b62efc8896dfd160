"""The native twin of Hadara against the Python reference: decision for decision, saves, errors, batch.

Skipped when the native module is not built (build it by hand: cmake with
-DHYDRA_ENV_GAMES=hadara, then HYDRA_ENV_NATIVE_DIR=<build folder>, or `pip install -e .`).
"""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest
from hadara_helpers import play_random

from hydra_env.api.conformance import api_test
from hydra_env.api.differential import Differential
from hydra_env.envs.vector.batch import NativeBatch
from hydra_env.envs.vector.batch_check import batch_test
from hydra_env.errors import IllegalActionError
from hydra_env.games.hadara import codec
from hydra_env.games.hadara.components import DATA_FILE
from hydra_env.games.hadara.game import HadaraGame
from hydra_env.games.hadara.native.game import NativeHadaraGame
from hydra_env.games.hadara.observer import observer as python_observer
from hydra_env.games.hadara.spec import SPEC
from hydra_env.games.hadara.state import S_MEDAL
from hydra_env.games.hadara.testing import at_step
from hydra_env.native.modules import NativeUnsupportedError, game_module_available

pytestmark = pytest.mark.skipif(not game_module_available("hadara"), reason="the native module of Hadara is not "
                                "built (build it with pip install -e ., or by hand and set HYDRA_ENV_NATIVE_DIR)")

SETTINGS = SPEC.differential_settings


def _differential(decisions: int, seed: int) -> None:
    report = Differential(SPEC, [SPEC.check_params(s) for s in SETTINGS]).run(decisions, seed=seed)
    assert report.mismatch is None, report.mismatch
    assert report.decisions == decisions
    assert len(report.per_setting) == len(SETTINGS)
    assert report.illegal_checked > 0 and report.clones_checked > 0 and report.reloads > 0


def test_random_games_are_identical_on_both_engines_for_10000_decisions():
    _differential(10_000, seed=1)


@pytest.mark.slow
@pytest.mark.long_differential
def test_random_games_are_identical_on_both_engines_for_100000_decisions():
    _differential(100_000, seed=2)


@pytest.mark.parametrize("players", [2, 5])
def test_the_api_conformance_passes_on_both_engines(players):
    api_test(SPEC, games=2, seed=players, max_steps=250, params={"num_players": players},
             engines=("python", "native"))


@pytest.mark.parametrize("params", [{"num_players": 3}, {"num_players": 4, "board_order": "random", "piles": "top"}])
def test_the_native_batch_writes_what_the_python_batch_writes(params):
    batch_test(SPEC, num_games=4, steps=120, seed=3, params=params)


def test_the_native_batch_writes_the_end_returns_itself():
    batch = NativeBatch(SPEC, 2, num_players=2)
    assert type(batch._native).writes_returns
    rng = np.random.default_rng(0)
    for row in range(2):
        batch.start(row, row)
    while not batch.over.all():
        actions = batch.sample_legal(rng.random(2))
        live = actions >= 0
        batch.apply(actions[live], np.flatnonzero(live))
    for row in range(2):
        python = SPEC.make(seed=row, engine="python", num_players=2)
        for action in batch.game(row).history:
            python.apply(action)
        assert python.is_over and list(batch.returns[row]) == SPEC.game_returns(python)
        assert batch.returns[row].sum() == pytest.approx(1.0)


def test_spec_make_picks_the_native_engine_where_built_and_python_when_told(monkeypatch):
    assert isinstance(SPEC.make(seed=1), NativeHadaraGame)
    assert SPEC.make(seed=1, engine="python").engine == "python"
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "python")
    assert SPEC.make(seed=1).engine == "python"


def test_a_seed_beyond_64_bits_falls_back_to_python_unless_native_is_asked_for():
    seed = 1 << 70
    assert SPEC.make(seed=seed).engine == "python"
    with pytest.raises(NativeUnsupportedError, match="seeds"):
        SPEC.make(seed=seed, engine="native")


def test_a_component_set_beyond_the_native_capacity_falls_back_or_is_refused(tmp_path):
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["player_board"]["silver_spaces"] = 20
    data["player_board"]["tiles_per_track"] = 8
    path = tmp_path / "wide.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert SPEC.make(seed=1, components=str(path)).engine == "python"
    with pytest.raises(NativeUnsupportedError, match="silver"):
        SPEC.make(seed=1, components=str(path), engine="native")


def test_an_illegal_action_is_refused_with_the_same_text_on_both_engines():
    python, native = SPEC.make(seed=4, engine="python"), SPEC.make(seed=4, engine="native")
    said = {}
    for action in (codec.PASS, codec.GOLD, 76, -1, "x", True, np.int64(codec.PASS)):
        texts = []
        for game in (python, native):
            with pytest.raises(IllegalActionError) as caught:
                game.apply(action)
            texts.append(str(caught.value))
        assert texts[0] == texts[1]
        said[repr(action)] = texts[0]
    assert "must now make a WHEEL decision" in said[repr(codec.PASS)]
    assert "outside the action space" in said["76"] and "not an integer" in said["'x'"]
    assert native.to_json() == python.to_json()
    for game in (python, native):
        play_random(game, seed=9)
    texts = []
    for game in (python, native):
        with pytest.raises(IllegalActionError, match="the game is over") as caught:
            game.apply(codec.PASS)
        texts.append(str(caught.value))
    assert texts[0] == texts[1]


def test_a_native_save_loads_on_python_and_a_python_save_loads_on_native():
    native = play_random(SPEC.make(seed=11, engine="native", num_players=4), seed=1,
                         until=lambda g: len(g.history) == 60)
    python = SPEC.load(native.to_json(), engine="python")
    assert python.engine == "python" and python.to_json() == native.to_json()
    back = SPEC.load(python.to_json(), engine="native")
    assert back.engine == "native" and back.to_json() == python.to_json()
    rng = random.Random(5)
    while not python.is_over:
        action = rng.choice(python.legal_actions())
        for game in (python, native, back):
            game.apply(action)
        assert native.to_json() == python.to_json() == back.to_json()
    assert native.result().to_dict() == python.result().to_dict()


def test_a_hand_built_python_position_moves_to_native_and_plays_on_identically():
    python = at_step(HadaraGame.new(3, 6), S_MEDAL, coins={0: 40, 1: 40, 2: 40})
    native = NativeHadaraGame.from_game(python)
    assert native.legal_actions() == python.legal_actions() and codec.GOLD in native.legal_actions()
    rng = random.Random(2)
    while not python.is_over:
        action = rng.choice(python.legal_actions())
        python.apply(action)
        native.apply(action)
        assert native.state.coins == python.state.coins and native.legal_actions() == python.legal_actions()


def test_the_native_observation_is_the_python_one_bit_for_bit():
    for params in SETTINGS[::3]:
        seed = params["num_players"]
        python = SPEC.make(seed=seed, engine="python", **params)
        native = SPEC.make(seed=seed, engine="native", **params)
        rng = random.Random(seed)
        encoder = python_observer()
        for _ in range(120):
            if python.is_over:
                break
            for seat in range(python.num_players):
                a = encoder.encode(python, seat)
                b = native.encode_flat(seat)
                assert a.dtype == b.dtype == np.float32 and a.tobytes() == b.tobytes()
            action = rng.choice(python.legal_actions())
            python.apply(action)
            native.apply(action)


def test_a_native_clone_and_pickle_are_independent_copies():
    game = play_random(SPEC.make(seed=3, engine="native"), seed=3, until=lambda g: len(g.history) == 40)
    before = game.to_json()
    twin, copy = game.clone(), pickle.loads(pickle.dumps(game))
    assert copy.to_json() == before and copy.engine == "native"
    play_random(twin, seed=4)
    assert twin.is_over and game.to_json() == before


def test_the_state_snapshot_of_a_native_game_follows_its_decisions():
    game = SPEC.make(seed=8, engine="native")
    state = game.state
    game.apply(game.legal_actions()[0])
    assert state.history == game.history and state.pending.seat == game.current_player
