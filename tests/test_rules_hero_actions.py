"""Rule tests for the hero actions: R6–R16 of ``spec/rules.md``.

Positions are hand-built with :mod:`hydra_env.core.testing`. In those games the
Hydra colours sit on the paths in data order: red on column 1, white on 3,
yellow on 5, blue on 7, and a head's path position is its row (``(5, 2)``:
position 5, counter 2). Boards in the comments use: ``M`` maelstrom, ``R``,
``W`` … a head, ``r`` a neck tile, ``A``/``B`` heroes (seat 0/1), ``*`` a
shield, ``#`` a barricade, ``x`` a space that matters to the test.

Cards used (hero sides): A13 sword 1 (+1 vs red), A15 sword 1 (+1 vs white),
A21 sword 2 (+1 vs red), A24 sword 2 (+1 vs blue), A25 harpoon 1 (+1 vs red),
A27 harpoon 1 (+1 vs white), A33/A34 barricade, A38 portal, A42 protect.
"""

from __future__ import annotations

import pytest

from hydra_env.core import testing as ht
from hydra_env.core.codec import (A_BARRICADE, A_CITY_HARPOON, A_CITY_MOVE, A_CITY_PORTAL,
                                  A_CITY_PROTECT, A_CITY_SWORD, A_DEST, A_HARPOON, A_PLACE,
                                  A_PASS, A_PLAY_HYDRA, A_PROTECT, A_SWORD)
from hydra_env.errors import IllegalActionError

HAND = 10  # card slot of hand slot 0 (coordinated game); display slots are 0–9
GLORY2 = [30, 20]  # far apart: R22's skipping of held positions never interferes


# ----------------------------------------------------------------- helpers


def sword(g, slot: int, colour: str, forgo: bool = False) -> int:
    return g.codec.encode(A_SWORD, slot, 2 * ht.colour(g, colour) + int(forgo))


def harpoon(g, slot: int, forgo: bool = False) -> int:
    return g.codec.encode(A_HARPOON, slot, int(forgo))


def barricade(g, slot: int, token: int = -1) -> int:
    return g.codec.encode(A_BARRICADE, slot, token)


def protect(g, slot: int) -> int:
    return g.codec.encode(A_PROTECT, slot, -1)


def dest(g, slot: int, name: str) -> int:
    return g.codec.encode(A_DEST, slot, ht.space(g, name))


def city_move(g, name: str) -> int:
    return g.codec.encode(A_CITY_MOVE, -1, ht.space(g, name))


def city_portal(g, name: str) -> int:
    return g.codec.encode(A_CITY_PORTAL, -1, ht.space(g, name))


def city_sword(g, colour: str) -> int:
    return g.codec.encode(A_CITY_SWORD, -1, ht.colour(g, colour))


def city_harpoon(g) -> int:
    return g.codec.encode(A_CITY_HARPOON)


def city_protect(g) -> int:
    return g.codec.encode(A_CITY_PROTECT)


def place(g, name: str) -> int:
    return g.codec.encode(A_PLACE, -1, ht.space(g, name))


def legal_kinds(g, slot: int | None = None) -> set[int]:
    codec = g.codec
    return {codec.kind[a] for a in g.legal_actions() if slot is None or codec.slot[a] == slot}


def slot_actions(g, slot: int) -> list[int]:
    return [a for a in g.legal_actions() if g.codec.slot[a] == slot]


def places(g) -> set[str]:
    codec = g.codec
    return {g.rules.board.name(codec.arg[a]) for a in g.legal_actions() if codec.kind[a] == A_PLACE}


def dests(g, slot: int) -> set[str]:
    codec = g.codec
    return {g.rules.board.name(codec.arg[a]) for a in g.legal_actions()
            if codec.kind[a] == A_DEST and codec.slot[a] == slot}


def city_portals(g) -> set[str]:
    codec = g.codec
    return {g.rules.board.name(codec.arg[a]) for a in g.legal_actions()
            if codec.kind[a] == A_CITY_PORTAL}


