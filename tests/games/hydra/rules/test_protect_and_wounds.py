"""Rule tests of protection and evasion (R13) and of wounded heroes (R14) —
docs/games/hydra/rules.md, section "Hero actions: barricades, portals, protection, the
city". The barricade and the portal (R11, R12) are tested in
test_barricades_and_portals.py, the pass and the city actions (R15, R16) in
test_pass_and_city_actions.py.

Positions are hand-built with :mod:`hydra_env.games.hydra.rules.testing`; where the
Hydra colours sit and the boards drawn in the comments: README.md of this folder.

Cards used (hero sides): A42 protect.
"""

from __future__ import annotations

from helpers.actions import (
    assert_illegal,
    assert_sound,
    at,
    city_protect,
    glory,
    head,
    in_city,
    place,
    places,
    protect,
    slot_actions,
)
from helpers.coop_games import GLORY2, coop, coop2, quiet_round, run_until

from hydra_env.games.hydra.rules import testing as ht

# ----------------------------------------------------------------- R13 protect


def test_r13_protect_only_when_unprotected():
    g = ht.solo_game(hero="r7c4", display=["A42"])
    assert slot_actions(g, 0) == [protect(g, 0)]
    assert g.is_legal(city_protect(g))
    g.apply(protect(g, 0))
    assert g.state.shielded == [1]
    assert not g.is_legal(city_protect(g))
    g2 = ht.solo_game(hero="r7c4", display=["A42"], shield=True)
    assert slot_actions(g2, 0) == []
    assert_illegal(g2, city_protect(g2), "already holds a shield", "R13")


def test_r13_bitten_protected_hero_evades_out_of_the_bite():
    #        c0 c1 c2 c3
    #   r4   z  z  z  .      z: bitten zone of the red head
    #   r5   z  R  z  W
    #   r6   z  z  A* x      A* may go to r6c3, r7c1, r7c2, r7c3 (outside the zone,
    #   r7   .  x  x  x      not the white head on r5c3)
    g = ht.solo_game(hero="r6c2", shield=True)
    ht.run_effects(g, ("bite", "red"))
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "bite"}
    assert places(g) == {"r6c3", "r7c1", "r7c2", "r7c3"}
    assert_illegal(g, place(g, "r6c1"), "r6c1")
    g.apply(place(g, "r7c2"))
    assert at(g) == "r7c2" and g.state.shielded == [0] and glory(g) == 0
    assert_sound(g)


def test_r13_run_over_protected_hero_evades_before_the_head_enters():
    g = ht.solo_game(hero="r6c1", shield=True)
    ht.run_effects(g, ("move", "red", 1))
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "run over"}
    assert head(g, "red") == (5, 2)                       # not moved yet
    assert places(g) == {"r5c0", "r5c2", "r6c0", "r6c2", "r7c0", "r7c1", "r7c2"}
    g.apply(place(g, "r6c2"))
    assert head(g, "red") == (6, 2)
    assert at(g) == "r6c2" and g.state.shielded == [0] and glory(g) == 0


def test_r13_run_over_again_after_evading_ahead_of_the_head():
    g = ht.solo_game(hero="r6c1", shield=True)
    ht.run_effects(g, ("move", "red", 2))
    g.apply(place(g, "r7c1"))                             # evade onto the path ahead
    assert head(g, "red") == (7, 2)
    assert in_city(g) and glory(g) == -1                  # now unprotected: wounded


def test_r13_no_space_to_evade_means_wounded_and_shield_lost():
    #        c0 c1
    #   r0   A* M       the only neighbour off the head and the maelstrom, r1c0,
    #   r1   z  R       is in the bite: A* is wounded and loses the shield
    g = ht.solo_game(hero="r0c0", heads={"red": (1, 2)}, shield=True)
    ht.run_effects(g, ("bite", "red"))
    assert in_city(g)
    assert g.state.shielded == [0]
    assert glory(g) == -1
    assert g.pending == {"kind": "action", "seat": 0}


def test_r13_evading_onto_a_hero_shoves_it_for_one_glory():
    #        c1 c2
    #   r5   R  .        A* bitten at r6c2 evades onto B (r7c2): B is shoved, A pays 1.
    #   r6   .  A*
    #   r7   .  B
    g = coop2(["r6c2", "r7c2"], heads={"red": (5, 2)}, shields=[True, False])
    ht.run_effects(g, ("bite", "red"))
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "bite"}
    assert "r7c2" in places(g)
    g.apply(place(g, "r7c2"))
    assert g.pending == {"kind": "shoved", "seat": 1}
    assert glory(g, 0) == GLORY2[0] - 1
    assert "r6c2" in places(g)                           # A's old space is free again
    g.apply(place(g, "r8c3"))
    assert at(g, 0) == "r7c2" and at(g, 1) == "r8c3"
    assert g.state.shielded == [0, 0] and glory(g, 1) == GLORY2[1]
    assert_sound(g)


