"""Rule tests of the hydra actions, part 1: movement (R17) — docs/games/hydra/rules.md,
section "Hydra actions". Growth and rage (R18) and the order of a card's effects
(R21) are in tests/games/hydra/rules/test_growth_and_effect_order.py, the bite (R19)
and the wall damage (R20) in tests/games/hydra/rules/test_hydra_bite_and_wall.py (the
section is split over three files to keep each file short).

Positions are hand-built with :mod:`hydra_env.games.hydra.rules.testing`, the hydra
effects performed directly with ``run_effects``; where the Hydra colours sit, the areas
and the boards drawn in the comments: README.md of this folder.
"""

from __future__ import annotations

import pytest
from helpers.hydra_effects import assert_clean, barricades, counter, names, place, pos, targets, where

from hydra_env.games.hydra.rules import testing as ht
from hydra_env.games.hydra.rules.pieces import necks_mask

# ------------------------------------------------------------------ R17 movement


def test_r17_movement_moves_n_spaces_along_the_path():
    g = ht.solo_game(heads={"red": (2, 2)})
    ht.run_effects(g, ("move", "red", 2))
    assert pos(g, "red") == 4
    assert g.pending == {"kind": "action", "seat": 0}   # nothing else to decide
    assert_clean(g)


def test_r17_movement_leaves_other_colours_alone():
    g = ht.solo_game(heads={"red": (2, 2), "white": (3, 1), "yellow": (4, 3), "blue": (5, 6)})
    ht.run_effects(g, ("move", "white", 3))
    assert [pos(g, c) for c in ("red", "white", "yellow", "blue")] == [2, 6, 4, 5]
    assert [counter(g, c) for c in ("red", "white", "yellow", "blue")] == [2, 1, 3, 6]


@pytest.mark.parametrize("start, bonus, end, walls", [
    (3, "boat", 6, 10),     # starts on boat (row 3): +1, although it walks into the reef
    (3, "reef", 5, 10),     # walks through the reef, but the START space is boat: no bonus
    (4, "reef", 7, 10),     # starts on reef: +1
    (6, "beach", 8, 10),    # ends on beach, starts on reef: no bonus
    (6, "reef", 9, 10),     # starts on reef (row 6): +1, exactly to the last space
    (7, "beach", 9, 9),     # beach: 2 + 1 = 3 points: r8, r9, then 1 wall
])
def test_r17_landscape_bonus_uses_area_of_starting_space(start, bonus, end, walls):
    g = ht.solo_game(heads={"red": (start, 2)})
    ht.run_effects(g, ("move", "red", 2, bonus))
    assert pos(g, "red") == end
    assert g.state.walls == walls


def test_r17_landscape_bonus_step_damages_the_wall_from_the_last_space():
    # Red on r9 (beach) moves 1 (+1 beach): 2 points, both wall damage (R20).
    g = ht.solo_game(heads={"red": (9, 2)})
    ht.run_effects(g, ("move", "red", 1, "beach"))
    assert pos(g, "red") == 9
    assert g.state.walls == 8


def test_r17_counter_zero_does_not_move():
    g = ht.solo_game(heads={"red": (4, 0)})
    ht.run_effects(g, ("move", "red", 3, "reef"))
    assert pos(g, "red") == 4
    assert counter(g, "red") == 0


def test_r17_counter_zero_on_last_space_does_no_wall_damage():
    g = ht.solo_game(heads={"red": (9, 0)})
    ht.run_effects(g, ("move", "red", 2))
    assert g.state.walls == 10


def test_r17_neck_follows_the_head():
    # Neck tiles fill positions 0 … p−1 of the path: r0c1 … r5c1 once red is on r6.
    g = ht.solo_game(heads={"red": (2, 2), "white": (1, 1), "yellow": (1, 1), "blue": (1, 1)})
    ht.run_effects(g, ("move", "red", 4))
    assert pos(g, "red") == 6
    red_neck = {f"r{r}c1" for r in range(6)}
    others = {"r0c3", "r0c5", "r0c7"}
    assert names(g, necks_mask(g.state, g.rules)) == red_neck | others
    assert g.result().necks == 6 + 1 + 1 + 1


def test_r17_hero_on_the_neck_moves_forward_with_it():
    #   r2  1      hero on the red neck
    #   r4  R2  →  R moves 2: head r6, hero r4
    g = ht.solo_game(hero="r2c1", heads={"red": (4, 2)})
    ht.run_effects(g, ("move", "red", 2))
    assert pos(g, "red") == 6
    assert where(g) == "r4c1"
    assert_clean(g)