def at(g, seat: int = 0) -> str:
    return g.rules.board.name(g.state.hero_space[seat])


def glory(g, seat: int = 0) -> int:
    return g.state.glory[seat]


def head(g, colour: str) -> tuple[int, int]:
    """(path position, counter) of a colour."""
    c = ht.colour(g, colour)
    return g.state.head_position[c], g.state.head_count[c]


def in_city(g, seat: int = 0) -> bool:
    return g.state.hero_space[seat] == g.rules.board.city


def assert_illegal(g, action, *words: str) -> str:
    """``action`` raises IllegalActionError naming it and ``words``; the game is unchanged."""
    before = g.to_json()
    with pytest.raises(IllegalActionError) as err:
        g.apply(action)
    msg = str(err.value)
    if isinstance(action, int):
        assert f"action {action}" in msg
    for w in words:
        assert w in msg, (w, msg)
    assert g.to_json() == before
    return msg


def assert_sound(g) -> None:
    assert ht.invariants(g) == []


def coop2(heroes, **kw):
    """Two heroes (scenario 8), seat 0 acting first, no hydra cards held."""
    kw.setdefault("glory", GLORY2)
    kw.setdefault("hydra_hands", {0: [], 1: []})
    return ht.coop_game(scenario=8, heroes=heroes, order=[0, 1], **kw)


# ----------------------------------------------------------------- R6 choosing an action


def test_r6_sword_bonus_taken_and_forgone_are_two_decisions():
    #        c1 c2 c3
    #   r5   R3 A  W3     A13: sword 1 (+1 vs red)
    g = ht.solo_game(hero="r5c2", heads={"red": (5, 3), "white": (5, 3)}, display=["A13"])
    offered = set(slot_actions(g, 0))
    assert offered == {sword(g, 0, "red"), sword(g, 0, "red", forgo=True), sword(g, 0, "white")}
    full = g.clone()
    full.apply(sword(full, 0, "red"))
    assert head(full, "red") == (5, 1) and glory(full) == 2
    forgone = g.clone()
    forgone.apply(sword(forgone, 0, "red", forgo=True))
    assert head(forgone, "red") == (5, 2) and glory(forgone) == 1


def test_r6_no_bonus_to_forgo_against_another_colour():
    g = ht.solo_game(hero="r5c2", heads={"red": (5, 3), "white": (5, 3)}, display=["A13"])
    msg = assert_illegal(g, sword(g, 0, "white", forgo=True), "no bonus to forgo", "R6")
    assert "white" in msg
    g.apply(sword(g, 0, "white"))
    assert head(g, "white") == (5, 2) and glory(g) == 1


def test_r6_harpoon_bonus_taken_and_forgone_are_two_decisions():
    # Hero on the red neck (r3c1); A25 harpoon (+1 vs red), A27 harpoon (+1 vs white).
    g = ht.solo_game(hero="r3c1", heads={"red": (5, 2)}, display=["A25", "A27"])
    assert set(slot_actions(g, 0)) == {harpoon(g, 0), harpoon(g, 0, forgo=True)}
    assert set(slot_actions(g, 1)) == {harpoon(g, 1)}
    assert_illegal(g, harpoon(g, 1, forgo=True), "R6")
    full = g.clone()
    full.apply(harpoon(full, 0))
    assert head(full, "red") == (3, 2) and at(full) == "r1c1" and glory(full) == 2
    forgone = g.clone()
    forgone.apply(harpoon(forgone, 0, forgo=True))
    assert head(forgone, "red") == (4, 2) and at(forgone) == "r2c1" and glory(forgone) == 1


