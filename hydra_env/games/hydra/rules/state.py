"""The game state: a slots dataclass of plain ints and lists, cheap to clone, JSON round trip.

The state holds everything, hidden information included (deck orders, hands,
face-down cards, the random seed); what a seat may see is decided by the
views (:mod:`hydra_env.games.hydra.rules.views`), never by leaving things out here.

Indices: hydra colours index the component data's ``hydra_colours``; seats
(and heroes) are ``0 … players−1``; spaces follow :mod:`hydra_env.games.hydra.rules.board`;
cards are indices into the component data's ``action_cards`` /
``hydra_cards``; an empty card place holds −1.

Named constants: :class:`Phase`, :class:`DecisionKind`, :class:`EvadeCause`
and :class:`CityAction`. Their members are also bound to flat module names
(``PHASE_ACTIONS``, ``DECIDE_SHOVED``, …) for the engine's hot paths, because
reading an attribute of an enum class costs about 0.2 µs in CPython 3.11.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import IntEnum, IntFlag
from typing import Any, NamedTuple


class Phase(IntEnum):
    """The phase of the round (``State.phase``)."""

    SETUP = 0
    BUCKLE_UP = 1     # coordinated phase 1: buckle-up decisions (R26)
    ACTIONS = 2       # coordinated phase 2 / solo action phase I (R28, R34)
    ACTIONS_II = 3    # solo action phase II (R36)
    HYDRA = 4         # Hydra phase (coordinated phase 3, R29 / solo phase 5, R37)
    OVER = 9          # the game has ended


class DecisionKind(IntEnum):
    """What the pending decision is about (``PendingDecision.kind``)."""

    ACTION = 0        # a hero action (solo, or a coordinated turn before its action)
    AFTER_ACTION = 1  # coordinated turn after its action: play a hydra card or end the turn
    SHOVED = 2        # where a shoved hero goes (R4)
    EVADE = 3         # where a protected hero evades to (R13)
    FOLLOW = 4        # follow the retreating head or not (R10)
    BUCKLE_UP = 5     # buckle up or not (R26)


class EvadeCause(IntEnum):
    """Why a protected hero evades (``PendingDecision.cause``, R13)."""

    BITE = 0
    RUN_OVER = 1
    MAELSTROM = 2


class CityAction(IntFlag):
    """Once-per-round city actions (``State.city_actions_used`` bits, R16)."""

    MOVE = 1
    SWORD = 2
    HARPOON = 4
    PROTECT = 8


PHASE_NAMES = {Phase.SETUP: "setup", Phase.BUCKLE_UP: "buckle up", Phase.ACTIONS: "action",
               Phase.ACTIONS_II: "action II", Phase.HYDRA: "hydra", Phase.OVER: "game over"}
DECISION_NAMES = {DecisionKind.ACTION: "action", DecisionKind.AFTER_ACTION: "after action",
                  DecisionKind.SHOVED: "shoved", DecisionKind.EVADE: "evade",
                  DecisionKind.FOLLOW: "follow", DecisionKind.BUCKLE_UP: "buckle up"}
EVADE_CAUSES = {EvadeCause.BITE: "bite", EvadeCause.RUN_OVER: "run over",
                EvadeCause.MAELSTROM: "maelstrom"}

# Flat names of the members, for hot paths (see the module docstring).
PHASE_SETUP, PHASE_BUCKLE_UP, PHASE_ACTIONS = Phase.SETUP, Phase.BUCKLE_UP, Phase.ACTIONS
PHASE_ACTIONS_II, PHASE_HYDRA, PHASE_OVER = Phase.ACTIONS_II, Phase.HYDRA, Phase.OVER
DECIDE_ACTION, DECIDE_AFTER_ACTION = DecisionKind.ACTION, DecisionKind.AFTER_ACTION
DECIDE_SHOVED, DECIDE_EVADE = DecisionKind.SHOVED, DecisionKind.EVADE
DECIDE_FOLLOW, DECIDE_BUCKLE_UP = DecisionKind.FOLLOW, DecisionKind.BUCKLE_UP
EVADE_BITE, EVADE_RUN_OVER, EVADE_MAELSTROM = EvadeCause.BITE, EvadeCause.RUN_OVER, EvadeCause.MAELSTROM
CITY_MOVE_BIT, CITY_SWORD_BIT = int(CityAction.MOVE), int(CityAction.SWORD)
CITY_HARPOON_BIT, CITY_PROTECT_BIT = int(CityAction.HARPOON), int(CityAction.PROTECT)


class PendingDecision(NamedTuple):
    """The decision the game waits for, and whose it is."""

    kind: DecisionKind      # what is to be decided
    seat: int               # the seat that decides (a shoved hero's seat may decide in another's turn)
    choices: int = 0        # SHOVED / EVADE: bitmask over board spaces where the hero may go
    cause: EvadeCause = EvadeCause.BITE  # EVADE: what the hero evades
    follow_space: int = -1  # FOLLOW: the space the hero would step onto
    follow_colour: int = -1  # FOLLOW: the hydra colour that retreated

    def to_list(self) -> list[int]:
        """The decision as six JSON integers."""
        return [int(v) for v in self]

    @classmethod
    def from_list(cls, values: list[int]) -> PendingDecision:
        """Inverse of :meth:`to_list` (raises ValueError on an unknown kind or cause)."""
        kind, seat, choices, cause, follow_space, follow_colour = values
        return cls(DecisionKind(kind), seat, choices, EvadeCause(cause), follow_space, follow_colour)


@dataclass(slots=True, eq=True)
class State:
    """Complete state of one game (see the module docstring)."""

    # -- the game and its randomness
    solo: bool = False                 # solo game (scenarios 10–12) or coordinated (1–9)
    players: int = 0                   # number of seats (= heroes)
    scenario: int = 0                  # scenario number
    stars: int = 0                     # difficulty, 1–3
    moon_tokens: str = ""              # one letter per round: "L" light moon, "R" red moon (R27)
    seed: int = 0                      # the seed all randomness comes from (hidden from players)
    random_events: int = 0             # random events drawn so far (event k uses rng [seed, k])
    # -- round flow
    round: int = 0                     # current round, 0-based
    phase: Phase = Phase.SETUP         # current phase
    turn: int = 0                      # coordinated: turn number within phase 2, 0-based
    turn_order_index: int = 0          # coordinated: position in turn_order of the seat to act
    turn_acted: int = 0                # coordinated: 1 once that seat has done its hero action
    actions_done: int = 0              # solo: actions done in the current action phase
    solo_columns_used: int = 0         # solo phase I: bitmask of display columns used (R34)
    victory: bool = False              # all four counters reached 0 at once (R31)
    game_over: bool = False            # the game has ended
    outcome: str | None = None         # "victory" / "defeat" / None while playing
    # -- the Hydra (one entry per hydra colour)
    hydra_path: list[int] = field(default_factory=list)     # path index each colour's hydra is on
    head_position: list[int] = field(default_factory=list)  # head's position on its path, 0 = maelstrom
    head_count: list[int] = field(default_factory=list)     # heads on the counter, 0–6 (R18)
    walls: int = 0                     # wall tokens left
    walls_at_start: int = 0            # wall tokens at the start
    # -- heroes (one entry per seat)
    hero_space: list[int] = field(default_factory=list)     # board space of each hero
    shielded: list[int] = field(default_factory=list)       # 1 if the hero is protected (R13)
    glory: list[int] = field(default_factory=list)          # compass progress of each hero (R22)
    turn_order: list[int] = field(default_factory=list)     # seats in turn order (R25)
    city_actions_used: list[int] = field(default_factory=list)  # CityAction bits used this round
    barricade_space: list[int] = field(default_factory=list)    # space of each barricade, −1 in supply
    # -- action cards
    action_deck: list[int] = field(default_factory=list)    # face-down deck, top card last
    action_discard: list[int] = field(default_factory=list)  # discard pile
    display: list[int] = field(default_factory=list)        # card on each display slot, −1 empty
    display_token: list[int] = field(default_factory=list)  # 0 none; coop: seat + 1; solo: 1/2 = phase I/II
    action_hands: list[list[int]] = field(default_factory=list)      # coordinated: each seat's action cards
    action_hand_used: list[list[int]] = field(default_factory=list)  # 1 where that hand card is used
    # -- hydra cards
    hydra_decks: list[list[int]] = field(default_factory=list)     # [light, red] decks, top card last
    hydra_discards: list[list[int]] = field(default_factory=list)  # [light, red] discard piles
    hydra_hands: list[list[int]] = field(default_factory=list)     # coordinated: hydra cards in hand (R27)
    hydra_stack: list[int] = field(default_factory=list)     # coordinated: face-down hydra stack (R29)
    hydra_queue: list[int] = field(default_factory=list)     # Hydra phase: cards still to resolve (~h = hydra card h)
    hydra_queue_owner: list[int] = field(default_factory=list)  # seat each queued card came from, −1 none
    solo_row_c: list[int] = field(default_factory=list)          # solo display row C hydra cards (R33)
    solo_row_c_blocked: list[int] = field(default_factory=list)  # 1 where a row C card is blocked
    solo_row_c_face_up: int = 0        # solo: row C turned face up by the oracle phase (R35)
    # -- decisions
    history: list[int] = field(default_factory=list)        # every decision applied, in order
    pending: PendingDecision | None = None                 # the decision waited for, None if none
    tasks: list[tuple] = field(default_factory=list)        # effects still to run, top last (tables.T_*)
    legal_mask_cache: int | None = field(default=None, compare=False)  # legal mask of `pending`, once computed

    def clone(self) -> State:
        """An independent copy (lists copied, nothing shared that is mutated)."""
        new = _new_state()
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        for name in _FLAT:
            setattr(new, name, getattr(self, name)[:])
        for name in _NESTED:
            setattr(new, name, [x[:] for x in getattr(self, name)])
        return new

    def to_dict(self) -> dict[str, Any]:
        """All fields as JSON-compatible values (tuples become lists)."""
        out: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS + _FLAT + _NESTED
                               if name not in _NOT_SAVED}
        out["phase"] = int(self.phase)
        out["pending"] = self.pending.to_list() if self.pending is not None else None
        out["tasks"] = [_to_list(t) for t in self.tasks]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """Inverse of :meth:`to_dict`."""
        state = cls()
        for name in _SCALARS:
            if name not in _NOT_SAVED:
                setattr(state, name, data[name])
        for name in _FLAT:
            setattr(state, name, list(data[name]))
        for name in _NESTED:
            setattr(state, name, [list(x) for x in data[name]])
        state.phase = Phase(data["phase"])
        state.pending = PendingDecision.from_list(data["pending"]) if data["pending"] is not None else None
        state.tasks = [_to_tuple(t) for t in data["tasks"]]
        return state


_LIST_OF_LISTS = {"action_hands", "action_hand_used", "hydra_decks", "hydra_discards", "hydra_hands"}
_NESTED = tuple(f.name for f in fields(State) if f.name in _LIST_OF_LISTS)
_FLAT = tuple(f.name for f in fields(State) if f.name not in _LIST_OF_LISTS
              and f.default_factory is list)  # type: ignore[comparison-overlap]
_SCALARS = tuple(f.name for f in fields(State) if f.name not in _NESTED + _FLAT)
_NOT_SAVED = {"pending", "legal_mask_cache"}


def state_fields() -> tuple[str, ...]:
    """The names of every field of State, in declaration order."""
    return _ALL_FIELDS


_ALL_FIELDS = tuple(f.name for f in fields(State))


def _new_state() -> State:
    """An uninitialised State (for clone: every field is set right after)."""
    return object.__new__(State)


def _to_list(x: Any) -> Any:
    if isinstance(x, (tuple, list)):
        return [_to_list(v) for v in x]
    return x


def _to_tuple(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_to_tuple(v) for v in x)
    return x
