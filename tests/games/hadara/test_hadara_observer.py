"""Hadara's observation, part by part (HD32): what each block says and that rows are relative."""

from __future__ import annotations

import numpy as np
import pytest
from hadara_helpers import start_draft

from hydra_env.games.hadara import codec
from hydra_env.games.hadara.observer import SIZE, observer
from hydra_env.games.hadara.state import COLONY_MODE, DRAFT, S_COLONY_A
from hydra_env.games.hadara.testing import at_step, deal, give, set_seat

OBS = observer()


def parts(game, seat):
    return OBS.split(OBS.encode(game, seat))


def test_hd32_game_block_kind_round_wheel_board_and_first_player():
    game = start_draft(deal(4, seed=3), wheel=2)
    seat = 1
    g = parts(game, seat)["game"]
    assert g[4 - 2] == 1 and g[4] == 1                        # 4 players, epoch I
    assert g[7 + DRAFT] == 1 and g[7:16].sum() == 1
    assert g[16] == 1 and g[21 + 2] == 1                      # round 1, wheel 2
    board = g[26:51].reshape(5, 5)
    assert [int(np.argmax(row)) for row in board] == game.state.board_order
    assert g[51 + (game.state.first[0] - seat) % 4] == 1
    comps = game.components                                   # the epoch-I medal prices, from the data
    assert g[57] == pytest.approx(comps.silver_price[0] / 30)
    assert g[58] == pytest.approx(comps.gold_price[0] / 30)


def test_hd32_seat_rows_start_with_the_observer_and_go_clockwise():
    game = deal(3, seed=0)
    for seat in range(3):
        set_seat(game, seat, coins=2 * seat + 1)
    give(game, 2, "I-Y01", "I-Y02")
    rows = parts(game, 1)["seats"]
    assert rows[:3, 1].tolist() == pytest.approx([3 / 20, 5 / 20, 1 / 20])   # seats 1, 2, 0
    assert rows[1, 6] == pytest.approx(0.2) and rows[3:].sum() == 0
    assert parts(game, 1)["tableaux"][1, :2, 1].tolist() == [1, 1]             # two yellow cards


def test_hd32_pending_colony_and_integrated_backs():
    game = deal(3, seed=0)
    seat = game.state.order()[0]
    for s in range(3):
        set_seat(game, s, coins=0, tracks=[0, 0, 0, 9])
    set_seat(game, seat, coins=5, tracks=[0, 3, 0, 9])
    at_step(game, S_COLONY_A)
    game.apply(codec.colony(1))
    assert game.state.pending.kind == COLONY_MODE
    g = parts(game, seat)["game"]
    assert g[59] == 1 and g[64:67].tolist() == pytest.approx([3 / 20, 1 / 10, 1 / 20])
    colony = game.components.colonies[game.state.pending_colony]
    before = parts(game, (seat + 1) % 3)["colonies"].copy()
    game.apply(codec.INTEGRATE)
    after = parts(game, (seat + 1) % 3)["colonies"]
    row = (seat - (seat + 1)) % 3                                # the integrating seat, seen from the next
    assert before[25:].sum() == 0
    assert after[25 + row * 20:25 + row * 20 + 4].tolist() == pytest.approx([v / 5 for v in colony.back])


def test_hd32_the_observer_writes_into_the_callers_buffer():
    game = deal(2, seed=1)
    out = np.full(SIZE, 7.0, dtype=np.float32)
    assert OBS.encode(game, 0, out) is out and out.max() <= 1
    with pytest.raises(ValueError, match="float32"):
        OBS.encode(game, 0, np.zeros(SIZE))
