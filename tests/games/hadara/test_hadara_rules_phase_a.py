"""Hadara's epoch order and phase A: HD10–HD17."""

from __future__ import annotations

import random

import pytest
from hadara_helpers import all_draft, start_draft

from hydra_env.errors import IllegalActionError
from hydra_env.games.hadara import codec
from hydra_env.games.hadara.components import COLOURS
from hydra_env.games.hadara.rules import sale_value
from hydra_env.games.hadara.state import (
    COLONY,
    COLONY_MODE,
    DRAFT,
    MEDAL,
    PICK,
    REMOVE,
    S_DRAFT,
    S_PICK,
    STATUE,
    TILE,
    WHEEL,
)
from hydra_env.games.hadara.testing import at_step, card, deal, force_deck, force_pile, give, redraw, set_seat

STEP_OF_KIND = {WHEEL: {0}, DRAFT: {1}, COLONY: {3, 7}, COLONY_MODE: {3, 7}, STATUE: {4, 8}, TILE: {4, 8},
                PICK: {5}, REMOVE: {9}, MEDAL: {10}}


def red_pair(game, ids=("I-R03", "I-R01"), coins=None):
    """Seat 0 (wheel 0: the red deck) holds the pair ``ids``; the other decks keep their cards."""
    force_deck(game, "red", ids)
    redraw(game)
    if coins is not None:
        set_seat(game, 0, coins=coins)
    return game


def pick_position(game, colour, ids, coins):
    """Phase B with the pile of ``colour`` set; the seat to pick, with ``coins``."""
    at_step(game, S_PICK, clear_piles=True)
    force_pile(game, colour, ids)
    seat = game.current_player
    set_seat(game, seat, coins=coins)
    return seat


@pytest.mark.parametrize("players", [2, 4])
def test_hd10_steps_come_in_order_in_every_epoch(players):
    game, rng, seen = deal(players, seed=5), random.Random(5), []
    while not game.is_over:
        state = game.state
        assert state.step in STEP_OF_KIND[state.pending.kind]
        seen.append((state.epoch, state.step))
        game.apply(rng.choice(game.legal_actions()))
    assert seen == sorted(seen) and {e for e, _ in seen} == {0, 1, 2}


def test_hd11_the_first_player_sets_the_wheel_freely():
    game = deal(3, seed=9)
    assert game.state.pending.kind == WHEEL and game.current_player == game.state.first[0]
    assert game.legal_actions() == [0, 1, 2, 3, 4]
    game.apply(3)
    assert game.state.wheel == 3 and game.state.step == S_DRAFT


def test_hd12_each_seat_draws_two_cards_that_only_it_sees():
    game = start_draft(deal(4, seed=1))
    comps = game.components
    for seat in range(4):
        pair = game.state.pairs[seat]
        assert len(pair) == 2 and pair == sorted(pair)
        assert game.observe(seat)["own_pair"] == pair
        colour = comps.cards[pair[0]].colour
        assert colour == game.state.board_order[seat]
    seat = game.current_player
    named = comps.cards[game.state.pairs[seat][0]].id
    assert named in game.describe(codec.draft(0, False))
    assert named not in game.describe(codec.draft(0, False), viewer=(seat + 1) % 4)


def test_hd13_keep_one_discard_the_other_and_choices_stay_hidden_until_all_chose():
    game = red_pair(start_draft(deal(4, seed=1)), coins=10)
    first = game.current_player
    other = game.clone()
    game.apply(codec.draft(0, False) if first == 0 else codec.draft(1, True))
    other.apply(codec.draft(1, True))
    watcher = (first + 1) % 4
    assert game.observe(watcher) == other.observe(watcher)          # who chose is public, not what
    assert game.observe(watcher)["chosen"][first]
    game = red_pair(start_draft(deal(4, seed=1)), coins=10)
    all_draft(game, {0: codec.draft(0, False)})
    assert card(game, "I-R01") in game.state.tableau[0]
    assert game.state.piles[COLOURS.index("red")] == [card(game, "I-R03")]


