"""Tests of the compass (R22–R25 of docs/games/hydra/rules.md, section "Compass and glory"):
glory as absolute progress, start order, support and turn order — the
functions of ``hydra_env.games.hydra.rules.compass`` and their effects in coordinated games.

Compass progress is absolute (laps × 16 + space), so in the lists below a
value of 20 is "lap 1, space 4". Drawn as a strip of absolute positions::

    progress  -3 -2 -1  0  1  2  3  4
    tokens        b     a     c          a=seat 0 on 0, b=seat 1 on -2, c=seat 2 on 2
"""

from __future__ import annotations

import numpy as np
import pytest

from hydra_env import Game
from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules import testing as ht

COMPASS_SPACES = 16


def _free_between(glory: list[int], seat: int, lo: int, hi: int) -> int:
    """Positions in (lo, hi] not held by a token other than ``seat``'s."""
    others = {g for s, g in enumerate(glory) if s != seat}
    return sum(1 for p in range(lo + 1, hi + 1) if p not in others)


# --------------------------------------------------------------------- R22: gain / lose


def test_r22_gain_moves_forward_on_free_positions():
    g = [0, 5, 9]
    compass.gain(g, 0, 3)
    assert g == [3, 5, 9]


def test_r22_gain_skips_held_spaces_which_do_not_count():
    # progress  0  1  2  3  4
    #           a  b  c        a gains 1: 1 and 2 are held, it lands on 3
    g = [0, 1, 2]
    compass.gain(g, 0, 1)
    assert g == [3, 1, 2]
    # a gains 2 from 0 past b on 1: positions 2 and 3 count, b is skipped
    g = [0, 1, 5]
    compass.gain(g, 0, 2)
    assert g == [3, 1, 5]


def test_r22_lose_moves_back_skipping_held_spaces():
    # progress -3 -2 -1  0
    #           c  b     a   a loses 1 → -1; loses 2 → -1, then -2 held, -3 held → -4
    g = [0, -2, -3]
    compass.lose(g, 0, 1)
    assert g == [-1, -2, -3]
    g = [0, -2, -3]
    compass.lose(g, 0, 2)
    assert g == [-4, -2, -3]
    g = [5, 4, 3]
    compass.lose(g, 0, 1)
    assert g == [2, 4, 3]


def test_r22_zero_or_negative_amounts_change_nothing():
    g = [0, 1]
    compass.gain(g, 0, 0)
    compass.lose(g, 0, 0)
    compass.gain(g, 0, -2)
    assert g == [0, 1]


def test_r22_lapping_a_token_far_ahead_never_blocks():
    # Seat 1 is a lap ahead on space 4 (absolute 20): seat 0 passing space 4 of
    # its own lap is not blocked (in the physical game the token is on the outer ring).
    g = [3, 3 + COMPASS_SPACES + 1]
    compass.gain(g, 0, 1)
    assert g == [4, 20]
    compass.gain(g, 0, 16)
    assert g == [21, 20]            # the lapped space 20 is skipped, not 4
    # A token a lap ahead on space 4 (absolute 20) never blocks a losing token on space 4.
    g = [6, 20]
    compass.lose(g, 0, 2)
    assert g == [4, 20]


def test_r22_lapping_overtake_changes_ranking():
    g = [COMPASS_SPACES + 2, 1]     # seat 0 a lap ahead
    compass.gain(g, 1, 17)          # passes seat 0 on absolute 18
    assert g == [18, 19]
    assert compass.ranking(g) == [1, 0]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r22_ties_never_possible_random_gains_and_losses(n):
    rng = np.random.default_rng(22 + n)
    for _ in range(200):
        g = compass.starting_glory(rng.permutation(n).tolist())
        for _ in range(60):
            seat = int(rng.integers(n))
            amount = int(rng.integers(0, 6))
            before = list(g)
            if rng.random() < 0.6:
                compass.gain(g, seat, amount)
                # exactly `amount` free positions were counted, and it landed on one
                assert _free_between(before, seat, before[seat], g[seat]) == amount
            else:
                compass.lose(g, seat, amount)
                assert _free_between(before, seat, g[seat] - 1, before[seat] - 1) == amount
            assert len(set(g)) == n, f"tie after {before} → {g}"
            assert [x for s, x in enumerate(g) if s != seat] == \
                [x for s, x in enumerate(before) if s != seat], "only the mover moves"


# --------------------------------------------------------------------- R23: start


@pytest.mark.parametrize("perm, expected", [
    ([0, 1, 2, 3], [0, -1, -2, -3]),
    ([2, 0, 3, 1], [-1, -3, 0, -2]),
    ([1, 0], [-1, 0]),
])
def test_r23_starting_glory_zero_then_minus_one_two_three(perm, expected):
    g = compass.starting_glory(perm)
    assert g == expected
    assert compass.ranking(g) == perm


@pytest.mark.parametrize("scenario", range(1, 10))
def test_r23_new_game_tokens_on_0_to_minus_3_in_random_order(scenario):
    firsts = set()
    for seed in range(12):
        g = Game.new(scenario=scenario, seed=seed)
        st = g.state
        n = st.players
        assert sorted(st.glory) == list(range(-(n - 1), 1))
        assert st.turn_order == compass.ranking(st.glory)[::-1]     # R25 from the start (P)
        assert g.result().ranking == tuple(compass.ranking(st.glory))
        firsts.add(compass.ranking(st.glory)[0])
    assert len(firsts) >= 2, "the start order is not random"


