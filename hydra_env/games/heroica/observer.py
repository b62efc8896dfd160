"""The observation of Heroica (spec 4.5): float32, relative to the observing seat, values in [0, 1].

Planes on the map grid, C = 12 channels of H × W (6 × 17 on Draida), raveled channel
by channel, then a vector of 64 values (12·6·17 + 64 = 1,288 on Draida).

Planes:

====  =====================================================================
0     1 on spaces
1     1 on the Mission Start
2     monster strength / 3 on monster spaces
3     1 on the General
4     1 on the General while it carries the Crystal
5     1 on Life Potions on the board
6–9   1 on the hero of class barbarian, wizard, ranger, druid
10    1 on heroes controlled by the observing seat
11    1 on healing heroes
====  =====================================================================

Vector:

=======  ==============================================================================
0–35     per class (barbarian, wizard, ranger, druid), 9 values each: in game;
         controlled by the observer; owner's seat relative to the observer / 3;
         Health / 4; healing; potions held / 2 (capped at 1); trophies / 6 (capped);
         knock-outs / 2 (capped); acting now
36–37    the General carries the Crystal; the General is on the board
38–43    mode one-hot (solo, race, battle); observer is the Monster Player;
         knock-outs in the game / 2 (capped); round (solo: turn) / limit (capped)
44–54    pending decision one-hot (DRAFT, PICK_HERO, MOVE, FIGHT, SHIELD, STEP,
         HEAL_END, TURN_END, MONSTER_PICK, MONSTER_MOVE, MONSTER_FIGHT)
55–63    current movement roll one-hot (Shield, Three, Two, One); current fight roll
         one-hot (Shield, Sword, Skull, Sword & Skull); allowance / 4
=======  ==============================================================================

numpy and the standard library only.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env.api.observer import FlatObserver
from hydra_env.games.heroica.state import DECISIONS, MODES

CHANNELS = 12
VECTOR = 64


def parts_of(tables: Any) -> dict[str, tuple[int, ...]]:
    """The observation's named parts: ``planes`` (12, H, W) and ``vector`` (64,)."""
    return {"planes": (CHANNELS, tables.height, tables.width), "vector": (VECTOR,)}


_STATIC: dict[int, tuple[Any, np.ndarray]] = {}


def _static_planes(tables: Any) -> np.ndarray:
    """Planes 0 and 1 of a map (made once per tables object; read only)."""
    entry = _STATIC.get(id(tables))
    if entry is not None and entry[0] is tables:
        return entry[1]
    planes = np.zeros((2, tables.height, tables.width), np.float32)
    for x, y in tables.coords:
        planes[0, y, x] = 1.0
    x, y = tables.coords[tables.start]
    planes[1, y, x] = 1.0
    planes.flags.writeable = False
    _STATIC[id(tables)] = (tables, planes)
    return planes


def encode(game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
    """The flat observation of ``seat`` (written into ``out`` when given)."""
    t, st = game.tables, game.state
    h_, w_ = t.height, t.width
    size = CHANNELS * h_ * w_ + VECTOR
    if out is None:
        out = np.zeros(size, np.float32)
    else:
        out[:] = 0.0
    planes = out[: CHANNELS * h_ * w_].reshape(CHANNELS, h_, w_)
    vec = out[CHANNELS * h_ * w_:]
    planes[:2] = _static_planes(t)
    coords = t.coords
    for space, kind in st.monsters.items():
        x, y = coords[space]
        planes[2, y, x] = t.monster_strength[kind] / 3.0
        if kind == t.boss:
            planes[3, y, x] = 1.0
            vec[37] = 1.0
            if st.crystal:
                planes[4, y, x] = 1.0
                vec[36] = 1.0
    for space in st.potions:
        x, y = coords[space]
        planes[5, y, x] = 1.0
    players = st.players
    for h, cls in enumerate(st.hero_class):
        x, y = coords[st.hero_space[h]]
        planes[6 + cls, y, x] = 1.0
        mine = st.hero_owner[h] == seat
        if mine:
            planes[10, y, x] = 1.0
        if st.hero_healing[h]:
            planes[11, y, x] = 1.0
        v = vec[9 * cls: 9 * cls + 9]
        v[0] = 1.0
        v[1] = float(mine)
        v[2] = ((st.hero_owner[h] - seat) % players) / 3.0
        v[3] = st.hero_health[h] / t.max_health
        v[4] = float(st.hero_healing[h])
        v[5] = min(st.hero_potions[h] / 2.0, 1.0)
        v[6] = min(st.hero_trophies[h] / 6.0, 1.0)
        v[7] = min(st.hero_kos[h] / 2.0, 1.0)
        v[8] = float(h == st.hero and not st.game_over)
    vec[38 + MODES.index(st.mode)] = 1.0
    vec[41] = float(seat == st.monster_seat)
    vec[42] = min(st.ko_total / 2.0, 1.0)
    if st.mode == "solo":
        vec[43] = min(st.turn / st.options.solo_turn_limit, 1.0)
    else:
        vec[43] = min(st.round / st.options.max_rounds, 1.0)
    if st.pending is not None:
        vec[44 + DECISIONS.index(st.pending.kind)] = 1.0
    if st.move_face >= 0:
        vec[55 + st.move_face] = 1.0
    if st.fight_face >= 0:
        vec[59 + st.fight_face] = 1.0
    vec[63] = min(st.allowance / 4.0, 1.0)
    return out


class HeroicaObserver(FlatObserver):
    """The spec's observer: parts ``planes`` and ``vector``, encoded straight into ``out``."""

    def encode(self, game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of ``seat`` (into ``out`` when given, and returned): the game's own
        ``encode_flat`` (in C++ on the native engine, the same values bit for bit), else :func:`encode`."""
        encode_flat = getattr(game, "encode_flat", None)
        return encode(game, seat, out) if encode_flat is None else encode_flat(seat, out)


def observer(game: Any) -> HeroicaObserver:
    """The spec's observer of ``game``."""
    return HeroicaObserver(parts_of(game.tables), encode)
