"""A Heroica save's setup is checked as ``new`` checks its arguments, in the range both
engines hold (issue 30): wrong types and out-of-range limits are refused alike."""

from __future__ import annotations

import json

import pytest

from hydra_env.errors import ConfigError, SaveError
from hydra_env.games.heroica.game import HeroicaGame
from hydra_env.games.heroica.state import HeroicaOptions


def _engines() -> list[str]:
    try:
        HeroicaGame.new(1, seed=1, engine="native")
    except Exception:  # noqa: BLE001 - the native engine is not built here
        return ["python"]
    return ["python", "native"]


@pytest.mark.parametrize(("path", "value", "words"), [
    (("options", 1), 2 ** 31, "solo_turn_limit"),
    (("options", 2), 1001, "max_rounds"),
    (("rolls",), 1.5, "setup.rolls"),
    (("heroes",), 2.0, "setup.heroes"),
    (("seed",), True, "setup.seed"),
])
def test_a_setup_value_of_the_wrong_type_or_range_is_refused_on_both_engines(path, value, words):
    doc = json.loads(HeroicaGame.new(1, seed=3).to_json())
    target = doc["setup"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    messages = set()
    for engine in _engines():
        with pytest.raises(SaveError, match=words) as caught:
            HeroicaGame.from_json(json.dumps(doc), engine=engine)
        messages.add(str(caught.value))
    assert len(messages) == 1


def test_new_refuses_a_turn_limit_past_1000_and_rolls_that_are_no_list():
    with pytest.raises(ConfigError, match="solo_turn_limit"):
        HeroicaGame.new(1, options=HeroicaOptions(True, 1001, 60))
    with pytest.raises(ConfigError, match="rolls: must be a list"):
        HeroicaGame.new(1, rolls=7)
