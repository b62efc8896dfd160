"""The native engine's options dict (what the bots read through ``game._options()``) is the
Python engine's, item for item and in the same order: the same legal actions, the same
canonical paths (HR12), the movement ends in the order walks.py finds them, the drink last."""

from __future__ import annotations

import random

import pytest

from hydra_env.games.heroica.native import available
from hydra_env.games.heroica.spec import new_game

pytestmark = pytest.mark.skipif(not available(), reason="the native Heroica module is not built")

SETTINGS = [{}, {"hero": "wizard"}, {"hero": "ranger"}, {"hero": "druid", "draft": True},
            {"num_players": 2}, {"num_players": 4, "draft": True}, {"num_players": 3, "crystal": False},
            {"mode": "battle", "num_players": 2}, {"mode": "battle", "num_players": 3},
            {"mode": "battle", "num_players": 4, "draft": True}]


@pytest.mark.parametrize("params", SETTINGS, ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()) or "solo")
def test_the_native_options_are_the_python_options_in_order_with_their_paths(params):
    rng = random.Random(7)
    kinds, decisions = set(), 0
    for seed in range(6):
        python = new_game(seed=seed, engine="python", **params)
        native = new_game(seed=seed, engine="native", **params)
        while not python.is_over:
            expected = list(python._options().items())
            assert list(native._options().items()) == expected, (seed, python.decision)
            kinds.add(python.decision)
            action = rng.choice(python.legal_actions())
            python.apply(action)
            native.apply(action)
            decisions += 1
        assert native.is_over and native._options() == {}
    assert decisions > 50 and "MOVE" in kinds


def test_the_native_options_dict_is_rebuilt_after_each_decision():
    game = new_game(seed=3, engine="native", num_players=2)
    before = game._options()
    game.apply(next(iter(before)))
    after = game._options()
    assert after is not before
    assert sorted(after) == game.legal_actions()