def test_r23_ranking_by_progress_highest_first():
    assert compass.ranking([3, 17, -2, 5]) == [1, 3, 0, 2]


# --------------------------------------------------------------------- R24: support


def test_r24_support_gains_1_2_3_when_room():
    # ranking: seat 0 (20), seat 1 (10), seat 2 (5), seat 3 (0)
    g = [20, 10, 5, 0]
    compass.support(g)
    assert g == [20, 11, 7, 3]


def test_r24_support_stops_right_behind_the_token_above():
    # rulebook example: +1; +2 (does not overtake); +3 (does not overtake)
    g = [0, -1, -2, -3]
    compass.support(g)
    assert g == [0, -1, -2, -3]
    g = [10, 8, 7, 3]
    compass.support(g)
    # 2nd: 8→9; 3rd: 7→+2 would be 9 = reached → stops on 8; 4th: 3→6
    assert g == [10, 9, 8, 6]


def test_r24_support_never_overtakes_or_ties():
    rng = np.random.default_rng(24)
    for _ in range(500):
        n = int(rng.integers(2, 5))
        g = rng.choice(np.arange(-10, 40), size=n, replace=False).tolist()
        before = list(g)
        order = compass.ranking(before)
        compass.support(g)
        assert compass.ranking(g) == order
        assert len(set(g)) == n
        assert g[order[0]] == before[order[0]]          # the leader gains nothing
        for place in range(1, n):
            seat, above = order[place], order[place - 1]
            gained = g[seat] - before[seat]
            assert 0 <= gained <= place
            assert g[seat] < g[above]
            if gained < place:
                assert g[seat] == g[above] - 1          # stopped right behind


def test_r24_support_two_heroes():
    g = [3, 0]
    compass.support(g)
    assert g == [3, 1]


# --------------------------------------------------------------------- R25: turn order


def test_r25_turn_order_is_compass_reversed():
    assert compass.turn_order([3, 17, -2, 5]) == [2, 0, 3, 1]
    assert compass.turn_order([0, -1]) == [1, 0]


# --------------------------------------------------------------------- in the game


def _pass_round(game: Game, rounds: int = 1) -> None:
    """Everyone passes (no buckle-up, hydra cards played after the action)
    until ``rounds`` new rounds have begun or the game is over."""
    start = game.state.round
    codec = game.codec
    while not game.is_over and game.state.round < start + rounds:
        kind = game.pending["kind"]
        if kind == "buckle up":
            game.apply(codec.no)
        elif kind == "action":
            game.apply(codec.pass_)
        elif kind == "after action":
            game.apply(codec.play_base)
        else:
            game.apply(game.legal_actions()[0])


def test_r24_r25_support_and_new_turn_order_after_a_round():
    # Heroes stay in the inner city and pass: the only glory change is support.
    g = ht.coop_game(scenario=1, glory=[0, 5, 2, 4], order=[0, 2, 3, 1])
    before = list(g.state.glory)
    _pass_round(g)
    assert not g.is_over
    assert g.round == 2 and g.pending == {"kind": "buckle up", "seat": 0}
    # ranking 1 (5), 3 (4), 2 (2), 0 (0): 3 stays on 4 (directly behind 5),
    # 2 gains 2 → 4 is reached → stops on 3; 0 gains 3 → 3 is reached → stops on 2.
    assert before == [0, 5, 2, 4]
    assert g.state.glory == [2, 5, 3, 4]
    assert g.state.turn_order == [0, 2, 3, 1]


def test_r25_turn_order_recomputed_from_compass_each_round():
    g = ht.coop_game(scenario=8, glory=[7, 1], order=[0, 1])  # order not from the compass
    _pass_round(g)
    assert g.state.glory == [7, 2]
    assert g.state.turn_order == [1, 0]          # last on the compass plays first
    assert g.pending["seat"] == 1           # buckle-up asked in the new order


def test_r25_no_new_turn_order_after_the_last_round():
    g = ht.coop_game(scenario=8, glory=[7, 1], order=[0, 1])
    with ht.edit(g) as state:
        state.round = len(state.moon_tokens) - 1   # make this the last round
    _pass_round(g)
    assert g.is_over and g.result().outcome == "won"
    assert g.state.glory == [7, 2]          # support still given (phase 4)
    assert g.state.turn_order == [0, 1]          # phase 5 not applicable in the last round


def test_r22_in_game_wound_loses_glory_skipping_held_positions():
    # Seat 0 on progress 5 with seat 1 on 4: a wound (−1 glory) lands on 3.
    #    c0  c1  c2
    # r2  .  R2  .      red head on r2c1, seat 0 on r3c1 in its bite zone
    # r3  .  1   .
    g = ht.coop_game(scenario=8, heroes=["r3c1", "city"], glory=[5, 4], order=[0, 1],
                     hydra_hands={0: ["H17"]})        # H17: bite red
    g.apply(ht.find_action(g, "play hydra card", "H17"))
    assert g.state.hero_space[0] == ht.space(g, "city")
    assert g.state.glory == [3, 4]


def test_r22_in_game_sword_glory_skips_held_positions():
    #    c0  c1
    # r2  .  R2      seat 0 on r3c1 strikes red with the city sword (1 glory)
    # r3  .  1
    g = ht.coop_game(scenario=8, heroes=["r3c1", "city"], glory=[0, 1], order=[0, 1])
    g.apply(ht.find_action(g, "city action: sword 1 against red"))
    assert g.state.glory == [2, 1]
    assert compass.ranking(g.state.glory) == [0, 1]
