"""Rule tests of the barricade (R11) and the portal (R12) — docs/games/hydra/rules.md,
section "Hero actions: barricades, portals, protection, the city". Protection, wounds,
the pass and the city actions (R13–R16), the rest of that section, are tested in
test_protect_and_wounds.py and test_pass_and_city_actions.py.

Positions are hand-built with :mod:`hydra_env.games.hydra.rules.testing`; where the
Hydra colours sit and the boards drawn in the comments: README.md of this folder.

Cards used (hero sides): A33/A34 barricade, A38 portal.

``test_r4_portal_onto_a_hero_shoves_it`` of the coordinated game is here, next
to the portal tests (R12), because tests/games/hydra/rules/test_shoves.py has a test
of that name.
"""

from __future__ import annotations

from helpers.actions import (
    HAND,
    assert_illegal,
    at,
    barricade,
    city_portals,
    dest,
    dests,
    glory,
    place,
    slot_actions,
)
from helpers.coop_games import GLORY2, coop, coop2

from hydra_env.games.hydra.rules import testing as ht

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
