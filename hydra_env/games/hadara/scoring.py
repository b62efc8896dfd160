"""Hadara's score (HD27), winner and ranks (HD28), and the game's result.

numpy and the standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hydra_env.games.hadara.components import Components
from hydra_env.games.hadara.state import State

CATEGORIES = ("cards", "colonies", "statues", "silver", "gold", "coins")


def sets(state: State, comps: Components, seat: int) -> int:
    """HD27: complete sets, the smallest number of cards of one colour among the five."""
    counts = [0] * 5
    for card in state.tableau[seat]:
        counts[comps.cards[card].colour] += 1
    return min(counts)


def breakdown(state: State, comps: Components, seat: int) -> dict[str, int]:
    """The seat's score now by category (HD27); the final score once the game is over."""
    statues = 0
    for index, placed in enumerate(state.statues[seat]):
        if placed >= 0:
            statues += comps.statues[index].points + (comps.statues[index].bonus if placed % 2 else 0)
    tracks = state.tracks[seat]
    return {
        "cards": sum(comps.cards[c].points for c in state.tableau[seat]),
        "colonies": sum(comps.colonies[c].points for c in state.colonies[seat]),
        "statues": statues,
        "silver": sum((tracks[t] + 1) // 2 for t in state.silver[seat]),
        "gold": comps.gold_points_per_set * sets(state, comps, seat) * state.gold[seat],
        "coins": state.coins[seat] // comps.coins_per_point,
    }


def ranks_of(scores: list[int], coins: list[int]) -> list[int]:
    """HD28: 1 + the number of seats strictly ahead by (score, coins)."""
    keys = list(zip(scores, coins))
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


@dataclass(frozen=True)
class HadaraResult:
    """Scores, their breakdown by category, coins, ranks and winners (final once the game is over)."""

    outcome: str
    scores: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...]
    coins: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data: outcome, scores, ranks, winners, ranking, coins and one key per seat and category."""
        data: dict[str, Any] = {"outcome": self.outcome, "scores": list(self.scores), "ranks": list(self.ranks),
                                "winners": list(self.winners), "coins": list(self.coins),
                                "ranking": sorted(range(len(self.scores)), key=lambda s: (self.ranks[s], s))}
        for seat, parts in enumerate(self.breakdown):
            for name in CATEGORIES:
                data[f"seat{seat}_{name}"] = parts[name]
        return data


def game_result(state: State, comps: Components) -> HadaraResult:
    """The result (``outcome`` "over" or "ongoing"; scores so far while it runs)."""
    parts = tuple(breakdown(state, comps, s) for s in range(state.players))
    scores = [sum(p.values()) for p in parts]
    ranks = ranks_of(scores, state.coins)
    winners = tuple(s for s in range(state.players) if ranks[s] == 1) if state.game_over else ()
    return HadaraResult("over" if state.game_over else "ongoing", tuple(scores), parts, tuple(state.coins),
                        tuple(ranks), winners)
