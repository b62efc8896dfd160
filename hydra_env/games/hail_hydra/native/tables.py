"""The component tables of Hail Hydra as the plain dict the native engine reads
(``hydra_env.games.hail_hydra._native.make_tables``), taken from the checked Python
:class:`~hydra_env.games.hail_hydra.components.Components` (nothing read twice)."""

from __future__ import annotations

from typing import Any

from hydra_env.games.hail_hydra.components import Components
from hydra_env.games.hail_hydra.native import require
from hydra_env.native.modules import NativeUnsupportedError

_CACHE: dict[int, tuple[Components, Any]] = {}
MAX_HEROES, MAX_VILLAINS = 14, 18


def tables_dict(comp: Components) -> dict[str, Any]:
    """The tables of ``comp`` as plain data (ints, strings and lists)."""
    return {
        "city_health": comp.city_health, "max_health": comp.max_health, "max_defence": comp.max_defence,
        "hand_size": comp.hand_size, "second_hand": comp.second_hand, "third_hand": comp.third_hand,
        "play_min": comp.play_min, "play_max": comp.play_max, "deck": list(comp.deck),
        "rows": [[p, r.shield, r.hydra, r.health_mod, r.strength_mod] for p, r in comp.rows.items()],
        "knockout": [[tier, players, rounds] for (tier, players), rounds in comp.knockout_rounds.items()],
        "negative_rows": [list(row) for row in comp.negative_rows],
        "villains": [{"tier": v.tier, "health": v.health, "strength": v.strength, "defence": v.defence,
                      "power": v.power, "amount": v.amount} for v in comp.villains],
        "heroes": [{"window": h.window, "effect": h.effect, "bonus": dict(h.params).get("bonus", 0),
                    "city": dict(h.params).get("city", 0), "amount": dict(h.params).get("amount", 0),
                    "reveal_active": h.reveal_active, "reveal_out": h.reveal_out} for h in comp.heroes],
    }


def native_tables(comp: Components) -> Any:
    """The (cached) native tables of ``comp``; NativeUnsupportedError when the data exceed the
    engine's capacities (14 heroes, 18 villains: the action layout and the observation's)."""
    entry = _CACHE.get(id(comp))
    if entry is None or entry[0] is not comp:
        if len(comp.heroes) > MAX_HEROES or len(comp.villains) > MAX_VILLAINS:
            raise NativeUnsupportedError(f"the native Hail Hydra engine takes at most {MAX_HEROES} heroes and "
                                         f"{MAX_VILLAINS} villains; use engine='python' for this data")
        entry = _CACHE[id(comp)] = (comp, require().make_tables(tables_dict(comp)))
    return entry[1]
