"""Hadara's balance tables (``python -m agents.game_tools.hadara.balance``): a handful of games
with ``greedy`` standing in for the strong agent; the counts add up, a versus row is what
``hydra-env evaluate`` measures on the same seed, bad arguments are one clear line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agents.evaluate import evaluate_games
from agents.game_tools.hadara import balance
from agents.game_tools.hadara.balance_play import play_table, rotated_specs, versus_specs
from agents.game_tools.hadara.balance_report import card_summary, setup_summary, versus_summary
from hydra_env.games.hadara.components import resolve_components

DRAFT_ROUNDS, EPOCHS = 5, 3


@pytest.fixture(scope="module")
def self_play() -> list:
    """Four games of 4 x greedy."""
    return play_table(versus_specs("greedy", "greedy", 4), 4, 4, 0, {})


def test_every_seat_draws_two_cards_per_draft_round_and_buys_at_most_one(self_play: list) -> None:
    summary = card_summary(self_play, "greedy", resolve_components(None))
    seats = 4 * len(self_play)
    assert summary["drawn"] == seats * DRAFT_ROUNDS * EPOCHS * 2
    assert 0 < summary["bought_a"] <= seats * DRAFT_ROUNDS * EPOCHS
    assert 0 < summary["bought_b"] <= summary["offered"]
    assert sum(r["drawn"] for r in summary["cards"]) == summary["drawn"]
    assert len(summary["cards"]) == 150          # the basic epoch cards: 3 epochs x 5 colours x 10
    # a draft decision each round, and each phase-B pick that offers a choice (HD30: one legal action is applied)
    assert seats * DRAFT_ROUNDS * EPOCHS < summary["picks"] <= seats * 2 * DRAFT_ROUNDS * EPOCHS
    assert summary["buys"] == summary["bought_a"] + summary["bought_b"]


def test_setup_cards_cover_every_seat_and_their_gaps_sum_to_zero_per_game(self_play: list) -> None:
    summary = setup_summary(self_play)
    cards = summary["setup_cards"]
    assert sum(m["n"] for m in cards.values()) == 4 * len(self_play)
    assert abs(sum(m["mean"] * m["n"] for m in cards.values())) < 1e-6
    assert summary["first_player"]["n"] == len(self_play)


def test_a_versus_row_is_what_evaluate_measures_on_the_same_seed(tmp_path: Path) -> None:
    facts = play_table(versus_specs("specialist:colour=red", "greedy", 4), 4, 4, 3, {})
    row = versus_summary(facts, "specialist:colour=red", "greedy")
    summary = evaluate_games("hadara", "specialist:colour=red", opponents=["greedy"], games=4, seed=3,
                             out=tmp_path / "eval", quiet=True)
    assert row["wins"] == summary["win"]["count"]
    assert row["score"]["mean"] == pytest.approx(summary["mean_score"]["mean"])


def test_a_table_of_one_agent_deals_every_game_anew(self_play: list) -> None:
    assert len({tuple(g.setup) for g in self_play}) > 1 or len({g.first for g in self_play}) > 1
    assert len({tuple(g.result["scores"]) for g in self_play}) == len(self_play)


def test_the_rotated_table_seats_each_specialist_once_per_game() -> None:
    lineup = ["a", "b", "c", "d", "e"]
    seats = rotated_specs(lineup)
    assert [seats(i)[0] for i in range(5)] == ["a", "e", "d", "c", "b"]
    assert all(sorted(seats(i)) == lineup for i in range(5))


def test_the_command_writes_its_tables_and_the_wins_add_up(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "b"
    rc = balance.main(["--agent-pool", "greedy", "--bots", "greedy", "--games", "2", "--five-games", "5",
                       "--out", str(out), "--no-progress"])
    assert rc == 0
    data = json.loads((out / "balance.json").read_text())
    assert {p.name for p in out.iterdir()} == {"balance.md", "balance.json", "balance.png"}
    five = data["five"]
    assert sum(r["seats"] for r in five["rows"]) == 5 * five["games"]
    assert sum(r["wins"] for r in five["rows"]) >= five["games"]          # a shared first counts for each
    assert data["versus"][0]["games"] == 2 and "## The five specialists" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "words"), [
    (["--tables", "versus,bogus"], "unknown table bogus"),
    (["--games-for", "rollout"], "SPEC=N"),
    (["--games", "0"], "--games"),
    (["--agent-pool", "no-such-bot"], "cannot make agent 'no-such-bot'"),
    (["--games-for", "random=3"], "not in --agent-pool"),
    (["--components", "missing.json"], "no such file"),
])
def test_bad_arguments_are_one_clear_line(argv: list[str], words: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture) -> None:
    try:
        rc = balance.main([*argv, "--out", str(tmp_path / "o"), "--no-progress"])
    except SystemExit as exc:
        rc = exc.code
    err = capsys.readouterr().err
    assert rc == 2 and words in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_a_component_file_that_is_not_one_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "hadara-components/1"}')
    rc = balance.main(["--components", str(bad), "--out", str(tmp_path / "o"), "--no-progress"])
    assert rc == 2 and "--components" in capsys.readouterr().err
