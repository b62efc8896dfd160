"""Rule tests of the hydra actions, part 2: growth and rage (R18) and the order of a
card's effects (R21) — docs/games/hydra/rules.md, section "Hydra actions". Movement
(R17) is in tests/games/hydra/rules/test_hydra_movement.py, the bite (R19) and the
wall damage (R20) in tests/games/hydra/rules/test_hydra_bite_and_wall.py (the section
is split over three files to keep each file short).

Positions are hand-built with :mod:`hydra_env.games.hydra.rules.testing`, the hydra
effects performed directly with ``run_effects``; where the Hydra colours sit, the areas
and the boards drawn in the comments: README.md of this folder.
"""

from __future__ import annotations

import pytest
from helpers.hydra_effects import barricades, counter, place, pos, where

from hydra_env.games.hydra.rules import testing as ht

# -------------------------------------------------------------- R18 growth, rage


def test_r18_growth_adds_to_the_counter():
    g = ht.solo_game(heads={"red": (4, 2)})
    ht.run_effects(g, ("grow", "red", 2))
    assert counter(g, "red") == 4
    assert pos(g, "red") == 4


def test_r18_growth_from_zero():
    g = ht.solo_game(heads={"red": (4, 0)})
    ht.run_effects(g, ("grow", "red", 1))
    assert counter(g, "red") == 1


@pytest.mark.parametrize("start, n", [(5, 2), (6, 1), (4, 3), (6, 2)])
def test_r18_growth_capped_at_six(start, n):
    g = ht.solo_game(heads={"red": (4, start)})
    ht.run_effects(g, ("grow", "red", n))
    assert counter(g, "red") == 6


def test_r18_growth_card_h45():
    g = ht.solo_game(heads={"red": (4, 5)})
    ht.run_effects(g, "H45")                  # grow 2 red
    assert counter(g, "red") == 6


def test_r18_rage_grows_then_moves_a_zero_counter_head():
    # H37: rage, grow 1 red then move 1 red. The head at 0 grows first, so it moves.
    g = ht.solo_game(heads={"red": (4, 0)})
    ht.run_effects(g, "H37")
    assert counter(g, "red") == 1
    assert pos(g, "red") == 5


def test_r18_rage_at_six_still_moves():
    g = ht.solo_game(heads={"white": (4, 6)})
    ht.run_effects(g, "H39")                  # rage white
    assert counter(g, "white") == 6
    assert pos(g, "white") == 5


def test_r18_rage_action_card_side_grow_then_move():
    # A04 hydra side: grow 1 red, then move 2 red (+1 reef). Red at r4 (reef), counter 0.
    g = ht.solo_game(heads={"red": (4, 0)})
    ht.run_effects(g, "A04")
    assert counter(g, "red") == 1
    assert pos(g, "red") == 7


# ---------------------------------------------------- R21 several colours, skipping


def test_r21_two_colour_card_does_both_in_order():
    g = ht.solo_game(heads={"red": (3, 1), "white": (4, 1)})
    ht.run_effects(g, "H21")                             # move 1 red, then move 1 white
    assert (pos(g, "red"), pos(g, "white")) == (4, 5)


def test_r21_listed_order_first_effect_first():
    # A10: move 2 blue, then move 2 red. With 2 walls left, blue breaks them both and
    # the game ends before red moves: blue must be first.
    g = ht.solo_game(heads={"blue": (9, 2), "red": (3, 2)}, walls=2)
    ht.run_effects(g, "A10")
    assert g.is_over
    assert pos(g, "red") == 3


def test_r21_listed_order_second_card_other_way_round():
    # A41: move 2 red, then move 2 white — red first this time.
    g = ht.solo_game(heads={"red": (9, 2), "white": (3, 2)}, walls=2)
    ht.run_effects(g, "A41")
    assert g.is_over
    assert pos(g, "white") == 3


def test_r21_growth_listed_before_bite():
    # H53: grow 1 red, then bite red: a head at 0 grows and then bites.
    g = ht.solo_game(hero="r6c2", heads={"red": (5, 0)})
    ht.run_effects(g, "H53")
    assert counter(g, "red") == 1
    assert where(g) == "city"


def test_r21_what_cannot_be_done_is_skipped_and_the_rest_done():
    # H21: move 1 red (counter 0: cannot), then move 1 white: white still moves.
    g = ht.solo_game(heads={"red": (3, 0), "white": (4, 1)})
    ht.run_effects(g, "H21")
    assert (pos(g, "red"), pos(g, "white")) == (3, 5)


def test_r21_skipped_bite_then_second_bite():
    # H52: bite blue (counter 0: nothing), then bite red: the hero beside red is wounded.
    g = ht.solo_game(hero="r6c2", heads={"blue": (5, 0), "red": (5, 2)}, barricades=["r6c6"])
    ht.run_effects(g, "H52")
    assert barricades(g) == {"r6c6"}
    assert where(g) == "city"


def test_r21_growth_at_cap_wasted_then_move_done():
    g = ht.solo_game(heads={"red": (4, 6)})
    ht.run_effects(g, "A04")                              # grow 1 red, move 2 red (+1 reef)
    assert (counter(g, "red"), pos(g, "red")) == (6, 7)


def test_r21_movement_stopped_by_barricade_then_next_colour_moves():
    g = ht.solo_game(heads={"red": (3, 2), "white": (3, 2)}, barricades=["r4c1"])
    ht.run_effects(g, "A41")                              # move 2 red, then move 2 white
    assert (pos(g, "red"), pos(g, "white")) == (3, 5)
    assert barricades(g) == set()


def test_r21_effect_after_an_evasion_is_still_done():
    # A10: move 2 blue (runs over the protected hero: a decision), then move 2 red.
    g = ht.solo_game(hero="r6c7", shield=True, heads={"blue": (5, 2), "red": (3, 2)})
    ht.run_effects(g, "A10")
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "run over"}
    assert pos(g, "red") == 3
    place(g, "r6c8")
    assert (pos(g, "blue"), pos(g, "red")) == (7, 5)
