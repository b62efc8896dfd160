"""Action indices and queries for hand-built positions (the rule tests).

Actions are built from the codec: ``dest(g, slot, "r6c3")`` is "move or portal
to r6c3 with the card in ``slot``", ``city_move(g, "r9c4")`` the city move,
``place(g, "r8c3")`` the answer to a shove or evasion decision. The queries
name spaces as ``"r<row>c<column>"`` or ``"city"``. ``HAND`` is the card slot of
hand slot 0 in the coordinated game (display slots are 0–9).
"""

from __future__ import annotations

import pytest

from hydra_env.errors import IllegalActionError
from hydra_env.games.hydra.rules import testing as ht
from hydra_env.games.hydra.rules.codec import (
    A_BARRICADE,
    A_CITY_HARPOON,
    A_CITY_MOVE,
    A_CITY_PORTAL,
    A_CITY_PROTECT,
    A_CITY_SWORD,
    A_DEST,
    A_HARPOON,
    A_PLACE,
    A_PROTECT,
    A_SWORD,
)

HAND = 10  # card slot of hand slot 0 (coordinated game); display slots are 0–9


def sword(g, slot: int, colour: str, forgo: bool = False) -> int:
    return g.codec.encode(A_SWORD, slot, 2 * ht.colour(g, colour) + int(forgo))


def harpoon(g, slot: int, forgo: bool = False) -> int:
    return g.codec.encode(A_HARPOON, slot, int(forgo))


def barricade(g, slot: int, token: int = -1) -> int:
    return g.codec.encode(A_BARRICADE, slot, token)


def protect(g, slot: int) -> int:
    return g.codec.encode(A_PROTECT, slot, -1)


def dest(g, slot: int, name: str) -> int:
    return g.codec.encode(A_DEST, slot, ht.space(g, name))


def city_move(g, name: str) -> int:
    return g.codec.encode(A_CITY_MOVE, -1, ht.space(g, name))


def city_portal(g, name: str) -> int:
    return g.codec.encode(A_CITY_PORTAL, -1, ht.space(g, name))


def city_sword(g, colour: str) -> int:
    return g.codec.encode(A_CITY_SWORD, -1, ht.colour(g, colour))


def city_harpoon(g) -> int:
    return g.codec.encode(A_CITY_HARPOON)


def city_protect(g) -> int:
    return g.codec.encode(A_CITY_PROTECT)


def place(g, name: str) -> int:
    return g.codec.encode(A_PLACE, -1, ht.space(g, name))


def legal_kinds(g, slot: int | None = None) -> set[int]:
    codec = g.codec
    return {codec.kind[a] for a in g.legal_actions() if slot is None or codec.slot[a] == slot}


def slot_actions(g, slot: int) -> list[int]:
    return [a for a in g.legal_actions() if g.codec.slot[a] == slot]


def places(g) -> set[str]:
    codec = g.codec
    return {g.rules.board.name(codec.arg[a]) for a in g.legal_actions() if codec.kind[a] == A_PLACE}


def dests(g, slot: int) -> set[str]:
    codec = g.codec
    return {g.rules.board.name(codec.arg[a]) for a in g.legal_actions()
            if codec.kind[a] == A_DEST and codec.slot[a] == slot}


def city_portals(g) -> set[str]:
    codec = g.codec
    return {g.rules.board.name(codec.arg[a]) for a in g.legal_actions()
            if codec.kind[a] == A_CITY_PORTAL}


def at(g, seat: int = 0) -> str:
    return g.rules.board.name(g.state.hero_space[seat])


def glory(g, seat: int = 0) -> int:
    return g.state.glory[seat]


def head(g, colour: str) -> tuple[int, int]:
    """(path position, counter) of a colour."""
    c = ht.colour(g, colour)
    return g.state.head_position[c], g.state.head_count[c]


def in_city(g, seat: int = 0) -> bool:
    return g.state.hero_space[seat] == g.rules.board.city


def assert_illegal(g, action, *words: str) -> str:
    """``action`` raises IllegalActionError naming it and ``words``; the game is unchanged."""
    before = g.to_json()
    with pytest.raises(IllegalActionError) as err:
        g.apply(action)
    msg = str(err.value)
    if isinstance(action, int):
        assert f"action {action}" in msg
    for w in words:
        assert w in msg, (w, msg)
    assert g.to_json() == before
    return msg


def assert_sound(g) -> None:
    assert ht.invariants(g) == []
