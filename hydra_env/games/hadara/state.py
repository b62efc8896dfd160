"""Hadara's game state: plain lists and integers, cheap to clone and to save.

Card, colony and setup-card references are indices into the component data
(:mod:`hydra_env.games.hadara.components`). Decks and stacks keep their top at
the end of the list; discard piles too (the last card is the top). Seats are
0…n−1 clockwise. numpy and the standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from hydra_env.api.rng import CounterRng

# decision kinds (HD30), in the observation's order
WHEEL, DRAFT, COLONY, COLONY_MODE, STATUE, TILE, PICK, REMOVE, MEDAL = range(9)
DECISION_NAMES = ("WHEEL", "DRAFT", "COLONY", "COLONY_MODE", "STATUE", "TILE", "PICK", "REMOVE", "MEDAL")

# steps of an epoch (HD10)
(S_WHEEL, S_DRAFT, S_INCOME_A, S_COLONY_A, S_STATUE_A, S_PICK, S_INCOME_B, S_COLONY_B, S_STATUE_B,
 S_FEED, S_MEDAL, S_OVER) = range(12)
STEP_NAMES = ("wheel", "draft", "income (A)", "colony step (A)", "statue step (A)", "phase B picks",
              "income (B)", "colony step (B)", "statue step (B)", "feeding", "medal step", "game over")


@dataclass(slots=True)
class Pending:
    """The pending decision: its kind and the seat that decides."""

    kind: int
    seat: int


@dataclass(slots=True)
class State:
    """The whole state, hidden information included (see the module docstring)."""

    players: int
    seed: int
    rng: CounterRng
    board_order: list[int]                 # colour at each board position
    setup: list[int]                       # setup card per seat
    rank: list[int]                        # initiative rank per seat (1 = lowest)
    first: list[int]                       # first player of epochs I, II, III
    epoch: int = 0                         # 0, 1, 2
    step: int = S_WHEEL
    index: int = 0                         # position in turn order within a per-seat step
    wheel: int = -1
    round: int = 0                         # draft round 0-4
    picks: int = 0                         # phase-B picks done this epoch
    decks: list[list[int]] = None          # per colour, top last
    piles: list[list[int]] = None          # per colour, top last
    pairs: list[list[int]] = None          # per seat: its drawn pair, sorted by card index
    choices: list[int] = None              # per seat: its DRAFT action this round, -1 none
    coins: list[int] = None
    tracks: list[list[int]] = None         # per seat: income, military, culture, food
    tableau: list[list[int]] = None        # per seat: cards, canonical order (colour, epoch, index)
    sold_a: list[list[int]] = None         # per seat: cards sold in phase A (private to the seat)
    sold_b: list[list[int]] = None         # per seat: cards sold in phase B (public)
    removed: list[list[int]] = None        # per seat: cards removed by feeding (public)
    stacks: list[list[int]] = None         # per level 1-5 (index 0-4): colonies, top last
    colonies: list[list[int]] = None       # per seat: colony indices taken, in order
    integrated: list[list[bool]] = None    # per seat: parallel to colonies
    statues: list[list[int]] = None        # per seat, per statue: -1 uncarved, else 2*track + face (1 down)
    tiles: list[list[int]] = None          # per seat: unused tiles per track colour
    silver: list[list[int]] = None         # per seat: track colour of each silver medal's tile
    gold: list[int] = None                 # per seat: gold medals bought
    sales_a: list[int] = None              # per seat: phase-A sales this epoch (public count)
    pending_colony: int = -1               # COLONY_MODE: the colony taken
    pending_statue: int = -1               # TILE: the statue carved
    pending: Pending | None = None
    game_over: bool = False
    history: list[int] = None

    def order(self) -> list[int]:
        """Turn order of the current epoch: clockwise from its first player (HD8)."""
        first = self.first[self.epoch]
        return [(first + k) % self.players for k in range(self.players)]

    def clone(self) -> State:
        """An independent copy (lists copied, the random stream copied)."""
        copy = State.__new__(State)
        for name in _SCALARS:
            setattr(copy, name, getattr(self, name))
        for name in _LISTS:
            setattr(copy, name, list(getattr(self, name)))
        for name in _NESTED:
            setattr(copy, name, [list(x) for x in getattr(self, name)])
        copy.rng = self.rng.copy()
        copy.pending = None if self.pending is None else Pending(self.pending.kind, self.pending.seat)
        return copy


_SCALARS = ("players", "seed", "epoch", "step", "index", "wheel", "round", "picks", "pending_colony",
            "pending_statue", "game_over")
_LISTS = ("board_order", "setup", "rank", "first", "choices", "coins", "gold", "sales_a", "history")
_NESTED = ("decks", "piles", "pairs", "tracks", "tableau", "sold_a", "sold_b", "removed", "stacks", "colonies",
           "integrated", "statues", "tiles", "silver")
FIELDS = _SCALARS + _LISTS + _NESTED
