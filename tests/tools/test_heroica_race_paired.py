"""benchmarks/heroica_race_paired.py: an agent in the rotating seat of 4-seat races against three
``heuristic``, paired with the heuristic itself in that seat on the same races (common random
numbers); the races the agent did not change are not played twice."""

from __future__ import annotations

from helpers.benchmarks import assert_refused, load_benchmark

paired = load_benchmark("heroica_race_paired")


def test_the_heuristic_paired_with_itself_never_differs_and_wins_what_its_control_wins():
    tally = paired.play_chunk("heuristic", 0, 24)
    assert tally.races == 24 and tally.choices > 24
    assert tally.differ == tally.changed == tally.plus == tally.minus == 0
    assert tally.wins == tally.control_wins and tally.no_winner == 0


def test_an_agent_that_chooses_otherwise_is_replayed_against_its_control():
    tally = paired.play_chunk("greedy", 0, 24)
    assert 0 < tally.changed <= 24 and tally.differ >= tally.changed
    assert tally.wins - tally.control_wins == tally.plus - tally.minus
    assert tally.plus + tally.minus <= tally.changed


def test_a_race_the_agent_did_not_change_counts_the_same_winner_for_both():
    tally = paired.play_chunk("heuristic:spare=true", 0, 60)     # spares a goblin in a few races only
    assert tally.changed < 60
    assert tally.wins - tally.control_wins == tally.plus - tally.minus


def test_the_chunks_of_two_workers_add_up_to_one_run():
    one = paired.play_chunk("greedy", 10, 12)
    halves = paired.merge([paired.play_chunk("greedy", 10, 6), paired.play_chunk("greedy", 16, 6)])
    assert (one.wins, one.control_wins, one.changed, one.differ, one.plus, one.minus) == \
        (halves.wins, halves.control_wins, halves.changed, halves.differ, halves.plus, halves.minus)


def test_the_report_reads_the_paired_difference_as_a_win_share_above_a_quarter():
    tally = paired.Chunk(races=1000, wins=260, control_wins=250, plus=30, minus=20, changed=80,
                         choices=5000, differ=90)
    text = paired.report(tally, "an agent", 0)
    assert "26.000%" in text and "+1.000 points" in text and "(1/4 + paired)   26.000%" in text


def test_a_bad_agent_spec_is_refused_before_any_race(capsys):
    assert_refused(paired.main, ["--agent", "no-such-bot", "--races", "10"], "--agent", capsys)


def test_a_count_of_no_races_is_refused(capsys):
    assert_refused(paired.main, ["--agent", "heuristic", "--races", "0"], "--races must be at least 1", capsys)


def test_an_agent_that_cannot_play_a_race_is_refused_before_the_races(capsys):
    assert_refused(paired.main, ["--agent", "solo-optimal", "--races", "10"], "plays solo games only", capsys)
