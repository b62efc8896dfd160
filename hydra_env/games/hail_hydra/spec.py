"""The GameSpec of Hail Hydra: parameters, loaders, bots, env ids (HH32, HH37)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hydra_env.api import GameSpec, Param
from hydra_env.games.hail_hydra.state import DECISION_NAMES


def _new_game(**kwargs: Any) -> Any:
    from hydra_env.games.hail_hydra.game import new_game
    return new_game(**kwargs)


def _from_json(text: str, engine: str | None = None) -> Any:
    from hydra_env.games.hail_hydra.game import from_json
    return from_json(text, engine=engine)


def _observer(game: Any) -> Any:
    from hydra_env.games.hail_hydra.observer import observer
    return observer(game)


def _decision_kind(view: Any) -> str:
    """The name of the decision a seat's view faces (``view.info["decision"]``: seat, kind, ...)."""
    return DECISION_NAMES[view.info["decision"][1]]


def _players(params: Mapping[str, Any]) -> int:
    return int(params["num_players"])


PARAMS = (
    Param("num_players", int, 6, "players (HH1: 5-8)", low=5, high=8),
    Param("first_player", int, -1, "the first player's seat, -1 for a random one (HH7)", low=-1, high=7),
    Param("heroes", str, "random", "'random', 'draft' or one hero id per seat, e.g. HR01,HR02,... (HH5)"),
    Param("claims", str, "mandatory", "a public claim after every face-down play, or 'off' (HH14)",
          choices=("mandatory", "off")),
    Param("nominations", bool, True, "public nominations before each vote (HH22)"),
    Param("balance", str, "calibrated", "the player-table modifiers, or 'printed' for none (HH37)",
          choices=("calibrated", "printed")),
    Param("history", int, 40, "offensive rows of the observation (HH33)", low=36, high=64),
    Param("components", str, "", "a component data file; empty for the shipped one (HH37)"),
)

DIFFERENTIAL_SETTINGS: tuple[dict[str, Any], ...] = (
    {"num_players": 5}, {"num_players": 6}, {"num_players": 7}, {"num_players": 8},
    {"num_players": 6, "heroes": "draft"}, {"num_players": 5, "heroes": "HR01,HR03,HR05,HR10,HR11"},
    {"num_players": 7, "claims": "off", "nominations": False, "balance": "printed", "history": 36},
    {"num_players": 8, "first_player": 3, "history": 64},
)
"""What a differential run cycles through: every player count, the draft, fixed heroes, every option."""

SPEC = GameSpec(
    name="hail_hydra",
    title="Hail Hydra (hidden roles, 5-8 players)",
    description="heroes fight villains with face-down attack cards while hidden HYDRA agents sabotage them",
    params=PARAMS,
    new_game=_new_game,
    from_json=_from_json,
    players=_players,
    bots={"loyal": "hydra_env.games.hail_hydra.bots:LoyalBot",
          "saboteur": "hydra_env.games.hail_hydra.bots:SaboteurBot",
          "deduce": "hydra_env.games.hail_hydra.bots:DeduceBot"},
    env_ids=("hydra_env/HailHydra-v0",),
    env_entry_points={"hydra_env/HailHydra-v0": ("hydra_env.games.hail_hydra.env:HailHydraEnv",
                                                 "hydra_env.games.hail_hydra.env:hail_hydra_vector")},
    engines=("python", "native"),
    rules_doc="docs/games/hail_hydra/rules.md",
    rule_prefix="HH",
    observer=_observer,
    native_batch="hydra_env.games.hail_hydra.batch:native_batch",
    tools="agents.game_tools.hail_hydra",
    differential_settings=DIFFERENTIAL_SETTINGS,
    decision_names=DECISION_NAMES,
    decision_kind=_decision_kind,
)
