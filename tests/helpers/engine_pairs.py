"""The same random games on both engines, position by position (for native-vs-python tests)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from hydra_env import Game
from hydra_env.games.hydra.rules.engines import on_engine


def paired_positions(scenarios: Sequence[int], games: int, seed: int, *,
                     include_end: bool = False) -> Iterator[tuple[Game, Game]]:
    """``(python_game, native_game)`` at every decision of ``games`` random games over
    ``scenarios`` (stars cycling 1–3); with ``include_end`` also each game's final position."""
    rng = random.Random(seed)
    for i in range(games):
        python = Game.new(scenarios[i % len(scenarios)], 1 + i % 3, rng.randrange(1 << 62), engine="python")
        game = on_engine(python.clone(), "native")
        while not python.is_over:
            yield python, game
            legal = python.legal_actions()
            action = legal[rng.randrange(len(legal))]
            python.apply(action)
            game.apply(action)
        if include_end:
            yield python, game
