"""Nim, a toy game that proves a game is only a folder: a class, its loader and a GameSpec.
Two players take 1 to ``max_take`` objects from one pile in turn; who takes the last wins. The
seed deals the piles (1-7 each); action ``pile * max_take + take - 1``. The tests register it."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hydra_env.api import TERMINAL, GameSpec, Param
from hydra_env.errors import IllegalActionError


@dataclass(frozen=True)
class NimView:
    """What a seat sees: everything (Nim hides nothing)."""

    seat: int
    piles: tuple[int, ...]
    to_play: int
    legal: tuple[int, ...]
    game: Any = field(default=None, compare=False, repr=False)

    def sample(self, rng: Any = None) -> NimGame:    # a full game the seat may see: Nim hides nothing
        return self.game.clone()

    def legal_actions(self) -> list[int]:
        return list(self.legal) if self.to_play == self.seat else []


@dataclass(frozen=True)
class NimResult:
    """Who won (``winner`` -1 while the game runs)."""

    outcome: str
    winner: int

    def to_dict(self) -> dict[str, Any]:
        done, win = self.winner >= 0, self.winner
        return {"outcome": self.outcome, "scores": [int(s == win) for s in range(2)],
                "ranks": [2 if done and s != win else 1 for s in range(2)],
                "winners": [win] if done else [], "ranking": [win, 1 - win] if done else [0, 1]}


class NimGame:
    """One game of Nim in progress."""

    num_players, engine = 2, "python"

    def __init__(self, piles: list[int], max_take: int, seed: int, history: list[int] | tuple = ()) -> None:
        self.start, self.piles, self.max_take, self.seed, self.history = tuple(piles), list(piles), max_take, seed, []
        for action in history:
            self.apply(action)

    action_size = property(lambda self: len(self.piles) * self.max_take)
    is_over = property(lambda self: not any(self.piles))
    current_player = property(lambda self: TERMINAL if self.is_over else len(self.history) % 2)

    def legal_actions(self) -> list[int]:
        return [p * self.max_take + t for p, n in enumerate(self.piles) for t in range(min(n, self.max_take))]

    def legal_mask(self) -> np.ndarray:
        return np.isin(np.arange(self.action_size), self.legal_actions())

    def is_legal(self, action: Any) -> bool:
        return isinstance(action, (int, np.integer)) and int(action) in self.legal_actions()

    def apply(self, action: int) -> None:
        if not self.is_legal(action):
            raise IllegalActionError(f"action {action!r} takes no 1-{self.max_take} of piles {self.piles}")
        pile, take = divmod(int(action), self.max_take)
        self.piles[pile] -= take + 1
        self.history.append(int(action))

    def view(self, seat: int | None = None) -> NimView:
        seat = self.current_player if seat is None else seat
        return NimView(seat, tuple(self.piles), self.current_player, tuple(self.legal_actions()), self.clone())

    def determinize(self, seat: int, rng: Any = None) -> NimGame:
        return self.clone()                 # nothing is hidden

    def describe(self, action: int, viewer: int | None = None) -> str:
        return f"take {action % self.max_take + 1} from pile {action // self.max_take}"

    def render(self, seat: int | None = None) -> str:
        return "piles " + " ".join(map(str, self.piles))

    def result(self) -> NimResult:
        return NimResult("won", (len(self.history) - 1) % 2) if self.is_over else NimResult("ongoing", -1)

    def clone(self) -> NimGame:
        return NimGame(list(self.start), self.max_take, self.seed, self.history)

    def to_json(self) -> str:
        return json.dumps({"piles": list(self.start), "max_take": self.max_take, "seed": self.seed,
                           "history": self.history})


def new_game(*, seed: Any = None, engine: str | None = None, piles: int = 3, max_take: int = 3) -> NimGame:
    seed = random.randrange(2**31) if seed is None else int(seed)
    return NimGame(random.Random(seed).choices(range(1, 8), k=piles), max_take, seed)


def from_json(text: str, *, engine: str | None = None) -> NimGame:
    data = json.loads(text)
    return NimGame(data["piles"], data["max_take"], data["seed"], data["history"])


SPEC = GameSpec(
    name="nim", title="Nim", description="the toy game of the tests: take the last object to win",
    params=(Param("piles", int, 3, "the number of piles", low=1, high=6),
            Param("max_take", int, 3, "the most objects one move takes", low=1, high=3)),
    new_game=new_game, from_json=from_json, players=lambda params: 2, env_ids=("hydra_env/Nim-v0",),
    bots_group="hydra_env.tests.nim_bots", tools=None, chance=False)
