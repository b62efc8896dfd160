"""The result of a game of Hail Hydra (HH30, HH36): the team outcome and per-seat figures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hydra_env.games.hail_hydra.state import HYDRA, State


@dataclass(frozen=True)
class HailHydraResult:
    """``outcome``: ``"shield"``, ``"hydra"`` or ``"ongoing"``; ``cause``: what ended it."""

    outcome: str
    cause: str
    loyalty: tuple[int, ...]
    city: int
    villains_defeated: int
    offensives: int
    knockouts_shield: int
    knockouts_hydra: int
    decisions: int

    @property
    def winners(self) -> list[int]:
        """The seats of the winning team (empty while the game runs)."""
        if self.outcome == "ongoing":
            return []
        team = HYDRA if self.outcome == "hydra" else 0
        return [s for s, loyal in enumerate(self.loyalty) if loyal == team]

    def team_rewards(self) -> list[float]:
        """HH36: +1 to every seat of the winning team, -1 to the others (0 while running)."""
        if self.outcome == "ongoing":
            return [0.0] * len(self.loyalty)
        winners = set(self.winners)
        return [1.0 if s in winners else -1.0 for s in range(len(self.loyalty))]

    def to_dict(self) -> dict[str, Any]:
        """Flat JSON data: the generic keys (``scores``, ``ranks``, ``winners``, ``ranking``) and the figures."""
        players = len(self.loyalty)
        winners = self.winners
        done = self.outcome != "ongoing"
        scores = [1 if s in winners else 0 for s in range(players)]
        ranks = [1 if (s in winners or not done) else 2 for s in range(players)]
        ranking = winners + [s for s in range(players) if s not in winners]
        return {"outcome": self.outcome, "winner": self.outcome if done else "", "cause": self.cause,
                "scores": scores, "ranks": ranks, "winners": winners, "ranking": ranking,
                "rewards": self.team_rewards(), "loyalty": ["hydra" if x == HYDRA else "shield" for x in self.loyalty],
                "city": self.city, "villains_defeated": self.villains_defeated, "offensives": self.offensives,
                "knockouts_shield": self.knockouts_shield, "knockouts_hydra": self.knockouts_hydra,
                "decisions": self.decisions}


def result_of(state: State) -> HailHydraResult:
    """The result of ``state`` (final once the game is over)."""
    outcome = state.winner if state.game_over else "ongoing"
    loyalty = tuple(state.loyalty) if state.loyalty else (0,) * state.players
    return HailHydraResult(outcome, state.cause, loyalty, state.city, len(state.defeated), len(state.offensives),
                           state.knockouts[0], state.knockouts[1], len(state.history))
