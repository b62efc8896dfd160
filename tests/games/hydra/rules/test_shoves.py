"""Rule tests of shoving another hero: R4 of docs/games/hydra/rules.md (section "Board,
movement, occupancy"). A hero that walks through or onto another hero, or portals
onto it, shoves it: the mover loses one glory a shove, the shoved hero's seat puts
it on a free space next to it (a swap included) or, with none, in the inner city,
and a walk takes the route with the fewest shoves. Adjacency, free spaces, walks
and heads (R1–R3, R5) are tested in test_board_and_walks.py;
test_barricades_and_portals.py has a test of the same name as one here,
``test_r4_portal_onto_a_hero_shoves_it``, with the portal city action.

Positions are hand-built with :mod:`hydra_env.games.hydra.rules.testing`; where the
Hydra colours sit and the boards drawn in the comments: README.md of this folder.
"""

from __future__ import annotations

import pytest
from helpers.actions import (
    HAND,
    assert_sound,
    at,
    city_move,
    city_portal,
    dest,
    glory,
    place,
    places,
)
from helpers.coop_games import coop, coop2
from movement_helpers import GLORY4, card_dests, chebyshev_ball

from hydra_env.errors import IllegalActionError
from hydra_env.games.hydra.rules import testing as ht
from hydra_env.games.hydra.rules.tables import T_SHOVE


def coop3(heroes, **kw):
    kw.setdefault("glory", GLORY4[:3])
    return ht.coop_game(scenario=4, heroes=heroes, order=[0, 1, 2],
                        hydra_hands={0: [], 1: [], 2: []}, **kw)


# ----------------------------------------------------------------- R4 shoves


def test_r4_shove_costs_one_glory_and_shoved_player_picks_a_free_space_or_swaps():
    #        c3 c4 c5 c6
    #   r5   .  x  x  x
    #   r6   .  A→ B  x       A steps onto B; B picks any free neighbour, A's old space included
    #   r7   .  x  x  x
    g = coop2(["r6c4", "r6c5"])
    g.apply(city_move(g, "r6c5"))
    assert g.pending == {"kind": "shoved", "seat": 1}
    assert places(g) == chebyshev_ball(6, 5, 1)          # r6c4 (swap) included
    assert glory(g, 0) == GLORY4[0] - 1 and glory(g, 1) == GLORY4[1]
    g.apply(place(g, "r6c4"))                            # the heroes swap
    assert at(g, 0) == "r6c5" and at(g, 1) == "r6c4"
    assert glory(g, 1) == GLORY4[1]
    assert g.pending == {"kind": "action", "seat": 1}
    assert_sound(g)


def test_r4_shoved_hero_may_choose_any_offered_space():
    g = coop2(["r6c4", "r6c5"])
    g.apply(city_move(g, "r6c5"))
    g.apply(place(g, "r7c6"))
    assert at(g, 1) == "r7c6"


def test_r4_shoved_hero_is_never_placed_on_a_head_maelstrom_or_hero():
    #        c1 c2 c3
    #   r0   M  x  M
    #   r1   r  B  w        A moves onto B: B may go to r0c2, the neck tiles r1c1/r1c3,
    #   r2   R  A  W        or swap to r2c2; never the heads or maelstroms
    g = coop2(["r2c2", "r1c2"])
    g.apply(city_move(g, "r1c2"))
    assert places(g) == {"r0c2", "r1c1", "r1c3", "r2c2"}
    bad = place(g, "r0c1")
    before = g.to_json()
    with pytest.raises(IllegalActionError) as err:
        g.apply(bad)
    assert "r0c1" in str(err.value) and "r0c2" in str(err.value)
    assert g.to_json() == before


