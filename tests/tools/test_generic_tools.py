"""evaluate and tournament written once: a toy game with no hooks goes through the generic
path, the library function writes what the command writes, ``--game`` options come from
the registry."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from api.toy_nim import SPEC as NIM

from agents import cli, games, stats
from agents.evaluate import evaluate_games, read_games_csv
from agents.evaluate_defaults import COLUMNS
from agents.hydras.match import wilson
from agents.tournament_defaults import GAME_COLUMNS
from hydra_env.api import register, unregister

RUN = ["--workers", "1", "--no-progress"]


@pytest.fixture
def nim() -> Iterator[None]:
    register(NIM, replace=True)
    try:
        yield
    finally:
        unregister(NIM.name)


def test_a_game_without_hooks_is_evaluated_by_the_generic_path(nim: None, tmp_path: Path) -> None:
    out = tmp_path / "eval"
    assert cli.main(["evaluate", "--game", "nim", "--agent", "random", "--piles", "4", "--games", "6",
                     *RUN, "--out", str(out)]) == 0
    rows = read_games_csv(out / "games.csv")
    assert tuple(rows[0]) == COLUMNS and [r["seat"] for r in rows] == ["0", "1"] * 3
    summary = json.loads((out / "summary.json").read_text())
    assert summary["config"]["game"] == "nim" and summary["config"]["params"] == {"piles": 4, "max_take": 3}
    assert "--piles 4" in summary["command"] and (out / "scores.png").stat().st_size > 0


def test_a_game_without_hooks_plays_a_tournament(nim: None, tmp_path: Path) -> None:
    out = tmp_path / "tour"
    assert cli.main(["tournament", "--game", "nim", "--players", "random,random,random", "--games", "6",
                     *RUN, "--out", str(out)]) == 0
    rows = read_games_csv(out / "games.csv")
    assert tuple(rows[0]) == GAME_COLUMNS and len(rows) == 6
    doc = json.loads((out / "results.json").read_text())
    assert [p["games"] for p in doc["players"]] == [4, 4, 4]


def test_options_of_other_games_are_refused(nim: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["evaluate", "--agent", "random", "--piles", "3", "--out", str(tmp_path / "a")]) == 2
    assert "--piles cannot apply" in capsys.readouterr().err
    assert cli.main(["evaluate", "--game", "nim", "--agent", "random", "--stars", "2",
                     "--out", str(tmp_path / "b")]) == 2
    assert "--stars cannot apply" in capsys.readouterr().err
    assert cli.main(["evaluate", "--game", "nim", "--agent", "random", "--html", str(tmp_path / "p.html"),
                     "--out", str(tmp_path / "c")]) == 2
    assert "--html cannot apply" in capsys.readouterr().err


def test_game_choices_come_from_the_registry(nim: None) -> None:
    assert games.game_name(" NIM ") == "nim" and games.default_game() == "hydra"
    assert games.game_flags("nim", "evaluate") == {"piles": ("--piles", None), "max_take": ("--max-take", None)}


@pytest.mark.parametrize("argv, game, params, agent, opponents", [
    (["--game", "hydras", "--agent", "greedy", "--opponents", "random", "--num-players", "3"],
     "hydras", {"num_players": 3}, "greedy", ["random"]),
    (["--mode", "solo", "--agent", "random", "--scenario", "10", "--stars", "1"],
     "hydra", {"scenario": 10, "stars": 1}, "random", None)])
def test_evaluate_games_writes_what_the_command_writes(argv: list[str], game: str, params: dict, agent: str,
                                                       opponents: list[str] | None, tmp_path: Path) -> None:
    assert cli.main(["evaluate", *argv, "--games", "6", "--seed", "4", *RUN, "--out", str(tmp_path / "cli")]) == 0
    summary = evaluate_games(game, agent, params=params, opponents=opponents, games=6, seed=4,
                             out=tmp_path / "lib", quiet=True)
    for name in ("games.csv", "summary.json"):
        assert (tmp_path / "cli" / name).read_bytes() == (tmp_path / "lib" / name).read_bytes()
    assert summary == json.loads((tmp_path / "lib" / "summary.json").read_text())


def test_match_wilson_is_the_stats_interval() -> None:
    assert wilson(7, 20) == stats.wilson_interval(7, 20) and wilson(0, 0) == (0.0, 1.0)


def test_re_running_without_out_writes_a_new_run_folder_each_time(nim: None, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    for command, agent in (("evaluate", ["--agent", "random"]), ("tournament", ["--players", "random,random"])):
        for _ in range(2):
            assert cli.main([command, "--game", "nim", *agent, "--games", "2", *RUN]) == 0
        base = tmp_path / "runs" / ("eval" if command == "evaluate" else "tournament")
        folders = sorted(p.name for p in base.iterdir())
        assert len(folders) == 2 and folders[0] != folders[1], folders
        assert all("__" in name for name in folders)          # the run's name, then when it started
