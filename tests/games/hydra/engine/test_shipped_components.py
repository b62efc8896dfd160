"""Tests of the shipped component data (docs/games/hydra/components.md): the rulebook's
counts, the board, spot checks of cards and scenarios against the document, the
pairing of the action cards' hero and hydra sides, and the scenarios' fit to the
action layout. Loading a folder of one's own and the data loader's checks are
tested in test_component_folders.py; the ``shipped`` fixture is in this folder's
conftest.py.
"""

from __future__ import annotations

import pytest

from hydra_env.errors import ConfigError
from hydra_env.games.hydra.data import (
    LAYOUT_LIMITS,
    RULEBOOK_COUNTS,
    Components,
    Effect,
    load_components,
)

COLOURS = ("red", "white", "yellow", "blue")


def describe(components: Components, effects: tuple[Effect, ...]) -> list[tuple]:
    """Effects as (op, colour name, n, bonus area name or None)."""
    areas = components.board.areas
    return [
        (e.op, components.hydra_colours[e.colour], e.n, areas[e.bonus_area] if e.bonus_area >= 0 else None)
        for e in effects
    ]


# --------------------------------------------------------------------------- shipped data


def test_shipped_data_loads_with_rulebook_counts(shipped: Components) -> None:
    assert shipped.name == "hydra-reconstruction"
    assert len(shipped.action_cards) == 44
    assert len(shipped.hydra_cards) == 56
    assert [sum(c.deck == d for c in shipped.hydra_cards) for d in ("light", "red")] == [28, 28]
    assert [sum(c.deck == d and c.solo for c in shipped.hydra_cards) for d in ("light", "red")] == [10, 20]
    assert len(shipped.scenarios) == 12
    assert shipped.hydra_colours == COLOURS
    assert shipped.hero_colours == ("teal", "purple", "green", "orange")
    assert shipped.supply.neck_tiles_per_colour == RULEBOOK_COUNTS.neck_tiles_per_colour


def test_default_components_are_cached(shipped: Components) -> None:
    assert load_components() is shipped
    assert load_components(shipped.source).digest == shipped.digest


def test_card_indices_follow_file_order(shipped: Components) -> None:
    assert [c.index for c in shipped.action_cards] == list(range(44))
    assert [c.id for c in shipped.hydra_cards] == [f"H{i:02d}" for i in range(1, 57)]


def test_board_matches_components_md(shipped: Components) -> None:
    board = shipped.board
    assert (board.rows, board.cols, board.wall_row) == (11, 9, 10)
    assert board.paths == tuple(tuple((r, c) for r in range(10)) for c in (1, 3, 5, 7))
    assert sorted(board.portals) == sorted((r, c) for c in (1, 3, 5, 7) for r in (2, 5, 8))
    names = [board.areas[a] for a in board.row_area]
    assert names == ["boat"] * 4 + ["reef"] * 3 + ["beach"] * 3 + ["wall"]


def test_spot_check_action_cards(shipped: Components) -> None:
    cards = {c.id: c for c in shipped.action_cards}
    assert describe(shipped, cards["A10"].hydra) == [("move", "blue", 2, None), ("move", "red", 2, None)]
    assert describe(shipped, cards["A02"].hydra) == [("grow", "blue", 1, None), ("move", "blue", 2, "reef")]
    assert describe(shipped, cards["A44"].hydra) == [("grow", "white", 1, None), ("bite", "white", 1, None)]
    hero = cards["A21"].hero
    colour = shipped.hydra_colours[hero.bonus_colour]
    assert (hero.kind, hero.strength, colour, hero.bonus_area) == ("sword", 2, "red", -1)
    hero = cards["A12"].hero
    assert (hero.kind, hero.strength, shipped.board.areas[hero.bonus_area]) == ("move", 2, "wall")
    assert (cards["A33"].hero.kind, cards["A33"].hero.strength, cards["A33"].hero.bonus_area) == ("barricade", 0, -1)
    assert all(c.label == "" for c in shipped.action_cards)


