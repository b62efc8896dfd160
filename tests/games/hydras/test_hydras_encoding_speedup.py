"""The fast observation encoder gives exactly the values of the reference encoder
(the one before it was made incremental, kept in tests/helpers), on many random
positions of 2, 3 and 4 players, every seat, during block chains and slash and burns."""

from __future__ import annotations

import numpy as np
import pytest
from helpers.hydras_reference_encoding import reference_encode_flat

from hydra_env.games.hydras.rules import HydrasGame
from hydra_env.games.hydras.rules.encoding import HydrasEncoder
from hydra_env.games.hydras.rules.state import DecisionKind


def _positions(players: int, games: int, seed: int):
    rng = np.random.default_rng(seed)
    for g in range(games):
        game = HydrasGame.new(players, seed * 1000 + g)
        while not game.is_over:
            yield game
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
        yield game                       # the final position too


@pytest.mark.parametrize("players", [2, 3, 4])
def test_h14_fast_encoding_equals_the_reference_on_random_positions(players: int) -> None:
    encoder = HydrasEncoder(HydrasGame.new(players, 0).tables)
    reference = HydrasEncoder(encoder.tables)       # its own cache
    kinds = set()
    count = 0
    for game in _positions(players, 6, players):
        state = game.state
        if state.pending is not None:
            kinds.add(state.pending.kind)
        for seat in range(players):
            fast = encoder.encode_flat(state, seat)
            slow = reference_encode_flat(reference, state, seat)
            assert fast.dtype == slow.dtype == np.float32
            assert fast.shape == slow.shape == (encoder.size,)
            np.testing.assert_array_equal(fast, slow)
            count += 1
    assert count > 300
    assert DecisionKind.BLOCK in kinds              # block chains were encoded too


def test_h14_fast_encoding_returns_a_new_array_each_call() -> None:
    game = HydrasGame.new(3, 5)
    encoder = HydrasEncoder(game.tables)
    first = encoder.encode_flat(game.state, 0)
    first[:] = 7.0
    again = encoder.encode_flat(game.state, 0)
    np.testing.assert_array_equal(again, reference_encode_flat(HydrasEncoder(game.tables),
                                                               game.state, 0))
