"""Solo games for the rule and engine tests: card ids, actions by description,
forced rounds.

``act(g, "A40", "portal to r8c1")`` applies the one legal action whose
description holds the words; ``pass_`` passes; ``board`` gives (position,
counter) per colour; ``tame`` puts every head back on its maelstrom with
counter 0; ``last_round`` makes a hand-built game's round the 6th.
``SOLO_LIGHT`` and ``SOLO_RED`` are the solo-marked hydra cards (R32).
"""

from __future__ import annotations

from hydra_env.games.hydra.rules import testing as ht

COLOURS = ("red", "white", "yellow", "blue")
SOLO_LIGHT = ("H01", "H03", "H05", "H09", "H11", "H15", "H19", "H20", "H21", "H26")
SOLO_RED = ("H29", "H30", "H31", "H32", "H33", "H35", "H37", "H39", "H41", "H42",
            "H43", "H44", "H45", "H46", "H47", "H50", "H51", "H52", "H53", "H56")
MOVE_CARDS = ("A01", "A02", "A03", "A04", "A05", "A06", "A07", "A08", "A09", "A10")


def act(g, *words: str) -> None:
    """Apply the one legal action whose description contains ``words``."""
    g.apply(ht.find_action(g, *words))


def pass_(g, times: int = 1) -> None:
    for _ in range(times):
        act(g, "city action: pass")


def ids(g, cards, kind: str = "action") -> list:
    """Card ids of a list of card indices (−1 → None)."""
    table = g.components.action_cards if kind == "action" else g.components.hydra_cards
    return [table[c].id if c >= 0 else None for c in cards]


def board(g) -> dict:
    """(position, counter) per colour."""
    st = g.state
    return {c: (st.head_position[ht.colour(g, c)], st.head_count[ht.colour(g, c)]) for c in COLOURS}


def where(g) -> str:
    return g.rules.board.name(g.state.hero_space[0])


def tame(g) -> None:
    """Put every head back on its maelstrom with counter 0 (flow tests only)."""
    with ht.edit(g) as st:
        st.head_position = [0] * 4
        st.head_count = [0] * 4


def finish_round_passing(g, *, tamed: bool = True) -> None:
    """Pass through the rest of the round (taming the hydra before its phase)."""
    start = g.state.round
    while not g.is_over and g.state.round == start:
        assert g.pending["kind"] == "action", g.pending
        if tamed and g.phase == "action II" and g.state.actions_done == 4:
            tame(g)
        pass_(g)


def last_round(g) -> None:
    """Make the hand-built game's round the 6th (moon index 5)."""
    with ht.edit(g) as state:
        state.round = 5
