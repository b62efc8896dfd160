"""Rule tests of the board and of walks: adjacency (R1), free spaces (R2), walks of
exactly n steps and their landscape bonus (R3), heads that are never entered (R5) —
docs/games/hydra/rules.md, section "Board, movement, occupancy". Shoving another
hero (R4), the rest of that section, is tested in test_shoves.py.

Positions are hand-built with :mod:`hydra_env.games.hydra.rules.testing`; where the
Hydra colours sit and the boards drawn in the comments: README.md of this folder.
"""

from __future__ import annotations

import pytest
from helpers.actions import (
    assert_sound,
    at,
    city_move,
    city_portal,
    city_portals,
    dest,
)
from helpers.coop_games import coop2
from movement_helpers import GLORY4, card_dests, chebyshev_ball, names

from hydra_env.errors import IllegalActionError
from hydra_env.games.hydra.rules import testing as ht
from hydra_env.games.hydra.rules.codec import A_CITY_MOVE

WALL_ROW = {f"r10c{c}" for c in range(9)}


# ----------------------------------------------------------------- helpers


def city_moves(game) -> set[str]:
    codec = game.codec
    return names(game, [codec.arg[a] for a in game.legal_actions() if codec.kind[a] == A_CITY_MOVE])


# All four heads back at path position 1 (row 1), out of the way of open-field walks.
HEADS_BACK = {c: (1, 2) for c in ("red", "white", "yellow", "blue")}


def coop4(heroes, **kw):
    kw.setdefault("glory", GLORY4)
    return ht.coop_game(scenario=1, heroes=heroes, order=[0, 1, 2, 3],
                        hydra_hands={0: [], 1: [], 2: [], 3: []}, **kw)


# ----------------------------------------------------------------- R1 adjacency


def test_r1_adjacency_is_8_way_without_wrapping():
    g = ht.solo_game()
    board = g.rules.board
    assert names(g, board.nbrs[ht.space(g, "r5c4")]) == chebyshev_ball(5, 4, 1)
    assert names(g, board.nbrs[ht.space(g, "r0c0")]) == {"r0c1", "r1c0", "r1c1"}
    # The right edge does not wrap to the left edge of the next row.
    assert "r5c0" not in names(g, board.nbrs[ht.space(g, "r4c8")])
    assert "r4c8" not in names(g, board.nbrs[ht.space(g, "r5c0")])
    # Adjacency is symmetric.
    for s in range(board.n_spaces):
        for t in board.nbrs[s]:
            assert s in board.nbrs[t]


def test_r1_diagonal_steps_are_steps():
    #   r5  .  .  .  .  .
    #   r6  .  .  A  .  .     move 1 reaches all 8 neighbours
    #   r7  .  .  .  .  .
    g = ht.solo_game(hero="r6c4", heads=HEADS_BACK)
    assert city_moves(g) == chebyshev_ball(6, 4, 1)
    g.apply(city_move(g, "r7c5"))
    assert at(g) == "r7c5"


def test_r1_inner_city_is_adjacent_to_the_wall_area_only():
    g = ht.solo_game()
    board = g.rules.board
    assert names(g, board.nbrs[board.city]) == WALL_ROW
    for s in range(board.n_cells):
        assert (board.city in board.nbrs[s]) == (board.name(s) in WALL_ROW)


def test_r1_a_step_into_the_inner_city_is_one_step():
    g = ht.solo_game(hero="r10c4")
    assert "city" in city_moves(g)
    g.apply(city_move(g, "city"))
    assert g.state.hero_space[0] == g.rules.board.city
    # From the row in front of the wall the city is not one step away.
    assert "city" not in city_moves(ht.solo_game(hero="r9c4"))


def test_r1_a_step_out_of_the_inner_city_is_one_step():
    g = ht.solo_game(hero="city")
    assert city_moves(g) == WALL_ROW
    g.apply(city_move(g, "r10c8"))
    assert at(g) == "r10c8"


def test_r1_walk_through_the_inner_city_counts_one_step_in_and_one_out():
    # r10c0 → city → r10c8 is a walk of 2 steps (A11: move 2, +1 beach: no bonus on the wall).
    g = ht.solo_game(hero="r10c0", display=["A11"])
    d = card_dests(g, 0)
    assert "r10c8" in d and "city" in d
    g.apply(dest(g, 0, "r10c8"))
    assert at(g) == "r10c8"


