"""The game state: plain Python ints and lists, cheap to clone, JSON round trip.

The state holds everything, hidden information included (deck orders, hands,
face-down cards, the random seed); what a seat may see is decided by the
views (:mod:`hydra_env.core.views`), never by leaving things out here.

Indices: colours index the component data's ``hydra_colours``; seats (and
heroes) are ``0 … n−1``; spaces follow :mod:`hydra_env.core.board`; cards are
indices into the component data's ``action_cards`` / ``hydra_cards``.
"""

from __future__ import annotations

from typing import Any

# Phases (``State.phase``).
PH_SETUP = 0
PH_BUCKLE = 1      # coordinated phase 1: buckle-up decisions (R26)
PH_ACTION = 2      # coordinated phase 2 / solo action phase I
PH_ACTION2 = 3     # solo action phase II
PH_HYDRA = 4       # Hydra phase (coordinated phase 3 / solo phase 5)
PH_OVER = 9

PHASE_NAMES = {PH_SETUP: "setup", PH_BUCKLE: "buckle up", PH_ACTION: "action",
               PH_ACTION2: "action II", PH_HYDRA: "hydra", PH_OVER: "game over"}

# Pending decision kinds (``State.pending[0]``); pending = (kind, seat, a, b).
D_ACTION = 0       # a hero action (solo, or a coordinated turn before its action)
D_AFTER = 1        # coordinated turn after its action: play a hydra card or end the turn
D_SHOVE = 2        # a = candidate mask: where the shoved hero goes (R4)
D_EVADE = 3        # a = candidate mask, b = cause (EV_*): where the protected hero evades (R13)
D_FOLLOW = 4       # a = target space: follow the retreating head? (R10)
D_BUCKLE = 5       # buckle up? (R26)

DECISION_NAMES = {D_ACTION: "action", D_AFTER: "after action", D_SHOVE: "shoved",
                  D_EVADE: "evade", D_FOLLOW: "follow", D_BUCKLE: "buckle up"}

EV_BITE, EV_RUN_OVER, EV_MAELSTROM = 0, 1, 2
EVADE_CAUSES = {EV_BITE: "bite", EV_RUN_OVER: "run over", EV_MAELSTROM: "maelstrom"}

# Once-per-round city actions (``State.city_used`` bits, R16).
CITY_MOVE_BIT, CITY_SWORD_BIT, CITY_HARPOON_BIT, CITY_PROTECT_BIT = 1, 2, 4, 8

_FLAT = ("colour_path", "head_pos", "heads", "hero", "shield", "glory", "barricades",
         "deck", "discard", "display", "dtoken", "row", "row_block", "stack", "queue", "queue_src",
         "city_used", "order", "history")
_NESTED = ("hdeck", "hdiscard", "hands", "hand_used", "hhands")
_SCALARS = ("solo", "n", "scenario", "stars", "moon", "seed", "rng_count", "walls", "walls_max",
            "revealed", "round", "phase", "turn", "oidx", "stage", "done", "cols_used",
            "victory", "over", "outcome")


class State:
    """Complete state of one game (see the module docstring)."""

    __slots__ = _FLAT + _NESTED + _SCALARS + ("pending", "tasks", "_legal")

    def __init__(self) -> None:
        for name in _FLAT + _NESTED:
            setattr(self, name, [])
        for name in _SCALARS:
            setattr(self, name, 0)
        self.moon = ""
        self.outcome = None
        self.over = False
        self.solo = False
        self.pending: tuple | None = None
        self.tasks: list[tuple] = []
        self._legal: int | None = None

    def clone(self) -> "State":
        """An independent copy (lists copied, nothing shared that is mutated)."""
        new = State.__new__(State)
        for name in _FLAT:
            setattr(new, name, list(getattr(self, name)))
        for name in _NESTED:
            setattr(new, name, [list(x) for x in getattr(self, name)])
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        new.pending = self.pending
        new.tasks = list(self.tasks)
        new._legal = self._legal
        return new

    def to_dict(self) -> dict[str, Any]:
        """All fields as JSON-compatible values (tuples become lists)."""
        out: dict[str, Any] = {}
        for name in _SCALARS + _FLAT + _NESTED:
            out[name] = getattr(self, name)
        out["pending"] = list(self.pending) if self.pending is not None else None
        out["tasks"] = [_to_list(t) for t in self.tasks]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "State":
        """Inverse of :meth:`to_dict`."""
        st = cls()
        for name in _SCALARS:
            setattr(st, name, data[name])
        for name in _FLAT:
            setattr(st, name, list(data[name]))
        for name in _NESTED:
            setattr(st, name, [list(x) for x in data[name]])
        st.pending = tuple(data["pending"]) if data["pending"] is not None else None
        st.tasks = [_to_tuple(t) for t in data["tasks"]]
        return st


def _to_list(x: Any) -> Any:
    if isinstance(x, (tuple, list)):
        return [_to_list(v) for v in x]
    return x


def _to_tuple(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_to_tuple(v) for v in x)
    return x