def test_r13_evasion_never_onto_a_head_or_maelstrom():
    # Run over next to the maelstrom row: A* on r1c1 (red path), red head on its maelstrom.
    g = ht.solo_game(hero="r1c1", heads={"red": (0, 2)}, shield=True)
    ht.run_effects(g, ("move", "red", 1))
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "run over"}
    assert places(g) == {"r0c0", "r0c2", "r1c0", "r1c2", "r2c0", "r2c1", "r2c2"}


def test_r13_evading_from_the_wall_area_into_the_inner_city():
    # Red head in front of the wall (r9c1) bites; A* on r10c1 may evade into the city.
    g = ht.solo_game(hero="r10c1", heads={"red": (9, 2)}, shield=True)
    ht.run_effects(g, ("bite", "red"))
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "bite"}
    assert places(g) == {"city"}      # every other neighbour is bitten or the head
    g.apply(place(g, "city"))
    assert in_city(g) and g.state.shielded == [0] and glory(g) == 0


def test_r13_evasions_decided_by_their_own_seats_during_another_seats_turn():
    #     c0  c1  c2
    # r2  .   R2  .
    # r3  1*  .   2*     seat 1's turn: it plays "bite red"; seat 1 evades, then seat 0
    g = coop(scenario=8, heroes=["r3c0", "r3c2"], shields=[True, True], glory=[5, 4],
             order=[1, 0], hydra_hands={1: ["H17"], 0: []})
    g.apply(ht.find_action(g, "play hydra card", "H17"))
    assert g.pending == {"kind": "evade", "seat": 1, "cause": "bite"}
    assert g.current_player == 1
    g.apply(ht.find_action(g, "put the hero on r4c3"))
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "bite"}
    assert g.current_player == 0                      # seat 0 decides in seat 1's turn
    assert ht.space(g, "r3c1") not in [g.codec.arg[a] for a in g.legal_actions()]
    g.apply(ht.find_action(g, "put the hero on r4c0"))
    assert g.state.shielded == [0, 0] and g.state.glory == [5, 4]
    assert g.pending == {"kind": "action", "seat": 1}  # back to seat 1's action


def test_r13_evasion_onto_another_hero_shoves_it_at_one_glory():
    #     c0  c1  c2
    # r2  .   R2  .
    # r3  1*  .   .
    # r4  2   .   .      seat 0 evades onto seat 1, who is shoved (seat 0 −1 glory)
    g = coop(scenario=8, heroes=["r3c0", "r4c0"], shields=[True, False], glory=[5, 2],
             order=[0, 1], hydra_hands={0: ["H17"], 1: []})
    g.apply(ht.find_action(g, "play hydra card", "H17"))
    g.apply(ht.find_action(g, "put the hero on r4c0"))
    assert g.state.glory == [4, 2]
    assert g.pending["kind"] == "shoved" and g.current_player == 1


def test_r13_protected_hero_evades_during_the_hydra_phase():
    # Every card of the round is quiet except the stack's "bite red".
    #     c0  c1  c2
    # r2  .   R2  .
    # r3  1*  .   2*
    g = quiet_round(stack=["H17", "H13"], heroes=["r3c0", "r3c2"], shields=[True, True],
                    order=[1, 0], glory=[0, 1])
    run_until(g, lambda x: x.pending["kind"] == "evade")
    assert g.phase == "hydra"
    assert g.pending == {"kind": "evade", "seat": 1, "cause": "bite"}
    g.apply(g.legal_actions()[0])
    assert g.phase == "hydra"
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "bite"}
    g.apply(g.legal_actions()[0])
    assert g.state.shielded == [0, 0]


# ----------------------------------------------------------------- R14 wounded


def test_r14_wounded_hero_goes_to_the_city_and_loses_one_glory():
    g = ht.solo_game(hero="r6c2")
    ht.run_effects(g, ("bite", "red"))
    assert in_city(g) and glory(g) == -1
    g2 = coop2(["r6c1", "r8c8"], heads={"red": (5, 2)})
    ht.run_effects(g2, ("move", "red", 1))
    assert in_city(g2, 0) and glory(g2, 0) == GLORY2[0] - 1
    assert at(g2, 1) == "r8c8" and glory(g2, 1) == GLORY2[1]
