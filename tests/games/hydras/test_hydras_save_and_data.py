"""The save format's checks and the card data file's validation."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from hydra_env.errors import ConfigError, DataError
from hydra_env.games.hydras.rules import HydrasGame, default_cards, load_cards
from hydra_env.games.hydras.rules.components import DATA_FILE


def saved_game(seed: int = 0, steps: int = 40) -> tuple[HydrasGame, dict]:
    game = HydrasGame.new(3, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return game, json.loads(game.to_json())


def refused(doc: dict, field: str) -> str:
    with pytest.raises(ConfigError) as caught:
        HydrasGame.from_json(json.dumps(doc))
    assert f"field '{field}'" in str(caught.value), str(caught.value)
    return str(caught.value)


# ----------------------------------------------------------------- save format

def test_a_save_names_its_format_version_and_cards():
    _, doc = saved_game()
    assert doc["format"] == "hydra-env/hydras-game" and doc["version"] == 1
    assert doc["cards_digest"] == default_cards().digest


def test_loading_refuses_what_is_not_a_saved_game():
    with pytest.raises(ConfigError, match="invalid JSON"):
        HydrasGame.from_json("{")
    _, doc = saved_game()
    refused({**doc, "format": "other"}, "format")
    refused({**doc, "version": 2}, "version")
    refused({**doc, "cards_digest": "0" * 64}, "cards_digest")
    refused({**doc, "state": []}, "state")


@pytest.mark.parametrize("field, value, where", [
    ("players", 5, "state.players"),
    ("seed", -3, "state.seed"),
    ("turn_seat", 3, "state.turn_seat"),
    ("phase", 9, "state.phase"),
    ("game_over", "no", "state.game_over"),
    ("final_turns_left", 7, "state.final_turns_left"),
])
def test_loading_refuses_a_scalar_out_of_range(field, value, where):
    _, doc = saved_game()
    doc["state"][field] = value
    refused(doc, where)


def test_a_loaded_game_with_large_counters_plays_on_and_reloads_its_own_save(engine):
    """Found by the save fuzz: a save at turn 2**31 - 1 loaded, played on past the old bound
    of 2**31 and could not load the save it wrote."""
    _, doc = saved_game()
    doc["state"]["turns_taken"] = doc["state"]["random_events"] = 2 ** 31 - 1
    game = HydrasGame.from_json(json.dumps(doc), engine=engine)
    rng = np.random.default_rng(1)
    for _ in range(30):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    again = HydrasGame.from_json(game.to_json(), engine=engine)
    assert again.to_json() == game.to_json() and json.loads(again.to_json())["state"]["turns_taken"] > 2 ** 31 - 1
    doc["state"]["turns_taken"] = 2 ** 62 + 1
    refused(doc, "state.turns_taken")


def test_loading_names_the_bad_card_in_a_hand():
    _, doc = saved_game()
    doc["state"]["hands"][1][0] = 99
    assert "between 0 and 21" in refused(doc, "state.hands[1][0]")


def test_loading_refuses_a_card_in_two_places():
    _, doc = saved_game()
    doc["state"]["deck"].append(doc["state"]["deck"][0])
    assert "exactly one place" in refused(doc, "state")


def test_loading_refuses_a_hydra_card_not_linked_to_the_body():
    game, doc = saved_game()
    tables = game.tables
    grid = doc["state"]["hydras"][0]
    far = tables.cell_of(-4, -4)
    card = doc["state"]["deck"].pop()
    grid[far] = 4 * card if card != tables.torch else 0
    assert "not linked" in refused(doc, f"state.hydras[0][{far}]")


def test_loading_refuses_a_pending_decision_that_does_not_fit():
    _, doc = saved_game(steps=0)
    doc["state"]["pending"] = [1, doc["state"]["turn_seat"]]         # a block offer, no sword
    refused(doc, "state.pending[0]")
    _, doc = saved_game(steps=0)
    doc["state"]["pending"] = None
    refused(doc, "state.pending")


def test_loading_refuses_unknown_and_missing_fields():
    _, doc = saved_game()
    doc["state"]["cheat"] = 1
    refused(doc, "state.cheat")
    _, doc = saved_game()
    del doc["state"]["deck"]
    refused(doc, "state.deck")


# ----------------------------------------------------------------- card data

def shipped() -> dict:
    return json.loads(DATA_FILE.read_text())


def write(tmp_path: Path, doc: dict | str) -> Path:
    path = tmp_path / "cards.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return path


def test_the_shipped_cards_follow_the_rulebook():
    cards = default_cards()
    assert cards.deck_size == 60 and cards.body_count == 4
    by_icon = {icon: sum(k.count for k in cards.kinds if k.icon == icon)
               for icon in ("plain", "sword", "poison", "torch")}
    assert by_icon == {"plain": 24, "sword": 20, "poison": 10, "torch": 6}
    assert cards.kinds[cards.torch].id == "torch" and len(cards.kinds) == 22


@pytest.mark.parametrize("change, message", [
    (lambda d: d["shapes"][2].update(heads=4), "cards.json: shapes[2] (head I).heads: is 4, must be between 0 and 3"),
    (lambda d: d["shapes"][0].update(sides="1100"), "shapes[0] (head III).sides: is '1100' but the card has 3 heads"),
    (lambda d: d["shapes"][3].update(sides="10x0"), "shapes[3] (straight).sides: is '10x0'"),
    (lambda d: d["shapes"][4].update(sides="0000"), "shapes[4] (turn).sides: has no neck side"),
    (lambda d: d["shapes"][1].update(colour="red"), "shapes[1]: unknown field 'colour'"),
    (lambda d: d["shapes"][5].pop("poison"), "shapes[5]: missing required field 'poison'"),
    (lambda d: d["shapes"][6].update(name="turn"), "shapes[6] (turn).name: is used by an earlier shape"),
    (lambda d: d["shapes"][4].update(plain=7), "shapes: 25 plain cards, the rulebook has 24"),
    (lambda d: d.update(torches=5), "torches: 5 torches, the rulebook has 6"),
    (lambda d: d["bodies"].update(count=3), "bodies.count: is 3, must be at least 4"),
    (lambda d: d.update(grid_radius="5"), "grid_radius: must be an integer"),
    (lambda d: d["shapes"][0].update(sword=-1), "shapes[0] (head III).sword: is -1, must be at least 0"),
])
def test_a_bad_card_file_names_the_file_the_entry_and_the_problem(tmp_path, change, message):
    doc = shipped()
    change(doc)
    with pytest.raises(DataError) as caught:
        load_cards(write(tmp_path, doc))
    assert message in str(caught.value)
    assert str(caught.value).startswith("cards.json: ")


def test_a_broken_or_missing_card_file_is_a_data_error(tmp_path):
    with pytest.raises(DataError, match="invalid JSON at line 1"):
        load_cards(write(tmp_path, "{"))
    with pytest.raises(DataError, match="cannot read"):
        load_cards(tmp_path / "missing.json")


def test_other_counts_load_with_counts_none_and_play(tmp_path):
    doc = shipped()
    doc["shapes"][4]["plain"] += 2                 # two more turns
    doc["torches"] = 4
    path = write(tmp_path, doc)
    with pytest.raises(DataError):
        load_cards(path)
    cards = load_cards(path, counts=None)
    assert cards.deck_size == 60
    game = HydrasGame.new(2, seed=1, cards=cards)
    rng = np.random.default_rng(0)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    assert game.result().over
    with pytest.raises(ConfigError, match="cards_digest"):
        HydrasGame.from_json(game.to_json())          # saved with other cards
    assert HydrasGame.from_json(game.to_json(), cards=cards).to_json() == game.to_json()
