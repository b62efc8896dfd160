"""A Hadara save holds exactly its options, of their types (issue 30): a dropped or
retyped option is refused, never replaced by a default."""

from __future__ import annotations

import json

import pytest

from hydra_env.errors import SaveError
from hydra_env.games.hadara.game import HadaraGame


@pytest.mark.parametrize(("change", "words"), [
    (lambda o: o.pop("piles"), "must hold exactly"),
    (lambda o: o.update(extra=1), "must hold exactly"),
    (lambda o: o.update(components=5), "options.components must be a path"),
    (lambda o: o.update(board_order=1), "options.board_order must be a str"),
])
def test_a_save_with_a_dropped_or_retyped_option_is_refused(change, words):
    doc = json.loads(HadaraGame.new(3, 4).to_json())
    change(doc["options"])
    with pytest.raises(SaveError, match=words):
        HadaraGame.from_json(json.dumps(doc))


def test_a_saved_state_value_of_another_type_is_refused_even_when_equal():
    game = HadaraGame.new(3, 4)
    game.apply(game.legal_actions()[0])
    doc = json.loads(game.to_json())
    key = next(k for k, v in doc["state"].items() if isinstance(v, int) and not isinstance(v, bool) and v in (0, 1))
    doc["state"][key] = bool(doc["state"][key])
    with pytest.raises(SaveError, match=f"state.{key} does not match"):
        HadaraGame.from_json(json.dumps(doc))
