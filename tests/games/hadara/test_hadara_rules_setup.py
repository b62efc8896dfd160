"""Hadara's players, components and setup: HD1–HD9."""

from __future__ import annotations

import pytest
from hadara_helpers import play_random, start_draft

from hydra_env.errors import ConfigError
from hydra_env.games.hadara import codec
from hydra_env.games.hadara.components import COLOURS, EPOCHS, PURPLE, default_components
from hydra_env.games.hadara.engine import deck_position
from hydra_env.games.hadara.state import S_FEED
from hydra_env.games.hadara.testing import at_step, deal, give, set_seat


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hd1_two_to_five_players_in_clockwise_turn_order(players):
    game = deal(players, seed=players)
    assert game.num_players == players
    order = game.state.order()
    assert order == [(order[0] + k) % players for k in range(players)]


@pytest.mark.parametrize("players", [1, 6])
def test_hd1_no_game_outside_two_to_five_players(players):
    with pytest.raises(ConfigError, match="num_players"):
        deal(players)


def test_hd2_each_track_colour_raises_its_own_track():
    game = deal(4)
    for colour, track in ((0, 0), (1, 1), (2, 2), (3, 3)):
        before = list(game.state.tracks[0])
        card_id = next(c.id for c in game.components.cards if c.epoch == 1 and c.colour == colour
                       and sum(c.tracks) == c.tracks[track] > 0)
        give(game, 0, card_id)
        gained = [a - b for a, b in zip(game.state.tracks[0], before)]
        assert gained[track] > 0 and sum(gained) == gained[track], COLOURS[colour]


def test_hd3_162_cards_and_ten_unstarred_of_each_colour_per_epoch():
    comps = default_components()
    assert len(comps.cards) == 162
    for epoch in range(1, EPOCHS + 1):
        for colour in range(5):
            assert len(comps.epoch_cards(epoch, colour)) == 10
    assert sum(c.star for c in comps.cards) == 12 and all(c.colour == PURPLE for c in comps.cards if c.star)


def test_hd3_starred_cards_never_reach_the_table():
    game = play_random(deal(5, seed=3), seed=3)
    comps = game.components
    everywhere = [c for s in range(5) for c in game.state.tableau[s] + game.state.sold_a[s] + game.state.sold_b[s]
                  + game.state.removed[s]]
    assert len(everywhere) == 3 * 10 * 5 and not any(comps.cards[c].star for c in everywhere)


def test_hd4_the_icon_of_seat_s_points_at_position_s_plus_w_plus_t():
    game = start_draft(deal(4, seed=1), wheel=2)
    state, comps = game.state, game.components
    assert state.board_order == [COLOURS.index(c) for c in ("red", "yellow", "green", "blue", "purple")]
    for seat in range(4):
        assert deck_position(state, seat) == (seat + 2) % 5
        colour = state.board_order[(seat + 2) % 5]
        assert {comps.cards[c].colour for c in state.pairs[seat]} == {colour}


def test_hd4_random_board_order_is_a_shuffled_permutation():
    orders = {tuple(deal(4, seed=s, board_order="random").state.board_order) for s in range(12)}
    assert len(orders) > 1 and all(sorted(o) == [0, 1, 2, 3, 4] for o in orders)


@pytest.mark.parametrize("players", [2, 5])
def test_hd5_each_deck_holds_two_cards_per_player_of_the_epoch(players):
    game = deal(players, seed=7)
    comps = game.components
    for colour, deck in enumerate(game.state.decks):
        assert len(deck) == 2 * players and len(set(deck)) == len(deck)
        assert all(comps.cards[c].epoch == 1 and comps.cards[c].colour == colour for c in deck)
    assert all(pile == [] for pile in game.state.piles)


def test_hd6_each_level_stacks_n_colonies_of_that_level():
    game = deal(3, seed=2)
    comps = game.components
    for level, stack in enumerate(game.state.stacks, start=1):
        assert len(stack) == 3 and all(comps.colonies[c].level == level for c in stack)


def test_hd7_tracks_and_coins_come_from_the_setup_card():
    game = deal(3, seed=4)
    comps = game.components
    assert len(set(game.state.setup)) == 3
    for seat, setup in enumerate(game.state.setup):
        card = comps.setup_cards[setup]
        assert game.state.tracks[seat] == list(card.tracks)
        assert game.state.coins[seat] == card.coins            # 3 players: no extra coin
        assert game.state.tiles[seat] == [2, 2, 2, 2] and game.state.gold[seat] == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hd8_first_players_by_initiative_and_the_extra_coin(players):
    game = deal(players, seed=11)
    state, comps = game.state, game.components
    seat_of_rank = {r: s for s, r in enumerate(state.rank)}
    expected = [seat_of_rank[1], seat_of_rank[2], seat_of_rank[1]] if players == 2 else \
        [seat_of_rank[1], seat_of_rank[2], seat_of_rank[3]]
    assert state.first == expected
    for seat in range(players):
        extra = state.coins[seat] - comps.setup_cards[state.setup[seat]].coins
        gets = (players >= 4 and state.rank[seat] >= 4) or (players == 2 and state.rank[seat] == 2)
        assert extra == int(gets)
    assert state.pending.seat == state.first[0]


def test_hd9_a_track_stops_at_zero_when_a_card_is_removed():
    game = deal(2, seed=0)
    give(game, 0, "I-G09", "I-Y01", "I-Y02")          # I-G09: +4 food
    set_seat(game, 0, tracks=[1, 1, 1, 2])           # food 2 < 3 cards
    at_step(game, S_FEED)
    if game.current_player != 0:
        at_step(game, S_FEED, index=game.state.order().index(0))
    slot = game.state.tableau[0].index(next(c.index for c in game.components.cards if c.id == "I-G09"))
    game.apply(codec.remove(slot))
    assert game.state.tracks[0][3] == 0
