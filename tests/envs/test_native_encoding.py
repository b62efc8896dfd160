"""The native observation encoder and candidate features equal the Python ones value for
value (R41: both read only what the seat may see), for every seat of solo and
coordinated games, and are used automatically for games on the native engine."""


import numpy as np
import pytest
from helpers.engine_pairs import paired_positions

from hydra_env import native
from hydra_env.games.hydra.observe.candidates import N_FEATURES, CandidateEncoder
from hydra_env.games.hydra.observe.encoding import Encoder
from hydra_env.games.hydra.rules.game import Game

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")


def _python_copy(game):
    return Game.from_json(game.to_json(), engine="python")


@pytest.mark.parametrize("scenarios", [(10, 11, 12), tuple(range(1, 10))], ids=["solo", "coordinated"])
def test_R41_native_observation_equals_the_python_encoder_for_every_seat(scenarios):
    encoder = Encoder()
    checked = 0
    for python, game in paired_positions(scenarios, 30, 7, include_end=True):
        for seat in range(python.num_players):
            expected = encoder.encode(python, seat)
            assert np.array_equal(encoder.encode(game, seat), expected)
            checked += 1
        batch = encoder.encode_batch([game, python], 0)
        assert np.array_equal(batch[0], batch[1])
    assert checked > 600


def test_native_observation_is_written_by_the_native_encoder_for_native_games():
    from hydra_env.games.hydra.observe.encoding.native import encode_into

    encoder = Encoder()
    game = Game.new(4, 2, 11, engine="native")
    out = np.full(encoder.size, 7.0, np.float32)
    assert encode_into(encoder, game, 1, out)
    assert np.array_equal(out, encoder.encode(_python_copy(game), 1))
    assert not encode_into(encoder, _python_copy(game), 1, out)


@pytest.mark.parametrize("scenarios, k", [((10, 11, 12), 144), (tuple(range(1, 10)), 144), ((1, 10), 3)],
                         ids=["solo", "coordinated", "k3"])
def test_native_candidate_features_equal_the_python_candidate_encoder_bit_for_bit(scenarios, k):
    checked = rows = 0
    encoders: dict[int, CandidateEncoder] = {}
    for python, game in paired_positions(scenarios, 16, 3, include_end=True):
        enc = encoders.setdefault(python.scenario, CandidateEncoder(python.rules, k))
        for seat in range(python.num_players):
            (fa, ia), (fb, ib) = enc.encode(python, seat), enc.encode(game, seat)
            assert fb.shape == (k, N_FEATURES) and fb.dtype == np.float32
            assert np.array_equal(ia, ib) and np.array_equal(fa.view(np.uint32), fb.view(np.uint32))
            checked += 1
            rows += int((ib >= 0).sum())
    assert checked > 300 and rows > 300


def test_native_candidate_features_are_computed_natively_for_native_games():
    game = Game.new(12, 3, 5, engine="native")
    enc = CandidateEncoder(game.rules, 144)
    feat = np.ones((144, N_FEATURES), np.float32)
    index = np.zeros(144, np.float32)
    assert enc.encode_into(game, game.current_player, feat, index)
    legal = game.legal_actions()
    assert index[:len(legal)].tolist() == legal and (index[len(legal):] == -1).all()
    assert not feat[len(legal):].any()
    assert not enc.encode_into(_python_copy(game), 0, feat, index)
