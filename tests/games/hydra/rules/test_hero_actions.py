"""Rule tests of the other hero actions: R11–R16 of docs/games/hydra/rules.md (section "Hero
actions: barricades, portals, protection, the city").

Positions are hand-built with :mod:`hydra_env.games.hydra.rules.testing`. In those games the
Hydra colours sit on the paths in data order: red on column 1, white on 3,
yellow on 5, blue on 7, and a head's path position is its row (``(5, 2)``:
position 5, counter 2). Boards in the comments use: ``M`` maelstrom, ``R``,
``W`` … a head, ``r`` a neck tile, ``A``/``board`` heroes (seat 0/1), ``*`` a
shield, ``#`` a barricade, ``x`` a space that matters to the test.

Cards used (hero sides): A13 sword 1 (+1 vs red), A33/A34 barricade, A38 portal,
A42 protect.

``test_r4_portal_onto_a_hero_shoves_it`` of the coordinated game is here, next
to the portal tests (R12), because tests/games/hydra/rules/test_board_movement.py has a test
of that name.
"""

from __future__ import annotations

from helpers.actions import (
    HAND,
    assert_illegal,
    assert_sound,
    at,
    barricade,
    city_harpoon,
    city_move,
    city_portal,
    city_portals,
    city_protect,
    city_sword,
    dest,
    dests,
    glory,
    head,
    in_city,
    legal_kinds,
    place,
    places,
    protect,
    slot_actions,
)
from helpers.coop_games import GLORY2, coop, coop2, quiet_round, run_until

from hydra_env.games.hydra.rules import testing as ht
from hydra_env.games.hydra.rules.codec import (
    A_CITY_HARPOON,
    A_CITY_MOVE,
    A_CITY_PORTAL,
    A_CITY_PROTECT,
    A_CITY_SWORD,
    A_PLAY_HYDRA,
)

# ----------------------------------------------------------------- R11 barricade


def test_r11_barricade_is_raised_on_the_heros_space_for_one_glory():
    g = ht.solo_game(hero="r7c4", display=["A33"])
    a = barricade(g, 0)
    assert g.describe(a) == "A33 barricade from display A1: raise a barricade on r7c4"
    g.apply(a)
    assert ht.space(g, "r7c4") in g.state.barricade_space
    assert glory(g) == 1


def test_r11_no_barricade_on_a_barricade_or_a_neck_tile():
    g = ht.solo_game(hero="r7c4", display=["A33"], barricades=["r7c4"])
    assert slot_actions(g, 0) == []
    assert_illegal(g, barricade(g, 0), "barricade or a neck tile", "R11")
    g2 = ht.solo_game(hero="r3c1", heads={"red": (5, 2)}, display=["A33"])
    assert slot_actions(g2, 0) == []


def test_r11_with_all_barricades_placed_one_must_be_moved_players_choice():
    g = ht.solo_game(hero="r8c4", display=["A33"],
                     barricades=["r7c0", "r7c2", "r7c6", "r7c8"])
    assert set(slot_actions(g, 0)) == {barricade(g, 0, k) for k in range(4)}
    assert_illegal(g, barricade(g, 0), "must be moved", "R11")
    a = barricade(g, 0, 2)
    assert g.describe(a) == "A33 barricade from display A1: move barricade 2 from r7c6 to r8c4"
    g.apply(a)
    board = g.rules.board
    assert [board.name(s) for s in g.state.barricade_space] == ["r7c0", "r7c2", "r8c4", "r7c8"]
    assert glory(g) == 1
    # A hero standing on one of them cannot move it onto its own space.
    g2 = ht.solo_game(hero="r7c2", display=["A33"], barricades=["r7c0", "r7c2", "r7c6", "r7c8"])
    assert slot_actions(g2, 0) == []


