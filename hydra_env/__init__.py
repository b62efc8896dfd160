"""hydra-env: rules engines, environments and agent trainers for the games of Hydra.

Every game is found by name: ``hydra_env.game_names()``, ``hydra_env.make("hydras",
num_players=3, seed=7)`` or ``hydra_env.make("hydra(scenario=10,stars=1)")``, and
``hydra_env.game_spec(name)`` (:mod:`hydra_env.api`). The engines need only numpy. The Gymnasium and
PettingZoo environments live in :mod:`hydra_env.envs` and
:mod:`hydra_env.games.hydra.envs.pettingzoo` and need the ``envs`` extra.
"""

import hydra_env._moved  # noqa: F401  (first: the old import paths of Hydra and Hydras, for one release)
from hydra_env.api import GameSpec, Param, game_names, game_spec, game_string, make, register
from hydra_env.errors import ConfigError, DataError, HydraError, IllegalActionError, SaveError
from hydra_env.games.hydra.data import Components, default_components, load_components
from hydra_env.games.hydra.rules.game import TERMINAL, Game
from hydra_env.games.hydra.rules.options import RuleOptions
from hydra_env.games.hydra.rules.result import GameResult
from hydra_env.games.hydra.rules.views import SeatView

__version__ = "0.1.0"

# Registers the Gymnasium ids (hydra_env/Solo-v0, Coop-v0, Hydras-v0) when Gymnasium is
# installed (hydra_env.envs.registration); the engine itself needs numpy only.
import hydra_env.envs  # noqa: E402,F401

# The native (C++) engine registers itself with Game (hydra_env.games.hydra.native.game); Game.new
# uses it by default where its extension is built (HYDRA_ENV_ENGINE=python|native).
import hydra_env.games.hydra.native.game  # noqa: E402,F401
import hydra_env.games.hydras.native.game  # noqa: E402,F401  (the same for HydrasGame, the card game)

__all__ = ["make", "game_names", "game_spec", "game_string", "register", "GameSpec", "Param",
           "Game", "GameResult", "SeatView", "RuleOptions", "Components", "load_components",
           "default_components", "HydraError", "DataError", "IllegalActionError",
           "ConfigError", "SaveError", "TERMINAL", "__version__"]
