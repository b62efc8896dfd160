"""A Hydra save is refused alike on both engines where the native engine's capacities end
(issue 30, fault 17), and must hold every rule option."""

from __future__ import annotations

import json

import pytest

from hydra_env import Game
from hydra_env.errors import SaveError


def _engines() -> list[str]:
    try:
        Game.new(1, 1, 1, engine="native")
    except Exception:  # noqa: BLE001 - the native engine is not built here
        return ["python"]
    return ["python", "native"]


def _doc() -> dict:
    game = Game.new(3, 2, 5, engine="python")
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    return json.loads(game.to_json())


def _refused_alike(doc: dict, words: str) -> None:
    messages = set()
    for engine in _engines():
        with pytest.raises(SaveError, match=words) as caught:
            Game.from_json(json.dumps(doc), engine=engine)
        messages.add(str(caught.value))
    assert len(messages) == 1


@pytest.mark.parametrize(("field", "value"), [("glory", 1_000_001), ("glory", -1_000_001),
                                                ("random_events", 2 ** 32)])
def test_a_value_past_the_native_engines_capacity_is_refused_on_both_engines(field, value):
    doc = _doc()
    state = doc["state"]
    if isinstance(state[field], list):
        state[field][0] = value
    else:
        state[field] = value
    _refused_alike(doc, field)


def test_a_history_of_more_than_2_to_the_20_decisions_is_refused_on_both_engines():
    doc = _doc()
    doc["state"]["history"] = doc["state"]["history"] + [0] * (1 << 20)
    _refused_alike(doc, "history.*at most 1048576 entries")


def test_a_save_missing_a_rule_option_is_refused():
    doc = _doc()
    dropped = sorted(doc["options"])[0]
    del doc["options"][dropped]
    _refused_alike(doc, f"options missing: \\['{dropped}'\\]")
