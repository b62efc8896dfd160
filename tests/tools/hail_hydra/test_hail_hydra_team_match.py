"""Hail Hydra's team match (``agents.game_tools.hail_hydra.team_match``): one agent at every
SHIELD seat, another at every HYDRA seat, SHIELD's win share per player count."""

from __future__ import annotations

import csv
import json

import pytest

from agents.game_tools.hail_hydra import team_match
from hydra_env.games.hail_hydra.calibrate import table_row
from hydra_env.games.hail_hydra.components import DATA_FILE


def test_team_match_deals_the_calibration_tables_game_for_game():
    """Same seeds, same bot seeds: the match of deduce against saboteur is the calibration row."""
    rows = team_match.run(["deduce"], ["saboteur:r=1"], [5, 7], games=6, seed=0, quiet=True)
    for row in rows:
        reference = table_row("deduce vs saboteur r=1", row["players"], 6)
        assert row["shield_wins"] == round(reference["shield"] * 6)
        assert row["knockouts"] == pytest.approx(reference["knockouts"])
        assert row["low"] <= row["shield_rate"] <= row["high"]


def test_team_match_deals_from_a_changed_data_file_as_the_calibration_tables_do(tmp_path):
    """--components plays the given data: the rows are the calibration rows of that file, and a
    villain health change at 7 players changes the games there."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    for row in data["player_table"]["rows"]:
        if row["players"] == 7:
            row["health_mod"] += 6
    changed = tmp_path / "components.json"
    changed.write_text(json.dumps(data), encoding="utf-8")
    played = team_match.play_all(["loyal"], ["saboteur:r=1"], [7], games=6, seed=0, quiet=True,
                                 components=str(changed))
    shipped = team_match.play_all(["loyal"], ["saboteur:r=1"], [7], games=6, seed=0, quiet=True)
    reference = table_row("loyal vs saboteur r=1", 7, 6, str(changed))
    row = team_match.summaries(played)[0]
    assert row["shield_wins"] == round(reference["shield"] * 6)
    assert row["knockouts"] == pytest.approx(reference["knockouts"])
    assert played != shipped


def test_team_match_gives_the_same_rows_on_one_or_two_workers():
    one = team_match.run(["loyal"], ["random"], [6], games=8, seed=3, workers=1, quiet=True)
    two = team_match.run(["loyal"], ["random"], [6], games=8, seed=3, workers=2, quiet=True)
    assert one == two


def test_team_match_writes_json_csv_and_plot(tmp_path, capsys):
    out = tmp_path / "match"
    assert team_match.main(["--shield", "loyal", "random", "--hydra", "random", "--players", "5", "6",
                            "--games", "3", "--out", str(out), "--quiet"]) == 0
    data = json.loads((out / "team_match.json").read_text())
    assert [(r["shield"], r["players"]) for r in data["rows"]] == [("loyal", 5), ("loyal", 6),
                                                                   ("random", 5), ("random", 6)]
    with open(out / "team_match.csv", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [int(r["shield_wins"]) for r in rows] == [r["shield_wins"] for r in data["rows"]]
    assert (out / "team_match.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    printed = capsys.readouterr().out
    assert printed.count("SHIELD loyal vs HYDRA random") == 2 and "wrote" in printed
    assert printed.count("paired: SHIELD loyal minus SHIELD random against random") == 2
    with open(out / "paired.csv", encoding="utf-8") as fh:
        assert [int(r["players"]) for r in csv.DictReader(fh)] == [5, 6] == [r["players"] for r in data["paired"]]


@pytest.mark.parametrize(("flags", "message"), [
    (["--players", "4"], "played by 5 to 8"),
    (["--games", "0"], "--games must be at least 1"),
    (["--hydra", "nobody"], "unknown bot 'nobody'"),
    (["--hydra", "ppo:missing.zip"], "missing.zip"),
    (["--components", "no-such-components.json"], "--components: no-such-components.json: cannot be read"),
])
def test_team_match_refuses_bad_input_before_any_game(tmp_path, capsys, flags, message):
    out = tmp_path / "never"
    argv = ["--shield", "loyal", "--hydra", "random", "--games", "2", "--out", str(out), "--quiet"]
    assert team_match.main(_with(argv, flags)) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.startswith("team_match: error:")
    assert not out.exists()


def _with(argv: list[str], flags: list[str]) -> list[str]:
    """``argv`` with each flag of ``flags`` set to its value (replacing the flag's first value)."""
    argv = list(argv)
    for k in range(0, len(flags), 2):
        flag, value = flags[k], flags[k + 1]
        if flag in argv:
            argv[argv.index(flag) + 1] = value
        else:
            argv += [flag, value]
    return argv


def test_team_match_refuses_an_out_that_is_a_file(tmp_path, capsys):
    target = tmp_path / "file"
    target.write_text("mine")
    assert team_match.main(["--shield", "loyal", "--hydra", "random", "--out", str(target), "--quiet"]) == 2
    assert "is a file" in capsys.readouterr().err and target.read_text() == "mine"


def test_paired_comparison_is_the_difference_of_the_two_agents_wins_deal_by_deal():
    played = team_match.play_all(["deduce", "loyal"], ["saboteur", "random"], [6], games=12, seed=5, quiet=True)
    comparisons = team_match.paired(played)
    assert [(c["side"], c["first"], c["other"], c["opponent"]) for c in comparisons] == [
        ("shield", "deduce", "loyal", "saboteur"), ("shield", "deduce", "loyal", "random"),
        ("hydra", "saboteur", "random", "deduce"), ("hydra", "saboteur", "random", "loyal")]
    for c in comparisons:
        key = (lambda a: (a, c["opponent"], 6)) if c["side"] == "shield" else (lambda a: (c["opponent"], a, 6))
        first = [g["winner"] == c["side"] for g in played[key(c["first"])]]
        other = [g["winner"] == c["side"] for g in played[key(c["other"])]]
        assert c["first_only"] == sum(a and not b for a, b in zip(first, other))
        assert c["other_only"] == sum(b and not a for a, b in zip(first, other))
        assert c["difference"] == pytest.approx((sum(first) - sum(other)) / 12)
        assert c["low"] <= c["difference"] <= c["high"]
    rows = team_match.run(["deduce", "loyal"], ["saboteur", "random"], [6], games=12, seed=5, quiet=True)
    assert [r["shield_wins"] for r in rows] == [sum(g["winner"] == "shield" for g in games)
                                                for games in played.values()]