def test_r4_passing_through_a_hero_shoves_it():
    #        c0 c1
    #   r0   A  M       A walks 2 steps (A11, no bonus on the boat) to r2c0;
    #   r1   B  R       the only way is through B on r1c0.
    #   r2   x  .
    g = coop2(["r0c0", "r1c0"], heads={"red": (1, 2)}, hands={0: ["A11"]})
    assert card_dests(g, HAND) == {"r2c0", "r2c1"}
    g.apply(dest(g, HAND, "r2c0"))
    assert g.pending == {"kind": "shoved", "seat": 1}
    assert glory(g, 0) == GLORY4[0] - 1
    # B may go to A's former space or r2c1, not to r2c0 where A stands.
    assert places(g) == {"r0c0", "r2c1"}
    g.apply(place(g, "r0c0"))
    assert at(g, 0) == "r2c0" and at(g, 1) == "r0c0"
    assert_sound(g)


def test_r4_fewest_shoves_route_and_shoved_hero_kept_off_the_rest_of_the_walk():
    #        c0 c1
    #   r0   A  M        A: move 2 (+1 boat) from the boat = 3 steps to r3c0.
    #   r1   B  R        Routes: r1c0 → r2c0 → r3c0 (shoves B) or r1c0 → r2c1 → r3c0
    #   r2   .  C        (shoves B and C). The engine takes the first (1 glory).
    #   r3   x  .        B may not go to r2c0 (the rest of the walk), nor C's space.
    g = coop3(["r0c0", "r1c0", "r2c1"], heads={"red": (1, 2)}, hands={0: ["A09"]})
    assert "r3c0" in card_dests(g, HAND)
    g.apply(dest(g, HAND, "r3c0"))
    assert g.pending == {"kind": "shoved", "seat": 1}
    assert glory(g, 0) == GLORY4[0] - 1
    assert at(g, 2) == "r2c1"                 # C was not shoved
    assert places(g) == {"r0c0"}
    g.apply(place(g, "r0c0"))
    assert at(g, 0) == "r3c0" and at(g, 1) == "r0c0" and at(g, 2) == "r2c1"
    assert glory(g, 1) == GLORY4[1] and glory(g, 2) == GLORY4[2]
    assert_sound(g)


def test_r4_each_shove_of_a_walk_costs_one_glory():
    #        c1 c2 c3
    #   r0   M  B  M       A walks 2 steps to r0c2: through C, onto board. Two shoves, −2.
    #   r1   R  C  W       C is shoved first and may not go to r0c2 (the rest of the walk).
    #   r2   .  A  .
    g = coop3(["r2c2", "r0c2", "r1c2"], heads={"red": (1, 2), "white": (1, 2)},
              hands={0: ["A11"]})
    g.apply(dest(g, HAND, "r0c2"))
    assert glory(g, 0) == GLORY4[0] - 2
    assert g.pending == {"kind": "shoved", "seat": 2}
    assert places(g) == {"r2c1", "r2c2", "r2c3"}
    g.apply(place(g, "r2c1"))
    assert g.pending == {"kind": "shoved", "seat": 1}
    assert places(g) == {"r1c2"}
    g.apply(place(g, "r1c2"))
    assert (at(g, 0), at(g, 1), at(g, 2)) == ("r0c2", "r1c2", "r2c1")
    assert glory(g, 1) == GLORY4[1] and glory(g, 2) == GLORY4[2]
    assert_sound(g)


def test_r4_protected_hero_is_shoved_and_keeps_its_shield():
    g = coop2(["r6c4", "r6c5"], shields=[False, True])
    g.apply(city_move(g, "r6c5"))
    g.apply(place(g, "r5c6"))
    assert at(g, 1) == "r5c6"
    assert g.state.shielded == [0, 1]


def test_r4_shoved_hero_on_the_wall_area_may_go_to_the_inner_city():
    g = coop2(["r10c3", "r10c4"])
    g.apply(city_move(g, "r10c4"))
    assert "city" in places(g)
    g.apply(place(g, "city"))
    assert g.state.hero_space[1] == g.rules.board.city
    assert glory(g, 1) == GLORY4[1]


