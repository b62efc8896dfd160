"""Rule tests of the coordinated game for 2–4 heroes, part 2: the turns of phase 2,
the actions (R28) — docs/games/hydra/rules.md, section "The coordinated game". Buckle
up and phase 1 (R26, R27) are tested in test_coordinated_preparation.py, phase 3, the
clean up and the end of the game (R29–R31) in test_coordinated_round_end.py.

Positions are built with :func:`helpers.coop_games.coop` (``ht.coop_game``;
colours on the paths in data order: red c1, white c3, yellow c5, blue c7; path
position = row) and driven by scripted decisions. Boards are drawn as ASCII
where it helps: ``R2`` a red head with counter 2, ``r`` a red neck tile,
``1``/``2`` heroes of seats 0/1, ``*`` a shield.

Reading of the engine asserted here (see the engine notes): a turn is the action
decision (hero actions and "play hydra card k") then an "after action" decision
(play a held hydra card or end the turn; on the last turn, end turn is not offered
while hydra cards are held).
"""

from __future__ import annotations

import pytest
from helpers.coop_games import coop, heads, run_until, step

from hydra_env import Game, IllegalActionError
from hydra_env.games.hydra.rules import testing as ht
from hydra_env.games.hydra.rules.tokens import action_tokens_left

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