def test_r6_r8_r16_attack_gives_the_colour_and_damage_the_engine_deals():
    # hydra_env.core.heroes.attack is the one definition of a strike's damage: the
    # engine, describe, the bots and the candidate features all use it.
    from hydra_env.core.heroes import attack
    g = ht.solo_game(hero="r5c2", heads={"red": (5, 3), "white": (5, 3)}, display=["A13"])
    colours = g.rules.components.hydra_colours
    red, white = colours.index("red"), colours.index("white")
    st, R = g.state, g.rules
    assert attack(st, R, 0, sword(g, 0, "red")) == (red, 2)              # R6: 1 + bonus
    assert attack(st, R, 0, sword(g, 0, "red", forgo=True)) == (red, 1)
    assert attack(st, R, 0, sword(g, 0, "white")) == (white, 1)
    assert attack(st, R, 0, R.codec.encode(A_CITY_SWORD, -1, white)) == (white, 1)   # R16
    assert attack(st, R, 0, R.codec.encode(A_PASS)) == (-1, 0)
    h = ht.solo_game(hero="r3c1", heads={"red": (5, 2)}, display=["A25", "A27"])
    assert attack(h.state, h.rules, 0, harpoon(h, 0)) == (red, 2)       # R8 on the red neck
    assert attack(h.state, h.rules, 0, harpoon(h, 0, forgo=True)) == (red, 1)
    assert attack(h.state, h.rules, 0, harpoon(h, 1)) == (red, 1)       # bonus is for white
    assert attack(h.state, h.rules, 0, h.rules.codec.encode(A_CITY_HARPOON)) == (red, 1)


def test_r6_actions_that_cannot_be_done_in_full_are_not_offered():
    # On the red neck, not next to a head, already protected: no sword, no barricade
    # (neck tile), no protect (card or city); harpoon and portal remain.
    g = ht.solo_game(hero="r3c1", heads={"red": (5, 2)}, shield=True,
                     display=["A13", "A25", "A33", "A42", "A38"])
    assert slot_actions(g, 0) == []            # sword
    assert slot_actions(g, 1) != []            # harpoon
    assert slot_actions(g, 2) == []            # barricade
    assert slot_actions(g, 3) == []            # protect
    assert slot_actions(g, 4) != []            # portal
    kinds = legal_kinds(g)
    assert A_CITY_SWORD not in kinds and A_CITY_PROTECT not in kinds
    assert A_CITY_HARPOON in kinds
    # Off the neck: no harpoon of any kind, but a barricade.
    g2 = ht.solo_game(hero="r7c4", display=["A25", "A33"])
    assert slot_actions(g2, 0) == [] and A_CITY_HARPOON not in legal_kinds(g2)
    assert slot_actions(g2, 1) == [barricade(g2, 1)]


def test_r6_action_spent_even_when_damage_is_wasted():
    # Red head on its maelstrom (r0c1) with counter 1; A21 full: 3 damage, 1 on the
    # counter, 2 wasted (it cannot retreat). Glory 3; the card and the action are used.
    g = ht.solo_game(hero="r0c2", heads={"red": (0, 1)}, display=["A21"])
    g.apply(sword(g, 0, "red"))
    assert head(g, "red") == (0, 0)
    assert glory(g) == 3
    assert g.state.display_token[0] != 0 and g.state.actions_done == 1


def test_r6_illegal_actions_raise_and_leave_the_game_unchanged():
    g = ht.solo_game(hero="r5c2", heads={"red": (5, 3)}, display=["A13", "A25"])
    assert_illegal(g, sword(g, 0, "yellow"), "yellow", "orthogonally adjacent", "R7")
    assert_illegal(g, harpoon(g, 1), "neck", "R8")
    assert_illegal(g, place(g, "r6c2"), "pending decision is seat 0's action")
    assert_illegal(g, sword(g, 5, "red"), "display slot 5", "empty")
    assert_illegal(g, g.codec.yes, "pending decision")
    msg = assert_illegal(g, g.action_size + 5)
    assert "outside the action space" in msg and str(g.action_size + 5) in msg
    msg = assert_illegal(g, "sword")
    assert "not an integer" in msg
    # The legal one still works afterwards.
    g.apply(sword(g, 0, "red"))
    assert head(g, "red") == (5, 1)


