"""Rule tests of the hydra actions, part 3: the bite (R19) and the wall damage
(R20) — docs/games/hydra/rules.md, section "Hydra actions". Movement (R17) is in
tests/games/hydra/rules/test_hydra_movement.py, growth and the order of a card's
effects (R18, R21) in tests/games/hydra/rules/test_growth_and_effect_order.py.

Positions are hand-built with :mod:`hydra_env.games.hydra.rules.testing`, the hydra
effects performed directly with ``run_effects``; where the Hydra colours sit, the areas
and the boards drawn in the comments: README.md of this folder.
"""

from __future__ import annotations

import pytest
from helpers.coop_games import coop
from helpers.hydra_effects import assert_clean, barricades, counter, place, pos, targets, where

from hydra_env.games.hydra.rules import testing as ht

# ------------------------------------------------------------------ R19 bite


NEIGHBOURS_OF_R5C3 = ["r4c2", "r4c3", "r4c4", "r5c2", "r5c4", "r6c2", "r6c3", "r6c4"]


def test_r19_counter_zero_does_not_bite():
    g = ht.solo_game(hero="r6c2", heads={"red": (5, 0)}, barricades=["r4c2"])
    ht.run_effects(g, ("bite", "red"))
    assert where(g) == "r6c2"
    assert barricades(g) == {"r4c2"}


def test_r19_counter_zero_in_front_of_wall_does_not_bite_the_wall():
    g = ht.solo_game(heads={"red": (9, 0)})
    ht.run_effects(g, ("bite", "red"))
    assert g.state.walls == 10


@pytest.mark.parametrize("space", NEIGHBOURS_OF_R5C3)
def test_r19_bite_hits_every_adjacent_space(space):
    #   r4  . w .        the white head on r5c3 (counter 1) bites all 8 neighbours,
    #   r5  . W1 .       the neck tile r4c3 included
    #   r6  . . .
    g = ht.solo_game(hero=space, heads={"white": (5, 1)})
    ht.run_effects(g, ("bite", "white"))
    assert where(g) == "city"


@pytest.mark.parametrize("space", ["r3c3", "r7c3", "r5c1", "r5c5", "r7c5", "r3c1", "r5c0"])
def test_r19_bite_does_not_reach_further(space):
    g = ht.solo_game(hero=space, heads={"white": (5, 1), "red": (2, 2), "yellow": (2, 2)})
    ht.run_effects(g, ("bite", "white"))
    assert where(g) == space


def test_r19_bite_destroys_every_barricade_in_reach_and_no_other():
    g = ht.solo_game(heads={"white": (5, 3)},
                     barricades=["r4c2", "r6c3", "r5c4", "r7c3"])
    ht.run_effects(g, ("bite", "white"))
    assert barricades(g) == {"r7c3"}
    assert counter(g, "white") == 3 and pos(g, "white") == 5   # the bite changes nothing else


def test_r19_unprotected_hero_is_wounded():
    g = ht.coop_game(heroes=["r6c2", "city", "city", "city"], heads={"red": (5, 2)},
                     glory=[10, 20, 30, 40])
    ht.run_effects(g, ("bite", "red"))
    assert where(g, 0) == "city"
    assert g.state.glory == [9, 20, 30, 40]


def test_r19_protected_hero_evades_out_of_the_bite():
    #   r4  r  .  .      hero 1* on r5c2 beside the red head R2 on r5c1.
    #   r5  R2 1* .      It may go only to a space outside the bite:
    #   r6  .  .  .      r4c3, r5c3, r6c3 (r4c1 … r6c2 are bitten)
    g = ht.coop_game(heroes=["r5c2", "city", "city", "city"], shields=[True] + [False] * 3,
                     heads={"red": (5, 2)}, glory=[10, 20, 30, 40])
    ht.run_effects(g, ("bite", "red"))
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "bite"}
    assert targets(g) == {"r4c3", "r5c3", "r6c3"}
    place(g, "r6c3")
    assert where(g, 0) == "r6c3"
    assert g.state.shielded == [0, 0, 0, 0]
    assert g.state.glory == [10, 20, 30, 40]
    assert_clean(g)


