"""Rule tests of the coordinated game for 2–4 heroes: R26–R31 of docs/games/hydra/rules.md
(section "The coordinated game").

Positions are built with :func:`helpers.coop_games.coop` (``ht.coop_game``;
colours on the paths in data order: red c1, white c3, yellow c5, blue c7; path
position = row) and driven by scripted decisions. Boards are drawn as ASCII
where it helps: ``R2`` a red head with counter 2, ``r`` a red neck tile,
``1``/``2`` heroes of seats 0/1, ``*`` a shield.

Readings of the engine asserted here (see the engine notes): buckle-up
decisions in turn order before turn 1; a turn is the action decision (hero
actions and "play hydra card k") then an "after action" decision (play a held
hydra card or end the turn; on the last turn, end turn is not offered while
hydra cards are held); early victory finishes the turn with no more hydra
cards, then the game ends won; phase 3 resolves the unused display and hand
cards shuffled, then the stack in order (``state.hydra_stack[0]`` first).
"""

from __future__ import annotations

import pytest
from helpers.coop_games import coop, heads, next_round, quiet_round, run_until, step

from hydra_env import Game, IllegalActionError
from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules import coop as coop_rules
from hydra_env.games.hydra.rules import testing as ht
from hydra_env.games.hydra.rules.tokens import action_tokens_left

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


# --------------------------------------------------------------------- R28 turns


