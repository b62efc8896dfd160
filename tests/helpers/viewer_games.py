"""Recorded games for the viewer's tests: replay documents of seeded bot games (cached)."""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

from agents import replay
from agents.backends import GameTask, bot_seed, game_seed, play_game
from hydra_env import Game

# A 2-hero game (scenario 7, random bots, game 1 of seed 0): 30 decisions, a shove, the wall
# damaged four times, lost in round 2. Small enough to click through in a browser.
SHOVE_GAME = (7, 1, "random")


@lru_cache(maxsize=16)
def _doc(scenario: int, index: int, bot: str) -> dict[str, Any]:
    players = Game.new(scenario, 1, 0).num_players
    task = GameTask(index, "hydra", {"scenario": scenario, "stars": 1}, game_seed(0, index), (bot,) * players,
                    tuple(bot_seed(0, index, s) for s in range(players)), record=True)
    rec = play_game(task)
    return replay.replay_of_task(task, rec.decisions or [], rec.result)


def replay_doc(scenario: int = 10, index: int = 0, bot: str = "random") -> dict[str, Any]:
    """The replay of game ``index`` of a seed-0 run of ``bot`` on ``scenario`` (a fresh copy)."""
    return copy.deepcopy(_doc(scenario, index, bot))


def game_at(doc: dict[str, Any], decisions: int) -> Game:
    """The replay's game after its first ``decisions`` decisions, played with ``Game.apply``."""
    game = Game.new(doc["scenario"], doc["stars"], doc["seed"], options=doc.get("options"))
    for action in doc["decisions"][:decisions]:
        game.apply(action)
    return game