def test_r19_protected_hero_with_no_space_outside_the_bite_is_wounded():
    #   r0  1* ~        the hero on r0c0 beside the red head on r1c1 (position 1):
    #   r1  .  R1       its neighbours are the maelstrom, the head and r1c0 (bitten)
    g = ht.solo_game(hero="r0c0", shield=True, heads={"red": (1, 1)})
    ht.run_effects(g, ("bite", "red"))
    assert where(g) == "city"
    assert g.state.shielded == [0]
    assert g.pending == {"kind": "action", "seat": 0}


def test_r19_hero_on_barricade_is_unharmed_and_barricade_destroyed():
    g = ht.coop_game(heroes=["r6c2", "r4c2", "city", "city"], heads={"red": (5, 2)},
                     barricades=["r6c2"], glory=[10, 20, 30, 40])
    ht.run_effects(g, ("bite", "red"))
    assert where(g, 0) == "r6c2"                 # safe on its barricade
    assert where(g, 1) == "city"                 # the other is bitten
    assert g.state.glory == [10, 19, 30, 40]
    assert barricades(g) == set()


def test_r19_protected_hero_on_barricade_keeps_its_shield():
    g = ht.solo_game(hero="r6c2", shield=True, heads={"red": (5, 2)}, barricades=["r6c2"])
    ht.run_effects(g, ("bite", "red"))
    assert where(g) == "r6c2"
    assert g.state.shielded == [1]
    assert g.pending == {"kind": "action", "seat": 0}
    assert barricades(g) == set()


def test_r19_second_bite_hits_the_hero_whose_barricade_the_first_destroyed():
    g = ht.solo_game(hero="r6c2", heads={"red": (5, 2)}, barricades=["r6c2"])
    ht.run_effects(g, ("bite", "red"), ("bite", "red"))
    assert where(g) == "city"


def test_r19_several_heroes_are_resolved_in_turn_order():
    # Heroes 0, 1, 2 all protected beside the white head; turn order 2, 0, 3, 1.
    #   r4  .  w  0*
    #   r5  1* W2 .
    #   r6  .  2* .
    g = ht.coop_game(heroes=["r4c4", "r5c2", "r6c3", "city"], shields=[True, True, True, False],
                     heads={"white": (5, 2)}, order=[2, 0, 3, 1], glory=[10, 20, 30, 40])
    ht.run_effects(g, ("bite", "white"))
    seen = []
    while g.pending["kind"] == "evade":
        seen.append(g.pending["seat"])
        place(g, {2: "r7c3", 0: "r3c5", 1: "r4c1"}[g.pending["seat"]])
    assert seen == [2, 0, 1]
    assert [where(g, s) for s in range(3)] == ["r3c5", "r4c1", "r7c3"]
    assert g.state.shielded == [0, 0, 0, 0]
    assert_clean(g)


def test_r19_turn_order_decides_who_takes_a_contested_space():
    # Heroes 0 and 1 (protected) are both bitten; hero 1, first in turn order, evades
    # to r6c5; hero 0 may then evade onto it, shoving it (−1 glory, R4/R13).
    #   r4  .  w  .  .
    #   r5  .  W1 0* .        hero 0 on r5c4, hero 1 on r6c4
    #   r6  .  .  1* .
    g = ht.coop_game(heroes=["r5c4", "r6c4", "city", "city"], shields=[True, True, False, False],
                     heads={"white": (5, 1), "yellow": (2, 2)}, order=[1, 0, 2, 3],
                     glory=[10, 20, 30, 40])
    ht.run_effects(g, ("bite", "white"))
    assert g.pending == {"kind": "evade", "seat": 1, "cause": "bite"}
    place(g, "r6c5")
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "bite"}
    assert "r6c5" in targets(g)
    place(g, "r6c5")                                    # shoves hero 1
    assert g.pending["kind"] == "shoved" and g.pending["seat"] == 1
    assert g.state.glory[0] == 9
    place(g, "r7c5")
    assert (where(g, 0), where(g, 1)) == ("r6c5", "r7c5")
    assert_clean(g)


def test_r19_unprotected_and_protected_heroes_in_turn_order():
    g = ht.coop_game(heroes=["r4c2", "r6c2", "r5c2", "city"], shields=[True, False, True, False],
                     heads={"red": (5, 2)}, order=[1, 2, 0, 3], glory=[10, 20, 30, 40])
    ht.run_effects(g, ("bite", "red"))
    # seat 1 (unprotected) was wounded before seat 2 is asked
    assert where(g, 1) == "city"
    assert g.pending == {"kind": "evade", "seat": 2, "cause": "bite"}
    place(g, "r5c3")
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "bite"}
    place(g, "r3c2")
    assert [where(g, s) for s in range(3)] == ["r3c2", "city", "r5c3"]
    assert g.state.glory == [10, 19, 30, 40]