def test_r4_shoved_hero_without_a_space_goes_to_the_city_without_losing_glory():
    # On the shipped board a walk always leaves a free space next to the shoved
    # hero (the space it came from), so this branch is driven directly: B in the
    # corner, the red head on r1c1, r1c0 excluded as "entered later by the walk".
    #        c0 c1
    #   r0   B  M
    #   r1   x  R
    g = coop2(["r5c5", "r0c0"], heads={"red": (1, 2)})
    with ht.edit(g, run=True) as st:
        st.tasks.append((T_SHOVE, 1, 1 << ht.space(g, "r1c0")))
        st.pending = None
    st = g.state
    assert st.hero_space[1] == g.rules.board.city
    assert glory(g, 1) == GLORY4[1]
    assert g.pending == {"kind": "action", "seat": 0}


def test_r4_portal_onto_a_hero_shoves_it():
    g = coop2(["r6c4", "r8c3"])
    g.apply(city_portal(g, "r8c3"))
    assert g.pending == {"kind": "shoved", "seat": 1}
    assert glory(g, 0) == GLORY4[0] - 1
    assert places(g) == chebyshev_ball(8, 3, 1)
    g.apply(place(g, "r9c3"))
    assert at(g, 0) == "r8c3" and at(g, 1) == "r9c3"


def test_r4_move_avoids_a_shove_when_a_free_route_exists():
    # A walks 2 steps past B (r6c3) to r6c4 by a free route: no shove, no glory lost.
    g = coop2(["r6c2", "r6c3"], hands={0: ["A11"]})
    g.apply(dest(g, HAND, "r6c4"))
    assert at(g, 0) == "r6c4" and at(g, 1) == "r6c3"
    assert glory(g, 0) == GLORY4[0]
    assert g.pending == {"kind": "action", "seat": 1}


def test_r4_shove_place_is_described():
    g = coop2(["r6c4", "r6c5"])
    g.apply(city_move(g, "r6c5"))
    a = place(g, "r6c4")
    assert g.describe(a) == "seat 1: put the hero on r6c4"


def test_r4_shove_costs_the_mover_glory_and_the_shoved_seat_decides():
    #     c0  c1  c2
    # r8  .   o   .
    # r9  1   2   .      seat 0 moves 1 onto seat 1
    # r10 =   =   =
    g = coop(scenario=8, heroes=["r9c0", "r9c1"], glory=[5, 4], order=[0, 1],
             hydra_hands={0: [], 1: []})
    g.apply(ht.find_action(g, "city action: move 1 to r9c1"))
    assert g.state.glory == [3, 4]                  # −1, skipping seat 1 on 4
    assert g.pending["kind"] == "shoved" and g.current_player == 1
    targets = {g.describe(a).split(" on ")[1] for a in g.legal_actions()}
    assert targets == {"r8c0", "r8c1", "r8c2", "r9c0", "r9c2", "r10c0", "r10c1", "r10c2"}
    assert g.observe(0)["pending"]["seat"] == 1
    g.apply(ht.find_action(g, "put the hero on r9c0"))  # a swap: the mover's old space
    assert g.state.hero_space == [ht.space(g, "r9c1"), ht.space(g, "r9c0")]
    assert g.pending == {"kind": "action", "seat": 1}   # seat 0 had no hydra card
    assert not ht.invariants(g)


def test_r4_move_takes_the_walk_with_fewest_shoves():
    #     c0  c1  c2
    # r9  1   2   .      move 2 to r9c2 goes round seat 1 (via r8c1 or r10c1)
    g = coop(scenario=8, heroes=["r9c0", "r9c1"], glory=[5, 4], order=[0, 1],
             display=["A09", "A10", "A11", "A12"], hydra_hands={0: [], 1: []})
    g.apply(ht.find_action(g, "A11", "move to r9c2"))
    assert g.state.hero_space == [ht.space(g, "r9c2"), ht.space(g, "r9c1")]
    assert g.state.glory == [5, 4]
    assert g.pending == {"kind": "action", "seat": 1}


def test_r4_a_shoved_protected_hero_keeps_its_shield():
    g = coop(scenario=8, heroes=["r9c0", "r9c1"], shields=[False, True], glory=[5, 0],
             order=[0, 1], hydra_hands={0: [], 1: []})
    g.apply(ht.find_action(g, "city action: move 1 to r9c1"))
    g.apply(ht.find_action(g, "put the hero on r9c2"))
    assert g.state.shielded == [0, 1] and g.state.glory == [4, 0]