def test_r6_describe_names_card_target_and_damage():
    g = ht.solo_game(hero="r5c2", heads={"red": (5, 3), "white": (5, 3)}, display=["A13"])
    assert g.describe(sword(g, 0, "red")) == \
        "A13 sword 1 (+1 vs red) from display A1: strike red for 2"
    assert g.describe(sword(g, 0, "red", True)) == \
        "A13 sword 1 (+1 vs red) from display A1: strike red for 1, bonus forgone"
    assert g.describe(sword(g, 0, "white")) == \
        "A13 sword 1 (+1 vs red) from display A1: strike white for 1"
    assert g.describe(city_sword(g, "red")) == "city action: sword 1 against red"
    h = ht.solo_game(hero="r3c1", heads={"red": (5, 2)}, display=["A25"])
    assert h.describe(harpoon(h, 0)) == \
        "A25 harpoon 1 (+1 vs red) from display A1: harpoon the red neck for 2"


def test_r6_describe_does_not_pretend_a_card_can_do_another_kind_of_action():
    # Index kinds that the card in the slot cannot do are never legal; their
    # description should not read as if the card did them.
    g = ht.solo_game(hero="r5c2", heads={"red": (5, 3)}, display=["A13", "A33"])
    assert not g.is_legal(dest(g, 0, "r8c3"))
    assert not g.is_legal(protect(g, 1))
    # (Before commit 4b338c1: "A13 sword 1 (+1 vs red) from display A1: portal to
    # r8c3" and "A33 barricade from display A2: take a shield".)
    d = g.describe(dest(g, 0, "r8c3"))
    assert "r8c3" in d and not ("A13" in d and "portal to" in d)
    d = g.describe(protect(g, 1))
    assert not ("A33" in d and "take a shield" in d)


def test_r6_wrong_decision_kind_is_explained():
    g = ht.solo_game(hero="r6c1", heads={"red": (5, 0)})
    g.apply(city_sword(g, "red"))
    assert g.pending == {"kind": "follow", "seat": 0}
    assert_illegal(g, city_move(g, "r7c1"), "seat 0's follow", "yes or no")
    assert_illegal(g, place(g, "r6c2"), "yes or no")


# ----------------------------------------------------------------- R7 sword


def test_r7_sword_needs_orthogonal_adjacency():
    #        c0 c1 c2
    #   r4   .  r  x      r4c2 is diagonal to the red head: no sword
    #   r5   .  R  x      r5c2, r6c1 and the neck tile r4c1 are orthogonal: sword
    #   r6   .  x  .
    for hero, ok in (("r4c2", False), ("r6c2", False), ("r5c2", True), ("r6c1", True),
                     ("r4c1", True), ("r5c0", True)):
        g = ht.solo_game(hero=hero, heads={"red": (5, 3)}, display=["A13"])
        assert g.is_legal(sword(g, 0, "red")) is ok, hero
        assert g.is_legal(city_sword(g, "red")) is ok, hero


def test_r7_damage_single_double_and_bonus_colour():
    cases = (("A13", 2), ("A15", 1), ("A21", 3), ("A24", 2))   # vs red
    for card, dmg in cases:
        g = ht.solo_game(hero="r5c2", heads={"red": (5, 5)}, display=[card])
        g.apply(sword(g, 0, "red"))
        assert head(g, "red") == (5, 5 - dmg), card
        assert glory(g) == dmg, card


def test_r7_counter_first_then_retreat():
    #   r2  r          A21 full (3) on red counter 1: counter 0, then 2 retreats
    #   r3  r → R      head 5 → 3, the neck now covers r0–r2 only
    #   r4  r
    #   r5  R  A
    g = ht.solo_game(hero="r5c2", heads={"red": (5, 1)}, display=["A21"])
    g.apply(sword(g, 0, "red"))
    assert head(g, "red") == (3, 0)
    assert glory(g) == 3
    B, st = g.rules.board, g.state
    neck = [B.name(s) for s in B.spaces(B.seg_mask[st.hydra_path[ht.colour(g, "red")]][3])]
    assert neck == ["r0c1", "r1c1", "r2c1"]
    assert_sound(g)


