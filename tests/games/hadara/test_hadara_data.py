"""Hadara's component data: the generator reproduces the shipped file; the loader says what is wrong."""

from __future__ import annotations

import copy
import json

import pytest

from hydra_env.errors import DataError
from hydra_env.games.hadara.components import DATA_FILE, load_components, parse_components
from hydra_env.games.hadara.data import generate
from hydra_env.games.hadara.game import HadaraGame

SHIPPED = json.loads(DATA_FILE.read_text(encoding="utf-8"))


def test_the_generator_reproduces_the_shipped_file_exactly():
    data = generate.build()
    generate.check(data)
    assert generate.dumps(data) == DATA_FILE.read_text(encoding="utf-8")


def test_the_data_is_marked_as_a_reconstruction():
    assert SHIPPED["source"] == "reconstruction" and SHIPPED["note"].startswith("RECONSTRUCTION")
    assert all(s["source"] == "reconstruction" for s in SHIPPED["setup_cards"])
    assert len(SHIPPED["calibration"]) >= 10


def broken(change) -> dict:
    data = copy.deepcopy(SHIPPED)
    change(data)
    return data


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["cards"].pop(), "cards: must be a list of 162"),
    (lambda d: d["cards"][3].update(id=d["cards"][2]["id"]), r"cards\[3\] .*duplicate id"),
    (lambda d: d["cards"][5].update(index=9), r"cards\[5\] .*index must equal the position 5"),
    (lambda d: d["cards"][0].update(cost=-1), r"cards\[0\] \(I-Y01\).cost: must be an integer >= 0"),
    (lambda d: d["cards"][0].update(cost=1.5), r"cost: must be an integer"),
    (lambda d: d["cards"][0].update(effect={"kind": "coins", "n": 2}), "only purple cards may have an effect"),
    (lambda d: d["cards"][46].update(effect={"kind": "steal", "n": 2}), "outside the vocabulary"),
    (lambda d: d["cards"][46].update(effect={"kind": "boost", "colour": "purple"}), "boost colour must be"),
    (lambda d: d["cards"][0].update(colour="red"), "epoch 1 must have 10 unstarred yellow cards"),
    (lambda d: d["colonies"][0].update(level=2), "level 1 must have 5 colonies"),
    (lambda d: d["colonies"][0].update(plunder=9), "must share one coin side"),
    (lambda d: [c.update(requirement=1) for c in d["colonies"][5:10]], "requirements must increase"),
    (lambda d: d["setup_cards"][0].update(initiative=2), "initiatives 1-5"),
    (lambda d: d["player_board"]["statues"][2].update(culture=1), "increasing culture"),
    (lambda d: d["player_board"].update(tiles_per_track=1), "must cover the statues"),
    (lambda d: d["medals"].update(gold_price=[1, 2]), "gold_price: must list 3 values"),
    (lambda d: d.update(board_order=["red", "red", "blue", "green", "purple"]), "board_order: must be a permutation"),
    (lambda d: d["cards"][0]["tracks"].pop("food"), r"tracks: must map exactly the tracks"),
])
def test_the_loader_names_the_file_the_entry_and_the_problem(change, message):
    with pytest.raises(DataError, match=message) as info:
        parse_components(broken(change), "mine.json")
    assert "component file mine.json" in str(info.value)


def test_a_missing_or_unreadable_file_is_named(tmp_path):
    with pytest.raises(DataError, match="cannot be read"):
        load_components(tmp_path / "none.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match="bad.json: not valid JSON"):
        load_components(bad)


def test_a_user_component_file_plays_and_saves_with_its_path(tmp_path):
    data = copy.deepcopy(SHIPPED)
    data["medals"]["silver_price"] = [1, 2, 3]
    path = tmp_path / "published.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    game = HadaraGame.new(3, 1, components=str(path))
    assert game.components.silver_price == (1, 2, 3)
    assert HadaraGame.from_json(game.to_json()).components.silver_price == (1, 2, 3)


def test_a_retune_candidate_changes_what_it_names_and_leaves_the_shipped_file(tmp_path):
    import subprocess
    import sys
    shipped = DATA_FILE.read_bytes()
    changes = tmp_path / "changes.json"
    changes.write_text(json.dumps({"params": {"silver_price": {"1": 9, "2": 13, "3": 26}},
                                   "calibration": ["T99 a test step"]}))
    out = tmp_path / "candidate.json"
    done = subprocess.run([sys.executable, "-m", "hydra_env.games.hadara.data.generate", str(out),
                           "--changes", str(changes)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    candidate = load_components(out)
    assert candidate.silver_price == (9, 13, 26) and DATA_FILE.read_bytes() == shipped
    assert json.loads(out.read_text())["calibration"][-1] == "T99 a test step"
    changes.write_text(json.dumps({"params": {"silver_prices": {}}}))
    refused = subprocess.run([sys.executable, "-m", "hydra_env.games.hadara.data.generate", str(tmp_path / "x.json"),
                              "--changes", str(changes)], capture_output=True, text=True)
    assert refused.returncode != 0 and "no generator parameter 'silver_prices'" in refused.stderr
    assert "Traceback" not in refused.stderr and not (tmp_path / "x.json").exists()
