"""benchmarks/heroica_race_headroom.py: the gain of one improvement step on Heroica's race
heuristic, estimated by cross-fitted playouts (the half that scores an action never chose it)."""

from __future__ import annotations

import pytest
from helpers.benchmarks import assert_refused, load_benchmark

headroom = load_benchmark("heroica_race_headroom")


def test_an_action_that_always_wins_where_the_heuristics_always_loses_gains_the_whole_race():
    wins = {3: [0] * 8, 7: [1] * 8}
    assert headroom.cross_fitted_gain(wins, mine=3, half=4, z=0.0) == (1.0, True)
    assert headroom.cross_fitted_gain(wins, mine=3, half=4, z=2.0) == (1.0, True)


def test_ties_keep_the_heuristics_choice_and_gain_nothing():
    wins = {3: [1, 0, 1, 0, 1, 0], 7: [1, 0, 1, 0, 1, 0]}
    assert headroom.cross_fitted_gain(wins, mine=7, half=3, z=0.0) == (0.0, False)


def test_a_choice_that_wins_in_one_half_only_is_scored_by_the_other_half():
    wins = {1: [0, 0, 0, 0, 0, 0], 2: [1, 1, 1, 0, 0, 0]}       # 2 wins only in the first half
    gain, disagree = headroom.cross_fitted_gain(wins, mine=1, half=3, z=0.0)
    assert disagree and gain == 0.0                            # chosen by A, scored 0 by B; B keeps 1


def test_a_margin_keeps_the_heuristics_choice_unless_the_difference_is_clear():
    wins = {1: [1, 0, 1, 0, 1, 0, 1, 0], 2: [1, 1, 1, 0, 1, 0, 1, 0]}
    part = slice(0, 8)
    assert headroom.chosen(wins, 1, part, z=0.0) == 2
    assert headroom.chosen(wins, 1, part, z=2.0) == 1


def test_a_race_records_every_decision_with_a_choice_for_every_margin_the_same_way_twice():
    first, again = headroom.race_headroom(5, half=3), headroom.race_headroom(5, half=3)
    assert first.kinds and set(first.kinds) <= {"MOVE", "FIGHT", "SHIELD", "STEP", "HEAL_END"}
    for z in headroom.MARGINS:
        assert len(first.gains[z]) == len(first.kinds) == len(first.disagree[z])
        assert all(-100.0 <= g <= 100.0 for g in first.gains[z])
    assert (first.kinds, first.gains, first.disagree) == (again.kinds, again.gains, again.disagree)


def test_the_figures_do_not_depend_on_the_number_of_workers(capsys):
    headroom.main(["--races", "2", "--half", "2", "--workers", "1"])
    alone = capsys.readouterr().out
    headroom.main(["--races", "2", "--half", "2", "--workers", "2"])
    shared = capsys.readouterr().out
    strip = [line for line in alone.splitlines() if "CPU s" not in line]
    assert strip == [line for line in shared.splitlines() if "CPU s" not in line]
    assert "gain" in alone and "points of win share a race" in alone


@pytest.mark.parametrize("argv, message", [
    (["--races", "0"], "--races must be at least 1"),
    (["--half", "0"], "--half must be at least 1"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--half", "5000"], "--half must be at most 4,999"),
    (["--seed", "-2"], "--seed must be 0 or more"),
])
def test_bad_counts_are_refused_before_any_race(argv, message, capsys):
    assert_refused(headroom.main, argv, message, capsys)
