"""The native Hydras engine against the Python reference: the same random games give the
same positions, saves, masks, observations and results (H1–H16), and the facade behaves
like the Python one (reloads, clones, illegal actions, engine choice)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from hydra_env import native
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydras.native.differential import compare, run
from hydra_env.games.hydras.rules import HydrasGame
from hydra_env.games.hydras.rules import testing as ht

pytestmark = pytest.mark.skipif(not native.game_module_available("hydras"), reason="the native extension is not built")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_are_identical_on_both_engines_after_every_decision(players):
    report = run(1500, seed=players, players=(players,), reload_every=37, illegal_every=11, clone_every=23)
    assert report.mismatch is None, report.mismatch
    assert report.decisions == 1500 and report.games >= 10
    assert report.reloads > 0 and report.illegal_checked > 0 and report.clones_checked > 0


def test_the_native_engine_is_the_default_and_python_can_be_chosen(monkeypatch):
    monkeypatch.delenv("HYDRA_ENV_ENGINE", raising=False)
    assert HydrasGame.new(3, seed=1).engine == "native"
    assert HydrasGame.new(3, seed=1, engine="python").engine == "python"
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "python")
    assert HydrasGame.new(3, seed=1).engine == "python"
    saved = HydrasGame.new(3, seed=1).to_json()
    assert HydrasGame.from_json(saved, engine="native").engine == "native"
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "fast")
    with pytest.raises(ConfigError, match="HYDRA_ENV_ENGINE='fast' names no engine"):
        HydrasGame.new(3, seed=1)


def test_a_seed_beyond_64_bits_falls_back_to_python_unless_native_was_asked_for(monkeypatch):
    monkeypatch.delenv("HYDRA_ENV_ENGINE", raising=False)
    assert HydrasGame.new(3, seed=1 << 70).engine == "python"
    with pytest.raises(ConfigError, match="seeds 0 … 2\\*\\*64−1"):
        HydrasGame.new(3, seed=1 << 70, engine="native")


def test_a_native_game_loaded_mid_way_continues_exactly_as_the_python_game():
    rng = np.random.default_rng(4)
    python = HydrasGame.new(4, seed=12, engine="python")
    for _ in range(30):
        legal = python.legal_actions()
        python.apply(legal[int(rng.integers(len(legal)))])
    loaded = HydrasGame.from_json(python.to_json(), engine="native")
    while not python.is_over:
        assert compare(python, loaded) is None
        legal = python.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        python.apply(action)
        loaded.apply(action)
    assert loaded.is_over and loaded.result() == python.result()


def test_a_native_clone_is_independent_and_so_is_the_original():
    game = HydrasGame.new(3, seed=5, engine="native")
    copy = game.clone()
    saved = game.to_json()
    copy.apply(copy.legal_actions()[0])
    assert game.to_json() == saved and copy.history_length == 1 and game.history_length == 0
    game.apply(game.legal_actions()[-1])
    assert copy.history == [copy.history[0]] and game.history != copy.history


def test_an_illegal_action_gives_the_python_engines_message_and_changes_nothing():
    for engine in ("python", "native"):
        game = HydrasGame.new(3, seed=2, engine=engine)
        saved = game.to_json()
        messages = []
        for action in (10_174, -1, 10_175, True, 1.5, "x", game.codec.burn):
            with pytest.raises(IllegalActionError) as caught:
                game.apply(action)
            messages.append(str(caught.value))
        assert game.to_json() == saved
        if engine == "python":
            expected = messages
    assert messages == expected and "is illegal" in messages[0]


def test_a_state_held_while_playing_on_native_follows_the_game_like_on_python():
    for engine in ("python", "native"):
        game = HydrasGame.new(3, seed=8, engine=engine)
        state = game.state
        game.apply(game.legal_actions()[0])
        assert state.history == game.history and len(state.history) == 1


def test_hand_built_positions_run_on_the_native_engine(monkeypatch):
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "native")
    game = ht.build_game(3, hands={0: ["sword head I", "plain turn"]})
    assert game.engine == "native"
    assert game.state.hands[0] == sorted(ht.kinds(game, ["sword head I", "plain turn"]))
    python = ht.build_game(3, hands={0: ["sword head I", "plain turn"]}, engine="python")
    assert compare(python, game) is None


def test_determinize_on_native_gives_the_python_engines_copy():
    rng = np.random.default_rng(3)
    python = HydrasGame.new(3, seed=21, engine="python")
    for _ in range(12):
        legal = python.legal_actions()
        python.apply(legal[int(rng.integers(len(legal)))])
    game = HydrasGame.from_json(python.to_json(), engine="native")
    a = python.determinize(1, np.random.default_rng(5))
    b = game.determinize(1, np.random.default_rng(5))
    assert b.engine == "native" and a.to_json() == b.to_json() and compare(a, b) is None


def test_native_games_pickle_and_the_buffers_are_checked():
    game = HydrasGame.new(2, seed=3, engine="native")
    game.apply(game.legal_actions()[0])
    again = pickle.loads(pickle.dumps(game))
    assert again.engine == "native" and again.to_json() == game.to_json()
    out = np.zeros(game.action_size, np.int8)
    game.legal_mask_into(out)
    assert out.nonzero()[0].tolist() == game.legal_actions()
    with pytest.raises(TypeError, match="bool, int8 or uint8"):
        game.legal_mask_into(np.zeros(game.action_size, np.float32))
    with pytest.raises(TypeError, match="float32"):
        game.encode_flat(0, np.zeros(7955, np.float64))
    flat = np.full(7955, 7.0, np.float32)
    assert game.encode_flat(1, flat) is flat and np.array_equal(flat, game.encode_flat(1))


def test_the_native_engine_refuses_a_state_whose_indices_leave_its_arrays():
    from hydra_env.games.hydras.native.game import native_tables
    game = HydrasGame.new(3, seed=4, engine="python")
    data = game.state.to_dict()
    module = native.game_module("hydras")
    for field, value in (("hands", [[99], [], []]), ("turn_seat", 5), ("offers", [7]),
                         ("hydras", [[200] * 121] * 3)):
        bad = dict(data, **{field: value})
        with pytest.raises(ValueError, match="native Hydras state: .* out of range"):
            module.HydrasNative.from_dict(native_tables(game.tables), bad)


def test_the_native_analyses_handed_to_python_equal_the_python_analysis():
    from hydra_env.games.hydras.rules.hydra import analyse
    rng = np.random.default_rng(6)
    checked = 0
    for seed in range(6):
        game = HydrasGame.new(2 + seed % 3, seed, engine="native")
        while not game.is_over:
            game.apply(game.legal_actions()[int(rng.integers(len(game.legal_actions())))])
            state = game.state
            for seat, found in enumerate(state.analysis_cache):
                expected = analyse(state.hydras[seat], game.tables)
                assert found == expected and list(found.depth) == list(expected.depth)
                checked += 1
    assert checked > 500
