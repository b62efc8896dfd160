"""Rule tests of the coordinated game for 2–4 heroes, part 3: phase 3, the Hydra
(R29), the clean up (R30) and the end of the game (R31) — docs/games/hydra/rules.md,
section "The coordinated game". Buckle up and phase 1 (R26, R27) are tested in
test_coordinated_preparation.py, the turns of phase 2 (R28) in
test_coordinated_turns.py.

Positions are built with :func:`helpers.coop_games.coop` and
:func:`helpers.coop_games.quiet_round` (``ht.coop_game``; colours on the paths in
data order: red c1, white c3, yellow c5, blue c7; path position = row) and driven
by scripted decisions. Boards are drawn as ASCII where it helps: ``R2`` a red head
with counter 2, ``2`` the hero of seat 1.

Readings of the engine asserted here (see the engine notes): phase 3 resolves the
unused display and hand cards shuffled, then the stack in order
(``state.hydra_stack[0]`` first); early victory finishes the turn with no more
hydra cards, then the game ends won.
"""

from __future__ import annotations

import pytest
from helpers.coop_games import coop, heads, next_round, quiet_round, run_until

from hydra_env import IllegalActionError
from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules import coop as coop_rules
from hydra_env.games.hydra.rules import testing as ht

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