def test_r17_every_hero_on_the_neck_moves_forward_and_others_stay():
    g = ht.coop_game(heroes=["r1c1", "r3c1", "r3c2", "r5c1"], heads={"red": (4, 2)},
                     glory=[10, 20, 30, 40])
    ht.run_effects(g, ("move", "red", 3))
    assert pos(g, "red") == 7
    # the two neck heroes move 3; the one beside the neck stays; the one on r5 was run over
    assert [where(g, s) for s in range(4)] == ["r4c1", "r6c1", "r3c2", "city"]
    assert g.state.glory == [10, 20, 30, 39]
    assert_clean(g)


def test_r17_hero_on_neck_does_not_move_when_head_is_stopped():
    g = ht.solo_game(hero="r2c1", heads={"red": (4, 2)}, barricades=["r5c1"])
    ht.run_effects(g, ("move", "red", 2))
    assert pos(g, "red") == 4
    assert where(g) == "r2c1"


def test_r17_barricade_stops_hydra():
    #   r4  R2             r4  .
    #   r5  r      →       r5  R2
    #   r6  #              r6  .     barricade destroyed, 2 points lost
    g = ht.solo_game(heads={"red": (4, 2)}, barricades=["r6c1"])
    ht.run_effects(g, ("move", "red", 4))
    assert pos(g, "red") == 5
    assert barricades(g) == set()
    assert g.state.walls == 10


def test_r17_barricade_directly_in_front_stops_without_a_step():
    g = ht.solo_game(heads={"red": (4, 2)}, barricades=["r5c1", "r6c1"])
    ht.run_effects(g, ("move", "red", 3))
    assert pos(g, "red") == 4
    assert barricades(g) == {"r6c1"}        # only the one hit is destroyed


def test_r17_barricade_stops_head_and_remaining_points_are_lost_for_good():
    # the next effect is a new movement: it is not stopped by the destroyed barricade
    g = ht.solo_game(heads={"red": (4, 2)}, barricades=["r5c1"])
    ht.run_effects(g, ("move", "red", 3), ("move", "red", 2))
    assert pos(g, "red") == 6


def test_r17_barricade_off_the_path_does_not_stop():
    g = ht.solo_game(heads={"red": (4, 2)}, barricades=["r5c0", "r6c2", "r6c0"])
    ht.run_effects(g, ("move", "red", 2))
    assert pos(g, "red") == 6
    assert barricades(g) == {"r5c0", "r6c2", "r6c0"}


def test_r17_barricade_of_another_path_does_not_stop():
    g = ht.solo_game(heads={"red": (4, 2)}, barricades=["r5c3", "r6c3"])
    ht.run_effects(g, ("move", "red", 2))
    assert pos(g, "red") == 6
    assert barricades(g) == {"r5c3", "r6c3"}


def test_r17_hero_on_barricade_is_unharmed_when_it_stops_the_head():
    #   r5  R2
    #   r6  #1*   protected hero on the barricade: shield kept, stays
    g = ht.solo_game(hero="r6c1", shield=True, heads={"red": (5, 2)}, barricades=["r6c1"])
    ht.run_effects(g, ("move", "red", 3))
    assert pos(g, "red") == 5
    assert where(g) == "r6c1"
    assert g.state.shielded == [1]
    assert barricades(g) == set()
    assert g.pending == {"kind": "action", "seat": 0}


def test_r17_unprotected_hero_on_barricade_keeps_its_glory():
    g = ht.coop_game(heroes=["r6c1", "city", "city", "city"], heads={"red": (5, 2)},
                     barricades=["r6c1"], glory=[10, 20, 30, 40])
    ht.run_effects(g, ("move", "red", 2))
    assert where(g, 0) == "r6c1"
    assert g.state.glory == [10, 20, 30, 40]


def test_r17_barricade_on_wall_area_below_position_9_never_stops_a_head():
    #   r8  R2   moves to r9, then 2 points of wall damage
    #   r9  .
    #   r10 =#=  barricade on the wall-area space below r9c1: untouched
    g = ht.solo_game(heads={"red": (8, 2)}, barricades=["r10c1"])
    ht.run_effects(g, ("move", "red", 3))
    assert pos(g, "red") == 9
    assert g.state.walls == 8
    assert barricades(g) == {"r10c1"}


def test_r17_barricade_below_last_space_with_head_already_there():
    g = ht.solo_game(heads={"red": (9, 2)}, barricades=["r10c1"])
    ht.run_effects(g, ("move", "red", 2))
    assert g.state.walls == 8
    assert barricades(g) == {"r10c1"}


