"""Hydras' facade checks its arguments like Hydra's (issue 11, item 7): numpy integers
are taken as int; bools, floats and out-of-range values get a ConfigError naming them."""

import numpy as np
import pytest

from hydra_env.errors import ConfigError
from hydra_env.games.hydras.rules import HydrasGame


def test_numpy_integers_are_accepted_and_the_game_saves():
    game = HydrasGame.new(np.int64(3), seed=np.int64(4))
    assert game.num_players == 3 if hasattr(game, "num_players") else True
    assert HydrasGame.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("call, named", [
    (lambda g: HydrasGame.new(True), "num_players"),
    (lambda g: HydrasGame.new(3.0), "num_players"),
    (lambda g: HydrasGame.new(5), "num_players"),
    (lambda g: g.render(seat=7), "seat"),
    (lambda g: g.render(seat=True), "seat"),
    (lambda g: g.describe(-1), "action"),
    (lambda g: g.describe(True), "action"),
    (lambda g: g.describe(0, viewer=9), "seat"),
    (lambda g: g.observe(3), "seat"),
])
def test_bad_arguments_raise_a_config_error_naming_them(call, named):
    game = HydrasGame.new(3, seed=1)
    with pytest.raises(ConfigError, match=named):
        call(game)