def test_r7_glory_per_point_including_wasted_retreat():
    # Red head on position 1 with counter 0; A21 full: 3 points, 1 retreat, 2 wasted.
    g = ht.solo_game(hero="r1c2", heads={"red": (1, 0)}, display=["A21"])
    g.apply(sword(g, 0, "red"))
    assert head(g, "red") == (0, 0)
    assert glory(g) == 3


def test_r7_neck_tiles_attackable_only_at_counter_zero():
    #        c1 c2
    #   r3   r  A     hero orthogonal to the neck tile r3c1 only
    #   r4   r  .
    #   r5   R  .
    g = ht.solo_game(hero="r3c2", heads={"red": (5, 2)}, display=["A13"])
    assert not g.is_legal(sword(g, 0, "red")) and not g.is_legal(city_sword(g, "red"))
    assert_illegal(g, sword(g, 0, "red"), "red", "R7")
    g0 = ht.solo_game(hero="r3c2", heads={"red": (5, 0)}, display=["A13"])
    assert g0.is_legal(sword(g0, 0, "red")) and g0.is_legal(city_sword(g0, "red"))
    g0.apply(sword(g0, 0, "red"))                         # 2 points: 2 retreats
    assert head(g0, "red") == (3, 0)
    assert glory(g0) == 2


def test_r7_head_on_maelstrom_with_counter_zero_cannot_be_attacked():
    g = ht.solo_game(hero="r0c2", heads={"red": (0, 0)}, display=["A13"])
    assert not g.is_legal(sword(g, 0, "red")) and not g.is_legal(city_sword(g, "red"))
    g2 = ht.solo_game(hero="r1c1", heads={"red": (0, 0)}, display=["A13"])
    assert not g2.is_legal(city_sword(g2, "red"))
    # With heads left it can: the counter drops.
    g3 = ht.solo_game(hero="r0c2", heads={"red": (0, 2)}, display=["A13"])
    g3.apply(sword(g3, 0, "red", forgo=True))
    assert head(g3, "red") == (0, 1) and glory(g3) == 1


# ----------------------------------------------------------------- R8 harpoon


def test_r8_harpoon_only_on_a_neck_and_retreats_per_point():
    g = ht.solo_game(hero="r3c2", heads={"red": (5, 2)}, display=["A25"])
    assert slot_actions(g, 0) == []
    assert_illegal(g, harpoon(g, 0), "does not stand on a neck tile", "R8")
    g = ht.solo_game(hero="r4c1", heads={"red": (5, 2)}, display=["A25"])
    g.apply(harpoon(g, 0))                                # 2 points: 2 retreats, counter unchanged
    assert head(g, "red") == (3, 2)
    assert at(g) == "r2c1"                                # the hero moves back with the neck
    assert glory(g) == 2
    assert_sound(g)


def test_r8_city_harpoon_does_one_point():
    g = ht.solo_game(hero="r4c3", heads={"white": (6, 4)})
    g.apply(city_harpoon(g))
    assert head(g, "white") == (5, 4)
    assert at(g) == "r3c3" and glory(g) == 1


# ----------------------------------------------------------------- R9 retreat


def test_r9_heroes_on_the_neck_move_back_with_it():
    #        c1 c2           A strikes the red head (counter 0) with A24 (2 points):
    #   r2   r  .            the head goes 5 → 3 and B, on the neck at r4c1, goes to r2c1
    #   r4   B  .
    #   r5   R  A
    g = coop2(["r5c2", "r4c1"], heads={"red": (5, 0)}, hands={0: ["A24"]})
    g.apply(sword(g, HAND, "red"))
    assert head(g, "red") == (3, 0)
    assert at(g, 1) == "r2c1" and at(g, 0) == "r5c2"
    assert glory(g, 0) == GLORY2[0] + 2 and glory(g, 1) == GLORY2[1]
    assert_sound(g)


