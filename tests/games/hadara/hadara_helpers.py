"""Small helpers of Hadara's tests (positions come from hydra_env.games.hadara.testing)."""

from __future__ import annotations

import random

from hydra_env.games.hadara import codec
from hydra_env.games.hadara.game import HadaraGame
from hydra_env.games.hadara.state import DRAFT, WHEEL


def start_draft(game: HadaraGame, wheel: int = 0) -> HadaraGame:
    """Set the wheel (the first player's decision) and stop at the first DRAFT."""
    assert game.state.pending.kind == WHEEL
    game.apply(codec.WHEEL0 + wheel)
    assert game.state.pending.kind == DRAFT
    return game


def all_draft(game: HadaraGame, action_of: dict[int, int] | None = None, default: int = codec.draft(0, True)) -> None:
    """Every seat makes its DRAFT choice of this round (``action_of`` by seat, else ``default``)."""
    for _ in range(game.num_players):
        assert game.state.pending.kind == DRAFT
        seat = game.current_player
        game.apply((action_of or {}).get(seat, default))


def play_random(game: HadaraGame, seed: int = 0, until=None) -> HadaraGame:
    """Random legal actions until the game ends (or ``until(game)`` holds)."""
    rng = random.Random(seed)
    while not game.is_over and not (until and until(game)):
        game.apply(rng.choice(game.legal_actions()))
    return game
