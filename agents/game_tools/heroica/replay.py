"""Heroica's replay hooks (read by ``hydra-env replay``): the result on the OK line.

A Heroica replay is the generic one (:mod:`agents.replay`: game, params, seed, seats, bot
seeds, decisions, result, state digests); its page is :mod:`agents.game_tools.heroica.viewer`.
"""

from __future__ import annotations

from typing import Any


def result_text(result: dict[str, Any]) -> str:
    """Solo: ``won on turn 11`` or ``not won within 40 turns`` (censored T); else the winner."""
    if result.get("mode") == "solo":
        if result["outcome"] == "won":
            return f"won on turn {result['turns']} (censored T {result['censored_turns']})"
        return f"not won within {result['limit']} turns (censored T {result['censored_turns']})"
    if result.get("winner", -1) < 0:
        return f"no winner within {result.get('limit')} rounds"
    who = "the Monster Player" if result["outcome"] == "monsters_won" else "a hero"
    return f"won by seat {result['winner']} ({who}) in round {result['turns']}"
