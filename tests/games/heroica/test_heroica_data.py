"""Heroica's component data: the shipped files, the facts of the Draida map, and the loader's refusals."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hydra_env.errors import DataError
from hydra_env.games.heroica.loader import DATA_DIR, default_tables, load_tables

T = default_tables()


def test_the_shipped_data_are_marked_as_reconstructions():
    for name in ("die.json", "heroes.json", "monsters.json", "maps/draida.json"):
        text = (DATA_DIR / name).read_text(encoding="utf-8")
        assert "reconstruction" in text, name


def test_the_draida_map_has_the_spec_s_facts():
    assert T.n == 48 and T.start == 25 and T.width == 17 and T.height == 6
    near = {m: sorted(T.neighbours[m]) for m, _ in T.monsters}
    assert near == {29: [28, 30], 19: [18, 20, 33], 43: [33, 42, 44], 7: [6, 8], 1: [0, 14], 41: [24, 40, 47]}
    assert all(T.dist[T.start, m] > 1 for m, _ in T.monsters) and T.potions == (44,)
    assert {s for s in range(48) if T.dist[s, 41] <= 4 and s != 41} == {22, 23, 24, 37, 38, 39, 40, 45, 46, 47}
    assert T.area_of[37] == "Lane" and T.area_of[25] == "Dock"


def test_the_two_routes_have_the_spec_s_lengths():
    def walk(path: list[int]) -> int:
        assert all(b in T.neighbours[a] for a, b in zip(path, path[1:], strict=False))
        return len(path) - 1
    lower = [25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40]
    upper = [25, 17, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 21, 37, 38, 39, 40]
    assert walk(lower) == 15 and walk(upper) == 21


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    shutil.copytree(DATA_DIR, tmp_path / "data")
    return tmp_path / "data"


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(("file", "change", "message"), [
    ("die.json", lambda d: d["faces"].pop(), r"die\.json: faces: the die must have exactly 6 faces"),
    ("die.json", lambda d: d["faces"].__setitem__(0, "axe"), r"die\.json: faces\[0\]: 'axe' is not a tile"),
    ("heroes.json", lambda d: d["classes"][1].__setitem__("skill", "fire"), r"heroes\.json: classes\.wizard\.skill"),
    ("heroes.json", lambda d: d["classes"][1].__setitem__("range", 0), r"range >= 1"),
    ("monsters.json", lambda d: d["kinds"][0].__setitem__("strength", 0), r"monsters\.json: kinds\.goblin_warrior"),
    ("maps/draida.json", lambda d: d["rows"].__setitem__(0, d["rows"][0] + "."), r"same length"),
    ("maps/draida.json", lambda d: d["rows"].__setitem__(0, "           .x    "), r"'x' is not in the legend"),
    ("maps/draida.json", lambda d: d["rows"].__setitem__(4, "S...g...........S"), r"exactly one Mission Start"),
    ("maps/draida.json", lambda d: d["rows"].__setitem__(4, "Sg..g...........G"), r"next to the Mission Start"),
    ("maps/draida.json", lambda d: d["rows"].__setitem__(0, "G          .g    "), r"exactly one goblin_general"),
    ("maps/draida.json", lambda d: d["rows"].__setitem__(2, " " * 17), r"not all connected"),
    ("maps/draida.json", lambda d: d.__setitem__("extra", 1), r"exactly the keys"),
])
def test_the_loader_refuses_a_bad_file_naming_the_file_entry_and_rule(data_copy, file, change, message):
    _edit(data_copy / file, change)
    with pytest.raises(DataError, match=message):
        load_tables(data_copy)


def test_the_loader_refuses_more_than_128_spaces(data_copy):
    _edit(data_copy / "maps/draida.json", lambda d: d.__setitem__("rows", d["rows"] + ["." * 17] * 6))
    with pytest.raises(DataError, match="at most 128"):
        load_tables(data_copy)
