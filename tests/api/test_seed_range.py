"""Every game takes the seeds a save holds, and only those (issue 30, fault 4): ``make`` of
every registered game refuses a seed outside 0 … 2**256 − 1 (and a bool, a float or a
string) with an error stating the range, and a game dealt from the largest seed is saved and
loaded back."""

from __future__ import annotations

import pytest

import hydra_env
from hydra_env import arguments
from hydra_env.api import saves
from hydra_env.api.registry import game_names, game_spec
from hydra_env.errors import ConfigError

BAD = [-1, 2**256, 2**300, True, 1.5, "3"]


def test_the_largest_seed_is_an_integer_a_save_holds() -> None:
    assert arguments.MAX_SEED == 2**256 - 1 < saves.MAX_INT


@pytest.mark.parametrize("seed", BAD, ids=repr)
@pytest.mark.parametrize("game", game_names())
def test_a_seed_outside_the_range_a_save_holds_is_refused_stating_the_range(game: str, seed: object) -> None:
    for make in (lambda: hydra_env.make(game, seed=seed), lambda: game_spec(game).make(seed=seed, engine="python")):
        with pytest.raises(ConfigError, match=r"seed must be an integer from 0 to 2\*\*256 - 1, got "):
            make()


@pytest.mark.parametrize("game", game_names())
def test_a_game_dealt_from_the_largest_seed_loads_back(game: str) -> None:
    spec = game_spec(game)
    made = spec.make(seed=arguments.MAX_SEED, engine="python")
    again = spec.load(made.to_json(), engine="python")
    assert again.seed == arguments.MAX_SEED and again.to_json() == made.to_json()


def test_the_direct_facades_of_hydra_and_hail_hydra_check_the_seed_too() -> None:
    from hydra_env.games.hail_hydra.game import new_game
    from hydra_env.games.hydra.rules.game import Game
    for seed in (2**256, -1, 1.5, True):
        with pytest.raises(ConfigError, match="from 0 to 2"):
            Game.new(seed=seed, engine="python")
        with pytest.raises(ConfigError, match="from 0 to 2"):
            new_game(seed=seed, engine="python")
