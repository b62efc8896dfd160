"""Hadara's income, colonies, statues, phase B, feeding and medals: HD18–HD25."""

from __future__ import annotations

from collections import Counter

import pytest
from hadara_helpers import play_random

from hydra_env.errors import IllegalActionError
from hydra_env.games.hadara import codec
from hydra_env.games.hadara.scoring import breakdown
from hydra_env.games.hadara.state import (
    COLONY,
    COLONY_MODE,
    MEDAL,
    PICK,
    REMOVE,
    S_COLONY_A,
    S_FEED,
    S_INCOME_B,
    S_MEDAL,
    S_PICK,
    S_STATUE_A,
    S_STATUE_B,
    STATUE,
    TILE,
    WHEEL,
)
from hydra_env.games.hadara.testing import at_step, card, deal, give, set_seat


def quiet(game, income=0, coins=0):
    """Every seat: no colony, statue, feeding or medal possible (military, culture 0, food 9)."""
    for seat in range(game.num_players):
        set_seat(game, seat, coins=coins, tracks=[income, 0, 0, 9])


def first_seat(game, step, **kwargs):
    at_step(game, step, **kwargs)
    return game.current_player


def test_hd18_income_pays_the_income_track():
    game = deal(3, seed=0)
    quiet(game)
    for seat, income in enumerate((1, 3, 4)):
        game.state.tracks[seat][0] = income
    at_step(game, S_INCOME_B)
    assert game.state.pending.kind == WHEEL and game.state.epoch == 1     # nothing else could happen
    assert game.state.coins == [1, 3, 4]


def test_hd19_a_colony_needs_the_military_and_one_per_level():
    game = deal(3, seed=0)
    quiet(game)
    seat = game.state.order()[0]
    set_seat(game, seat, coins=0, tracks=[0, 6, 0, 9])
    at_step(game, S_COLONY_A)
    assert game.current_player == seat and game.state.pending.kind == COLONY
    assert game.legal_actions() == [codec.colony(1), codec.colony(2), codec.PASS]
    game.apply(codec.colony(2))                       # no coins to integrate: plunder is automatic
    assert [game.components.colonies[c].level for c in game.state.colonies[seat]] == [2]
    assert game.state.integrated[seat] == [False]
    at_step(game, S_COLONY_A)
    assert codec.colony(2) not in game.legal_actions() and codec.colony(1) in game.legal_actions()
    with pytest.raises(IllegalActionError, match="already holds a colony of level 2"):
        game.apply(codec.colony(2))


def test_hd20_plunder_gains_coins_and_keeps_the_back_hidden():
    game = deal(3, seed=0)
    quiet(game)
    seat = game.state.order()[0]
    set_seat(game, seat, coins=10, tracks=[0, 3, 0, 9])
    at_step(game, S_COLONY_A)
    game.apply(codec.colony(1))
    assert game.state.pending.kind == COLONY_MODE
    game.apply(codec.PLUNDER)
    assert game.state.coins[seat] == 10 + 3
    assert all(seen[seat] == [(1, None)] for seen in (game.observe(s)["colonies"] for s in range(3)))


def test_hd20_integrate_pays_and_adds_the_public_back():
    game = deal(3, seed=0)
    quiet(game)
    seat = game.state.order()[0]
    set_seat(game, seat, coins=10, tracks=[0, 3, 0, 9])
    at_step(game, S_COLONY_A)
    game.apply(codec.colony(1))
    colony = game.components.colonies[game.state.pending_colony]
    game.apply(codec.INTEGRATE)
    assert game.state.coins[seat] == 10 - 1
    assert game.state.tracks[seat] == [a + b for a, b in zip([0, 3, 0, 9], colony.back)]
    assert game.observe((seat + 1) % 3)["colonies"][seat] == [(1, colony.id)]


def test_hd21_a_statue_needs_culture_and_a_tile_face_up_raises_a_track():
    game = deal(3, seed=0)
    quiet(game)
    seat = game.state.order()[0]
    set_seat(game, seat, tracks=[0, 0, 6, 9])
    at_step(game, S_STATUE_A)
    assert game.state.pending.kind == STATUE
    assert game.legal_actions() == [codec.statue(0), codec.statue(1), codec.PASS]
    game.apply(codec.statue(1))
    assert game.state.pending.kind == TILE
    game.apply(codec.tile(2, False))                   # culture tile face up: culture + 2
    assert game.state.tracks[seat][2] == 6 + 2 and game.state.tiles[seat][2] == 1
    assert breakdown(game.state, game.components, seat)["statues"] == 4


