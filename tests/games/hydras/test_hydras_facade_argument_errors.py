"""The Hydras facade checks seed, cards and rng as every game does (issue 30, fault 12):
a ConfigError naming the argument, never numpy's or pathlib's error, and no bool seed."""

from __future__ import annotations

import pytest

from hydra_env.errors import ConfigError
from hydra_env.games.hydras.rules import HydrasGame


@pytest.mark.parametrize(("make", "words"), [
    (lambda: HydrasGame.new(3, seed=True), "seed must be an integer.*boolean"),
    (lambda: HydrasGame.new(3, seed=-1), r"seed must be an integer from 0 to 2\*\*256 - 1"),
    (lambda: HydrasGame.new(3, cards=123), "cards must be a non-empty string or a pathlib.Path"),
    (lambda: HydrasGame.new(3, seed=1).determinize(0, rng=-5), r"rng must be an integer from 0 to 2\*\*256 - 1"),
])
def test_a_bad_seed_cards_or_rng_argument_is_refused_naming_it(make, words):
    with pytest.raises(ConfigError, match=words):
        make()


def test_determinize_with_the_same_int_rng_deals_the_same():
    game = HydrasGame.new(3, seed=2)
    assert game.determinize(0, rng=9).to_json() == game.determinize(0, rng=9).to_json()
