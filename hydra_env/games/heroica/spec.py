"""The :class:`~hydra_env.api.GameSpec` of Heroica: Draida (:data:`SPEC`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hydra_env.api import GameSpec, Param
from hydra_env.errors import ConfigError
from hydra_env.games.heroica.game import HeroicaGame, default_heroes
from hydra_env.games.heroica.loader import CLASS_ORDER
from hydra_env.games.heroica.native import game as _native_game  # noqa: F401  (registers the native engine)
from hydra_env.games.heroica.observer import observer
from hydra_env.games.heroica.state import MODES, HeroicaOptions

AUTO = "auto"
PARAMS = (
    Param("num_players", int, 1, "the number of seats: 1 for solo, 2-4 for race and battle", low=1, high=4),
    Param("mode", str, AUTO, "solo (a time trial), race (the rulebook's game), battle (a Monster Player), "
          "or auto: solo for 1 seat, race for 2-4", choices=(AUTO, *MODES)),
    Param("hero", str, "barbarian", "the hero class of a solo game", choices=CLASS_ORDER),
    Param("crystal", bool, True, "the General carries the Crystal of Deflection (HR27)"),
    Param("solo_turn_limit", int, 40, "solo: the game is truncated after this many turns (HR36)", low=1, high=1000),
    Param("max_rounds", int, 60, "race and battle: the game is truncated after this many rounds", low=1, high=1000),
)


def game_mode(params: Mapping[str, Any]) -> str:
    """The mode of these parameters (``auto``: solo for 1 seat, race for 2-4)."""
    mode = params.get("mode", AUTO)
    if mode == AUTO:
        return "solo" if int(params["num_players"]) == 1 else "race"
    return str(mode)


def check_setting(params: Mapping[str, Any]) -> None:
    """ConfigError when the seats do not fit the mode (solo 1; race and battle 2-4)."""
    players, mode = int(params["num_players"]), game_mode(params)
    if mode == "solo" and players != 1:
        raise ConfigError(f"heroica parameter 'num_players': a solo game has 1 seat, got {players}; "
                          "pass num_players=1, or mode='race' or 'battle' for 2-4 seats")
    if mode != "solo" and players < 2:
        raise ConfigError(f"heroica parameter 'num_players': a {mode} game has 2-4 seats, got {players}; "
                          "pass num_players=2..4, or mode='solo'")


def new_game(*, seed: Any = None, engine: str | None = None, num_players: int = 1, mode: str = AUTO,
             hero: str = "barbarian", crystal: bool = True, solo_turn_limit: int = 40, max_rounds: int = 60,
             draft: bool = False) -> HeroicaGame:
    """A new game of Heroica with these parameters: the default classes (spec 4.1), or with
    ``draft`` (no parameter of the spec: pass it to this function) the seats choose (HR4)."""
    check_setting({"num_players": num_players, "mode": mode})
    mode = game_mode({"num_players": num_players, "mode": mode})
    heroes = None if draft else ((hero,) if mode == "solo" else default_heroes(mode, num_players))
    return HeroicaGame.new(num_players, mode=mode, heroes=heroes, seed=seed, engine=engine,
                           options=HeroicaOptions(crystal, solo_turn_limit, max_rounds))


def from_json(text: str, *, engine: str | None = None) -> HeroicaGame:
    """A saved Heroica game back from its JSON text."""
    return HeroicaGame.from_json(text, engine=engine)


def players(params: Mapping[str, Any]) -> int:
    """The seats: ``num_players`` (checked against the mode)."""
    check_setting(params)
    return int(params["num_players"])


DIFFERENTIAL_SETTINGS: tuple[dict[str, Any], ...] = (
    {}, {"hero": "wizard"}, {"hero": "ranger"}, {"hero": "druid"}, {"num_players": 2},
    {"num_players": 3, "crystal": False}, {"num_players": 4}, {"mode": "battle", "num_players": 2},
    {"mode": "battle", "num_players": 3}, {"mode": "battle", "num_players": 4}, {"solo_turn_limit": 5},
    {"num_players": 2, "max_rounds": 3})
"""What a differential run cycles through: every mode and seat count, every class in solo, no
Crystal, short limits."""

SPEC = GameSpec(
    name="heroica",
    title="Heroica: Draida",
    description="the dice dungeon race: defeat the Goblin General first (solo, race or battle)",
    params=PARAMS,
    new_game=new_game,
    from_json=from_json,
    players=players,
    bots={"greedy": "hydra_env.games.heroica.bots:GreedyBot",
          "heuristic": "hydra_env.games.heroica.bots:HeuristicBot",
          "solo-optimal": "hydra_env.games.heroica.solver_bot:SoloOptimalBot"},
    env_ids=("hydra_env/HeroicaSolo-v0", "hydra_env/Heroica-v0", "hydra_env/HeroicaBattle-v0"),
    env_entry_points={"hydra_env/HeroicaSolo-v0": ("hydra_env.games.heroica.envs:HeroicaSoloEnv",
                                                   "hydra_env.games.heroica.envs:solo_vector"),
                      "hydra_env/Heroica-v0": ("hydra_env.games.heroica.envs:HeroicaRaceEnv",
                                               "hydra_env.games.heroica.envs:race_vector"),
                      "hydra_env/HeroicaBattle-v0": ("hydra_env.games.heroica.envs:HeroicaBattleEnv",
                                                     "hydra_env.games.heroica.envs:battle_vector")},
    engines=("python", "native"),
    rules_doc="docs/games/heroica/rules.md",
    rule_prefix="HR",
    observer=observer,
    native_batch="hydra_env.games.heroica.batch:native_batch",
    tools="agents.game_tools.heroica",
    differential_settings=DIFFERENTIAL_SETTINGS,
)
