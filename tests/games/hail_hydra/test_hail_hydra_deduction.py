"""The deduction metrics of Hail Hydra's bots: log-score, Brier score, knock-out precision, the table."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from hydra_env.games.hail_hydra import deduction as d
from hydra_env.games.hail_hydra.bots import DeduceBot, LoyalBot, RandomBot, SaboteurBot
from hydra_env.games.hail_hydra.game import new_game


def test_log_score_is_the_mean_log_probability_of_the_true_loyalties_by_hand():
    belief, loyalty = [0.8, 0.5, 0.1], [1, 0, 0]
    assert d.log_score(belief, loyalty) == pytest.approx((math.log(0.8) + math.log(0.5) + math.log(0.9)) / 3)
    assert d.log_score(belief, loyalty, skip=1) == pytest.approx((math.log(0.8) + math.log(0.9)) / 2)
    assert d.log_score([1.0, 0.0], [1, 0]) == pytest.approx(math.log(1 - d.CLIP))
    assert d.log_score([0.0, 0.0], [1, 0]) == pytest.approx((math.log(d.CLIP) + math.log(1 - d.CLIP)) / 2)


def test_brier_score_is_the_mean_squared_gap_to_the_true_loyalties_by_hand():
    belief, loyalty = [0.8, 0.5, 0.1], [1, 0, 0]
    assert d.brier_score(belief, loyalty) == pytest.approx((0.04 + 0.25 + 0.01) / 3)
    assert d.brier_score(belief, loyalty, skip=0) == pytest.approx((0.25 + 0.01) / 2)
    assert d.brier_score([1.0, 0.0, 0.0], loyalty) == 0.0


def test_a_tally_scores_each_vote_beside_the_uniform_prior_and_counts_knockout_precision():
    tally = d.Tally()
    loyalty = [1, 0, 0, 1, 0]
    tally.add_vote([0.9, 0.0, 0.2, 0.7, 0.3], loyalty, seat=1)
    tally.add_vote([0.4, 0.4, 0.0, 0.4, 0.4], loyalty, seat=2)
    expected_log = (d.log_score([0.9, 0.0, 0.2, 0.7, 0.3], loyalty, 1)
                    + d.log_score([0.4, 0.4, 0.0, 0.4, 0.4], loyalty, 2)) / 2
    for result in (("shield", 1, 2), ("hydra", 2, 0), ("hydra", 0, 0)):
        tally.add_game(SimpleNamespace(outcome=result[0], knockouts_shield=result[1], knockouts_hydra=result[2]))
    row = tally.row()
    assert row["votes"] == 2 and row["games"] == 3
    assert row["log_score"] == pytest.approx(expected_log)
    # the prior 0.4 on 2 HYDRA and 2 SHIELD seats (either voter skipped): ln 0.4, ln 0.6; 0.36, 0.16
    assert row["log_score_prior"] == pytest.approx((math.log(0.4) + math.log(0.6)) / 2)
    assert row["brier_prior"] == pytest.approx((0.36 + 0.16) / 2)
    assert row["ko_precision"] == pytest.approx(2 / 5) and row["shield_win"] == pytest.approx(1 / 3)
    low, high = row["ko_precision_ci95"]
    assert low < 0.4 < high


def test_every_bot_exposes_a_belief_and_says_what_it_is():
    game = new_game(seed=3, num_players=6)
    view = game.view(game.current_player)
    for bot in (RandomBot(seed=1), LoyalBot(seed=1), SaboteurBot(seed=1), DeduceBot(seed=1)):
        belief = d.belief_of(bot, view)
        assert len(belief) == 6 and all(0.0 <= p <= 1.0 for p in belief)
        assert sum(belief) == pytest.approx(2.0)       # 2 HYDRA at 6 players
        assert d.belief_label(bot)
    assert d.belief_of(RandomBot(seed=1), view) == [2 / 6] * 6
    assert d.belief_of(object(), view) == [2 / 6] * 6
    assert "uniform prior" in d.belief_label(object()) and "uniform prior" in d.belief_label(RandomBot())


def test_deduce_shield_beats_the_uniform_prior_at_its_votes():
    row = d.measure(DeduceBot, SaboteurBot, players=5, games=4)
    assert row["votes"] > 0
    assert row["log_score"] > row["log_score_prior"] and row["brier"] < row["brier_prior"]


def test_the_command_prints_a_table_per_bot_and_player_count(capsys):
    d.main(["--games", "2", "--players", "5", "6", "--bots", "random", "loyal"])
    out = capsys.readouterr().out
    assert "random — belief: uniform prior" in out and "loyal — belief: public posterior" in out
    rows = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert [r[0] for r in rows] == ["5", "6", "5", "6"] and all(r[1] == "2" for r in rows)


@pytest.mark.parametrize("argv, words", [(["--players", "9"], "5 to 8 players"),
                                         (["--bots", "clever"], "unknown bot 'clever'"),
                                         (["--games", "0"], "1 or more")])
def test_the_command_names_a_bad_input(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_info:
        d.main(argv)
    assert exit_info.value.code == 2 and words in capsys.readouterr().err
