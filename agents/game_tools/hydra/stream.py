"""Hydra's stream hooks (:mod:`agents.stream.play`): what ``hydra-env evaluate-stream`` counts.

* ``game_result``: the team's outcome (the agent's spec sits at every seat: seat 0 stands for
  them all) and the R39 solo score of a won game (a loss and a coop game have none);
* ``batch_result``: the same figures of a finished native batch row, read from the native state
  (a tenth of the cost of a full :class:`~hydra_env.games.hydra.rules.result.GameResult`);
* ``score_bands``: the rulebook's R40 bands in solo (:data:`agents.stats.BANDS`), none in coop.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from agents import stats
from agents.evaluate_defaults import EvalRun
from agents.game_tools.hydra.evaluate import is_coop


def game_result(run: EvalRun, index: int, result: dict[str, Any]) -> tuple[int, str, int | None]:
    """(0, outcome, score): ``score`` None for a loss (R39) and in coop."""
    score = result.get("score")
    return 0, str(result["outcome"]), None if score is None else int(score)


def batch_result(run: EvalRun, batch: Any, row: int) -> dict[str, Any]:
    """``{"outcome", "score"}`` of the finished game of a native batch row, from its native state
    and :func:`hydra_env.games.hydra.rules.result.solo_score` (R39)."""
    from hydra_env.games.hydra.rules.result import solo_score
    game = batch.game(row)
    state = game._native.to_dict()
    outcome = state["outcome"] if state["game_over"] else "ongoing"
    score = None
    if state["solo"] and outcome == "won":
        score = solo_score(SimpleNamespace(**state), game.rules)
    return {"outcome": outcome, "score": score}


def score_bands(run: EvalRun) -> list[tuple[str, int | None, int | None]]:
    """The R40 bands of a solo scenario; none in coop (no score)."""
    return [] if is_coop(run) else list(stats.BANDS)
