"""Tests of the component data loader with a data folder of one's own
(docs/games/hydra/components.md, "Validation and errors" and "Using your own
data"): the digest follows edits, ``counts=None`` loads a smaller set and still
checks its structure, and a missing file, bad JSON or broken data raises a
DataError that names the file and the entry. The shipped data itself is tested
in test_shipped_components.py; the ``shipped`` fixture is in this folder's
conftest.py.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hydra_env.errors import DataError
from hydra_env.games.hydra.data import Components, load_components


@pytest.fixture
def folder(tmp_path: Path, shipped: Components) -> Path:
    """A writable copy of the shipped data folder."""
    target = tmp_path / "data"
    shutil.copytree(shipped.source, target)
    return target


def edit(folder: Path, name: str, change: Callable[[dict], Any]) -> None:
    """Load one JSON file of ``folder``, apply ``change`` to it, write it back."""
    path = folder / name
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")


def card(doc: dict, card_id: str) -> dict:
    return next(c for c in doc["cards"] if c["id"] == card_id)


def scenario(doc: dict, number: int) -> dict:
    return next(s for s in doc["scenarios"] if s["number"] == number)


# --------------------------------------------------------------------------- user folders


def test_user_folder_loads_and_digest_tracks_edits(folder: Path, shipped: Components) -> None:
    copy = load_components(folder)
    assert copy.digest == shipped.digest and copy.source == str(folder.resolve())
    assert copy.scenarios == shipped.scenarios
    edit(folder, "scenarios.json", lambda d: scenario(d, 1).update(name="Very Low Tide"))
    edited = load_components(folder)
    assert edited.scenario(1).name == "Very Low Tide"
    assert edited.digest != shipped.digest


def test_counts_none_loads_a_smaller_set(folder: Path) -> None:
    edit(folder, "action_cards.json", lambda d: d.update(cards=d["cards"][:40]))
    edit(folder, "hydra_cards.json", lambda d: d.update(cards=[c for c in d["cards"] if c["id"] != "H02"]))
    edit(folder, "scenarios.json", lambda d: d.update(scenarios=d["scenarios"][:10]))
    with pytest.raises(DataError, match=r"action_cards\.json: 40 cards, the rulebook has 44 \(pass counts=None"):
        load_components(folder)
    small = load_components(folder, counts=None)
    assert (len(small.action_cards), len(small.hydra_cards), len(small.scenarios)) == (40, 55, 10)


def test_counts_none_still_runs_structural_checks(folder: Path) -> None:
    edit(folder, "action_cards.json", lambda d: d.update(cards=d["cards"][:40]))
    edit(folder, "board.json", lambda d: d["paths"][0].__setitem__(3, [3, 0]))
    edit(folder, "board.json", lambda d: d["paths"][0].__setitem__(4, [4, 2]))
    with pytest.raises(DataError, match=r"board\.json: path 0, position 4: .*not adjacent"):
        load_components(folder, counts=None)


def test_missing_file_is_named(folder: Path) -> None:
    (folder / "hydra_cards.json").unlink()
    with pytest.raises(DataError, match=r"hydra_cards\.json: file missing"):
        load_components(folder)


def test_invalid_json_gives_line_and_column(folder: Path) -> None:
    path = folder / "action_cards.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"A03"', '"A03",,'), encoding="utf-8")
    with pytest.raises(DataError, match=r"action_cards\.json: invalid JSON at line \d+, column \d+"):
        load_components(folder)


def test_top_level_must_be_an_object(folder: Path) -> None:
    (folder / "manifest.json").write_text("[]", encoding="utf-8")
    with pytest.raises(DataError, match=r"manifest\.json: top level: the top level must be a JSON object"):
        load_components(folder)


def test_duplicate_json_key_is_rejected(folder: Path) -> None:
    path = folder / "board.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"rows": 11,', '"rows": 11, "rows": 12,'), "utf-8")
    with pytest.raises(DataError, match=r"board\.json: field 'rows' appears twice"):
        load_components(folder)


def set_at(path: list, value: Any) -> Callable[[dict], None]:
    """A change that sets ``doc[path[0]][path[1]]... = value``."""

    def change(doc: dict) -> None:
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def on_card(card_id: str, change: Callable[[dict], Any]) -> Callable[[dict], None]:
    return lambda doc: change(card(doc, card_id))


def on_scenario(number: int, change: Callable[[dict], Any]) -> Callable[[dict], None]:
    return lambda doc: change(scenario(doc, number))


def rename_key(old: str, new: str) -> Callable[[dict], None]:
    return lambda d: d.__setitem__(new, d.pop(old))


BROKEN = {
    # name: (file, change, pattern the message must match)
    "missing_field": (
        "action_cards.json", on_card("A01", lambda c: c.pop("hydra")),
        r"action_cards\.json: card A01: missing required field 'hydra'"),
    "unknown_field_typo": (
        "action_cards.json", on_card("A09", lambda c: rename_key("strength", "strenght")(c["hero"])),
        r"action_cards\.json: card A09\.hero: unknown field 'strenght'; did you mean 'strength'"),
    "unknown_colour": (
        "hydra_cards.json", on_card("H05", lambda c: c["effects"][0].update(colour="green")),
        r"hydra_cards\.json: card H05\.effects\.0\.colour: unknown hydra colour 'green'"),
    "unknown_area": (
        "action_cards.json", on_card("A02", lambda c: c["hydra"][1].update(bonus="swamp")),
        r"action_cards\.json: card A02\.hydra\.1\.bonus: unknown area 'swamp'"),
    "unknown_hero_action": (
        "action_cards.json", on_card("A40", lambda c: c["hero"].update(action="teleport")),
        r"action_cards\.json: card A40\.hero\.action: unknown hero action 'teleport'"),
    "unknown_effect_op": (
        "hydra_cards.json", on_card("H09", lambda c: c["effects"][0].update(op="swim")),
        r"hydra_cards\.json: card H09\.effects\.0\.op: unknown effect op 'swim'"),
    "unknown_deck": (
        "hydra_cards.json", on_card("H30", lambda c: c.update(deck="dark")),
        r"hydra_cards\.json: card H30\.deck: unknown deck 'dark'"),
    "unknown_mode": (
        "scenarios.json", on_scenario(2, lambda s: s.update(mode="versus")),
        r"scenarios\.json: scenario 2\.mode: unknown mode 'versus'"),
    "wrong_count": (
        "action_cards.json", lambda d: d["cards"].pop(),
        r"action_cards\.json: 43 cards, the rulebook has 44 \(pass counts=None"),
    "wrong_solo_count": (
        "hydra_cards.json", on_card("H02", lambda c: c.update(solo=True)),
        r"hydra_cards\.json: 11 solo-marked light cards, the rulebook has 10"),
    "supply_differs_from_rulebook": (
        "manifest.json", set_at(["supply", "wall_tokens"], 9),
        r"manifest\.json: supply\.wall_tokens is 9, the rulebook has 10"),
    "path_off_board": (
        "board.json", set_at(["paths", 2, 9], [9, 9]),
        r"board\.json: path 2, position 9: cell \[9, 9\] is off the board"),
    "path_on_wall_row": (
        "board.json", set_at(["paths", 1, 9], [10, 3]),
        r"board\.json: path 1, position 9: cell \[10, 3\] is on the wall row"),
    "path_cells_not_adjacent": (
        "board.json", set_at(["paths", 1, 4], [4, 0]),
        r"board\.json: path 1, position 4: cell \[4, 0\] is not adjacent"),
    "paths_share_a_cell": (
        "board.json", lambda d: d["paths"][1].__setitem__(slice(8, 10), [[8, 2], [9, 1]]),
        r"board\.json: path 1, position 9: cell \[9, 1\] is already on path 0"),
    "paths_of_unequal_length": (
        "board.json", lambda d: d["paths"][3].pop(0),
        r"board\.json: path 3: has 9 cells, path 0 has 10"),
    "path_not_ending_at_the_wall": (
        "board.json", lambda d: [p.pop() for p in d["paths"]],
        r"board\.json: path 0: the space beyond the last cell \[8, 1\] .*in front of the wall"),
    "path_count_differs_from_colours": (
        "board.json", lambda d: d["paths"].pop(),
        r"board\.json: paths: 3 paths, but manifest\.json has 4 hydra colours"),
    "row_areas_length": (
        "board.json", lambda d: d["row_areas"].pop(0),
        r"board\.json: row_areas: has 10 entries but rows is 11"),
    "wall_not_last_row": (
        "board.json", set_at(["row_areas", 9], "wall"),
        r"board\.json: row_areas\.9: only the last row may be 'wall'"),
    "portal_on_maelstrom": (
        "board.json", set_at(["portals", 4], [0, 3]),
        r"board\.json: portals\.4: cell \[0, 3\] is a maelstrom"),
    "duplicate_portal": (
        "board.json", set_at(["portals", 1], [2, 1]),
        r"board\.json: portals\.1: cell \[2, 1\] is listed twice"),
    "duplicate_card_id": (
        "hydra_cards.json", on_card("H02", lambda c: c.update(id="H01")),
        r"hydra_cards\.json: card H01: duplicate id 'H01'"),
    "duplicate_scenario_number": (
        "scenarios.json", on_scenario(5, lambda s: s.update(number=4)),
        r"scenarios\.json: scenario 4: duplicate number 4"),
    "sword_bonus_must_be_a_colour": (
        "action_cards.json", on_card("A13", lambda c: c["hero"].update(bonus="reef")),
        r"action_cards\.json: card A13\.hero\.bonus: unknown hydra colour 'reef'"),
    "move_bonus_must_be_an_area": (
        "action_cards.json", on_card("A01", lambda c: c["hero"].update(bonus="red")),
        r"action_cards\.json: card A01\.hero\.bonus: unknown area 'red'"),
    "bonus_on_barricade": (
        "action_cards.json", on_card("A34", lambda c: c["hero"].update(bonus="wall")),
        r"action_cards\.json: card A34\.hero\.bonus: barricade takes no bonus"),
    "sword_strength_zero": (
        "action_cards.json", on_card("A15", lambda c: c["hero"].update(strength=0)),
        r"action_cards\.json: card A15\.hero\.strength: is 0, must be at least 1"),
    "strength_on_barricade": (
        "action_cards.json", on_card("A35", lambda c: c["hero"].update(strength=1)),
        r"action_cards\.json: card A35\.hero\.strength: barricade has no strength"),
    "effect_n_zero": (
        "hydra_cards.json", on_card("H45", lambda c: c["effects"][0].update(n=0)),
        r"hydra_cards\.json: card H45\.effects\.0\.n: is 0, must be at least 1"),
    "bonus_on_grow_effect": (
        "hydra_cards.json", on_card("H10", lambda c: c["effects"][0].update(bonus="boat")),
        r"hydra_cards\.json: card H10\.effects\.0\.bonus: only move effects take a landscape bonus"),
    "bite_with_n": (
        "hydra_cards.json", on_card("H17", lambda c: c["effects"][0].update(n=2)),
        r"hydra_cards\.json: card H17\.effects\.0\.n: a bite takes no 'n'"),
    "bool_given_for_int": (
        "scenarios.json", on_scenario(1, lambda s: s.update(players=True)),
        r"scenarios\.json: scenario 1\.players: must be an integer, not true \(a boolean\)"),
    "head_counter_7": (
        "scenarios.json", on_scenario(3, lambda s: s["heads"].__setitem__(1, 7)),
        r"scenarios\.json: scenario 3\.heads\.1: is 7, must be between 0 and 6"),
    "position_beyond_path": (
        "scenarios.json", on_scenario(12, lambda s: s["positions"].__setitem__(0, 10)),
        r"scenarios\.json: scenario 12\.positions\.0: is 10, must be between 0 and 9"),
    "one_value_per_path": (
        "scenarios.json", on_scenario(6, lambda s: s["heads"].pop()),
        r"scenarios\.json: scenario 6\.heads: has 3 values, needs 4"),
    "too_many_players": (
        "scenarios.json", on_scenario(1, lambda s: s.update(players=5)),
        r"scenarios\.json: scenario 1\.players: is 5, must be between 1 and 4"),
    "one_player_without_solo_mode": (
        "scenarios.json", on_scenario(10, lambda s: s.pop("mode")),
        r"scenarios\.json: scenario 10\.mode: a one-player scenario is the solo game"),
    "walls_above_supply": (
        "scenarios.json", on_scenario(8, lambda s: s.update(walls=[11, 9, 8])),
        r"scenarios\.json: scenario 8\.walls\.0: is 11, must be between 1 and 10"),
    "moon_letter": (
        "scenarios.json", on_scenario(2, lambda s: s.update(moon="LLXRR")),
        r"scenarios\.json: scenario 2\.moon: unknown letter\(s\) X"),
    "moon_longer_than_tokens": (
        "scenarios.json", on_scenario(2, lambda s: s.update(moon="LLRRRRR")),
        r"scenarios\.json: scenario 2\.moon: has 7 rounds, must have 1 to 6"),
    "coop_tokens_above_supply": (
        "scenarios.json", on_scenario(7, lambda s: s.update(tokens=6)),
        r"scenarios\.json: scenario 7\.tokens: is 6, must be between 1 and 5 \(one token marks the compass\)"),
    "coop_hand_above_layout": (
        "scenarios.json", on_scenario(7, lambda s: s.update(action_hand=4)),
        r"scenarios\.json: scenario 7\.action_hand: is 4, must be between 0 and 3"),
    "solo_display_not_two_rows": (
        "scenarios.json", on_scenario(11, lambda s: s.update(display=8)),
        r"scenarios\.json: scenario 11\.display: is 8, must be 2 x hydra_stack = 10"),
    "solo_stack_above_layout": (
        "scenarios.json", on_scenario(11, lambda s: s.update(hydra_stack=6, display=12)),
        r"scenarios\.json: scenario 11\.hydra_stack: is 6, must be between 1 and 5"),
    "solo_deck_too_small": (
        "scenarios.json", on_scenario(10, lambda s: s.update(moon="LLLRRR")),
        r"scenarios\.json: scenario 10\.moon: 3 light rounds x 5 cards need 15 solo-marked light cards"),
    "unknown_top_level_field": (
        "manifest.json", rename_key("about", "abuot"),
        r"manifest\.json: top level: unknown field 'abuot'; did you mean 'about'"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_data_raises_data_error_naming_file_and_entry(folder: Path, name: str) -> None:
    file, change, pattern = BROKEN[name]
    edit(folder, file, change)
    with pytest.raises(DataError, match=pattern):
        load_components(folder)


def test_neck_tiles_must_cover_the_path(folder: Path) -> None:
    edit(folder, "manifest.json", set_at(["supply", "neck_tiles_per_colour"], 8))
    with pytest.raises(DataError, match=r"board\.json: path 0: has 10 cells, needing 9 neck tiles.*has 8"):
        load_components(folder, counts=None)
