"""The state of a game of Hail Hydra: plain data (ints, lists, dicts), hidden information included.

Every field is JSON data, so a save is the state itself (:mod:`.save`) and a clone is a
copy of nested lists. Cards are value indices 0..7 (:data:`.components.VALUES`); a hand,
a play, a gift and the discard pile are counts per value index; the draw pile is a list
of value indices whose *last* item is the top card. Seats are 0..n-1.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

# Decision types (HH34), also the observation's one-hot order.
DRAFT, GIFT_TARGET, GIFT_CARDS, PLAY, CLAIM, ABILITY_TARGET, ABILITY_VALUE, RESOLVE_OFFER, KO_OFFER, NOMINATE, \
    VOTE, VERDICT_OFFER = range(12)
DECISION_NAMES = ("draft", "gift target", "gift cards", "play", "claim", "ability target", "ability value",
                  "resolve offer", "knock-out offer", "nominate", "vote", "verdict offer")
SHIELD, HYDRA = 0, 1
NONE = -1        # no seat / no claim / no result
UP_VOTE = -2     # a nomination or vote for nobody (UP)
OPEN = -3        # a nomination or vote not cast yet


@dataclass(slots=True)
class Pending:
    """The decision the game waits for: its seat, its type and one argument
    (cards just played for CLAIM, the gift's recipient for GIFT_CARDS, the hero
    index of the ability for ABILITY_TARGET/ABILITY_VALUE, 1 for a face-up PLAY)."""

    seat: int
    kind: int
    arg: int = 0

    def to_list(self) -> list[int]:
        """``[seat, kind, arg]``."""
        return [self.seat, self.kind, self.arg]


def new_offensive(players: int, mission: int, holder: int) -> dict[str, Any]:
    """An empty record of one offensive (public and private parts; the observer and views pick)."""
    return {"mission": mission, "holder": holder, "active": [True] * players, "out": [False] * players,
            "revealed": [False] * players, "down": [[0] * 8 for _ in range(players)],
            "up": [[0] * 8 for _ in range(players)], "claim": [NONE] * players, "gave": [0] * players,
            "gave_to": [NONE] * players, "gift": [[0] * 8 for _ in range(players)], "used": [False] * players,
            "cards": None, "hidden": False, "total": None, "villain_damage": 0, "city_damage": 0,
            "defeated": False, "played": [False] * players}


def new_round(players: int, phase: int, number: int) -> dict[str, Any]:
    """An empty vote round record."""
    return {"phase": phase, "round": number, "nominations": [OPEN] * players, "votes": [OPEN] * players,
            "result": NONE, "ambush": False, "rally": False, "closed": False}


_FLAT_LISTS = ("rng", "history", "heroes", "loyalty", "revealed", "out", "immune", "used", "draw", "discard",
               "discard_public", "stack", "stack_tiers", "defeated", "queue", "knockouts")
_NESTED = ("down", "up", "gift")


def copy_offensive(record: dict[str, Any]) -> dict[str, Any]:
    """An independent copy of an offensive record."""
    new = {k: (v[:] if isinstance(v, list) else v) for k, v in record.items()}
    for key in _NESTED:
        new[key] = [row[:] for row in record[key]]
    return new


def copy_round(record: dict[str, Any]) -> dict[str, Any]:
    """An independent copy of a vote round record."""
    return {k: (v[:] if isinstance(v, list) else v) for k, v in record.items()}


@dataclass(slots=True)
class State:
    """The whole game. ``stage`` and ``queue`` say where the flow stands (see :mod:`.flow`)."""

    players: int
    seed: int
    options: dict[str, Any]
    rng: list[int]
    history: list[int] = field(default_factory=list)
    first_player: int = 0
    token: int = 0
    heroes: list[int] = field(default_factory=list)
    loyalty: list[int] = field(default_factory=list)
    revealed: list[bool] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    immune: list[bool] = field(default_factory=list)
    used: list[bool] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    draw: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=lambda: [0] * 8)
    discard_public: list[int] = field(default_factory=lambda: [0] * 8)
    reshuffles: int = 0
    city: int = 0
    stack: list[int] = field(default_factory=list)
    stack_tiers: list[int] = field(default_factory=list)
    mission: int = -1
    villain: int = NONE
    health: int = 0
    start_health: int = 0
    strength: int = 0
    defence: int = 0
    defeated: list[int] = field(default_factory=list)
    offensives: list[dict[str, Any]] = field(default_factory=list)
    mission_offensives: int = 0
    rounds: list[dict[str, Any]] = field(default_factory=list)
    rounds_left: int = 0
    widow: list[list[list[int]]] = field(default_factory=list)     # per seat: [target, loyalty]
    web: list[list[Any]] = field(default_factory=list)             # per seat: [offensive, target, counts] or []
    radar: list[list[int]] = field(default_factory=list)           # per seat: [offensive, target, truth] or []
    stage: str = "setup"
    queue: list[int] = field(default_factory=list)
    pending: Pending | None = None
    total: int = 0
    total_flag: bool = False
    smash: bool = False
    panther: bool = False
    knockouts: list[int] = field(default_factory=lambda: [0, 0])   # by loyalty
    game_over: bool = False
    winner: str = ""
    cause: str = ""

    def clone(self) -> State:
        """An independent copy, cheap: finished offensives and rounds (never changed again)
        are shared; the current ones and every mutable field are copied."""
        new = copy.copy(self)
        for name in _FLAT_LISTS:
            setattr(new, name, list(getattr(self, name)))
        new.hands = [h[:] for h in self.hands]
        new.widow = [[pair[:] for pair in w] for w in self.widow]
        new.web = [list(w) for w in self.web]
        new.radar = [r[:] for r in self.radar]
        new.offensives = self.offensives[:-1] + [copy_offensive(r) for r in self.offensives[-1:]]
        new.rounds = self.rounds[:-1] + [copy_round(r) for r in self.rounds[-1:]]
        new.pending = None if self.pending is None else Pending(*self.pending.to_list())
        return new

    def to_data(self) -> dict[str, Any]:
        """Every field as JSON data (``pending`` as ``[seat, kind, arg]`` or None)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["pending"] = None if self.pending is None else self.pending.to_list()
        return data

    # ------------------------------------------------------------ small public queries
    @property
    def offensive(self) -> dict[str, Any] | None:
        """The record of the current (last) offensive, or None before the first."""
        return self.offensives[-1] if self.offensives else None

    @property
    def round(self) -> dict[str, Any] | None:
        """The record of the current (last) vote round, or None before the first."""
        return self.rounds[-1] if self.rounds else None

    def order_from(self, start: int) -> list[int]:
        """Every seat in seat order starting at ``start``."""
        return [(start + k) % self.players for k in range(self.players)]

    def hydra_count(self) -> int:
        """The number of HYDRA agents (public)."""
        return sum(self.loyalty)

    def hand_size(self, seat: int) -> int:
        """Cards in a seat's hand (public)."""
        return sum(self.hands[seat])
