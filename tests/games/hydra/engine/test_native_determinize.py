"""Native determinize (R41 re-deal) equals hydra_env.games.hydra.rules.views.determinize bit for bit:
the same copy and the numpy Generator left in the same state, for many generator
states (fresh, mid-stream, with a buffered 32-bit half), solo and coordinated games,
positions with Hydra-phase queue entries included."""

import random

import numpy as np
import pytest
from helpers.engine_pairs import paired_positions

from hydra_env import native
from hydra_env.games.hydra.rules.engines import on_engine
from hydra_env.games.hydra.rules.game import Game

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")


def _generator_pair(rng: random.Random) -> tuple[np.random.Generator, np.random.Generator]:
    a = np.random.default_rng(rng.randrange(1 << 64))
    for _ in range(rng.randrange(4)):
        a.integers(1 << rng.choice((2, 17, 31, 40, 62)))     # 32-bit draws leave a buffered half
    b = np.random.default_rng()
    b.bit_generator.state = a.bit_generator.state
    return a, b


@pytest.mark.parametrize("scenarios", [(10, 11, 12), tuple(range(1, 10))], ids=["solo", "coordinated"])
def test_R41_native_determinize_gives_the_python_copy_and_generator_state(scenarios):
    rng = random.Random(5)
    checked = queued = 0
    for python, game in paired_positions(scenarios, 30, 41):
        seat = rng.randrange(python.num_players)
        a, b = _generator_pair(rng)
        expected, got = python.determinize(seat, a), game.determinize(seat, b)
        assert got.engine == "native"
        assert got.state.to_dict() == expected.state.to_dict()
        assert b.bit_generator.state == a.bit_generator.state
        assert got.legal_actions() == expected.legal_actions()
        checked += 1
        queued += bool(python.state.hydra_queue)
    assert checked > 600
    if scenarios != (10, 11, 12):
        assert queued > 20       # Hydra-phase queues (hidden order, owners) were re-dealt


def test_R41_native_determinize_takes_seeds_and_none_like_the_python_engine():
    python = Game.new(3, 2, 9, engine="python")
    game = on_engine(python.clone(), "native")
    assert game.determinize(1, 1234).state.to_dict() == python.determinize(1, 1234).state.to_dict()
    assert game.determinize(0, None).engine == "native"


def test_native_determinize_of_a_non_pcg64_generator_falls_back_to_the_python_function():
    python = Game.new(1, 1, 3, engine="python")
    game = on_engine(python.clone(), "native")
    a, b = (np.random.Generator(np.random.MT19937(8)) for _ in range(2))
    assert game.determinize(0, a).state.to_dict() == python.determinize(0, b).state.to_dict()
    assert a.bit_generator.state["state"]["pos"] == b.bit_generator.state["state"]["pos"]


def test_native_determinize_rejects_a_seat_the_game_does_not_have():
    from hydra_env.errors import ConfigError

    game = Game.new(2, 1, 3, engine="native")
    with pytest.raises(ConfigError):
        game.determinize(game.num_players, 0)
