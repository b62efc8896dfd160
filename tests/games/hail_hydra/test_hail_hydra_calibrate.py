"""The calibration tables' command: a data file to play (``--components``), and bad arguments
refused before any game."""

from __future__ import annotations

import json

import pytest

from hydra_env.games.hail_hydra import calibrate
from hydra_env.games.hail_hydra.bots import LoyalBot, SaboteurBot
from hydra_env.games.hail_hydra.components import DATA_FILE


def _changed_data(tmp_path, health_mod: int) -> str:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    for row in data["player_table"]["rows"]:
        row["health_mod"] += health_mod
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_hh37_a_calibration_plays_the_data_file_it_is_given(tmp_path):
    path = _changed_data(tmp_path, 3)
    first_health = {}

    def record(name):
        def seen(game, seat, view, legal, action):
            first_health.setdefault(name, view.info["health"])
        return seen
    calibrate.play_game(0, 6, LoyalBot, SaboteurBot, {}, on_decision=record("shipped"))
    calibrate.play_game(0, 6, LoyalBot, SaboteurBot, {}, on_decision=record("changed"), components=path)
    assert first_health["changed"] == first_health["shipped"] + 3   # the first villain's health


@pytest.mark.parametrize("argv, message", [
    (["--tables", "loyal vs nobody"], "unknown table 'loyal vs nobody'; the tables are:"),
    (["--games", "0"], "--games must be at least 1"),
    (["--players", "9"], "--players: Hail Hydra is played by 5 to 8"),
    (["--components", "no-such-file.json"], "--components: no-such-file.json: cannot be read"),
])
def test_bad_calibration_arguments_are_refused_naming_the_fix(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        calibrate.main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_a_malformed_data_file_is_refused_before_any_game(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(SystemExit):
        calibrate.main(["--games", "1", "--components", str(path)])
    captured = capsys.readouterr()
    assert "--components:" in captured.err and "broken.json" in captured.err
    assert "SHIELD" not in captured.out                     # no table row was played