def test_hd21_a_face_down_tile_scores_its_bonus():
    game = deal(3, seed=0)
    quiet(game)
    seat = game.state.order()[0]
    set_seat(game, seat, tracks=[0, 0, 3, 9])
    at_step(game, S_STATUE_A)
    game.apply(codec.statue(0))
    game.apply(codec.tile(0, True))
    assert game.state.tracks[seat] == [0, 0, 3, 9]
    assert breakdown(game.state, game.components, seat)["statues"] == 2 + 1


def test_hd22_phase_b_each_seat_picks_five_in_turn_order_until_the_piles_are_empty():
    game = play_random(deal(4, seed=8), seed=8, until=lambda g: g.state.step == S_PICK)
    order, pickers = game.state.order(), []
    while game.state.step == S_PICK and not game.is_over:
        assert game.state.pending.kind == PICK
        assert all(not codec.DRAFT0 <= a < codec.PICK0 for a in game.legal_actions())   # no discarding
        pickers.append(game.current_player)
        game.apply(game.legal_actions()[-1])
    assert pickers == [order[k % 4] for k in range(20)] and Counter(pickers) == {s: 5 for s in range(4)}
    assert all(p == [] for p in game.state.piles)


def test_hd23_feeding_removes_cards_until_the_food_track_suffices():
    game = deal(2, seed=0)
    quiet(game)
    seat = game.state.order()[0]
    give(game, seat, "I-Y01", "I-R01", "I-P09", tracks=False)
    set_seat(game, seat, tracks=[0, 0, 0, 1])
    at_step(game, S_FEED)
    assert game.state.pending.kind == REMOVE and game.legal_actions() == [codec.remove(j) for j in range(3)]
    slot = game.state.tableau[seat].index(card(game, "I-P09"))
    points = breakdown(game.state, game.components, seat)["cards"]
    game.apply(codec.remove(slot))                     # the sell-bonus card goes, with its point
    assert breakdown(game.state, game.components, seat)["cards"] == points - 1
    assert game.state.removed[seat] == [card(game, "I-P09")]
    assert game.state.pending.kind == REMOVE
    game.apply(codec.remove(0))
    assert len(game.state.tableau[seat]) == 1
    assert game.state.pending is None or game.state.pending.kind != REMOVE


def test_hd24_medals_one_at_a_time_within_the_limits():
    game = deal(3, seed=0)
    quiet(game)
    seat = game.state.order()[0]
    at_step(game, S_MEDAL, coins={seat: 50})
    assert game.state.pending.kind == MEDAL and game.current_player == seat
    assert game.legal_actions() == [codec.silver(t) for t in range(4)] + [codec.GOLD, codec.PASS]
    game.apply(codec.silver(1))
    game.apply(codec.GOLD)
    game.apply(codec.silver(1))
    silver, gold = game.components.silver_price[0], game.components.gold_price[0]   # epoch I prices
    assert game.state.coins[seat] == 50 - silver - gold - silver and game.state.silver[seat] == [1, 1]
    assert game.state.tiles[seat][1] == 0 and game.state.tracks[seat][1] == 0      # no track change
    assert game.legal_actions() == [codec.GOLD, codec.PASS]


def test_hd24_prices_are_the_epochs():
    game = deal(3, seed=0)
    quiet(game)
    seat = game.state.order()[0]
    at_step(game, S_MEDAL, epoch=2, coins={seat: 29})
    assert game.legal_actions() == [codec.silver(t) for t in range(4)] + [codec.PASS]   # gold costs 30
    with pytest.raises(IllegalActionError, match="costs 30"):
        game.apply(codec.GOLD)


def test_hd25_no_second_statue_of_a_kind_no_third_medal():
    game = deal(3, seed=0)
    quiet(game)
    seat = game.state.order()[0]
    game.state.statues[seat][0] = 0
    set_seat(game, seat, tracks=[0, 0, 3, 9])
    at_step(game, S_STATUE_B)                          # statue 0 carved: only PASS, applied for it
    assert game.state.pending.kind not in (STATUE, TILE) and game.state.statues[seat][0] == 0
    game = deal(3, seed=0)
    quiet(game)
    game.state.gold[seat], game.state.silver[seat] = 2, [0, 0]
    at_step(game, S_MEDAL, coins={seat: 99})           # both golds, both silvers: only PASS
    assert game.state.pending.kind == WHEEL and game.state.epoch == 1 and game.state.coins[seat] == 99


def test_hd25_no_discarding_in_phase_b():
    game = play_random(deal(3, seed=4), seed=4, until=lambda g: g.state.step == S_PICK)
    with pytest.raises(IllegalActionError, match="PICK decision"):
        game.apply(codec.draft(0, True))
