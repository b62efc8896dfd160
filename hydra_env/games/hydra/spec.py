"""The :class:`~hydra_env.api.GameSpec` of Hydra, the board game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from hydra_env.api import GameSpec, Param
from hydra_env.games.hydra.data import default_components
from hydra_env.games.hydra.native import game as _native_game  # noqa: F401  (registers the native engine)
from hydra_env.games.hydra.observer import observer
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.options import RuleOptions

_OPTION_NAMES = tuple(f.name for f in fields(RuleOptions))


def new_game(*, seed: Any = None, engine: str | None = None, scenario: int = 10, stars: int = 1,
             **options: bool) -> Game:
    """A new Hydra game: scenario, difficulty and the rule options (:class:`RuleOptions`)."""
    return Game.new(scenario, stars, seed, options=options, engine=engine)


def from_json(text: str, *, engine: str | None = None) -> Game:
    """A saved Hydra game back from its JSON text."""
    return Game.from_json(text, engine=engine)


def players(params: Mapping[str, Any]) -> int:
    """The heroes of the scenario (1: the solo game)."""
    return default_components().scenario(params["scenario"]).players


SPEC = GameSpec(
    name="hydra",
    title="Hydra",
    description="the 1-4 player board game: heroes defend a harbour city against a four-necked Hydra",
    params=(
        Param("scenario", int, 10, "scenario number (1-9 coordinated, 10-12 solo)", low=1),
        Param("stars", int, 1, "difficulty, 1-3 stars", low=1, high=3),
        *(Param(name, bool, False, f"rule option {name} (docs/games/hydra/rules.md, Rule options)")
          for name in _OPTION_NAMES),
    ),
    new_game=new_game,
    from_json=from_json,
    players=players,
    bots_group="hydra_env.bots",
    env_ids=("hydra_env/Solo-v0", "hydra_env/Coop-v0"),
    env_entry_points={
        "hydra_env/Solo-v0": ("hydra_env.games.hydra.envs.solo_env:SoloEnv",
                              "hydra_env.games.hydra.envs.vector.solo:SoloVectorEnv"),
        "hydra_env/Coop-v0": ("hydra_env.games.hydra.envs.coop_env:CoopEnv",
                              "hydra_env.games.hydra.envs.vector.coop:CoopVectorEnv"),
    },
    engines=("python", "native"),
    rules_doc="docs/games/hydra/rules.md",
    rule_prefix="R",
    observer=observer,
    tools="agents.game_tools.hydra",
    native_batch="hydra_env.games.hydra.batch:native_batch",
    differential_settings=tuple({"scenario": n, "stars": 1 + n % 3} for n in (10, 11, 12, 1, 4, 7)),
)
