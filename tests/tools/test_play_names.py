"""``hydra-env play``, every game: each option has a name of its own, derived from its action,
and what is typed picks the option it names (or is refused with the matches listed)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from agents import cli
from agents.play_text import ordered_actions
from agents.terminal.options import match_names, name_words, option_names, short_name
from agents.terminal.table import Table, option_groups
from hydra_env import game_names, game_spec

GAMES = game_names()
SETTINGS: dict[str, list[dict[str, Any]]] = {"hydra": [{}, {"scenario": 1}], "heroica": [{}, {"num_players": 3}]}
PASSES = ("pass", "end the turn")         # the pass-like options: their last words, and what is typed
TYPED = {"pass": "pass", "end the turn": "end"}


def _decisions(name: str, seeds: int = 2, limit: int = 120) -> Any:
    """(game, table) at each decision of random games of ``name``."""
    spec = game_spec(name)
    for params in SETTINGS.get(name, [{}]):
        for seed in range(seeds):
            game = spec.make(seed=seed, **params)
            rng = random.Random(seed)
            for _ in range(limit):
                if game.is_over:
                    break
                yield game, Table(game, game.current_player, {}, [], hooks=spec.hooks("play"))
                game.apply(rng.choice(game.legal_actions()))


def _match(table: Table, groups: list, entry: str) -> Any:
    from agents.terminal.options import match_groups
    return getattr(table.hooks, "match", match_groups)(groups, entry)


@pytest.mark.parametrize("name", GAMES)
def test_no_two_legal_actions_share_a_name_and_each_name_typed_picks_its_action(name: str) -> None:
    checked = 0
    rng = random.Random(0)
    for game, table in _decisions(name):
        groups = option_groups(table, game)
        legal, names = ordered_actions(groups), option_names(groups)
        assert sorted(legal) == sorted(game.legal_actions())
        typed = {tuple(w.lower() for w in name_words(n)) for n in names}   # as compared when typed
        assert len(typed) == len(names), names
        for k in rng.sample(range(len(legal)), min(4, len(legal))):      # typed: a few of them
            assert match_names(names, names[k]) == [k]
            assert _match(table, groups, names[k]) == [legal[k]]
            assert _match(table, groups, short_name(names, k)) == [legal[k]]   # the keys line's example
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("name", GAMES)
def test_an_options_name_comes_from_its_action_not_from_the_other_options(name: str) -> None:
    rng = random.Random(1)
    for game, table in _decisions(name, seeds=1, limit=60):
        groups = option_groups(table, game)
        named = dict(zip(ordered_actions(groups), option_names(groups)))
        legal = game.legal_actions()
        some = sorted(rng.sample(legal, max(1, len(legal) // 2)))
        hook = getattr(table.hooks, "option_groups", None)
        if hook is None:
            continue                                   # the default: one line per action, its describe text
        fewer = hook(game, some)
        assert dict(zip(ordered_actions(fewer), option_names(fewer))) == {a: named[a] for a in some}


@pytest.mark.parametrize("name", GAMES)
def test_a_pass_like_option_is_picked_by_typing_pass_or_end(name: str) -> None:
    found = 0
    for game, table in _decisions(name, seeds=3):
        groups = option_groups(table, game)
        legal, names = ordered_actions(groups), option_names(groups)
        for k, n in enumerate(names):
            last = " ".join(n.lower().split("→")[-1].split())
            if last in PASSES:
                assert _match(table, groups, TYPED[last]) == [legal[k]], (n, names)
                found += 1
    if name == "heroica":
        return                       # its "end the turn" comes in battles only, rarely at random
    assert found > 0


def test_the_hydra_option_that_kept_its_place_keeps_its_name_after_a_decision() -> None:
    game = game_spec("hydra").make(seed=11)
    table = Table(game, 0, {}, [], hooks=game_spec("hydra").hooks("play"))
    before = option_names(option_groups(table, game))
    game.apply(ordered_actions(option_groups(table, game))[0])          # A1 → move to r9c0
    after = option_names(option_groups(table, game))
    assert "A2 → portal to r8c1" in before and "A2 → portal to r8c1" in after
    assert before.index("A2 → portal to r8c1") != after.index("A2 → portal to r8c1")  # its number changed


def _feed(monkeypatch: pytest.MonkeyPatch, entries: list[str]) -> None:
    it = iter(entries)

    def fake_input(prompt: str = "") -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr("builtins.input", fake_input)


def test_a_notation_naming_several_options_is_refused_with_the_matches_listed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _feed(monkeypatch, ["A r-1c+0 180", "A seat 1 r-1c+0 180", "q"])
    assert cli.main(["play", "--game", "hydras", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert ("'A r-1c+0 180' names 3 options: 1 A → neck on seat 0 (you) r-1c+0 180°; 4 A → neck on seat 1 "
            "r-1c+0 180°; 7 A → neck on seat 2 r-1c+0 180° — type more of the name, or the number") in out
    assert "seat 0 (you) lays poison head II as a neck on seat 1's hydra at r-1c+0, turned 180°" in out


def test_pass_spends_one_action_and_the_help_says_so_r15(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    _feed(monkeypatch, ["?", "pass", "q"])
    assert cli.main(["play", "--mode", "solo", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    assert "'pass' spends one action (a token) for nothing (R15)" in out
    assert "you: city action: pass" in out
    assert "actions done 1/5" in out and "action phase — your decision" in out.split("you: city action: pass")[1]
