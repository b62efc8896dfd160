"""Hadara's replay hooks (read by ``hydra-env replay``): the result on the OK line.

A Hadara replay is the generic one (:mod:`agents.replay`: game, params — the number of
players, the board order, the piles option and the component file —, seed, seats, bot
seeds, decisions, result, state digests); its page is :mod:`agents.game_tools.hadara.viewer`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def result_text(result: Mapping[str, Any]) -> str:
    """``won by seat 1, scores 101 96 88`` (ties by coins, HD28)."""
    winners = list(result.get("winners") or [])
    who = "seat" if len(winners) == 1 else "seats"
    return f"won by {who} {', '.join(map(str, winners))}, scores {' '.join(map(str, result.get('scores', [])))}"
