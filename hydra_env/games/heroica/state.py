"""The state of a game of Heroica: plain data, copied cheaply (the tables are shared).

Heroes are numbered in the order they joined (seat order; the 2-seat Battle hero
player's two heroes one after the other). Monsters and Life Potions are keyed by
their space. numpy and the standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hydra_env.api.rng import CounterRng

MODES = ("solo", "race", "battle")
DECISIONS = ("DRAFT", "PICK_HERO", "MOVE", "FIGHT", "SHIELD", "STEP", "HEAL_END", "TURN_END",
             "MONSTER_PICK", "MONSTER_MOVE", "MONSTER_FIGHT")
"""The decision kinds, in the spec's order (the observation's one-hot)."""


@dataclass(frozen=True)
class HeroicaOptions:
    """Options of a game: the Crystal (HR27), the solo turn limit L (HR36), the rounds of a race or battle."""

    crystal: bool = True
    solo_turn_limit: int = 40
    max_rounds: int = 60


@dataclass
class Pending:
    """The decision the engine waits for: whose, and which kind (:data:`DECISIONS`)."""

    seat: int
    kind: str


@dataclass
class State:
    """Everything that changes during a game (see the module docstring)."""

    mode: str
    players: int
    seed: int
    options: HeroicaOptions
    rng: CounterRng
    forced: tuple[int, ...] = ()
    rolls: int = 0                      # rolls made so far (roll k uses forced[k-1] if given)
    chosen: dict[int, int] = field(default_factory=dict)        # roll number -> face set by apply_roll
    hero_class: list[int] = field(default_factory=list)
    hero_owner: list[int] = field(default_factory=list)
    hero_space: list[int] = field(default_factory=list)
    hero_health: list[int] = field(default_factory=list)
    hero_healing: list[bool] = field(default_factory=list)
    hero_potions: list[int] = field(default_factory=list)
    hero_trophies: list[int] = field(default_factory=list)
    hero_kos: list[int] = field(default_factory=list)
    monsters: dict[int, int] = field(default_factory=dict)      # space -> monster kind
    potions: list[int] = field(default_factory=list)            # spaces holding a Life Potion
    crystal: bool = True                                        # the General carries the Crystal
    ko_total: int = 0
    draft: list[int] = field(default_factory=list)              # seats still to choose, in order
    turn: int = 0                                               # hero turns begun (solo: T)
    round: int = 0                                              # rounds begun (race, battle)
    turn_seat: int = 0
    hero: int = -1                                              # the hero taking the turn
    move_face: int = -1                                         # the movement roll (face kind)
    fight_face: int = -1                                        # the last fight roll (face kind)
    allowance: int = 0
    came_from: int = -1
    target: int = -1                                            # the monster fought / the hero fought
    monster: int = -1                                           # Battle: the space of the moving monster
    pending: Pending | None = None
    game_over: bool = False
    winner: int = -1
    truncated: bool = False
    win_turn: int = 0
    history: list[int] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    @property
    def monster_seat(self) -> int:
        """Battle: the Monster Player's seat (the last); −1 otherwise."""
        return self.players - 1 if self.mode == "battle" else -1

    def hero_at(self, space: int, but: int = -1) -> int:
        """The hero standing on ``space`` (other than hero ``but``), or −1."""
        for h, s in enumerate(self.hero_space):
            if s == space and h != but:
                return h
        return -1

    def heroes_of(self, seat: int) -> list[int]:
        """The heroes seat ``seat`` controls."""
        return [h for h, owner in enumerate(self.hero_owner) if owner == seat]

    def clone(self) -> State:
        """An independent copy (options and forced rolls are immutable and shared)."""
        copy = State.__new__(State)
        values: dict[str, Any] = dict(self.__dict__)
        for name, value in values.items():
            if isinstance(value, (list, dict)):
                values[name] = value.copy()
        values["rng"] = self.rng.copy()
        values["pending"] = None if self.pending is None else Pending(self.pending.seat, self.pending.kind)
        copy.__dict__.update(values)
        return copy
