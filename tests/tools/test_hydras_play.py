"""``hydra-env play --game hydras``: a person plays the card game in the terminal."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest

from agents import cli, replay
from agents.hydras import play
from agents.hydras.random_bot import HydrasRandomBot
from agents.hydras.words import option_groups
from agents.play_text import notation
from hydra_env.games.hydras.rules import HydrasGame


def _answers(*items: str) -> Iterator[str]:
    yield from items
    while True:
        yield "1"


def _shown(game: HydrasGame, seat: int) -> str:
    buf = io.StringIO()
    with redirect_stdout(buf):
        play._show(game, seat, option_groups(game, game.legal_actions()))
    return buf.getvalue()


def test_the_table_shown_hides_the_other_seats_hands_and_the_deck_h14() -> None:
    game = HydrasGame.new(3, seed=2)
    bots = [HydrasRandomBot(seed=s) for s in range(3)]
    checked = 0
    while not game.is_over and checked < 12:
        seat = game.current_player
        if seat == 0:
            shown = _shown(game, 0)
            for k in range(4):      # other seats' hands and the deck dealt anew: the same text
                assert _shown(game.determinize(0, np.random.default_rng(k)), 0) == shown
            checked += 1
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    assert checked == 12


def test_every_option_can_be_typed_in_its_notation_or_by_number() -> None:
    game = HydrasGame.new(3, seed=9)
    groups = option_groups(game, game.legal_actions())
    assert sorted(a for g in groups for a in g.actions) == game.legal_actions()
    for g in groups:
        for k, action in enumerate(g.actions):
            assert play.match(groups, notation(g, k)) == [action]
    first = groups[0]
    typed = f"{first.code} {first.kind} {first.targets[0]}".replace("°", "").upper()   # case and ° do not matter
    assert play.match(groups, typed) == [first.actions[0]]
    assert play.match(groups, "pass") == []


def test_a_person_plays_a_game_to_its_end_and_the_replay_verifies(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    answers = _answers("nonsense", "99", "?", "b", "l")
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    path, page = tmp_path / "game.json", tmp_path / "game.html"
    assert cli.main(["play", "--game", "hydras", "--num-players", "2", "--seed", "4", "--opponents", "greedy",
                     "--save-replay", str(path), "--html", str(page)]) == 0
    out = capsys.readouterr().out
    assert "'nonsense' is not a choice" in out and "99 is not in the list" in out
    assert "Legend:" in out and "Now: turn" in out
    assert "seat 1 (greedy):" in out and "your hand: A " in out
    assert "Scores: seat 0" in out
    doc = replay.load_replay(path)
    assert doc["seats"] == ["human", "greedy"] and replay.verify_replay(doc, check_bots=True).ok
    assert "Hydras replay" in page.read_text()


def test_save_then_load_continues_the_same_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "saved.json"
    answers = _answers("1", "2", f"s {saved}", "q")
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert cli.main(["play", "--game", "hydras", "--seed", "8"]) == 0
    assert "game abandoned" in capsys.readouterr().out
    before = HydrasGame.from_json(saved.read_text())
    answers = _answers("q")
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert cli.main(["play", "--game", "hydras", "--load", str(saved)]) == 0
    out = capsys.readouterr().out
    assert f"seed {before.seed}" in out and f"abandoned after {len(before.history)} decisions" in out


def test_a_block_offer_is_asked_of_the_blocking_person_out_of_turn() -> None:
    for seed in range(40):
        game = HydrasGame.new(2, seed=seed)
        bot = HydrasRandomBot(seed=seed)
        asked = []

        def ask(prompt: str, game: HydrasGame = game) -> str:
            asked.append((game.pending or {}).get("kind"))
            return "pass" if asked[-1] == "block offer" else "1"
        with redirect_stdout(io.StringIO()):
            assert play.play_game(game, 1, {0: bot}, ["random", "human"], ask=ask)
        if "block offer" in asked:
            assert game.is_over
            return
    pytest.fail("no block offer came to the person in 40 games")


def test_bad_play_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--game", "hydras", "--seat", "3"]) == 2
    assert "seats 0-2" in capsys.readouterr().err
    assert cli.main(["play", "--game", "hydras", "--opponents", "random,greedy,heuristic"]) == 2
    assert "3 specs for 2 other seats" in capsys.readouterr().err
