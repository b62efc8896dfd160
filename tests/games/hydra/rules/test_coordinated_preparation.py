"""Rule tests of the coordinated game for 2–4 heroes, part 1: buckle up (R26) and phase 1,
the preparation of a round (R27) — docs/games/hydra/rules.md, section "The coordinated
game". The turns of phase 2 (R28) are tested in test_coordinated_turns.py, phase 3,
the clean up and the end of the game (R29–R31) in test_coordinated_round_end.py.

Positions are built with :class:`hydra_env.Game` from a scenario and a seed, or with
:func:`helpers.coop_games.quiet_round` (``ht.coop_game``; colours on the paths in data
order: red c1, white c3, yellow c5, blue c7; path position = row), and driven by
scripted decisions.

Reading of the engine asserted here (see the engine notes): the buckle-up
decisions come in turn order before turn 1, in every round.
"""

from __future__ import annotations

import pytest
from helpers.coop_games import next_round, quiet_round

from hydra_env import Game
from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules import testing as ht

# --------------------------------------------------------------------- R26 buckle up


@pytest.mark.parametrize("scenario", [1, 4, 8])
def test_r26_one_buckle_up_decision_per_hero_in_turn_order(scenario):
    g = Game.new(scenario=scenario, seed=5)
    order = list(g.state.turn_order)
    seen = []
    while g.pending["kind"] == "buckle up":
        assert g.legal_actions() == [g.codec.yes, g.codec.no]
        assert g.phase == "buckle up"
        seen.append(g.current_player)
        g.apply(g.codec.no)
    assert seen == order
    assert g.pending == {"kind": "action", "seat": order[0]}
    assert g.phase == "action"


def test_r26_buckle_up_costs_one_glory_and_redraws_as_many_cards():
    g = Game.new(scenario=1, seed=11)
    st = g.state
    seat = g.current_player
    hand, hhand = list(st.action_hands[seat]), list(st.hydra_hands[seat])
    expected = list(st.glory)
    compass.lose(expected, seat, 1)
    deck_before = len(st.action_deck)
    g.apply(g.codec.yes)
    assert st.glory == expected
    assert len(st.action_hands[seat]) == len(hand)
    assert not set(st.action_hands[seat]) & set(hand)              # all new cards
    assert sorted(st.action_discard) == sorted(hand)               # the old ones discarded
    assert len(st.action_deck) == deck_before - len(hand)
    assert st.hydra_hands[seat] == hhand                         # hydra cards never exchanged
    assert st.action_hand_used[seat] == [0] * len(hand)
    assert g.current_player == st.turn_order[1]                  # next hero's decision
    assert not ht.invariants(g)


def test_r26_keeping_the_hand_costs_nothing():
    g = Game.new(scenario=8, seed=2)
    st = g.state
    seat = g.current_player
    hand, glory = list(st.action_hands[seat]), list(st.glory)
    g.apply(g.codec.no)
    assert st.action_hands[seat] == hand and st.glory == glory and st.action_discard == []


def test_r26_buckle_up_loss_skips_held_compass_positions():
    # Round 1 starts on 0, −1, −2, −3. The second in turn order is on −2; after the
    # first keeps its hand, buckling up moves it past −3 (held) to −4.
    g = Game.new(scenario=1, seed=3)
    st = g.state
    first, second = st.turn_order[0], st.turn_order[1]
    assert st.glory[first] == -3 and st.glory[second] == -2
    g.apply(g.codec.no)
    g.apply(g.codec.yes)
    assert st.glory[second] == -4 and st.glory[first] == -3


def test_r26_buckle_up_offered_again_every_round_in_the_new_order():
    g = Game.new(scenario=8, seed=4)
    next_round(g)
    assert not g.is_over and g.round == 2
    order = list(g.state.turn_order)
    assert order == compass.turn_order(g.state.glory)
    seen = []
    while g.pending["kind"] == "buckle up":
        seen.append(g.current_player)
        g.apply(g.codec.yes)
    assert seen == order


def test_r26_buckle_up_with_an_empty_deck_reshuffles_the_discard_pile():
    g = Game.new(scenario=1, seed=6)
    st = g.state
    st.action_discard.extend(st.action_deck)
    st.action_deck.clear()
    seat = g.current_player
    g.apply(g.codec.yes)
    assert len(st.action_hands[seat]) == g.rules.scenario.action_hand
    assert not ht.invariants(g)


# --------------------------------------------------------------------- R27 phase 1


def test_r27_round_one_deals_the_scenario_sizes_from_the_light_deck():
    g = Game.new(scenario=3, seed=1)          # Blood Moon: moon LRRRR, stack 3
    st, scen = g.state, g.rules.scenario
    tables = g.rules.tables
    assert st.moon_tokens == "LRRRR"
    for seat in range(st.players):
        assert len(st.action_hands[seat]) == scen.action_hand
        assert len(st.hydra_hands[seat]) == scen.hydra_hand
        assert all(tables.hcard_deck[c] == 0 for c in st.hydra_hands[seat])
    assert len(st.display) == scen.display
    assert len(st.hydra_stack) == scen.hydra_stack == 3
    assert all(tables.hcard_deck[c] == 0 for c in st.hydra_stack)
    assert len(st.hydra_decks[0]) == 28 - st.players - 3 and len(st.hydra_decks[1]) == 28


def test_r27_round_two_draws_from_the_red_deck_and_refills_the_display():
    g = Game.new(scenario=3, seed=1)
    next_round(g)
    assert not g.is_over and g.round == 2
    st, scen, tables = g.state, g.rules.scenario, g.rules.tables
    assert len(st.display) == scen.display and all(c >= 0 for c in st.display)
    assert st.display_token == [0] * scen.display
    for seat in range(st.players):
        assert len(st.action_hands[seat]) == scen.action_hand
        assert st.action_hand_used[seat] == [0] * scen.action_hand
        assert len(st.hydra_hands[seat]) == 1 and tables.hcard_deck[st.hydra_hands[seat][0]] == 1
    assert len(st.hydra_stack) == 3 and all(tables.hcard_deck[c] == 1 for c in st.hydra_stack)
    assert len(st.hydra_decks[1]) == 28 - st.players - 3
    assert not ht.invariants(g)


def test_r27_an_empty_hydra_deck_is_refilled_from_its_discard_pile():
    g = quiet_round(stack=["H13", "H15"], heads={"red": (2, 0)})
    with ht.edit(g) as st:
        st.hydra_discards[0].extend(st.hydra_decks[0])        # the light deck runs out
        st.hydra_decks[0].clear()
    st = g.state
    next_round(g)                                  # round 2 is light too (LLLRR)
    assert g.round == 2 and st.moon_tokens[1] == "L"
    assert st.hydra_discards[0] == []
    drawn = [c for h in st.hydra_hands for c in h] + st.hydra_stack
    scen = g.rules.scenario
    assert len(drawn) == st.players * scen.hydra_hand + scen.hydra_stack
    assert len(st.hydra_decks[0]) == 28 - len(drawn)
    assert not ht.invariants(g)