# ----------------------------------------------------------------- R2 / R5 occupancy


def test_r5_heads_and_r2_maelstroms_are_never_entered_nor_passed():
    #        c0 c1 c2            red head on path position 1 (r1c1), its neck on the maelstrom.
    #   r0   A  M  .             From r0c0 the only free neighbour is r1c0.
    #   r1   x  R  .
    #   r2   .  .  .
    g = ht.solo_game(hero="r0c0", heads={"red": (1, 2)}, display=["A11"])
    assert city_moves(g) == {"r1c0"}
    # Exactly two steps, never through the head or the maelstrom: only r2c0, r2c1.
    assert card_dests(g, 0) == {"r2c0", "r2c1"}


def test_r5_a_head_space_is_never_a_destination():
    g = ht.solo_game(hero="r6c2", heads={"red": (5, 2), "white": (5, 2)}, display=["A10"])
    offered = city_moves(g) | card_dests(g, 0)
    assert not offered & {"r5c1", "r5c3"}
    assert not ({"r0c1", "r0c3", "r0c5", "r0c7"} & card_dests(ht.solo_game(
        hero="r1c2", heads={"red": (5, 2)}, display=["A09"]), 0))


def test_r5_illegal_walk_onto_a_head_raises_and_changes_nothing():
    g = ht.solo_game(hero="r6c2", heads={"red": (5, 2)})
    before = g.to_json()
    a = city_move(g, "r5c1")
    with pytest.raises(IllegalActionError) as err:
        g.apply(a)
    msg = str(err.value)
    assert str(a) in msg and "r5c1" in msg and "R5" in msg
    assert g.to_json() == before


def test_r5_portal_never_onto_a_head():
    # Red head on its portal space r5c1: not a portal target; r8c1 (in front) is.
    g = ht.solo_game(hero="r6c4", heads={"red": (5, 2)}, display=["A38"])
    assert "r5c1" not in card_dests(g, 0)
    assert "r5c1" not in city_portals(g)
    assert "r8c1" in card_dests(g, 0)


def test_r2_neck_tiles_and_barricades_are_free():
    #        c1 c2 c3
    #   r3   r  #  .       red head r5c1: r3c1, r4c1 neck tiles; barricade on r3c2
    #   r4   r  A  .
    #   r5   R  .  .
    g = ht.solo_game(hero="r4c2", heads={"red": (5, 2)}, barricades=["r3c2"])
    offered = city_moves(g)
    assert {"r3c1", "r4c1", "r3c2"} <= offered
    assert "r5c1" not in offered
    g.apply(city_move(g, "r4c1"))
    assert at(g) == "r4c1"
    assert_sound(g)


def test_r2_hero_may_end_on_a_barricade():
    g = ht.solo_game(hero="r4c2", barricades=["r3c2"])
    g.apply(city_move(g, "r3c2"))
    assert at(g) == "r3c2"
    assert ht.space(g, "r3c2") in g.state.barricade_space   # the barricade stays


def test_r2_the_inner_city_holds_any_number_of_heroes():
    g = coop4(["r10c4", "city", "city", "city"])
    before = list(g.state.glory)
    g.apply(city_move(g, "city"))
    assert g.state.hero_space == [g.rules.board.city] * 4
    assert g.state.glory == before           # no shove, no glory lost
    assert g.pending == {"kind": "action", "seat": 1}
    # A portal into the crowded city shoves nobody either.
    g2 = coop4(["r6c4", "city", "city", "city"])
    g2.apply(city_portal(g2, "city"))
    assert g2.state.hero_space == [g2.rules.board.city] * 4 and g2.state.glory == GLORY4
    assert_sound(g2)


def test_r2_other_heroes_block_only_as_shoves_not_as_walls():
    # A hero may pass through another hero's space (shoving it, R4); in solo there is none.
    g = coop2(["r6c4", "r6c5"])
    assert "r6c5" in city_moves(g)


# ----------------------------------------------------------------- R3 walks


