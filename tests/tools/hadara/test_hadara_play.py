"""``hydra-env play --game hadara``: a person plays in the terminal (driven by scripted input)."""

from __future__ import annotations

import builtins
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents import cli
from agents.game_tools.hadara import play as hooks
from hydra_env import game_spec
from hydra_env.games.hadara.components import COLOURS
from hydra_env.games.hadara.rules import price, sale_value


def _feed(monkeypatch: pytest.MonkeyPatch, entries: list[str]) -> None:
    """Answer input() with ``entries``, then end of input."""
    it: Iterator[str] = iter(entries)

    def fake_input(prompt: str = "") -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr(builtins, "input", fake_input)


def test_options_are_named_by_the_codecs_describe_and_a_name_picks_its_action() -> None:
    game = game_spec("hadara").make(seed=3, num_players=3)
    for _ in range(8):
        groups = hooks.option_groups(game, game.legal_actions())
        for g in groups:
            name = game.codec.describe(g.actions[0])
            assert g.targets[0].startswith(name)           # the codec's name, then the card and its price
            found = hooks.match(groups, name)
            assert g.actions[0] in found and all(game.codec.describe(a).startswith(name) for a in found)
        game.apply(game.legal_actions()[-1])


def test_the_table_shows_the_wheel_the_tracks_and_the_price_of_every_card_one_may_take() -> None:
    game = game_spec("hadara").make(seed=3, num_players=3)
    game.apply(game.legal_actions()[0])                   # the wheel is set: the first draft round
    seat, state, comps = game.current_player, game.state, game.components
    text = hooks.table_text(game, seat)
    pointed = [COLOURS[state.board_order[(s + state.wheel) % 5]] for s in range(3)]
    assert f"draft round 1 of 5: seat 0 → {pointed[0]}, seat 1 → {pointed[1]}, seat 2 → {pointed[2]}" in text
    assert "income" in text and "military" in text and "culture" in text and "food" in text
    for k, card in enumerate(state.pairs[seat]):
        assert (f"drawn card {k}: {comps.cards[card].id} " in text and f"— buy {price(state, comps, seat, card)}, "
                f"sell {sale_value(state, comps, seat, card)}" in text)


def test_a_name_or_index_that_is_not_legal_is_refused_with_the_engines_reason(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _feed(monkeypatch, ["?", "buy a gold medal", "remove", "#40", "set the wheel", "q"])
    assert cli.main(["play", "--game", "hadara", "--num-players", "3", "--seat", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("Hadara (rules with reconstructed components) — 3 players, seed 3; "
                                          "you are seat 2")
    assert "wheel: not set yet (seat 2 sets it for epoch I)" in out
    assert "Now: WHEEL" in out and "Score (HD27)" in out                          # the help of this decision
    assert ("'buy a gold medal' is not legal now: seat 2 must now make a WHEEL decision (WHEEL actions), "
            "not GOLD") in out
    assert "'remove' names no legal option now: seat 2 must now make a WHEEL decision" in out
    assert "#40 is not legal now: action 40 (remove tableau card 0 (feeding)) is illegal: seat 2 must now" in out
    assert ("'set the wheel' names 5 options: 1 set the wheel to 0; 2 set the wheel to 1; 3 set the wheel to 2; "
            "4 set the wheel to 3; 5 set the wheel to 4 — type more of the name, or the number") in out
    assert "game abandoned after 0 decisions (seed 3)" in out


def test_a_game_played_to_its_end_shows_the_changes_and_the_score_by_source_and_saves_a_replay(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _feed(monkeypatch, ["1"] * 400)
    path = tmp_path / "r.json"
    assert cli.main(["play", "--game", "hadara", "--num-players", "2", "--opponents", "greedy", "--seed", "4",
                     "--save-replay", str(path)]) == 0
    out = capsys.readouterr().out
    result = json.loads(path.read_text())["result"]
    assert re.search(r"· seat 1 bought \S+ \((yellow|red|blue|green|purple), cost \d+", out)
    assert "  seat 1 (greedy): keep drawn card" in out and "your prices (seat 0" in out
    mine = ", ".join(f"{label} {result[f'seat0_{name}']}" for name, label in
                     (("cards", "cards"), ("colonies", "colonies"), ("statues", "statues"),
                      ("silver", "silver medals"), ("gold", "gold medals"), ("coins", "coins")))
    assert f"Yours by source: {mine}." in out
    assert cli.main(["replay", str(path)]) == 0
    assert f"won by seat {result['winners'][0]}" in capsys.readouterr().out
