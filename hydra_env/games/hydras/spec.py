"""The :class:`~hydra_env.api.GameSpec` of Hydras, the card game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hydra_env.api import GameSpec, Param
from hydra_env.games.hydras.native import game as _native_game  # noqa: F401  (registers the native engine)
from hydra_env.games.hydras.observer import observer
from hydra_env.games.hydras.rules.game import HydrasGame


def new_game(*, seed: Any = None, engine: str | None = None, num_players: int = 3) -> HydrasGame:
    """A new deal of Hydras at ``num_players`` seats."""
    return HydrasGame.new(num_players, seed, engine=engine)


def from_json(text: str, *, engine: str | None = None) -> HydrasGame:
    """A saved Hydras game back from its JSON text."""
    return HydrasGame.from_json(text, engine=engine)


def players(params: Mapping[str, Any]) -> int:
    """The seats: ``num_players``."""
    return int(params["num_players"])


SPEC = GameSpec(
    name="hydras",
    title="Hydras",
    description="the 2-4 player card game: grow the finest hydra of cards",
    params=(Param("num_players", int, 3, "the number of players, 2-4", low=2, high=4),),
    new_game=new_game,
    from_json=from_json,
    players=players,
    bots_group="hydra_env.hydras_bots",
    env_ids=("hydra_env/Hydras-v0",),
    env_entry_points={"hydra_env/Hydras-v0": "hydra_env.games.hydras.envs.env:HydrasEnv"},
    engines=("python", "native"),
    rules_doc="docs/games/hydras/rules.md",
    rule_prefix="H",
    observer=observer,
    tools="agents.game_tools.hydras",
    native_batch="hydra_env.games.hydras.batch:native_batch",
    differential_settings=({"num_players": 2}, {"num_players": 3}, {"num_players": 4}),
)
