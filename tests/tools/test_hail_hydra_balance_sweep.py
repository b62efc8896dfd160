"""benchmarks/hail_hydra_balance_sweep.py: each value plays a copy of the data with one
player-table modifier changed (the shipped file untouched), on the calibration table's deals;
the arguments are checked before any game."""

from __future__ import annotations

import json

import pytest
from helpers.benchmarks import assert_refused, load_benchmark

from hydra_env.games.hail_hydra.calibrate import table_row
from hydra_env.games.hail_hydra.components import DATA_FILE

sweep = load_benchmark("hail_hydra_balance_sweep")


def test_the_changed_data_differs_from_the_shipped_file_in_one_modifier_only():
    shipped = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    changed = sweep.changed_data(7, "health_mod", 3)
    rows = {row["players"]: row for row in changed["player_table"]["rows"]}
    assert rows[7]["health_mod"] == 3
    for row in shipped["player_table"]["rows"]:
        if row["players"] == 7:
            row["health_mod"] = 3
    assert changed == shipped
    assert json.loads(DATA_FILE.read_text(encoding="utf-8")) != changed     # the shipped file unchanged


def test_a_sweep_row_is_the_calibration_row_of_the_changed_file(tmp_path):
    path = tmp_path / "components.json"
    path.write_text(json.dumps(sweep.changed_data(7, "health_mod", 4)), encoding="utf-8")
    row = sweep.sweep_row("loyal vs saboteur r=1", 7, "health_mod", 4, games=5)
    assert row == table_row("loyal vs saboteur r=1", 7, 5, str(path))
    shipped = table_row("loyal vs saboteur r=1", 7, 5)
    assert (row["shield"], row["offensives"]) != (shipped["shield"], shipped["offensives"])


def test_a_short_sweep_prints_one_line_per_value_and_marks_the_shipped_one(capsys):
    sweep.main(["--games", "2", "--table", "loyal vs saboteur r=1", "--values", "8=-1,0"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and "(shipped)" in lines[1] and "(shipped)" not in lines[2]
    assert lines[1].startswith("8 players, health_mod -1") and lines[2].startswith("8 players, health_mod +0")


@pytest.mark.parametrize("argv, message", [
    (["--values", "7=-2,x"], "is not COUNT=V,V,..."),
    (["--values", "4=0"], "played by 5 to 8"),
    (["--values", "7=0", "--table", "nobody vs nobody"], "unknown table"),
    (["--values", "7=0", "--games", "0"], "--games must be at least 1"),
])
def test_bad_arguments_are_refused_naming_the_fix(argv, message, capsys):
    assert_refused(sweep.main, argv, message, capsys)