def test_r3_walk_is_exactly_n_steps():
    # From the corner, r1c0 is one step away but cannot be the end of a walk of exactly 2.
    g = ht.solo_game(hero="r0c0", heads={"red": (1, 2)}, display=["A11"])
    d = card_dests(g, 0)
    assert "r1c0" not in d
    assert d == {"r2c0", "r2c1"}


def test_r3_walk_of_two_in_open_field_reaches_back_and_forth():
    # An exact walk may step away and back: spaces 1 and 2 king steps away.
    # A10 move 2 (+1 reef) from the beach: no bonus.
    g = ht.solo_game(hero="r7c4", heads=HEADS_BACK, display=["A10"])
    assert card_dests(g, 0) == chebyshev_ball(7, 4, 2)


def test_r3_walk_never_ends_on_its_start():
    g = ht.solo_game(hero="r7c4", display=["A10", "A04"])
    assert "r7c4" not in card_dests(g, 0)
    assert "r7c4" not in city_moves(g)
    g2 = ht.solo_game(hero="city", display=["A10"])
    assert "city" not in card_dests(g2, 0)


def test_r3_bonus_step_may_be_taken_or_forgone():
    # A01 move 1 (+1 boat) from the boat corner: r1c0 (bonus forgone), r2c0/r2c1 (taken).
    g = ht.solo_game(hero="r0c0", heads={"red": (1, 2)}, display=["A01"])
    assert card_dests(g, 0) == {"r1c0", "r2c0", "r2c1"}
    g2 = ht.solo_game(hero="r6c4", heads=HEADS_BACK, display=["A04"])   # +1 reef on the reef
    assert card_dests(g2, 0) == chebyshev_ball(6, 4, 2)


def test_r3_bonus_uses_the_area_of_the_starting_space():
    # r6 is reef, r7 beach. A05 move 1 (+1 beach): no bonus from r6c4 even though
    # the walk enters the beach; bonus from r7c4.
    g = ht.solo_game(hero="r6c4", heads=HEADS_BACK, display=["A05"])
    assert card_dests(g, 0) == chebyshev_ball(6, 4, 1)
    g2 = ht.solo_game(hero="r7c4", heads=HEADS_BACK, display=["A05"])
    assert card_dests(g2, 0) == chebyshev_ball(7, 4, 2)
    # A04 (+1 reef) from the boat row r3 next to the reef: no bonus.
    g3 = ht.solo_game(hero="r3c4", heads=HEADS_BACK, display=["A04"])
    assert card_dests(g3, 0) == chebyshev_ball(3, 4, 1)


def test_r3_inner_city_counts_as_wall_area_for_the_bonus():
    # A07 move 1 (+1 wall) from the city: 1 step (wall row) or 2 (row 9 too).
    g = ht.solo_game(hero="city", display=["A07", "A01"])
    rows9 = {f"r9c{c}" for c in range(9)}
    assert card_dests(g, 0) == WALL_ROW | rows9
    # Without a wall bonus only the wall row.
    assert card_dests(g, 1) == WALL_ROW
    g.apply(dest(g, 0, "r9c4"))
    assert at(g) == "r9c4"


def test_r3_each_destination_is_offered_once():
    # A04 on the reef reaches r6c5 with and without the bonus: one action, not two.
    g = ht.solo_game(hero="r6c4", display=["A04"])
    hits = [a for a in g.legal_actions() if g.describe(a).endswith("move to r6c5")
            and g.codec.slot[a] == 0]
    assert len(hits) == 1
    assert g.describe(hits[0]) == "A04 move 1 (+1 reef) from display A1: move to r6c5"
    g.apply(hits[0])
    assert at(g) == "r6c5"
    assert g.state.display_token[0] != 0


def test_r3_move_out_of_range_is_illegal_with_reason():
    g = ht.solo_game(hero="r6c4", display=["A05"])
    before = g.to_json()
    a = dest(g, 0, "r8c4")                 # 2 steps, but no beach bonus from the reef
    with pytest.raises(IllegalActionError) as err:
        g.apply(a)
    msg = str(err.value)
    assert f"action {a}" in msg and "r8c4" in msg and "R3" in msg
    assert g.to_json() == before