def test_r11_in_the_city_the_barricade_repairs_a_missing_wall_token():
    g = ht.solo_game(hero="city", walls=8, display=["A33", "A34"])
    assert g.state.walls_at_start == 10
    assert set(slot_actions(g, 0)) == {barricade(g, 0)}
    assert g.describe(barricade(g, 0)) == "A33 barricade from display A1: repair the wall"
    assert_illegal(g, barricade(g, 0, 1), "repairs the wall", "R11")
    g.apply(barricade(g, 0))
    assert g.state.walls == 9 and glory(g) == 1
    assert all(b < 0 for b in g.state.barricade_space)


def test_r11_no_wall_repair_above_the_starting_count():
    g = ht.solo_game(hero="city", walls=9, display=["A33", "A34"])
    g.apply(barricade(g, 0))
    assert g.state.walls == 10
    assert slot_actions(g, 1) == []                       # nothing is missing any more
    assert_illegal(g, barricade(g, 1), "no wall token is missing", "R11")
    full = ht.solo_game(hero="city", display=["A33"])
    assert slot_actions(full, 0) == []


def test_r11_city_repair_even_with_all_barricades_placed():
    g = ht.solo_game(hero="city", walls=7, display=["A33"],
                     barricades=["r7c0", "r7c2", "r7c6", "r7c8"])
    assert set(slot_actions(g, 0)) == {barricade(g, 0)}
    g.apply(barricade(g, 0))
    assert g.state.walls == 8


# ----------------------------------------------------------------- R12 portal


def test_r12_portal_targets_exclude_necks_heads_and_own_space():
    # Heads on position 5 (portal row r5), necks on r0–r4 (portal row r2 covered):
    # the free portals are row r8 and the inner city.
    g = ht.solo_game(hero="r7c4", display=["A38"])
    expected = {"r8c1", "r8c3", "r8c5", "r8c7", "city"}
    assert dests(g, 0) == expected
    assert city_portals(g) == expected
    g2 = ht.solo_game(hero="r8c3", display=["A38"])
    assert dests(g2, 0) == expected - {"r8c3"}
    g3 = ht.solo_game(hero="city", display=["A38"])
    assert dests(g3, 0) == expected - {"city"}
    # With every head back on position 1, all twelve path portals are free.
    back = {c: (1, 2) for c in ("red", "white", "yellow", "blue")}
    g4 = ht.solo_game(hero="r7c4", heads=back)
    assert len(city_portals(g4)) == 13
    assert_illegal(g, dest(g, 0, "r2c1"), "r2c1", "R12")


def test_r12_portal_teleports():
    g = ht.solo_game(hero="r0c8", display=["A38"])
    g.apply(dest(g, 0, "r8c5"))
    assert at(g) == "r8c5" and glory(g) == 0


def test_r12_portal_card_onto_a_hero_shoves_it():
    g = coop2(["city", "r8c5"], hands={0: ["A38"]})
    g.apply(dest(g, HAND, "r8c5"))
    assert g.pending == {"kind": "shoved", "seat": 1}
    assert glory(g, 0) == GLORY2[0] - 1
    g.apply(place(g, "r9c5"))
    assert at(g, 0) == "r8c5" and at(g, 1) == "r9c5" and glory(g, 1) == GLORY2[1]


def test_r4_portal_onto_a_hero_shoves_it():
    g = coop(scenario=8, heroes=["city", "r8c3"], glory=[0, 2], order=[0, 1],
             hydra_hands={0: [], 1: []})
    g.apply(ht.find_action(g, "city action: portal to r8c3"))
    assert g.state.glory == [-1, 2]
    assert g.current_player == 1 and g.pending["kind"] == "shoved"
    assert ht.space(g, "city") not in g.state.hero_space[1:]


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
    #   r5   R  .        A* bitten at r6c2 evades onto board (r7c2): board is shoved, A pays 1.
    #   r6   .  A*
    #   r7   .  board
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


# ----------------------------------------------------------------- R15 pass


def test_r15_pass_spends_the_action_for_nothing():
    g = ht.solo_game(hero="r6c2", display=["A13"])
    before = g.state.to_dict()
    g.apply(g.codec.pass_)
    after = g.state.to_dict()
    assert after["actions_done"] == before["actions_done"] + 1
    for key in ("actions_done", "history"):
        before.pop(key), after.pop(key)
    assert after == before