@pytest.mark.parametrize("scenario", [1, 5, 9])
def test_r28_every_hero_acts_once_per_turn_in_turn_order(scenario):
    g = Game.new(scenario=scenario, seed=8)
    order, tokens = list(g.state.turn_order), g.rules.scenario.tokens
    actors, left = [], []
    run_until(g, lambda x: x.pending["kind"] == "action")
    while g.phase == "action" and not g.is_over:
        if g.pending["kind"] == "action":
            seat = g.current_player
            actors.append(seat)
            left.append(action_tokens_left(g.state, g.rules, seat))
        step(g)
    assert actors == order * tokens
    n = len(order)
    assert left == [tokens - i // n for i in range(n * tokens)]


def test_r28_a_display_card_with_a_token_is_unavailable_to_everyone():
    g = coop(scenario=8, display=["A44", "A38", "A09", "A15"], order=[0, 1],
             hydra_hands={0: [], 1: []})
    block = g.codec.card_block
    protect = ht.find_action(g, "A44", "take a shield")
    assert protect // block == 0                              # display slot 0
    g.apply(protect)
    assert g.state.shielded[0] == 1 and g.state.display_token[0] == 1  # token of seat 0
    assert g.current_player == 1
    assert not [a for a in g.legal_actions() if a // block == 0]
    with pytest.raises(IllegalActionError):
        g.apply(g.codec.encode(4, 0))                         # protect from slot 0
    assert g.observe(1)["display"][0]["token"] == 1


def test_r28_a_hand_card_is_used_once_and_only_by_its_owner():
    g = coop(scenario=8, hands={0: ["A44", "A20", "A25"], 1: ["A34", "A39", "A33"]},
             hydra_hands={0: [], 1: []}, order=[0, 1])
    st = g.state
    g.apply(ht.find_action(g, "A44", "from hand 1", "take a shield"))
    assert st.action_hand_used[0] == [1, 0, 0] and st.shielded[0] == 1
    assert g.current_player == 1                    # no hydra card: the turn ends at once
    # seat 1's hand slot 0 is its own card (A34, barricade), not seat 0's A44
    assert all("A44" not in g.describe(a) for a in g.legal_actions())
    g.apply(g.codec.pass_)
    st.shielded[0] = 0                                # even unshielded, the card is spent
    assert all("A44" not in g.describe(a) for a in g.legal_actions())
    assert g.observe(1)["hands"][0]["played"] == ["A44"]


def test_r28_city_actions_once_per_round_per_hero_portal_and_pass_always():
    g = coop(scenario=8, heroes=["r9c0", "r9c4"], hydra_hands={0: [], 1: []}, order=[0, 1])
    codec = g.codec

    def city_kinds():
        return {codec.describe(a).split(":")[1].split(" ")[1]
                for a in g.legal_actions() if codec.describe(a).startswith("city action")}

    assert {"move", "portal", "protect", "pass"} <= city_kinds()
    g.apply(ht.find_action(g, "city action: move 1 to r8c0"))
    g.apply(ht.find_action(g, "city action: protect"))            # seat 1
    assert "move" not in city_kinds() and "protect" in city_kinds()  # seat 0, turn 2
    g.apply(ht.find_action(g, "city action: portal to r5c3"))
    assert "protect" not in city_kinds() and "move" in city_kinds()  # seat 1, turn 2
    g.apply(codec.pass_)
    g.apply(ht.find_action(g, "city action: portal to r8c3"))       # seat 0 portals again
    assert "portal" in city_kinds() and "pass" in city_kinds()
    st = g.state
    assert st.city_actions_used[0] and st.city_actions_used[1]
    run_until(g, lambda x: x.state.round == 1)
    assert st.city_actions_used == [0, 0]                                   # a new round


def test_r28_hydra_card_played_before_the_action():
    g = coop(scenario=8, hydra_hands={0: ["H11"], 1: []}, order=[0, 1],
             heads={"white": (2, 2)})
    play = ht.find_action(g, "play hydra card", "H11")
    assert play == g.codec.play_base and g.pending["kind"] == "action"
    g.apply(play)
    assert heads(g)["white"] == (2, 3)
    assert g.pending == {"kind": "action", "seat": 0}               # the action is still due
    assert g.codec.play_base not in g.legal_actions()
    assert ht.hydra_card(g, "H11") in g.state.hydra_discards[0]
    g.apply(g.codec.pass_)
    assert g.pending == {"kind": "action", "seat": 1}               # no after-action step


def test_r28_hydra_card_played_after_the_action_or_kept_for_later():
    g = coop(scenario=8, hydra_hands={0: ["H11"], 1: []}, order=[0, 1],
             heads={"white": (2, 2)})
    g.apply(g.codec.pass_)
    assert g.pending == {"kind": "after action", "seat": 0}
    assert g.legal_actions() == [g.codec.play_base, g.codec.end_turn]
    g.apply(g.codec.end_turn)                                       # keep it
    assert g.state.hydra_hands[0] == [ht.hydra_card(g, "H11")]
    g.apply(g.codec.pass_)                                          # seat 1
    assert g.pending == {"kind": "action", "seat": 0}
    assert g.codec.play_base in g.legal_actions()                   # turn 2: still playable
    g.apply(g.codec.pass_)
    g.apply(g.codec.play_base)                                      # after the action
    assert heads(g)["white"] == (2, 3) and g.state.hydra_hands[0] == []
    assert g.pending == {"kind": "action", "seat": 1}


def test_r28_held_hydra_card_forced_after_the_last_action():
    tokens = 5
    g = coop(scenario=8, hydra_hands={0: ["H11"], 1: []}, order=[0, 1], turn=tokens - 1,
             heads={"white": (2, 2)})
    assert action_tokens_left(g.state, g.rules, 0) == 1
    g.apply(g.codec.pass_)
    assert g.pending == {"kind": "after action", "seat": 0}
    assert g.legal_actions() == [g.codec.play_base]                 # end turn not offered
    with pytest.raises(IllegalActionError, match="last action"):
        g.apply(g.codec.end_turn)
    g.apply(g.codec.play_base)
    assert heads(g)["white"] == (2, 3)
    assert g.pending == {"kind": "action", "seat": 1}


def test_r28_every_held_hydra_card_is_played_after_the_last_action():
    # No shipped scenario deals two hydra cards, but the layout has three hand slots.
    g = coop(scenario=8, hydra_hands={0: ["H11", "H13"], 1: []}, order=[0, 1], turn=4,
             heads={"white": (2, 2), "yellow": (2, 2)})
    g.apply(g.codec.pass_)
    assert g.legal_actions() == [g.codec.play_base, g.codec.play_base + 1]
    g.apply(g.codec.play_base + 1)                          # H13 first, by choice
    assert g.pending == {"kind": "after action", "seat": 0}
    assert g.legal_actions() == [g.codec.play_base]
    g.apply(g.codec.play_base)
    assert heads(g)["white"] == (2, 3) and heads(g)["yellow"] == (2, 3)
    assert g.pending == {"kind": "action", "seat": 1}


def test_r28_no_after_action_decision_without_hydra_cards():
    g = coop(scenario=8, hydra_hands={0: [], 1: ["H16"]}, order=[0, 1])
    g.apply(g.codec.pass_)
    assert g.pending == {"kind": "action", "seat": 1}


def test_r28_a_hydra_card_that_cannot_be_done_is_discarded_without_effect():
    #    c0  c1
    # r2  .  R0     red has no heads: "move 1 red" cannot be done
    g = coop(scenario=8, hydra_hands={0: ["H01"], 1: []}, order=[0, 1], heads={"red": (2, 0)})
    before = g.state.clone()
    g.apply(ht.find_action(g, "play hydra card", "H01"))
    st = g.state
    assert st.head_position == before.head_position and st.head_count == before.head_count
    assert st.hero_space == before.hero_space and st.walls == before.walls
    assert st.hydra_hands[0] == [] and ht.hydra_card(g, "H01") in st.hydra_discards[0]


def test_r28_hydra_card_can_harm_its_own_player():
    #    c0  c1
    # r2  .  R2
    # r3  1  .      seat 0 in the red bite zone plays "bite red"
    g = coop(scenario=8, heroes=["r3c0", "city"], hydra_hands={0: ["H17"], 1: []},
             glory=[3, 0], order=[0, 1])
    g.apply(ht.find_action(g, "play hydra card", "H17"))
    assert g.state.hero_space[0] == ht.space(g, "city") and g.state.glory[0] == 2


# --------------------------------------------------------------------- R29 phase 3


def test_r29_unused_display_and_hand_cards_are_shuffled_then_the_stack_follows():
    shuffled = 0
    for seed in range(6):
        g = ht.coop_game(scenario=8, seed=seed, order=[0, 1])
        st = g.state.clone()
        st.display_token[1] = 1                       # display slot 1 used
        st.action_hand_used[0][2] = 1                 # seat 0's third hand card used
        unused = [c for k, c in enumerate(st.display) if not st.display_token[k]]
        unused += st.action_hands[0][:2] + st.action_hands[1]
        stack = list(st.hydra_stack)
        coop_rules.start_hydra_phase(st, g.rules)
        assert sorted(x for x in st.hydra_queue if x >= 0) == sorted(unused)
        n = len(unused)
        assert all(x >= 0 for x in st.hydra_queue[:n])
        assert [~x for x in st.hydra_queue[n:]] == stack            # the stack last, in order
        assert st.action_hands[0] == [g.state.action_hands[0][2]] and st.action_hands[1] == []
        assert st.display == [-1, g.state.display[1], -1, -1]
        shuffled += st.hydra_queue[:n] != unused
    assert shuffled >= 4, "the unused cards are not shuffled"


def test_r29_stack_resolved_after_the_unused_action_cards():
    # Unused A36 grows red by 2; then the stack's "move 1 red (+1 boat)" moves it 2.
    # Had the stack come first, red (0 heads) would not have moved.
    g = quiet_round(stack=["H01", "H13"], display=["A36", "A06", "A09", "A15"],
                    heads={"red": (2, 0)})
    next_round(g)
    assert heads(g)["red"] == (4, 2)


def test_r29_stack_resolved_in_order():
    # stack[0] "grow 1 red", then stack[1] "move 1 red (+1 boat)": red moves 2.
    g = quiet_round(stack=["H09", "H01"], heads={"red": (2, 0)})
    next_round(g)
    assert heads(g)["red"] == (4, 1)
    g = quiet_round(stack=["H01", "H09"], heads={"red": (2, 0)})
    next_round(g)
    assert heads(g)["red"] == (2, 1)


def test_r29_used_cards_are_not_resolved():
    # Seat 0 uses A36 (barricade: repairs the wall from the city); its "grow 2 red"
    # is not done, so the stack's "move 1 red" finds red without heads.
    g = quiet_round(stack=["H01", "H13"], display=["A36", "A06", "A09", "A15"],
                    heads={"red": (2, 0)}, walls=9, order=[0, 1])
    g.apply(ht.find_action(g, "A36", "repair the wall"))
    assert g.state.walls == 10
    next_round(g)
    assert heads(g)["red"] == (2, 3)           # not moved; 0 heads regrown to 3 (R30)


# --------------------------------------------------------------------- R30 cleanup


def test_r30_cleanup_new_deck_discards_regrowth_moon():
    g = quiet_round(stack=["H13", "H15"], heads={"red": (2, 0)})
    st = g.state
    round_hydra = {ht.hydra_card(g, h) for h in ("H11", "H16", "H13", "H15")}
    assert g.round == 1 and st.moon_tokens == "LLLRR"
    next_round(g)
    assert g.round == 2 and not g.is_over
    # all action cards back in one deck, then dealt: no discard pile left
    assert st.action_discard == []
    held = st.action_deck + st.display + [c for h in st.action_hands for c in h]
    assert sorted(held) == list(range(44))
    # round-1 hydra cards on their discard pile
    assert set(st.hydra_discards[0]) == round_hydra and st.hydra_discards[1] == []
    # red had 0 heads: 3 again; the others grew (capped at 6) and stay
    assert heads(g) == {"red": (2, 3), "white": (2, 6), "yellow": (2, 6), "blue": (2, 6)}
    assert st.city_actions_used == [0, 0] and st.display_token == [0] * 4
    assert not ht.invariants(g)


def test_r30_last_round_ends_the_game_won_with_walls_left():
    g = coop(scenario=8, glory=[2, 6])
    with ht.edit(g) as state:
        state.round = len(state.moon_tokens) - 1           # the fifth and last round
    run_until(g, lambda x: False)
    res = g.result()
    assert g.is_over and res.outcome == "won" and res.city_saved
    assert res.rounds == 5 and res.walls > 0
    assert res.epic_hero == compass.ranking(g.state.glory)[0] and res.tragic_hero is None
    assert g.current_player == -1 and g.legal_actions() == []


# --------------------------------------------------------------------- R31 game end


def test_r31_early_victory_finishes_the_turn_without_hydra_cards():
    #     c0  c1  c2
    # r2  .   R1  .      red 1 head, white/yellow/blue 0 heads
    # r3  .   2   .      seat 1 (second in turn order) strikes red with the city sword
    g = coop(scenario=1, heroes=["city", "r3c1", "city", "city"],
             heads={"red": (2, 1), "white": (2, 0), "yellow": (2, 0), "blue": (2, 0)},
             glory=[0, 5, 9, 2], order=[0, 1, 2, 3],
             hydra_hands={0: ["H11"], 1: ["H13"], 2: ["H15"], 3: ["H16"]})
    codec = g.codec
    g.apply(codec.pass_)
    g.apply(codec.end_turn)                            # seat 0 keeps its hydra card
    assert g.current_player == 1
    g.apply(ht.find_action(g, "city action: sword 1 against red"))
    assert g.state.head_count == [0, 0, 0, 0] and not g.is_over
    assert g.observe(0)["victory_pending"] is True
    # no after-action step for seat 1, and seats 2, 3 may no longer play hydra cards
    for seat in (2, 3):
        assert g.pending == {"kind": "action", "seat": seat}
        assert not [a for a in g.legal_actions() if codec.play_base <= a < codec.end_turn]
        with pytest.raises(IllegalActionError):
            g.apply(codec.play_base)
        g.apply(codec.pass_)
    assert g.is_over
    res = g.result()
    assert res.outcome == "won" and res.city_saved and res.rounds == 1
    assert g.state.glory == [0, 6, 9, 2]
    assert res.ranking == (2, 1, 3, 0) and res.epic_hero == 2 and res.tragic_hero is None
    assert res.glory == (0, 6, 9, 2) and res.walls == g.state.walls_at_start
    assert [len(h) for h in g.state.hydra_hands] == [1, 1, 1, 1]   # never played
    assert g.state.head_count == [0, 0, 0, 0]                      # no Hydra phase, no regrowth


def test_r31_early_victory_by_the_last_hero_of_the_turn_ends_at_once():
    g = coop(scenario=8, heroes=["city", "r3c1"],
             heads={"red": (2, 1), "white": (2, 0), "yellow": (2, 0), "blue": (2, 0)},
             order=[0, 1], hydra_hands={0: [], 1: ["H13"]})
    g.apply(g.codec.pass_)
    g.apply(ht.find_action(g, "city action: sword 1 against red"))
    assert g.is_over and g.result().outcome == "won"
    assert g.state.hydra_hands[1] == [ht.hydra_card(g, "H13")]


def test_r31_defeat_when_the_last_wall_goes_tragic_hero_is_last():
    #     c0  c1
    # r9  .   R2     red in front of the wall, 1 wall token left
    g = coop(scenario=8, heads={"red": (9, 2)}, walls=1, glory=[4, 1], order=[1, 0],
             hydra_hands={1: ["H01"], 0: []})
    g.apply(ht.find_action(g, "play hydra card", "H01"))
    assert g.is_over and g.current_player == -1
    res = g.result()
    assert res.outcome == "lost" and not res.city_saved and res.walls == 0
    assert res.tragic_hero == 1 and res.epic_hero is None
    assert res.ranking == (0, 1) and res.glory == (4, 1) and res.rounds == 1
