"""The game batch API (hydra_env.envs.vector): PythonGameBatch against Game + encoders, and the
native batch against the Python one, buffer for buffer."""

from __future__ import annotations

import numpy as np
import pytest

from hydra_env import native
from hydra_env.envs.vector import PythonGameBatch, make_game_batch, native_batch_class
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydra.data import default_components
from hydra_env.games.hydra.observe.candidates import CandidateEncoder
from hydra_env.games.hydra.observe.encoding import encoder_for
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.options import RuleOptions
from hydra_env.games.hydra.rules.tables import Rules

BUFFERS = ("obs", "masks", "cand_features", "cand_index", "current_player", "over", "won", "score",
           "walls", "necks", "heads")


def rules_of(scenario: int) -> Rules:
    comp = default_components()
    return Rules(comp, comp.scenario(scenario), RuleOptions())


def expected_row(game: Game, seat: int, k: int) -> dict[str, np.ndarray]:
    """What the contract says a row holds, from the single-game functions."""
    over = game.is_over
    res = game.result()
    st = game.state
    feat, index = CandidateEncoder(game.rules, k).encode(game, seat) if k else (None, None)
    mask = game.legal_mask().view(np.int8) if game.current_player == seat else np.zeros(1826, np.int8)
    return {"obs": encoder_for(game.components).encode(game, seat), "masks": mask,
            "cand_features": feat, "cand_index": index, "current_player": game.current_player,
            "over": over, "won": over and res.outcome == "won", "score": res.score if over else 0.0,
            "walls": st.walls, "necks": sum(st.head_position), "heads": sum(st.head_count)}


def play(batch, rng: np.random.Generator, steps: int, stars: int = 1) -> None:
    """Random legal decisions of every seat, restarting ended rows; check every buffer."""
    for r in range(batch.num_games):
        batch.start(r, stars, 100 + r)
    for _ in range(steps):
        for r in np.flatnonzero(batch.over):
            batch.start(int(r), stars, int(rng.integers(1 << 40)))
        decide = np.flatnonzero(batch.current_player == batch.seat)
        if decide.size:
            acts = [int(rng.choice(np.flatnonzero(batch.masks[r]))) for r in decide]
            batch.apply(np.array(acts), decide)
        others = np.flatnonzero((batch.current_player != batch.seat) & ~batch.over)
        for r in others:
            game = batch.game(int(r))
            game.apply(int(rng.choice(game.legal_actions())))
        batch.refresh(others)
        for r in range(batch.num_games):
            want = expected_row(batch.game(r), batch.seat, batch.candidates)
            for name in BUFFERS:
                if want[name] is not None:
                    assert np.array_equal(getattr(batch, name)[r], want[name]), (name, r)


@pytest.mark.parametrize("game_engine", ["python"] + (["native"] if native.available() else []))
@pytest.mark.parametrize("scenario,seat,k", [(10, 0, 0), (11, 0, 6), (1, 1, 5)])
def test_python_game_batch_rows_equal_encoder_mask_and_candidates_of_each_game(scenario, seat, k,
                                                                               game_engine):
    batch = PythonGameBatch(rules_of(scenario), 3, seat=seat, candidates=k, engine=game_engine)
    assert batch.engine == game_engine
    assert batch.obs.shape == (3, 3967) and batch.masks.dtype == np.int8
    assert batch.cand_features.shape == (3, k, 109) and batch.cand_index.shape == (3, k)
    play(batch, np.random.default_rng(scenario), 25)


def test_python_game_batch_rows_start_empty_and_unstarted_rows_are_refused():
    batch = PythonGameBatch(rules_of(10), 2)
    assert batch.over.all() and (batch.current_player == -1).all()
    with pytest.raises(ConfigError, match="holds no game"):
        batch.game(1)
    with pytest.raises(IllegalActionError, match="row 0 holds no game"):
        batch.apply(np.array([0, 0]))


def test_apply_with_one_illegal_action_changes_no_row():
    batch = PythonGameBatch(rules_of(10), 2)
    batch.start(0, 1, 1)
    batch.start(1, 1, 2)
    before = {name: getattr(batch, name).copy() for name in BUFFERS}
    legal0 = int(np.flatnonzero(batch.masks[0])[0])
    illegal1 = int(np.flatnonzero(batch.masks[1] == 0)[0])
    with pytest.raises(IllegalActionError, match=rf"game row 1: .*{illegal1}"):
        batch.apply(np.array([legal0, illegal1]))
    for name in BUFFERS:
        assert np.array_equal(getattr(batch, name), before[name]), name
    assert batch.game(0).to_json() == Game.new(10, 1, 1, engine="python").to_json()


def test_make_game_batch_is_python_on_the_python_engine(monkeypatch):
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "python")
    assert native_batch_class() is None
    assert isinstance(make_game_batch(rules_of(10), 2), PythonGameBatch)


@pytest.mark.skipif(native_batch_class("native") is None, reason="hydra_env.games.hydra.native.batch is not built")
@pytest.mark.parametrize("scenario,seat,k", [(10, 0, 8), (12, 0, 0), (3, 2, 6)])
def test_native_game_batch_buffers_equal_the_python_batch(scenario, seat, k):
    rules = rules_of(scenario)
    native = make_game_batch(rules, 4, seat=seat, candidates=k, engine="native")
    python = PythonGameBatch(rules, 4, seat=seat, candidates=k)
    rng = np.random.default_rng(scenario)
    for r in range(4):
        native.start(r, 1 + r % 3, 50 + r)
        python.start(r, 1 + r % 3, 50 + r)
    for _ in range(200):
        for r in np.flatnonzero(python.over):
            s = int(rng.integers(1 << 40))
            native.start(int(r), 1, s)
            python.start(int(r), 1, s)
        decide = np.flatnonzero(python.current_player == seat)
        acts = np.array([int(rng.choice(np.flatnonzero(python.masks[r]))) for r in decide], np.int64)
        native.apply(acts, decide)
        python.apply(acts, decide)
        others = np.flatnonzero((python.current_player != seat) & ~python.over)
        for r in others.tolist():
            a = int(rng.choice(python.game(r).legal_actions()))
            native.game(r).apply(a)
            python.game(r).apply(a)
        native.refresh(others)
        python.refresh(others)
        for name in BUFFERS:
            assert np.array_equal(getattr(native, name), getattr(python, name)), name
