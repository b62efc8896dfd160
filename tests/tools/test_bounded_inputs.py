"""Every input of the command line is bounded (issue 30, faults 10 and 15): counts and seeds
with the range the error states, the engine variable checked before any game, and an
option of another game refused by name, for every registered game."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from agents import cli, games
from hydra_env.api.registry import game_names, game_spec

GAMES = game_names()


def _no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: Any, **__: Any) -> None:
        raise AssertionError("a game was played before the inputs were checked")
    monkeypatch.setattr(cli, "run_games", refuse)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("flag", "value", "wanted"), [
    ("--games", str(2**63), "--games: must be at most 1,000,000,000,000 (an integer from 1 to"),
    ("--games", "0", "--games: must be at least 1 (an integer from 1 to 1,000,000,000,000)"),
    ("--seed", str(2**63), "--seed: must be at most 9,223,372,036,854,775,807 (an integer from 0"),
    ("--seed", "-1", "--seed: must be at least 0 (an integer from 0 to"),
    ("--workers", "1025", "--workers: must be at most 1,024 (an integer from 1 to 1,024)"),
])
def test_a_number_out_of_range_is_refused_stating_the_range(
        game: str, flag: str, value: str, wanted: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _no_games(monkeypatch)
    assert cli.main(["evaluate", "--game", game, "--agent", "random", flag, value]) == 2
    err = capsys.readouterr().err
    assert wanted in err and "Traceback" not in err


def test_the_bounded_int_type_accepts_its_bounds_and_nothing_past_them() -> None:
    within = cli.bounded_int(3, 7)
    assert [within(str(v)) for v in (3, 7)] == [3, 7]
    for bad in ("2", "8", "1e3", "7.0"):
        with pytest.raises(argparse.ArgumentTypeError):
            within(bad)


@pytest.mark.parametrize("command", [["evaluate", "--agent", "random", "--games", "2"],
                                     ["tournament", "--players", "random,random", "--games", "2"],
                                     ["train", "--quick"]])
def test_a_bad_engine_variable_is_refused_before_any_game(
        command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Any) -> None:
    _no_games(monkeypatch)
    monkeypatch.setenv("HYDRA_ENV_ENGINE", "bogus")
    monkeypatch.chdir(tmp_path)
    assert cli.main(command) == 2
    err = capsys.readouterr().err
    assert "HYDRA_ENV_ENGINE='bogus' names no engine; use one of native, python" in err
    assert list(tmp_path.iterdir()) == []                 # nothing written


def _a_value(action: argparse.Action) -> list[str]:
    """Command-line words that give ``action`` a value its type accepts."""
    if action.nargs == 0:
        return []
    if action.nargs == "?":
        return []                                   # the flag alone takes its const
    declared = [p for g in GAMES for p in game_spec(g).params if p.flag == action.option_strings[0]]
    candidates = [str(c) for c in action.choices or ()] + [
        str(v) for p in declared for v in (*(p.choices or ()), p.default) if v is not None] + ["1", "2"]
    for text in candidates:
        try:
            (action.type or str)(text)
        except (argparse.ArgumentTypeError, ValueError, TypeError):
            continue
        return [text]
    raise AssertionError(f"no value found for {action.option_strings[0]}")


def _foreign_flags(command: str) -> list[tuple[str, str, list[str]]]:
    """(game, flag, words) for every option another game declares for ``command`` that
    ``game`` does not."""
    cases = []
    for game in GAMES:
        own = {flag for flag, _ in games.game_flags(game, command).values()}
        for other in GAMES:
            probe = argparse.ArgumentParser(add_help=False)
            games.add_options_of(probe, other, command)
            for action in probe._actions:
                flag = action.option_strings[0] if action.option_strings else None
                if flag and flag not in own and (game, flag) not in {(g, f) for g, f, _ in cases}:
                    cases.append((game, flag, [flag, *_a_value(action)]))
    return cases


@pytest.mark.parametrize(("game", "flag", "words"), _foreign_flags("evaluate"),
                         ids=lambda v: v if isinstance(v, str) else None)
def test_an_option_the_chosen_game_does_not_declare_is_refused_by_name(
        game: str, flag: str, words: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _no_games(monkeypatch)
    assert cli.main(["evaluate", "--game", game, "--agent", "random", *words]) == 2
    err = capsys.readouterr().err
    assert f"{flag} cannot apply" in err and f"--game {game}" in err and "Traceback" not in err


def test_regret_is_refused_for_a_game_without_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    takers = [g for g in GAMES if "--regret" in {f for f, _ in games.game_flags(g, "evaluate").values()}]
    others = [g for g in GAMES if g not in takers]
    if not others:
        pytest.skip("every registered game takes --regret")
    _no_games(monkeypatch)
    for game in others:
        assert cli.main(["evaluate", "--game", game, "--agent", "random", "--regret"]) == 2
        assert "--regret cannot apply" in capsys.readouterr().err
