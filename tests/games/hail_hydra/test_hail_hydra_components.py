"""Hail Hydra's component data: the shipped file loads, a bad file is refused naming what is wrong."""

from __future__ import annotations

import json

import pytest

from hydra_env.errors import DataError
from hydra_env.games.hail_hydra.components import DATA_FILE, load_components, parse_components
from hydra_env.games.hail_hydra.game import new_game


def edited(change) -> str:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data)


def test_hh29_the_shipped_file_holds_the_reconstruction_marked_as_such():
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    assert "reconstruction" in data and all("reconstruction" in data[k] for k in
                                            ("cards", "player_table", "knockout_table", "negative_table"))
    comp = load_components()
    assert len(comp.villains) == 18 and len(comp.heroes) == 14 and comp.city_health == 27
    assert [h.window for h in comp.heroes].count("resolve") == 7


@pytest.mark.parametrize("change,words", [
    (lambda d: d["cards"]["counts"].update({"1": 11}), r"80 cards.*HH2"),
    (lambda d: d["villains"][0].update({"tier": 2}), r"tiers.*HH3"),
    (lambda d: d["villains"][3].update({"health": 14}), r"villains\[3\].*health 1-13.*HH3"),
    (lambda d: d["villains"][0].update({"quick": True}), r"villains\[0\].*quick.*HH19"),
    (lambda d: d["villains"][1]["power"].update({"kind": "teleport"}), r"unknown power 'teleport'"),
    (lambda d: d["heroes"][4].update({"window": "play"}), r"heroes\[4\].*window.*HH28"),
    (lambda d: d["player_table"]["rows"][2].update({"hydra": 4}), r"player_table.rows\[2\].*HH1"),
    (lambda d: d["knockout_table"]["rows"][2]["rounds"].update({"5": 4}), r"at most players - 2.*HH21"),
    (lambda d: d["heroes"][0]["reveal_damage"].pop("active"), r"missing field 'active'.*HH25"),
    (lambda d: d["negative_table"]["rows"][0].update({"max_total": 3}), r"max_total.*HH17"),
])
def test_hh3_a_bad_component_file_is_refused_naming_the_entry_and_the_rule(change, words):
    with pytest.raises(DataError, match=words):
        parse_components(edited(change), "bad.json")


def test_hh37_a_components_file_can_be_given_and_a_broken_one_is_named(tmp_path):
    good = tmp_path / "mine.json"
    good.write_text(edited(lambda d: d.update({"city_health": 20})), encoding="utf-8")
    assert new_game(seed=1, num_players=5, components=str(good)).state.city == 20
    with pytest.raises(DataError, match="cannot be read"):
        load_components(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match="bad.json.*not JSON"):
        load_components(bad)