def test_r9_hero_pushed_onto_the_maelstrom_is_wounded():
    g = coop2(["r5c2", "r1c1"], heads={"red": (5, 0)}, hands={0: ["A24"]})
    g.apply(sword(g, HAND, "red"))
    assert head(g, "red") == (3, 0)
    assert in_city(g, 1)
    assert glory(g, 1) == GLORY2[1] - 1
    assert glory(g, 0) == GLORY2[0] + 2


def test_r9_retreat_never_passes_the_maelstrom():
    g = ht.solo_game(hero="r2c2", heads={"red": (2, 0)}, display=["A21"])
    g.apply(sword(g, 0, "red"))                           # 3 points, only 2 can retreat
    assert head(g, "red") == (0, 0)
    assert glory(g) == 3


def test_r9_protected_hero_pushed_onto_the_maelstrom_evades():
    #        c0 c1 c2
    #   r0   x  M  x      B* on r1c1 (red neck, position 1) is pushed onto the maelstrom
    #   r1   x  B* x      by a retreat of 1; B evades from r1c1 to an adjacent space
    #   r2   x  r  x      that is neither a head nor a maelstrom.
    g = coop2(["r5c2", "r1c1"], heads={"red": (5, 0)}, shields=[False, True])
    g.apply(city_sword(g, "red"))
    assert head(g, "red") == (4, 0)
    assert g.pending == {"kind": "evade", "seat": 1, "cause": "maelstrom"}
    assert places(g) == {"r0c0", "r0c2", "r1c0", "r1c2", "r2c0", "r2c1", "r2c2"}
    assert_illegal(g, place(g, "r0c1"), "r0c1")
    g.apply(place(g, "r1c0"))
    assert at(g, 1) == "r1c0"
    assert g.state.shielded[1] == 0
    assert glory(g, 1) == GLORY2[1]
    assert_sound(g)


def test_r9_solo_hero_harpooning_itself_onto_the_maelstrom():
    # Unprotected: wounded (the glory of the hit is kept, the wound costs 1).
    g = ht.solo_game(hero="r1c1", heads={"red": (3, 2)}, display=["A25"])
    g.apply(harpoon(g, 0, forgo=True))
    assert head(g, "red") == (2, 2)
    assert in_city(g) and glory(g) == 1 - 1
    # Protected: evades instead.
    g = ht.solo_game(hero="r1c1", heads={"red": (3, 2)}, display=["A25"], shield=True)
    g.apply(harpoon(g, 0, forgo=True))
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "maelstrom"}
    g.apply(place(g, "r1c2"))
    assert at(g) == "r1c2" and g.state.shielded == [0] and glory(g) == 1


def test_r9_hero_pushed_onto_the_maelstrom_does_not_block_or_get_shoved():
    #        c0 c1 c2     A (r3c2) strikes red (counter 0) with A23: 2 retreats, head 3 → 1.
    #   r1   .  B* .      B* (pos 1) and C (pos 2) are both pushed onto the maelstrom.
    #   r2   .  C  .      B* evades first (turn order) and picks r2c1, C's old space:
    #   r3   .  R  A      C is on the maelstrom (rulebook: "ends up on the maelstrom
    #                     space"), so this is no shove; C is simply wounded.
    g = ht.coop_game(scenario=4, heroes=["r3c2", "r1c1", "r2c1"], heads={"red": (3, 0)},
                     order=[0, 1, 2], glory=[30, 20, 10], shields=[False, True, False],
                     hands={0: ["A23"]}, hydra_hands={0: [], 1: [], 2: []})
    g.apply(sword(g, HAND, "red"))
    assert head(g, "red") == (1, 0)
    assert g.pending == {"kind": "evade", "seat": 1, "cause": "maelstrom"}
    g.apply(place(g, "r2c1"))
    # Engine bug: C, waiting on its old space, is shoved (B* pays 1 glory and C's
    # player picks a space) and only then wounded.
    assert g.pending != {"kind": "shoved", "seat": 2}
    assert glory(g, 1) == 20
    assert at(g, 1) == "r2c1" and in_city(g, 2) and glory(g, 2) == 9


