"""Rule tests of the retreat of a struck head (R9) and of following it (R10) —
docs/games/hydra/rules.md, section "Hero actions: swords, harpoons, retreats". Choosing
an action, the sword and the harpoon (R6–R8) are tested in test_swords_and_harpoons.py.

Positions are hand-built with :mod:`hydra_env.games.hydra.rules.testing`; where the
Hydra colours sit and the boards drawn in the comments: README.md of this folder.

Cards used (hero sides): A21 sword 2 (+1 vs red), A23 sword 2 (+1 vs yellow),
A24 sword 2 (+1 vs blue), A25 harpoon 1 (+1 vs red).
"""

from __future__ import annotations

from helpers.actions import (
    HAND,
    assert_illegal,
    assert_sound,
    at,
    city_sword,
    glory,
    harpoon,
    head,
    in_city,
    place,
    places,
    sword,
)
from helpers.coop_games import GLORY2, coop2

from hydra_env.games.hydra.rules import testing as ht

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
