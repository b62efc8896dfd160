"""Small queries and changes on the pieces: heads, necks, heroes, walls.

Shared by the hero actions and the hydra actions; every function takes the
state and the game's :class:`~hydra_env.core.tables.Rules`.
"""

from __future__ import annotations

from hydra_env.core import compass
from hydra_env.core.state import PH_OVER, State
from hydra_env.core.tables import Rules


def head_space(st: State, R: Rules, colour: int) -> int:
    """The space of a colour's head."""
    return R.B.paths[st.colour_path[colour]][st.head_pos[colour]]


def heads_mask(st: State, R: Rules) -> int:
    """Mask of the spaces holding a head."""
    paths, cp, hp = R.B.paths, st.colour_path, st.head_pos
    m = 0
    for c in range(len(hp)):
        m |= 1 << paths[cp[c]][hp[c]]
    return m


def necks_mask(st: State, R: Rules) -> int:
    """Mask of the spaces holding a neck tile (positions 0 … p−1 of each path)."""
    seg, cp, hp = R.B.seg_mask, st.colour_path, st.head_pos
    m = 0
    for c in range(len(hp)):
        m |= seg[cp[c]][hp[c]]
    return m


def barricade_mask(st: State) -> int:
    """Mask of the spaces holding a barricade."""
    m = 0
    for s in st.barricades:
        if s >= 0:
            m |= 1 << s
    return m


def heroes_mask(st: State, R: Rules, exclude: int = -1) -> int:
    """Mask of the grid spaces holding a hero other than ``exclude`` (the city never counts)."""
    m = 0
    for h, s in enumerate(st.hero):
        if h != exclude:
            m |= 1 << s
    return m & ~R.B.city_bit


def hero_at(st: State, space: int, exclude: int = -1) -> int:
    """The hero on a grid space (not the city), or −1."""
    for h, s in enumerate(st.hero):
        if s == space and h != exclude:
            return h
    return -1


def wound(st: State, R: Rules, hero: int) -> None:
    """R14: the hero goes to the inner city and loses 1 glory."""
    st.hero[hero] = R.B.city
    compass.lose(st.glory, hero, 1)


def end_game(st: State, outcome: str) -> None:
    """End the game at once with ``outcome`` ("won" or "lost")."""
    st.over = True
    st.outcome = outcome
    st.phase = PH_OVER
    st.pending = None
    st.tasks.clear()


def damage_wall(st: State, damage: int) -> None:
    """Remove up to ``damage`` wall tokens; the last one ends the game in defeat (R20)."""
    if damage <= 0:
        return
    st.walls = max(0, st.walls - damage)
    if st.walls == 0:
        end_game(st, "lost")


def evade_targets(st: State, R: Rules, hero: int, origin: int, avoid: int = 0) -> int:
    """R13: the spaces adjacent to ``origin`` a protected hero may evade to.

    Any adjacent space without a head and off the maelstrom; a space with
    another hero is allowed (that hero is shoved, R4). ``avoid`` removes more
    spaces (for a bite: the bitten zone).
    """
    B = R.B
    return B.nbr_mask[origin] & ~heads_mask(st, R) & ~B.maelstrom_mask & ~avoid
