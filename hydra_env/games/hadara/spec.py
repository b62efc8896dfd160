"""The :class:`~hydra_env.api.GameSpec` of Hadara (rules with reconstructed components)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hydra_env.api import GameSpec, Param
from hydra_env.games.hadara.game import HadaraGame
from hydra_env.games.hadara.native import game as _native_game  # noqa: F401  (registers the native engine)
from hydra_env.games.hadara.native.engines import load_on, new_game_on
from hydra_env.games.hadara.native.observer import observer


def new_game(*, seed: Any = None, engine: str | None = None, num_players: int = 4, board_order: str = "data",
             piles: str = "full", components: str = "") -> HadaraGame:
    """A new deal of Hadara at ``num_players`` seats (engine None: ``HYDRA_ENV_ENGINE``, else native where built)."""
    return new_game_on(engine, num_players, seed, board_order=board_order, piles=piles, components=components or None)


def from_json(text: str, *, engine: str | None = None) -> HadaraGame:
    """A saved Hadara game back from its JSON text (checked by the Python engine's replay)."""
    return load_on(engine, text)


def players(params: Mapping[str, Any]) -> int:
    """The seats: ``num_players``."""
    return int(params["num_players"])


SPEC = GameSpec(
    name="hadara",
    title="Hadara (rules with reconstructed components)",
    description="the 2-5 player card game of three epochs: draft, buy or sell cards, colonies, statues, "
                "medals; its component values are a reconstruction, not the published ones",
    params=(Param("num_players", int, 4, "the number of players, 2-5", low=2, high=5),
            Param("board_order", str, "data", "the board sections' order: the data's, or shuffled at setup",
                  choices=("data", "random")),
            Param("piles", str, "full", "what views show of the discard piles: every card in order, or the tops only",
                  choices=("full", "top")),
            Param("components", str, "", "a component JSON file (default: the shipped reconstruction)")),
    new_game=new_game,
    from_json=from_json,
    players=players,
    bots={"greedy": "hydra_env.games.hadara.bots:GreedyBot",
          "specialist": "hydra_env.games.hadara.bots:SpecialistBot",
          "rollout": "hydra_env.games.hadara.search:RolloutBot"},
    env_ids=("hydra_env/Hadara-v0",),
    engines=("python", "native"),
    rules_doc="docs/games/hadara/rules.md",
    tools="agents.game_tools.hadara",
    rule_prefix="HD",
    observer=observer,
    native_batch="hydra_env.games.hadara.batch:native_batch",
    differential_settings=tuple({"num_players": n, "board_order": order, "piles": piles}
                                for n in (2, 3, 4, 5) for order, piles in (("data", "full"), ("random", "top"))),
)
