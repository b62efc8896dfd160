"""The clairvoyant reference (agents.clairvoyant) and ``hydra-env evaluate --regret`` (agents.regret).

The reference reads the true game (R41's hidden cards included), so it must stay
out of every bot path: not registered, never fed a SeatView. Its games are
short here (a small budget, a few seeds of scenario 10).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from agents import clairvoyant, cli, native_bots
from agents.backends import GameTask, bot_seed, game_seed, play_game
from agents.clairvoyant import Budget, clairvoyant_scores, parse_budget, play_clairvoyant
from hydra_env import ConfigError, Game
from hydra_env.envs.bots import bot_names, make_bot
from hydra_env.games.hydra.rules import views

SMALL = Budget(candidates=3, horizon=1, passes=1)
SEEDS = [game_seed(0, i) for i in range(5)]


def _heuristic_score(seed: int, index: int) -> int:
    rec = play_game(GameTask(index, "hydra", {"scenario": 10, "stars": 1}, seed, ("heuristic",),
                             (bot_seed(0, index, 0),)))
    return int(rec.result["score"]) if rec.result["outcome"] == "won" else 0


# --------------------------------------------------------------------------- not a bot

def test_reference_is_not_in_the_bot_registry() -> None:
    assert not any("clairvoyant" in name or "reference" in name for name in bot_names())
    with pytest.raises(ConfigError, match="unknown bot"):
        make_bot("clairvoyant", seed=0)
    assert not any(hasattr(getattr(clairvoyant, name), "act") for name in clairvoyant.__all__)


def test_reference_never_builds_or_samples_a_seat_view(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the reference went through a SeatView")

    monkeypatch.setattr(views.SeatView, "__init__", refused)
    monkeypatch.setattr(views.SeatView, "sample", refused)
    game = play_clairvoyant(10, 1, SEEDS[0], SMALL)
    assert game.is_over


# --------------------------------------------------------------------------- strength

def test_reference_beats_or_equals_the_heuristic_on_most_seeds() -> None:
    ref = clairvoyant_scores(SEEDS, 10, 1, SMALL)
    heur = [_heuristic_score(s, i) for i, s in enumerate(SEEDS)]
    assert sum(r >= h for r, h in zip(ref, heur)) >= 4, (ref, heur)
    assert sum(ref) > sum(heur)


def test_reference_to_the_game_end_is_at_least_the_heuristic_rules_on_the_true_game() -> None:
    """Rollout improvement: with horizon=0 the heuristic's own choice is a candidate valued exactly."""
    budget = Budget(candidates=3, horizon=0, passes=1)
    planner = clairvoyant._Planner(3, 0)
    for seed in SEEDS[:2]:
        g = Game.new(10, 1, seed)
        while not g.is_over:
            planner.step(g)
        assert clairvoyant.expected_score(play_clairvoyant(10, 1, seed, budget)) >= clairvoyant.expected_score(g)


def test_more_passes_never_score_less() -> None:
    one = clairvoyant_scores(SEEDS[:2], 10, 1, Budget(3, 1, 1))
    two = clairvoyant_scores(SEEDS[:2], 10, 1, Budget(3, 1, 2))
    assert all(b >= a for a, b in zip(one, two))


# --------------------------------------------------------------------------- determinism and the two paths

def test_reference_is_deterministic() -> None:
    a, b = play_clairvoyant(10, 1, SEEDS[1], SMALL), play_clairvoyant(10, 1, SEEDS[1], SMALL)
    assert a.history == b.history and a.result().to_dict() == b.result().to_dict()


