"""The state of a Hydras game: plain ints and lists, cheap to clone, JSON round trip.

The state holds everything, hidden information included (the deck's order,
every hand, the seed); what a seat may see is decided by
:mod:`hydra_env.games.hydras.rules.views` (H14), never by leaving things out here.

Cards are kind indices of the card set (:mod:`hydra_env.games.hydras.rules.components`);
a hydra is a list with one code per grid cell (:mod:`hydra_env.games.hydras.rules.tables`).
Seats are ``0 … players−1``; play passes to the left, seat + 1 (H4).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, NamedTuple


class Phase(IntEnum):
    """What the game is waiting for."""

    TURN = 0     # the turn seat chooses its play (H4)
    BLOCK = 1    # a seat is offered a poison breath block (H11)
    BURN = 2     # the turn seat may slash and burn (H8)
    OVER = 3


class DecisionKind(IntEnum):
    """Kinds of pending decision (``PendingDecision.kind``)."""

    TURN = 0
    BLOCK = 1
    BURN = 2


DECISION_NAMES = {DecisionKind.TURN: "turn", DecisionKind.BLOCK: "block offer",
                  DecisionKind.BURN: "slash and burn"}


class PendingDecision(NamedTuple):
    """The decision the game waits for: its kind and the seat that decides."""

    kind: int
    seat: int


class AttackKind(IntEnum):
    """Cards that a poison breath can block (H11)."""

    SWORD = 0
    TORCH = 1


class Attack(NamedTuple):
    """A sword or torch played and waiting for its block chain to resolve (H11)."""

    kind: int      # AttackKind
    seat: int      # who played it (always the turn seat)
    card: int      # kind index of the card played
    target: int    # absolute seat whose hydra it is played on
    cell: int      # cell it is played on
    burn: bool     # a torch of a slash and burn (H8)


class Event(IntEnum):
    """Public events of the log (H14: every play and block is public)."""

    NECK = 0       # seat played card as a neck on target's hydra at cell (rotation)
    SWORD = 1      # seat played card as a sword on target's cell (blockable)
    TORCH = 2      # seat played a torch on target's cell (blockable)
    DISCARD = 3    # seat discarded card
    BLOCK = 4      # seat blocked with card
    CUT = 5        # a sword took effect: `rotation` holds the number of cards removed
    CANCELLED = 6  # the card at the bottom of the chain was blocked (no effect)
    SKIP = 7       # seat had an empty hand and skipped its play
    DRAW = 8       # seat drew `rotation` cards
    PLACED = 9     # a torch took effect in target's cell


class LogEntry(NamedTuple):
    """One public event; −1 where a part does not apply."""

    event: int
    seat: int
    card: int
    target: int
    cell: int
    rotation: int


NO_FINAL_ROUND = -1

_LISTS = ("deck", "discard", "blocks", "offers", "history", "log")
_NESTED = ("hands", "hydras")
_SCALARS = ("players", "seed", "random_events", "star_seat", "turn_seat", "turns_taken",
            "final_turns_left", "phase", "game_over")


class State:
    """Complete state of one game.

    Fields:
        players: number of seats (2–4).
        seed, random_events: the game's randomness (random event ``k`` uses
            ``numpy.random.default_rng([seed, k])``).
        star_seat: the seat dealt the star body, who played first (H4).
        deck: the draw pile, top card last (hidden, H14).
        hands: each seat's hand, sorted by kind (hidden from other seats).
        discard: the face-up discard pile, in order (public).
        hydras: each seat's grid of cell codes.
        turn_seat: whose turn it is; turns_taken: turns begun so far.
        final_turns_left: turns left once the deck ran out (H13), else −1.
        phase: a :class:`Phase`; pending: the :class:`PendingDecision` or None.
        attack: the sword or torch under a block chain, or None.
        blocks: the chain's poison breaths so far, as (seat, card).
        offers: seats still to be offered a block in the current round.
        burn_cell: (target seat, cell) a slash and burn may fill, or None.
        game_over: whether the game has ended.
        history: every decision applied; log: public :class:`LogEntry` items.
    """

    __slots__ = _LISTS + _NESTED + _SCALARS + ("pending", "attack", "burn_cell", "legal_cache",
                                               "analysis_cache")

    def __init__(self) -> None:
        for name in _LISTS + _NESTED:
            setattr(self, name, [])
        for name in _SCALARS:
            setattr(self, name, 0)
        self.final_turns_left = NO_FINAL_ROUND
        self.game_over = False
        self.pending: PendingDecision | None = None
        self.attack: Attack | None = None
        self.burn_cell: tuple[int, int] | None = None
        self.legal_cache: tuple[int, ...] | None = None
        self.analysis_cache: list = []

    def clone(self) -> State:
        """An independent copy (caches are shared: they are never mutated in place)."""
        new = State.__new__(State)
        for name in _LISTS:
            setattr(new, name, list(getattr(self, name)))
        for name in _NESTED:
            setattr(new, name, [list(x) for x in getattr(self, name)])
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        new.pending = self.pending
        new.attack = self.attack
        new.burn_cell = self.burn_cell
        new.legal_cache = self.legal_cache
        new.analysis_cache = list(self.analysis_cache)
        return new

    def invalidate(self, seat: int | None = None) -> None:
        """Forget the cached legal actions (and the analysis of ``seat``'s hydra)."""
        self.legal_cache = None
        if seat is not None:
            self.analysis_cache[seat] = None

    def to_dict(self) -> dict[str, Any]:
        """All fields as JSON-compatible values (caches left out)."""
        out: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        out["phase"] = int(self.phase)
        for name in _LISTS:
            out[name] = [list(x) if isinstance(x, tuple) else x for x in getattr(self, name)]
        for name in _NESTED:
            out[name] = [list(x) for x in getattr(self, name)]
        out["pending"] = list(self.pending) if self.pending is not None else None
        out["attack"] = [int(v) for v in self.attack] if self.attack is not None else None
        out["burn_cell"] = list(self.burn_cell) if self.burn_cell is not None else None
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """Inverse of :meth:`to_dict` (types only; :mod:`hydra_env.games.hydras.rules.save` validates)."""
        state = cls()
        for name in _SCALARS:
            setattr(state, name, data[name])
        state.phase = Phase(data["phase"])
        state.deck = list(data["deck"])
        state.discard = list(data["discard"])
        state.offers = list(data["offers"])
        state.history = list(data["history"])
        state.blocks = [tuple(b) for b in data["blocks"]]
        state.log = [LogEntry(*entry) for entry in data["log"]]
        state.hands = [list(h) for h in data["hands"]]
        state.hydras = [list(h) for h in data["hydras"]]
        pending = data["pending"]
        state.pending = PendingDecision(*pending) if pending is not None else None
        attack = data["attack"]
        state.attack = Attack(attack[0], attack[1], attack[2], attack[3], attack[4],
                              bool(attack[5])) if attack is not None else None
        burn = data["burn_cell"]
        state.burn_cell = (burn[0], burn[1]) if burn is not None else None
        state.analysis_cache = [None] * len(state.hydras)
        return state
