"""The result of a game: outcome, score and its breakdown, ranking."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules.state import State
from hydra_env.games.hydra.rules.tables import Rules


@dataclass(frozen=True)
class GameResult:
    """Outcome and figures of a game (also available before its end).

    Attributes:
        mode: ``"solo"`` or ``"coop"``.
        outcome: ``"won"`` (the city stands), ``"lost"`` (it fell; solo: also
            all four heads in front of the wall) or ``"ongoing"``.
        city_saved: ``outcome == "won"``.
        score: R39 solo score of a won game, else None (a loss has no score).
        necks: neck tiles on the board (sum of head positions).
        heads: sum of the head counters.
        walls: wall tokens left.
        hero_on_wall: solo: the hero stands on the wall area (−5); coop: how
            many heroes stand there.
        rounds: rounds played (the current round counts).
        ranking: seats from first to last on the compass.
        glory: compass progress by seat (R22).
        epic_hero: first on the compass after a victory (coop), else None.
        tragic_hero: last on the compass after a defeat (coop), else None.
    """

    mode: str
    outcome: str
    city_saved: bool
    score: int | None
    necks: int
    heads: int
    walls: int
    hero_on_wall: int
    rounds: int
    ranking: tuple[int, ...]
    glory: tuple[int, ...]
    epic_hero: int | None
    tragic_hero: int | None

    def to_dict(self) -> dict[str, Any]:
        """The result as a plain dict."""
        return asdict(self)


def solo_score(state: State, rules: Rules) -> int:
    """R39: 100 − necks − heads − 5 per hero on the wall + wall tokens (counted for a won game)."""
    on_wall = sum((rules.board.wall_mask >> s) & 1 for s in state.hero_space)
    return 100 - sum(state.head_position) - sum(state.head_count) - 5 * on_wall + state.walls


def game_result(state: State, rules: Rules) -> GameResult:
    """Compute the result of ``st`` (any time; final figures once it is over)."""
    outcome = state.outcome if state.game_over else "ongoing"
    on_wall = sum((rules.board.wall_mask >> s) & 1 for s in state.hero_space)
    ranking = tuple(compass.ranking(state.glory))
    score = None
    if rules.solo and outcome == "won":
        score = solo_score(state, rules)
    coop = not rules.solo
    return GameResult(
        mode="solo" if rules.solo else "coop", outcome=outcome, city_saved=outcome == "won",
        score=score, necks=sum(state.head_position), heads=sum(state.head_count), walls=state.walls,
        hero_on_wall=on_wall, rounds=state.round + 1, ranking=ranking, glory=tuple(state.glory),
        epic_hero=ranking[0] if coop and outcome == "won" else None,
        tragic_hero=ranking[-1] if coop and outcome == "lost" else None)