@pytest.mark.skipif(not native_bots.enabled, reason="the native bots are not built")
def test_native_simulation_gives_the_python_values(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(10, 1, SEEDS[2])
    planner = clairvoyant._Planner(3, 1)
    for _ in range(6):
        legal = game.legal_actions()
        a = planner.policy.ranked(game, game.current_player, legal)[0]
        native = planner.simulate(game, a, game.state.round + 1)
        monkeypatch.setattr(native_bots, "enabled", False)
        python = planner.simulate(game, a, game.state.round + 1)
        python_choice = planner.choose(game)
        monkeypatch.setattr(native_bots, "enabled", True)
        assert native == pytest.approx(python, abs=1e-9)
        assert planner.choose(game) == python_choice
        game.apply(python_choice)


# --------------------------------------------------------------------------- arguments

def test_budget_spec_round_trips_and_defaults() -> None:
    assert parse_budget(None) == Budget() == parse_budget(clairvoyant.DEFAULT_SPEC)
    assert parse_budget("candidates=0,horizon=0,passes=1") == Budget(0, 0, 1)
    assert parse_budget(Budget(5, 2, 3).spec) == Budget(5, 2, 3)


@pytest.mark.parametrize("spec, word", [
    ("depth=3", "depth"), ("candidates=4,candidates=5", "twice"), ("horizon=x", "whole number"),
    ("passes=0", "passes"), ("horizon=0,passes=2", "passes must be 1"), ("candidates", "candidates")])
def test_bad_budget_is_a_config_error_naming_the_piece(spec: str, word: str) -> None:
    with pytest.raises(ConfigError, match=word):
        parse_budget(spec)


def test_reference_refuses_a_coordinated_scenario() -> None:
    with pytest.raises(ConfigError, match="solo scenarios"):
        play_clairvoyant(1, 1, 0, SMALL)


# --------------------------------------------------------------------------- evaluate --regret

def _evaluate(out: Path, *extra: str) -> int:
    return cli.main(["evaluate", "--agent", "heuristic", "--games", "3", "--no-progress", "--out", str(out),
                     "--regret", SMALL.spec, *extra])


def _rows(out: Path) -> list[dict[str, str]]:
    with open(out / "games.csv", newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_regret_columns_are_reference_minus_agent_expected_score(tmp_path: Path) -> None:
    assert _evaluate(tmp_path / "a", "--workers", "1") == 0
    rows = _rows(tmp_path / "a")
    ref = clairvoyant_scores([int(r["seed"]) for r in rows], 10, 1, SMALL)
    for row, score in zip(rows, ref):
        agent = int(row["score"]) if row["outcome"] == "won" else 0
        assert int(row["reference_score"]) == score
        assert int(row["regret"]) == score - agent
    summary = json.loads((tmp_path / "a" / "summary.json").read_text())
    section = summary["regret"]
    regrets = [int(r["regret"]) for r in rows]
    assert section["mean_regret"]["mean"] == pytest.approx(sum(regrets) / 3)
    assert section["matched_or_beat"]["count"] == sum(x <= 0 for x in regrets)
    assert section["reference_summary"]["expected_score"]["mean"] == pytest.approx(sum(ref) / 3)
    assert section["reference"]["budget"] == SMALL.spec and "not a proven optimum" in section["reference"]["note"]
    assert "--regret" in summary["command"]
    assert (tmp_path / "a" / "regret.png").stat().st_size > 0


def test_regret_report_is_the_same_on_two_workers_and_from_reference(tmp_path: Path) -> None:
    assert _evaluate(tmp_path / "one", "--workers", "1") == 0
    assert _evaluate(tmp_path / "two", "--workers", "2") == 0
    assert _evaluate(tmp_path / "read", "--workers", "1", "--reference", str(tmp_path / "one")) == 0
    one = (tmp_path / "one" / "games.csv").read_bytes()
    assert (tmp_path / "two" / "games.csv").read_bytes() == one
    assert (tmp_path / "read" / "games.csv").read_bytes() == one
    assert (tmp_path / "two" / "regret.png").read_bytes() == (tmp_path / "one" / "regret.png").read_bytes()


@pytest.mark.parametrize("extra, word", [
    (["--scenario", "1", "--regret"], "solo scenarios"),
    (["--regret", "depth=2"], "--regret depth=2"),
    (["--reference", "{tmp}"], "--reference cannot apply without --regret"),
    (["--regret", "--reference", "{tmp}"], "cannot read"),
])
def test_bad_regret_arguments_exit_2_with_a_message(extra: list[str], word: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["evaluate", "--agent", "heuristic", "--games", "2", "--no-progress", "--out", str(tmp_path / "out"),
            *[a.replace("{tmp}", str(tmp_path)) for a in extra]]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert word in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_reference_of_another_seed_or_budget_is_refused(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert _evaluate(tmp_path / "one", "--workers", "1") == 0
    capsys.readouterr()
    assert _evaluate(tmp_path / "x", "--seed", "7", "--reference", str(tmp_path / "one")) == 2
    assert "seed" in capsys.readouterr().err
    assert cli.main(["evaluate", "--agent", "heuristic", "--games", "3", "--no-progress", "--out",
                     str(tmp_path / "y"), "--regret", "--reference", str(tmp_path / "one")]) == 2
    assert "budget" in capsys.readouterr().err
