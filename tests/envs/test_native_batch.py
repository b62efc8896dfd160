"""NativeGameBatch (the GameBatch contract) equals, row by row, Python-engine games read
through the facade: Encoder.encode, the legal mask, CandidateEncoder, status fields."""

import random

import numpy as np
import pytest

from hydra_env import native
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydra.observe.candidates import N_FEATURES, CandidateEncoder
from hydra_env.games.hydra.observe.encoding import Encoder
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.result import game_result

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")


def _batch(scenario: int, n: int, **kw):
    from hydra_env.games.hydra.native.batch import NativeGameBatch

    rules = Game.new(scenario, 1, 0, engine="python").rules
    return NativeGameBatch(rules, n, **kw)


def _assert_row(batch, r: int, game: Game, encoder: Encoder, cand: CandidateEncoder | None) -> None:
    seat = batch.seat
    state = game.state
    assert batch.current_player[r] == game.current_player
    assert batch.over[r] == game.is_over
    assert batch.won[r] == (game.is_over and state.outcome == "won")
    assert batch.score[r] == (game_result(state, game.rules).score or 0.0)
    assert (batch.walls[r], batch.necks[r], batch.heads[r]) == (state.walls, sum(state.head_position),
                                                                sum(state.head_count))
    if batch.write_obs:
        assert np.array_equal(batch.obs[r], encoder.encode(game, seat))
    if batch.write_masks:
        assert np.array_equal(batch.masks[r].astype(bool), encoder.mask(game, seat))
    if cand is not None:
        feat, index = cand.encode(game, seat)
        assert np.array_equal(batch.cand_index[r], index) and np.array_equal(batch.cand_features[r], feat)


@pytest.mark.parametrize("scenario, seat, k", [(10, 0, 144), (2, 1, 8), (5, 0, 0)])
def test_native_batch_rows_equal_python_games_through_the_facade(scenario, seat, k):
    n = 6
    batch = _batch(scenario, n, seat=seat, candidates=k)
    assert batch.obs.shape == (n, Encoder().size) and batch.cand_features.shape == (n, k, N_FEATURES)
    assert batch.over.all() and (batch.current_player == -1).all()
    encoder = Encoder()
    cand = CandidateEncoder(batch.rules, k) if k else None
    rng = random.Random(scenario)
    games = []
    for r in range(n):
        seed = rng.randrange(1 << 62)
        batch.start(r, 1 + r % 3, seed)
        games.append(Game.new(scenario, 1 + r % 3, seed, engine="python"))
    obs_id = batch.obs.ctypes.data
    steps = 0
    while not all(g.is_over for g in games) and steps < 400:
        for r, game in enumerate(games):
            _assert_row(batch, r, game, encoder, cand)
        rows = [r for r, g in enumerate(games) if not g.is_over]
        actions = [rng.choice(games[r].legal_actions()) for r in rows]
        batch.apply(np.array(actions), np.array(rows))
        for r, a in zip(rows, actions):
            games[r].apply(a)
        steps += 1
    for r, game in enumerate(games):
        _assert_row(batch, r, game, encoder, cand)
    assert batch.obs.ctypes.data == obs_id        # the same buffers for the batch's life
    assert steps > 20


def test_native_batch_refuses_an_illegal_action_before_changing_any_row():
    batch = _batch(10, 3)
    for r in range(3):
        batch.start(r, 1, r)
    before = batch.obs.copy(), [batch.game(r).to_json() for r in range(3)]
    legal = [batch.game(r).legal_actions()[0] for r in range(3)]
    bad = legal[:2] + [batch.rules.codec.size - 1 if batch.rules.codec.size - 1 not in
                       batch.game(2).legal_actions() else -5]
    with pytest.raises(IllegalActionError, match="row 2"):
        batch.apply(np.array(bad))
    assert np.array_equal(batch.obs, before[0]) and [batch.game(r).to_json() for r in range(3)] == before[1]
    with pytest.raises(IllegalActionError, match="no game was started"):
        _batch(10, 2).apply(np.array([0, 0]))
    with pytest.raises(ConfigError):
        batch.apply(np.array([legal[0], legal[0]]), np.array([0, 0]))


def test_native_batch_game_is_the_live_row_and_refresh_rewrites_it():
    batch = _batch(3, 2, seat=0)
    batch.start(1, 2, 77)
    python = Game.new(3, 2, 77, engine="python")
    live = batch.game(1)
    assert live.engine == "native"
    while python.current_player != 0 or python.round < 2:
        if python.is_over:
            break
        action = python.legal_actions()[0]
        python.apply(action)
        live.apply(action)           # changes the row's own game
    assert batch.game(1).to_json() == python.to_json()
    batch.refresh(np.array([1]))
    _assert_row(batch, 1, python, Encoder(), None)
    with pytest.raises(ConfigError):
        batch.game(0)


def test_native_batch_without_obs_and_masks_still_steps_and_reports_status():
    batch = _batch(11, 4, write_obs=False, write_masks=False)
    for r in range(4):
        batch.start(r, 3, 100 + r)
    while not batch.over.all():
        rows = np.flatnonzero(~batch.over)
        batch.apply(np.array([batch.game(int(r)).legal_actions()[-1] for r in rows]), rows)
    assert not batch.obs.any() and not batch.masks.any()
    for r in range(4):
        game = Game.new(11, 3, 100 + r, engine="python")
        while not game.is_over:
            game.apply(game.legal_actions()[-1])
        assert batch.won[r] == (game.state.outcome == "won") and batch.score[r] == (game.result().score or 0)


def test_native_batch_sample_legal_gives_a_legal_action_of_each_deciding_seat():
    batch = _batch(1, 5, seat=0)
    for r in range(4):
        batch.start(r, 1, 40 + r)
    rng = np.random.default_rng(0)
    seen = set()
    for _ in range(30):
        actions = batch.sample_legal(rng)
        assert actions[4] == -1                     # row 4 was never started
        for r in range(4):
            assert actions[r] in batch.game(r).legal_actions()
        seen.add(int(actions[0]))
        rows = np.arange(4)
        batch.apply(actions[:4], rows)
    assert len(seen) > 5
