"""Queries for the hydra-action rule tests (R17–R21): heads, heroes, barricades
and the spaces offered to an evading hero, by name.

``place(g, "r5c2")`` here answers a pending shove or evasion decision by
applying it (unlike :func:`helpers.actions.place`, which returns the action).
"""

from __future__ import annotations

from hydra_env.games.hydra.rules import testing as ht


def pos(g, name: str) -> int:
    """Path position (= row) of a colour's head."""
    return g.state.head_position[ht.colour(g, name)]


def counter(g, name: str) -> int:
    """Head counter of a colour."""
    return g.state.head_count[ht.colour(g, name)]


def where(g, seat: int = 0) -> str:
    """Name of the space of a hero (``r4c2`` or ``city``)."""
    return g.rules.board.name(g.state.hero_space[seat])


def barricades(g) -> set[str]:
    """Names of the spaces holding a barricade."""
    return {g.rules.board.name(s) for s in g.state.barricade_space if s >= 0}


def place(g, name: str) -> None:
    """Answer a pending shove/evade decision: put the hero on ``name``."""
    g.apply(ht.find_action(g, f"put the hero on {name}"))


def targets(g) -> set[str]:
    """The spaces offered by the pending shove/evade decision."""
    return {g.describe(a).rsplit(" ", 1)[1] for a in g.legal_actions()}


def assert_clean(g) -> None:
    assert ht.invariants(g) == []


def names(g, mask: int) -> set[str]:
    board = g.rules.board
    return {board.name(s) for s in board.spaces(mask)}