def test_r15_after_a_pass_the_hero_may_still_play_its_hydra_card():
    g = ht.coop_game(scenario=8, heroes=["r6c2", "r8c8"], order=[0, 1], glory=GLORY2,
                     hydra_hands={0: ["H09"], 1: []})
    g.apply(g.codec.pass_)
    assert g.pending == {"kind": "after action", "seat": 0}
    assert A_PLAY_HYDRA in legal_kinds(g)


# ----------------------------------------------------------------- R16 city actions


def test_r16_city_actions_are_usable_from_anywhere():
    g = ht.solo_game(hero="r5c2", heads={"red": (5, 3)})
    kinds = legal_kinds(g)
    assert {A_CITY_MOVE, A_CITY_PORTAL, A_CITY_SWORD, A_CITY_PROTECT} <= kinds
    g.apply(city_sword(g, "red"))
    assert head(g, "red") == (5, 2) and glory(g) == 1     # sword 1, no bonus


def test_r16_move_sword_harpoon_protect_once_per_round():
    g = ht.solo_game(hero="r4c1", heads={"red": (5, 4)})
    g.apply(city_sword(g, "red"))                          # r4c1 is right behind the head
    assert not g.is_legal(city_sword(g, "red"))
    assert_illegal(g, city_sword(g, "red"), "already used this round", "R16")
    g.apply(city_harpoon(g))
    assert at(g) == "r3c1"
    assert A_CITY_HARPOON not in legal_kinds(g)
    g.apply(city_protect(g))
    assert g.state.shielded == [1]
    ht.run_effects(g, ("bite", "red"))                    # the shield is spent evading
    g.apply(place(g, "r2c2"))
    assert g.state.shielded == [0]
    assert A_CITY_PROTECT not in legal_kinds(g)           # still used this round
    g.apply(city_move(g, "r3c2"))
    assert A_CITY_MOVE not in legal_kinds(g)
    assert A_CITY_PORTAL in legal_kinds(g) and g.codec.pass_ in g.legal_actions()


def test_r16_city_actions_stay_used_in_action_phase_two():
    g = ht.solo_game(hero="r7c4")
    g.apply(city_move(g, "r7c5"))
    for _ in range(4):
        g.apply(g.codec.pass_)
    assert g.phase == "action II"
    kinds = legal_kinds(g)
    assert A_CITY_MOVE not in kinds
    assert A_CITY_PORTAL in kinds and A_CITY_PROTECT in kinds


def test_r16_portal_and_pass_any_number_of_times():
    g = ht.solo_game(hero="r7c4")
    for target in ("r8c1", "r8c3", "city", "r8c7"):
        g.apply(city_portal(g, target))
        assert at(g) == target
    g.apply(g.codec.pass_)
    assert g.phase == "action II"
    for _ in range(4):
        g.apply(g.codec.pass_)
        assert g.codec.pass_ in g.legal_actions()
    assert g.state.actions_done == 4


def test_r16_city_actions_return_in_the_next_round():
    # Empty display and row C: the Hydra phase does nothing.
    g = ht.solo_game(hero="r10c4", display=[], row=[])
    g.apply(city_move(g, "city"))
    for _ in range(9):
        assert A_CITY_MOVE not in legal_kinds(g)
        g.apply(g.codec.pass_)
    assert g.round == 2 and g.phase == "action"
    assert A_CITY_MOVE in legal_kinds(g)


def test_r16_city_actions_are_per_hero():
    g = coop2(["r7c4", "r7c6"])
    g.apply(city_move(g, "r8c4"))
    assert g.pending == {"kind": "action", "seat": 1}
    assert g.is_legal(city_move(g, "r8c6"))


def test_r16_city_move_has_no_bonus():
    # A hero in the city (wall area for bonuses) moving with the city action: one step only.
    g = ht.solo_game(hero="city")
    moves = {g.rules.board.name(g.codec.arg[a]) for a in g.legal_actions()
             if g.codec.kind[a] == A_CITY_MOVE}
    assert moves == {f"r10c{c}" for c in range(9)}