def test_spot_check_hydra_cards(shipped: Components) -> None:
    cards = {c.id: c for c in shipped.hydra_cards}
    h37 = cards["H37"]
    assert (h37.deck, h37.solo, h37.label) == ("red", True, "rage")
    assert describe(shipped, h37.effects) == [("grow", "red", 1, None), ("move", "red", 1, None)]
    assert describe(shipped, cards["H01"].effects) == [("move", "red", 1, "boat")]
    assert describe(shipped, cards["H52"].effects) == [("bite", "blue", 1, None), ("bite", "red", 1, None)]
    assert [c.id for c in shipped.hydra_cards if c.label == "rage"] == [f"H{i}" for i in range(37, 45)]


def test_spot_check_scenarios(shipped: Components) -> None:
    s12 = shipped.scenario(12)
    assert s12.positions == (7, 6, 7, 6) and s12.heads == (2, 4, 2, 4) and s12.solo
    s10 = shipped.scenario(10)
    assert (s10.moon, s10.rounds, s10.display, s10.tokens, s10.hydra_stack) == ("LLRRRR", 6, 10, 5, 5)
    s7 = shipped.scenario(7)
    assert (s7.players, s7.walls, s7.moon, s7.action_hand, s7.display, s7.tokens) == (2, (8, 7, 6), "LRRRR", 3, 4, 5)
    assert [s.solo for s in shipped.scenarios] == [False] * 9 + [True] * 3


def test_scenarios_fit_the_action_layout(shipped: Components) -> None:
    for s in shipped.scenarios:
        assert s.display <= LAYOUT_LIMITS["display"]
        assert s.action_hand <= LAYOUT_LIMITS["action_hand"] and s.hydra_hand <= LAYOUT_LIMITS["hydra_hand"]
        assert not s.solo or s.hydra_stack <= LAYOUT_LIMITS["solo_hydra_stack"]


def canonical_hydra_sides() -> list[list[tuple]]:
    """The 44 action-card hydra sides in the order components.md describes them."""
    bonuses = ("boat", "reef", "beach")
    sides, cycle = [], 0
    for colour in COLOURS:
        for _ in range(4):
            sides.append([("grow", colour, 1, None), ("move", colour, 2, bonuses[cycle % 3])])
            cycle += 1
        sides += [[("grow", colour, 2, None)]] * 3
        sides += [[("grow", colour, 1, None), ("bite", colour, 1, None)]] * 2
        sides.append([("grow", colour, 1, None), ("move", colour, 2, None)])  # rage, no bonus
    for first, second in (("red", "white"), ("yellow", "blue"), ("white", "yellow"), ("blue", "red")):
        sides.append([("move", first, 2, None), ("move", second, 2, None)])
    return sides


def test_action_card_pairing_rule(shipped: Components) -> None:
    sides = canonical_hydra_sides()
    assert len(sides) == 44
    for i, action_card in enumerate(shipped.action_cards):
        assert describe(shipped, action_card.hydra) == sides[(7 * i + 24) % 44], action_card.id


def test_hero_sides_follow_the_composition_table(shipped: Components) -> None:
    kinds = [(c.hero.kind, c.hero.strength) for c in shipped.action_cards]
    expected = [("move", 1)] * 8 + [("move", 2)] * 4 + [("sword", 1)] * 8 + [("sword", 2)] * 4
    expected += [("harpoon", 1)] * 8 + [("barricade", 0)] * 5 + [("portal", 0)] * 4 + [("protect", 0)] * 3
    assert kinds == expected


def test_no_sword_or_harpoon_bonus_colour_is_targeted_by_its_own_hydra_side(shipped: Components) -> None:
    for action_card in shipped.action_cards:
        if action_card.hero.kind in ("sword", "harpoon"):
            assert action_card.hero.bonus_colour not in {e.colour for e in action_card.hydra}, action_card.id


def test_scenario_lookup_unknown_number_lists_available(shipped: Components) -> None:
    with pytest.raises(ConfigError, match=r"99.*available: 1, 2, 3, .*, 12"):
        shipped.scenario(99)

