"""The legal actions of the pending decision (spec 4.3), from one function.

:func:`options` maps each legal action to its payload: the canonical path of a
movement end (``MOVE_TO``, ``REENTER``), else None. The mask, ``legal_actions``,
``is_legal`` and the bots all read it. numpy and the standard library only.
"""

from __future__ import annotations

from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.loader import Tables
from hydra_env.games.heroica.state import State
from hydra_env.games.heroica.walks import (
    REENTER_KEY,
    adjacent_active_heroes,
    adjacent_monsters,
    hero_movements,
    monster_movements,
)

DRINK_DECISIONS = frozenset(("MOVE", "FIGHT", "SHIELD", "STEP", "HEAL_END", "TURN_END"))


def ranged_targets(t: Tables, st: State, h: int) -> list[int]:
    """HR20, HR21: the monsters the hero's ranged skill reaches from its space (none for others)."""
    kind, reach, here = t.class_skill[st.hero_class[h]], t.class_range[st.hero_class[h]], st.hero_space[h]
    if kind == "ranged_path":
        return sorted(m for m in st.monsters if 1 <= int(t.dist[here, m]) <= reach)
    if kind == "ranged_line":
        return sorted(m for m in st.monsters if 1 <= int(t.line[here, m]) <= reach)
    return []


def _movement(codec: Codec, moves: dict[int, tuple[int, ...]], reenter: bool) -> dict[int, object]:
    out: dict[int, object] = {codec.move_to(key): path for key, path in moves.items() if key >= 0}
    if reenter and REENTER_KEY in moves:
        out[codec.reenter] = moves[REENTER_KEY]
    return out


def _hero_options(t: Tables, st: State, codec: Codec, kind: str) -> dict[int, object]:
    h = st.hero
    here = st.hero_space[h]
    out: dict[int, object] = {}
    if kind == "MOVE":
        out = _movement(codec, hero_movements(t, st, h, st.allowance), bool(adjacent_monsters(t, st, here)))
        if st.move_face == 0:
            out.update({codec.target(m): None for m in ranged_targets(t, st, h)})
            if t.class_skill[st.hero_class[h]] == "heal_self_full" and st.hero_health[h] < t.max_health:
                out[codec.self_heal] = None
    elif kind == "FIGHT":
        out = {codec.target(m): None for m in adjacent_monsters(t, st, here)}
    elif kind == "SHIELD":
        out = {codec.plain: None, codec.melee: None}
    elif kind == "STEP":
        out = _movement(codec, hero_movements(t, st, h, st.allowance), False)
    elif kind in ("HEAL_END", "TURN_END"):
        out = {codec.end_turn: None}
    if kind in DRINK_DECISIONS and st.hero_potions[h] and st.hero_health[h] < t.max_health:
        out[codec.drink] = None
    return out


def options(t: Tables, st: State) -> dict[int, object]:
    """Each legal action of the pending decision and its payload (empty once the game is over)."""
    pending = st.pending
    if pending is None:
        return {}
    codec = Codec(t.n)
    kind = pending.kind
    if kind == "DRAFT":
        taken = set(st.hero_class)
        return {codec.hero(c): None for c in range(len(t.class_names)) if c not in taken}
    if kind == "PICK_HERO":
        return {codec.hero(st.hero_class[h]): None for h in st.heroes_of(pending.seat)}
    if kind == "MONSTER_PICK":
        return {codec.target(m): None for m in sorted(st.monsters)}
    if kind == "MONSTER_MOVE":
        moves = monster_movements(t, st, st.monster, st.allowance)
        return _movement(codec, moves, bool(adjacent_active_heroes(t, st, st.monster)))
    if kind == "MONSTER_FIGHT":
        return {codec.target(s): None for s in adjacent_active_heroes(t, st, st.monster)}
    return _hero_options(t, st, codec, kind)
