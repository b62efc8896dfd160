"""Rule tests of the hero actions that strike the Hydra: choosing an action (R6), the
sword (R7) and the harpoon (R8) — docs/games/hydra/rules.md, section "Hero actions:
swords, harpoons, retreats". The retreat and following a retreating head (R9, R10),
the rest of that section, are tested in test_retreat_and_follow.py.

Positions are hand-built with :mod:`hydra_env.games.hydra.rules.testing`; where the
Hydra colours sit and the boards drawn in the comments: README.md of this folder.

Cards used (hero sides): A13 sword 1 (+1 vs red), A15 sword 1 (+1 vs white),
A21 sword 2 (+1 vs red), A24 sword 2 (+1 vs blue), A25 harpoon 1 (+1 vs red),
A27 harpoon 1 (+1 vs white), A33 barricade, A38 portal, A42 protect.
"""

from __future__ import annotations

from helpers.actions import (
    assert_illegal,
    assert_sound,
    at,
    barricade,
    city_harpoon,
    city_move,
    city_sword,
    dest,
    glory,
    harpoon,
    head,
    legal_kinds,
    place,
    protect,
    slot_actions,
    sword,
)

from hydra_env.games.hydra.rules import testing as ht
from hydra_env.games.hydra.rules.codec import A_CITY_HARPOON, A_CITY_PROTECT, A_CITY_SWORD, A_PASS

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
    # hydra_env.games.hydra.rules.heroes.attack is the one definition of a strike's damage: the
    # engine, describe, the bots and the candidate features all use it.
    from hydra_env.games.hydra.rules.heroes import attack
    g = ht.solo_game(hero="r5c2", heads={"red": (5, 3), "white": (5, 3)}, display=["A13"])
    colours = g.rules.components.hydra_colours
    red, white = colours.index("red"), colours.index("white")
    st, rules = g.state, g.rules
    assert attack(st, rules, 0, sword(g, 0, "red")) == (red, 2)              # R6: 1 + bonus
    assert attack(st, rules, 0, sword(g, 0, "red", forgo=True)) == (red, 1)
    assert attack(st, rules, 0, sword(g, 0, "white")) == (white, 1)
    assert attack(st, rules, 0, rules.codec.encode(A_CITY_SWORD, -1, white)) == (white, 1)   # R16
    assert attack(st, rules, 0, rules.codec.encode(A_PASS)) == (-1, 0)
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
    board, st = g.rules.board, g.state
    neck = [board.name(s) for s in board.spaces(board.seg_mask[st.hydra_path[ht.colour(g, "red")]][3])]
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
