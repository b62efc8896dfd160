"""The Game API: protocols, parameters, specs and the registry of games.

Generic code (envs, bots, tools, trainer, harnesses) knows games only through
this package: :func:`make`, :func:`game_names`, :func:`game_spec` and the
protocols of :mod:`hydra_env.api.protocols`. numpy and the standard library only.
"""

from hydra_env.api.params import Param
from hydra_env.api.protocols import TERMINAL, Game, Observer, Result, SeatView
from hydra_env.api.registry import (
    default_game,
    game_names,
    game_spec,
    game_string,
    make,
    parse_game_string,
    register,
    unregister,
)
from hydra_env.api.spec import GameSpec

__all__ = ["Param", "GameSpec", "Game", "SeatView", "Result", "Observer", "TERMINAL", "make",
           "default_game", "game_names", "game_spec", "game_string", "parse_game_string", "register", "unregister"]
