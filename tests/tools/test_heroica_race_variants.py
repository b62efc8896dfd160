"""benchmarks/heroica_race_variants.py: each variant (a heuristic knob turned, or ``deadline``)
takes the rotating seat of a 4-seat race against three ``heuristic``; the script's arguments
are checked before any race is played."""

from __future__ import annotations

import pytest
from helpers.benchmarks import assert_refused, load_benchmark

from hydra_env.games.heroica import bot_parts, bot_values

variants = load_benchmark("heroica_race_variants")


def test_the_deadline_variant_plays_whole_races_and_counts_its_wins():
    wins, cpu = variants.win_share("deadline", 0, games=8)
    assert 0 <= wins <= 8 and cpu > 0


def test_a_knob_is_turned_only_while_the_variant_decides():
    before = bot_values.RACE_MARGIN
    wins, _ = variants.win_share("margin", before + 3, games=4)
    assert 0 <= wins <= 4
    assert bot_values.RACE_MARGIN == before and bot_parts.WAIT_DISTANCE == 6


@pytest.mark.parametrize("argv, message", [
    (["speed=3"], "give KNOB=INTEGER with KNOB one of margin, horizon, wait"),
    (["margin=two"], "give KNOB=INTEGER"),
    (["deadline", "--games", "0"], "--games must be at least 1"),
])
def test_bad_variants_and_counts_are_refused_naming_the_fix(argv, message, capsys):
    assert_refused(variants.main, argv, message, capsys)