# ----------------------------------------------------------------- R10 follow


def test_r10_hero_in_front_may_follow_the_retreating_head():
    #        c1             A on r6c1, in front of the red head (counter 0).
    #   r4   x  ← follow    A24 (2 points): the head retreats 5 → 3; A may follow to r4c1.
    #   r5   R
    #   r6   A
    g = ht.solo_game(hero="r6c1", heads={"red": (5, 0)}, display=["A24"])
    g.apply(sword(g, 0, "red"))
    assert head(g, "red") == (3, 0)
    assert g.pending == {"kind": "follow", "seat": 0}
    assert set(g.legal_actions()) == {g.codec.yes, g.codec.no}
    assert g.describe(g.codec.yes) == "seat 0: follow the retreating head to r4c1"
    assert g.describe(g.codec.no) == "seat 0: stay, do not follow the head"
    stay = g.clone()
    g.apply(g.codec.yes)
    assert at(g) == "r4c1" and glory(g) == 2
    assert g.pending == {"kind": "action", "seat": 0}
    stay.apply(stay.codec.no)
    assert at(stay) == "r6c1" and glory(stay) == 2
    assert_sound(g)


def test_r10_follow_from_the_wall_area_below_position_9():
    g = ht.solo_game(hero="r10c1", heads={"red": (9, 0)})
    g.apply(city_sword(g, "red"))
    assert head(g, "red") == (8, 0)
    assert g.pending == {"kind": "follow", "seat": 0}
    g.apply(g.codec.yes)
    assert at(g) == "r9c1"


def test_r10_only_the_hero_directly_in_front_is_offered_to_follow():
    g = ht.solo_game(hero="r5c2", heads={"red": (5, 0)})
    g.apply(city_sword(g, "red"))
    assert head(g, "red") == (4, 0)
    assert g.pending == {"kind": "action", "seat": 0}
    assert at(g) == "r5c2"


def test_r10_no_follow_offer_when_the_new_front_space_holds_a_hero():
    #        c0 c1 c2     A (r3c1) strikes red (counter 0): the head goes 2 → 1.
    #   r1   .  B* .      B*, pushed onto the maelstrom, evades to r2c1,
    #   r2   .  R  .      the space in front of the head's new position:
    #   r3   .  A  .      A is not offered to follow.
    g = coop2(["r3c1", "r1c1"], heads={"red": (2, 0)}, shields=[False, True])
    g.apply(city_sword(g, "red"))
    assert head(g, "red") == (1, 0)
    assert g.pending == {"kind": "evade", "seat": 1, "cause": "maelstrom"}
    g.apply(place(g, "r2c1"))
    assert g.pending == {"kind": "action", "seat": 1}     # A's turn is over, no follow
    assert at(g, 0) == "r3c1" and at(g, 1) == "r2c1"
    assert_sound(g)


def test_r10_follow_is_offered_after_a_harpoon_retreat():
    #   r3  B        B harpoons the red neck (A25 full, 2 points): head 5 → 3,
    #   r5  R        B moves back to r1c1; A in front (r6c1) may follow to r4c1.
    #   r6  A
    g = ht.coop_game(scenario=8, heroes=["r6c1", "r3c1"], heads={"red": (5, 2)}, glory=GLORY2,
                     order=[1, 0], hands={1: ["A25"]}, hydra_hands={0: [], 1: []})
    assert g.pending == {"kind": "action", "seat": 1}
    g.apply(harpoon(g, HAND))
    assert head(g, "red") == (3, 2) and at(g, 1) == "r1c1"
    assert g.pending == {"kind": "follow", "seat": 0}
    g.apply(g.codec.yes)
    assert at(g, 0) == "r4c1"
    assert glory(g, 1) == GLORY2[1] + 2 and glory(g, 0) == GLORY2[0]


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
    B = g.rules.board
    assert [B.name(s) for s in g.state.barricade_space] == ["r7c0", "r7c2", "r8c4", "r7c8"]
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
