"""Deprecated alias of agents.evaluate_defaults (the generic evaluate), kept for one release."""

from __future__ import annotations

import argparse
from typing import Any

from agents.backends import GameRecord
from agents.evaluate_defaults import COLUMNS, outcome_of, report, seat_specs, summarize
from agents.game_tools.hydras.evaluate import data_info as cards_info
from agents.game_tools.hydras.options import DEFAULT_PLAYERS

DEFAULT_OPPONENT = "heuristic"

__all__ = ["COLUMNS", "DEFAULT_OPPONENT", "DEFAULT_PLAYERS", "cards_info", "game_row", "outcome_of",
           "report", "run", "seat_specs", "summarize"]


def game_row(rec: GameRecord, players: int) -> dict[str, Any]:
    """The games.csv row of a record (the agent at seat ``index % players``; ``seats`` left empty)."""
    r, seat = rec.result, rec.index % players
    scores = list(r["scores"])
    return {"game": rec.index, "deal": rec.index // players, "seed": rec.seed, "seat": seat,
            "seats": "", "outcome": outcome_of(r, seat), "rank": r["ranks"][seat],
            "score": scores[seat], "margin": scores[seat] - max(s for k, s in enumerate(scores) if k != seat),
            "ranking": " ".join(map(str, r["ranking"])), "ranks": " ".join(map(str, r["ranks"])),
            "scores": " ".join(map(str, scores)), "turns": r["turns"]}


def run(args: argparse.Namespace) -> int:
    """``hydra-env evaluate --game hydras`` (:func:`agents.evaluate.run`)."""
    from agents.evaluate import run as run_evaluate
    args.game = "hydras"
    return run_evaluate(args)