def test_hd13_a_card_that_cannot_be_paid_cannot_be_bought_but_can_be_sold():
    game = red_pair(start_draft(deal(4, seed=1)), coins=0)
    at_seat0 = game.state.order().index(0)
    for _ in range(at_seat0):
        game.apply(codec.draft(0, True))
    assert game.current_player == 0
    assert game.legal_actions() == [codec.draft(0, True), codec.draft(1, True)]
    with pytest.raises(IllegalActionError, match="cannot pay"):
        game.apply(codec.draft(0, False))


def test_hd14_price_counts_cards_of_the_colour_in_the_tableau():
    game = red_pair(start_draft(deal(4, seed=1)), ids=("I-R09", "I-R10"), coins=10)
    give(game, 0, "I-R01", "I-R02")
    tracks = list(game.state.tracks[0])
    cost = game.components.cards[card(game, "I-R09")].cost
    assert cost == 5
    all_draft(game, {0: codec.draft(0, False)})          # keep I-R09 (the lower index): 5 - 2 red cards
    assert game.state.coins[0] == 10 - 3
    assert game.state.tracks[0][1] == tracks[1] + game.components.cards[card(game, "I-R09")].tracks[1]


def test_hd14_the_price_never_drops_below_zero():
    game = red_pair(start_draft(deal(4, seed=1)), ids=("I-R10", "I-R01"), coins=0)
    give(game, 0, "II-R01", "II-R02", "II-R03", "II-R04")    # four reds: I-R01 (cost 2) is free
    all_draft(game, {0: codec.draft(0, False)})
    assert game.state.coins[0] == 0 and card(game, "I-R01") in game.state.tableau[0]


def test_hd15_a_sale_pays_two_three_or_four_coins_by_epoch():
    game = deal(4, seed=1)
    state, comps = game.state, game.components
    for epoch, coins in ((1, 2), (2, 3), (3, 4)):
        assert sale_value(state, comps, 0, comps.epoch_cards(epoch, 0)[0]) == coins
    game = red_pair(start_draft(game), coins=5)
    all_draft(game)                                        # everybody sells card 0
    assert game.state.coins[0] == 5 + 2


def test_hd15_a_phase_a_sale_stays_hidden_from_the_others():
    game = red_pair(start_draft(deal(4, seed=1)), coins=5)
    all_draft(game)
    sold = card(game, "I-R01")
    assert game.observe(0)["own_sold_a"] == [sold] and game.observe(1)["own_sold_a"] != [sold]
    assert game.observe(1)["sold_a_counts"][0] == 1 and game.observe(1)["sales_a"][0] == 1


def test_hd16_coins_effect_pays_on_purchase():
    game = deal(4, seed=2)
    seat = pick_position(game, "purple", ["I-P05"], coins=3)
    game.apply(codec.pick(COLOURS.index("purple"), False))
    assert game.state.coins[seat] == 3 - 3 + 4


def test_hd16_boost_adds_one_per_card_of_its_colour():
    game = deal(4, seed=2)
    seat = pick_position(game, "purple", ["I-P07"], coins=1)
    give(game, seat, "I-Y01", "I-Y02", "II-Y01")
    income = game.state.tracks[seat][0]
    game.apply(codec.pick(COLOURS.index("purple"), False))
    assert game.state.tracks[seat][0] == income + 3


def test_hd16_sell_bonus_adds_to_every_sale_of_its_owner():
    game = deal(4, seed=2)
    seat = pick_position(game, "red", ["II-R01"], coins=0)
    give(game, seat, "I-P09", "II-P09")                    # sell bonus 1 + 1
    game.apply(codec.pick(COLOURS.index("red"), True))
    assert game.state.coins[seat] == 3 + 2


def test_hd17_the_wheel_turns_so_every_seat_draws_from_every_deck_once():
    game = start_draft(deal(3, seed=6), wheel=1)
    comps, colours = game.components, {s: [] for s in range(3)}
    for _ in range(5):
        for seat in range(3):
            colours[seat].append(comps.cards[game.state.pairs[seat][0]].colour)
        all_draft(game)
    assert all(sorted(c) == [0, 1, 2, 3, 4] for c in colours.values())
    assert all(d == [] for d in game.state.decks) and all(len(p) == 3 for p in game.state.piles)