def test_r19_head_in_front_of_the_wall_bites_heroes_and_the_wall():
    #   r9  .  R2 .
    #   r10 =  =1 =     the hero on the wall area below is bitten, the wall loses 1
    g = ht.solo_game(hero="r10c2", heads={"red": (9, 2)}, barricades=["r10c0"])
    ht.run_effects(g, ("bite", "red"))
    assert where(g) == "city"
    assert g.state.walls == 9
    assert barricades(g) == set()


def test_r19_bite_does_not_reach_the_inner_city():
    g = ht.solo_game(hero="city", heads={"red": (9, 6)})
    ht.run_effects(g, ("bite", "red"))
    assert where(g) == "city"
    assert g.state.walls == 7


def test_r19_protected_hero_on_the_wall_area_evades_into_the_inner_city():
    #   r9  .  R2 .
    #   r10 =  1* =     every other neighbour of r10c1 is bitten or the head
    g = ht.solo_game(hero="r10c1", shield=True, heads={"red": (9, 2)})
    ht.run_effects(g, ("bite", "red"))
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "bite"}
    assert targets(g) == {"city"}
    place(g, "city")
    assert where(g) == "city" and g.state.shielded == [0]
    assert g.state.walls == 9


def test_r19_head_not_in_front_of_the_wall_does_not_damage_it():
    g = ht.solo_game(heads={"red": (8, 6)})
    ht.run_effects(g, ("bite", "red"))
    assert g.state.walls == 10


def test_r19_several_bites_one_after_another():
    # H51: bite white, then bite yellow. The protected hero between both heads
    # must leave the white bite; every space outside it is in the yellow bite,
    # where it is then wounded (its shield is gone).
    #   r4  .  w  .  y  .
    #   r5  .  W1 1* Y1 .
    #   r6  .  .  .  .  .
    g = ht.solo_game(hero="r5c4", shield=True, heads={"white": (5, 1), "yellow": (5, 1)})
    ht.run_effects(g, "H51")
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "bite"}
    assert targets(g) == {"r4c5", "r6c5"}
    place(g, "r6c5")
    assert where(g) == "city"
    assert g.state.shielded == [0]


def test_r19_two_bites_of_one_card_each_damage_the_wall():
    # H50: bite yellow, then bite blue, both at 6 heads in front of the wall: 3 + 3.
    g = ht.solo_game(heads={"yellow": (9, 6), "blue": (9, 6)})
    ht.run_effects(g, "H50")
    assert g.state.walls == 4


def test_r19_the_bite_does_not_move_or_change_the_head():
    g = ht.solo_game(heads={"blue": (6, 4)})
    ht.run_effects(g, ("bite", "blue"))
    assert (pos(g, "blue"), counter(g, "blue")) == (6, 4)


@pytest.mark.parametrize("order, glory_after", [([1, 0], [4, 3]), ([0, 1], [3, 2])])
def test_r19_multi_hero_bite_resolved_in_turn_order(order, glory_after):
    #     c0  c1  c2
    # r1  .   r   .
    # r2  .   R2  .
    # r3  1   .   2      both in the red bite zone, glory 5 and 4
    # Wounds cost 1 glory each, skipping held positions: the order shows.
    first = order[0]
    g = coop(scenario=8, heroes=["r3c0", "r3c2"], glory=[5, 4], order=order,
             hydra_hands={first: ["H17"], 1 - first: []})
    g.apply(ht.find_action(g, "play hydra card", "H17"))
    assert g.state.hero_space == [ht.space(g, "city")] * 2
    assert g.state.glory == glory_after


# ------------------------------------------------------------ R20 wall damage


def test_r20_movement_damages_one_wall_per_point():
    g = ht.solo_game(heads={"red": (9, 1)})
    ht.run_effects(g, ("move", "red", 1))
    assert g.state.walls == 9
    ht.run_effects(g, ("move", "red", 2))
    assert g.state.walls == 7


@pytest.mark.parametrize("heads, damage", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 2), (6, 3)])
def test_r20_bite_damage_by_head_count(heads, damage):
    g = ht.solo_game(heads={"yellow": (9, heads)})
    ht.run_effects(g, ("bite", "yellow"))
    assert g.state.walls == 10 - damage