def test_r17_hero_on_wall_area_below_last_space_is_not_run_over():
    g = ht.solo_game(hero="r10c1", heads={"red": (9, 2)})
    ht.run_effects(g, ("move", "red", 1))
    assert where(g) == "r10c1"
    assert g.state.walls == 9


def test_r17_unprotected_hero_on_the_next_space_is_wounded_and_head_continues():
    g = ht.coop_game(heroes=["r6c1", "city", "city", "city"], heads={"red": (5, 2)},
                     glory=[10, 20, 30, 40])
    ht.run_effects(g, ("move", "red", 3))
    assert pos(g, "red") == 8
    assert where(g, 0) == "city"
    assert g.state.glory == [9, 20, 30, 40]    # R14: wounded, −1 glory
    assert_clean(g)


def test_r17_solo_hero_run_over_goes_to_the_city():
    g = ht.solo_game(hero="r7c1", heads={"red": (5, 2)})
    ht.run_effects(g, ("move", "red", 2))
    assert pos(g, "red") == 7
    assert where(g) == "city"


def test_r17_protected_hero_evades_then_head_continues():
    #   r5  R2          r5  r
    #   r6  1*   →      r6  r     1 evades to r6c2 (no shield), head goes on to r7
    #   r7  .           r7  R2
    g = ht.coop_game(heroes=["r6c1", "city", "city", "city"], shields=[True] + [False] * 3,
                     heads={"red": (5, 2)}, glory=[10, 20, 30, 40])
    ht.run_effects(g, ("move", "red", 2))
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "run over"}
    assert pos(g, "red") == 5                      # the hero moves before the head enters
    # R13: adjacent, no head, no maelstrom
    assert targets(g) == {"r5c0", "r5c2", "r6c0", "r6c2", "r7c0", "r7c1", "r7c2"}
    place(g, "r6c2")
    assert where(g, 0) == "r6c2"
    assert g.state.shielded[0] == 0
    assert pos(g, "red") == 7
    assert g.state.glory == [10, 20, 30, 40]       # an evasion costs no glory
    assert_clean(g)


def test_r17_evading_onto_the_path_is_run_over_again_unprotected():
    g = ht.solo_game(hero="r6c1", shield=True, heads={"red": (5, 2)})
    ht.run_effects(g, ("move", "red", 3))
    place(g, "r7c1")                       # evades ahead of the head ...
    assert where(g) == "city"              # ... and is run over again, now unprotected
    assert g.state.shielded == [0]
    assert pos(g, "red") == 8
    assert g.pending == {"kind": "action", "seat": 0}


def test_r17_protected_hero_evading_to_the_path_after_last_point_stays():
    g = ht.solo_game(hero="r6c1", shield=True, heads={"red": (5, 2)})
    ht.run_effects(g, ("move", "red", 1))
    place(g, "r7c1")
    assert pos(g, "red") == 6
    assert where(g) == "r7c1"


def test_r17_protected_hero_evades_onto_another_hero_who_is_shoved():
    g = ht.coop_game(heroes=["r6c1", "r6c2", "city", "city"], shields=[True] + [False] * 3,
                     heads={"red": (5, 2)}, glory=[10, 20, 30, 40])
    ht.run_effects(g, ("move", "red", 2))
    place(g, "r6c2")                                   # onto hero 1: a shove (R13/R4)
    assert g.pending["kind"] == "shoved" and g.pending["seat"] == 1
    assert g.state.glory[0] == 9                       # the evader pays the shove
    place(g, "r6c3")
    assert (where(g, 0), where(g, 1)) == ("r6c2", "r6c3")
    assert pos(g, "red") == 7
    assert_clean(g)


def test_r17_head_on_last_space_turns_further_points_into_wall_damage():
    #   r8  R2   move 3: one step to r9, 2 points of wall damage
    g = ht.solo_game(heads={"red": (8, 2)})
    ht.run_effects(g, ("move", "red", 3))
    assert pos(g, "red") == 9
    assert g.state.walls == 8
    assert g.result().necks == 9 + 5 + 5 + 5


def test_r17_reaching_the_last_space_exactly_does_no_wall_damage():
    g = ht.solo_game(heads={"red": (7, 2)})
    ht.run_effects(g, ("move", "red", 2))
    assert pos(g, "red") == 9
    assert g.state.walls == 10


def test_r17_barricade_stops_before_reaching_the_wall():
    g = ht.solo_game(heads={"red": (7, 2)}, barricades=["r9c1"])
    ht.run_effects(g, ("move", "red", 3))
    assert pos(g, "red") == 8
    assert g.state.walls == 10
    assert barricades(g) == set()
