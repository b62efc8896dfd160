"""benchmarks/hydras_calibration.py: its figures, and that they do not depend on the worker count."""

from __future__ import annotations

import pytest
from helpers.benchmarks import load_benchmark

from hydra_env.games.hydras.rules import HydrasGame
from hydra_env.games.hydras.rules.state import Event

calibration = load_benchmark("hydras_calibration")   # (worker processes find play_chunk by name)


def test_calibration_games_do_not_depend_on_the_worker_count() -> None:
    one = calibration.play_setting("random", 3, 12, 1, quiet=True, chunk=5)
    two = calibration.play_setting("random", 3, 12, 2, quiet=True, chunk=5)
    assert one == two and len(one) == 12
    assert one == [calibration.play_one("random", 3, seed) for seed in range(12)]


def test_calibration_counts_one_block_chain_per_sword_or_torch_played() -> None:
    for seed in range(6):
        figures = calibration.play_one("heuristic", 4, seed)
        game = HydrasGame.new(4, seed=seed)
        bots = [calibration.BOTS["heuristic"](seed=seed * 8 + s) for s in range(4)]
        while not game.is_over:
            seat = game.current_player
            game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
        log = game.state.log
        attacks = sum(e.event in (Event.SWORD, Event.TORCH) for e in log)
        assert len(figures["chains"]) == attacks
        assert sum(figures["chains"]) == sum(e.event == Event.BLOCK for e in log)
        assert figures["scores"] == list(game.result().scores)
        assert 0 <= figures["forced"] <= figures["turns"]


def test_calibration_summary_shares_lie_between_zero_and_one() -> None:
    games = calibration.play_setting("random", 2, 20, 1, quiet=True)
    row = calibration.summarise(games, 2)
    for key in ("complete_share", "longest_shared_share", "forced_discard_share", "chain_1_share",
                "chain_2_share", "chain_3_share"):
        assert 0.0 <= row[key] <= 1.0, key
    assert row["chain_1_share"] >= row["chain_2_share"] >= row["chain_3_share"]
    assert row["score_mean"] == pytest.approx(sum(s for g in games for s in g["scores"]) / 40)
