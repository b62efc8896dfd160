"""Scores, ranking and winners (H15, H16).

Score of a seat = heads on its hydra's cards + 3 for a complete hydra + 3
for the longest neck (every seat tied for the greatest neck length; none
while all hydras are only a body) − 2 per torch on its hydra − 1 per head on
the cards in its hand. Ranking: higher score first; ties go to fewer
sword-icon cards in the hydra, then to more poison-breath cards; seats still
tied share the rank (and, when first, the win).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from hydra_env.games.hydras.rules.hydra import analysis_of
from hydra_env.games.hydras.rules.state import State
from hydra_env.games.hydras.rules.tables import Tables

COMPLETE_BONUS = 3
LONGEST_BONUS = 3
TORCH_PENALTY = 2


@dataclass(frozen=True)
class SeatScore:
    """One seat's score and its parts (H15) and its tie-break counts (H16)."""

    total: int
    heads: int
    complete_bonus: int
    longest_bonus: int
    torch_penalty: int
    hand_penalty: int
    neck: int
    complete: bool
    swords: int
    poisons: int

    @property
    def board(self) -> int:
        """The public part of the score: everything but the hand penalty."""
        return self.total + self.hand_penalty


@dataclass(frozen=True)
class HydrasResult:
    """Outcome of a game (figures so far while it runs).

    Attributes:
        over: whether the game has ended.
        players: number of seats.
        scores: total score by seat.
        seats: a :class:`SeatScore` by seat.
        ranking: seats from first to last (tied seats in seat order).
        ranks: rank by seat, 1 = first; tied seats share a rank.
        winners: the seats ranked first (more than one when the win is shared).
        longest_shared: whether two or more seats took the longest-neck bonus.
        turns: turns begun so far.
    """

    over: bool
    players: int
    scores: tuple[int, ...]
    seats: tuple[SeatScore, ...]
    ranking: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    longest_shared: bool
    turns: int

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data (what ``dataclasses.asdict`` gives, built directly)."""
        out = dict(self.__dict__)
        out["seats"] = tuple(dict(seat.__dict__) for seat in self.seats)
        return out


class SeatFigures(NamedTuple):
    """The facts of one seat that its score is made of (its hydra's analysis and its hand)."""

    heads: int
    complete: bool
    neck: int
    torches: int
    swords: int
    poisons: int
    hand_heads: int


def seat_figures(state: State, tables: Tables) -> list[SeatFigures]:
    """Every seat's :class:`SeatFigures` in the current position."""
    heads_of = tables.kind_heads
    out = []
    for seat in range(state.players):
        a = analysis_of(state, tables, seat)
        out.append(SeatFigures(a.heads, a.complete, a.neck, a.torches, a.swords, a.poisons,
                               sum(heads_of[card] for card in state.hands[seat])))
    return out


def scores_from(figures: Sequence[SeatFigures]) -> tuple[SeatScore, ...]:
    """Every seat's :class:`SeatScore` from its figures (H15)."""
    best = max(f.neck for f in figures)
    out = []
    for f in figures:
        complete = COMPLETE_BONUS if f.complete else 0
        longest = LONGEST_BONUS if best > 0 and f.neck == best else 0
        torches = TORCH_PENALTY * f.torches
        out.append(SeatScore(f.heads + complete + longest - torches - f.hand_heads, f.heads, complete,
                             longest, torches, f.hand_heads, f.neck, bool(f.complete), f.swords, f.poisons))
    return tuple(out)


def seat_scores(state: State, tables: Tables) -> tuple[SeatScore, ...]:
    """Every seat's :class:`SeatScore` in the current position."""
    return scores_from(seat_figures(state, tables))


def rank_key(score: SeatScore) -> tuple[int, int, int]:
    """Sort key of H16: higher score, then fewer swords, then more poison breaths."""
    return (-score.total, score.swords, -score.poisons)


def result_from(seats: tuple[SeatScore, ...], over: bool, turns: int) -> HydrasResult:
    """The :class:`HydrasResult` of the seats' scores (H16's ranking)."""
    keys = [rank_key(s) for s in seats]
    ranks = tuple(1 + sum(other < key for other in keys) for key in keys)
    ranking = tuple(sorted(range(len(seats)), key=lambda seat: (keys[seat], seat)))
    winners = tuple(seat for seat in ranking if ranks[seat] == 1)
    return HydrasResult(over, len(seats), tuple(s.total for s in seats), seats,
                        ranking, ranks, winners,
                        sum(s.longest_bonus > 0 for s in seats) > 1, turns)


def game_result(state: State, tables: Tables) -> HydrasResult:
    """The :class:`HydrasResult` of ``state``."""
    return result_from(seat_scores(state, tables), state.game_over, state.turns_taken)