@pytest.mark.parametrize("row", [5, 8])
def test_r20_only_the_last_path_space_damages_the_wall(row):
    g = ht.solo_game(heads={"yellow": (row, 6)})
    ht.run_effects(g, ("bite", "yellow"), ("move", "yellow", 9 - row))
    assert pos(g, "yellow") == 9
    assert g.state.walls == 10


@pytest.mark.parametrize("points, damage", [(3, 3), (4, 3), (5, 3), (8, 3)])
def test_r20_at_most_three_walls_per_movement(points, damage):
    g = ht.solo_game(heads={"blue": (9, 2)})
    ht.run_effects(g, ("move", "blue", points))
    assert g.state.walls == 10 - damage


def test_r20_cap_counts_the_landscape_bonus_too():
    g = ht.solo_game(heads={"blue": (9, 2)})
    ht.run_effects(g, ("move", "blue", 3, "beach"))    # 4 points
    assert g.state.walls == 7


def test_r20_cap_counts_only_points_beyond_the_last_space():
    # From r7, move 5: 2 steps to r9, then 3 points of damage (cap 3 exactly).
    g = ht.solo_game(heads={"blue": (7, 2)})
    ht.run_effects(g, ("move", "blue", 6))
    assert g.state.walls == 7


def test_r20_cap_is_per_effect_not_per_card():
    # A10: move 2 blue, then move 2 red — two effects, 2 + 2 walls.
    g = ht.solo_game(heads={"blue": (9, 2), "red": (9, 2)})
    ht.run_effects(g, "A10")
    assert g.state.walls == 6


def test_r20_last_wall_token_ends_the_game_at_once():
    g = ht.solo_game(heads={"red": (9, 2)}, walls=2)
    ht.run_effects(g, ("move", "red", 3))
    assert g.state.walls == 0
    assert g.is_over
    assert g.result().outcome == "lost"
    assert g.result().score is None
    assert g.pending is None
    assert g.legal_actions() == []
    assert g.current_player == -1
    assert_clean(g)


def test_r20_last_wall_by_bite_ends_the_game_at_once():
    g = ht.solo_game(heads={"red": (9, 4)}, walls=1)
    ht.run_effects(g, ("bite", "red"))
    assert g.state.walls == 0
    assert g.is_over and g.result().outcome == "lost"


def test_r20_defeat_skips_everything_after_it():
    # H21: move 1 red, then move 1 white. Red breaks the last wall; white would run
    # over the protected hero (an evasion decision) but does not move at all.
    g = ht.solo_game(hero="r6c3", shield=True, heads={"red": (9, 2), "white": (5, 2)}, walls=1)
    ht.run_effects(g, "H21", ("grow", "blue", 2))
    assert g.is_over and g.result().outcome == "lost"
    assert pos(g, "white") == 5
    assert where(g) == "r6c3" and g.state.shielded == [1]
    assert counter(g, "blue") == 2
    assert g.pending is None and g.state.tasks == []


def test_r20_bite_resolves_the_heroes_then_the_last_wall_falls():
    # Reading 4: the bitten heroes first (turn order 1, 0), then the wall; with the
    # last wall gone nothing is asked any more.
    #   r8  1* .  .
    #   r9  .  R3 .
    #   r10 0* =  =      hero 0 can only evade into the inner city
    g = ht.coop_game(heroes=["r10c0", "r8c0", "city", "city"], shields=[True, True, False, False],
                     heads={"red": (9, 3)}, walls=2, order=[1, 0, 2, 3])
    ht.run_effects(g, ("bite", "red"))
    assert g.pending == {"kind": "evade", "seat": 1, "cause": "bite"}
    assert targets(g) == {"r7c0", "r7c1"}
    place(g, "r7c0")
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "bite"}
    assert targets(g) == {"city"}
    assert g.state.walls == 2
    place(g, "city")
    assert g.state.walls == 0
    assert g.is_over and g.result().outcome == "lost"
    assert g.pending is None and g.legal_actions() == []
    assert (where(g, 0), where(g, 1)) == ("city", "r7c0")


def test_r20_repairable_wall_damage_counts_from_current_walls():
    g = ht.solo_game(heads={"red": (9, 6)}, walls=5)
    ht.run_effects(g, ("bite", "red"))
    assert g.state.walls == 2
    assert not g.is_over
