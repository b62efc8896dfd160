"""hydra-env: rules engine, environments and agent trainer for the board game Hydra.

The engine (:mod:`hydra_env.core`) needs only numpy. The Gymnasium and
PettingZoo environments live in :mod:`hydra_env.envs` and
:mod:`hydra_env.pettingzoo` and need the ``envs`` extra.
"""

from hydra_env.core.game import TERMINAL, Game
from hydra_env.core.options import RuleOptions
from hydra_env.core.result import GameResult
from hydra_env.core.views import SeatView
from hydra_env.data import Components, default_components, load_components
from hydra_env.errors import ConfigError, DataError, HydraError, IllegalActionError, SaveError

__version__ = "0.1.0"

# Registers the Gymnasium ids (hydra_env/Solo-v0, Coop-v0, Hydras-v0) when Gymnasium is
# installed (hydra_env.envs.registration); the engine itself needs numpy only.
import hydra_env.envs  # noqa: E402,F401

# The native (C++) engine registers itself with Game (hydra_env.native.game); Game.new
# uses it by default where its extension is built (HYDRA_ENV_ENGINE=python|native).
import hydra_env.native.game  # noqa: E402,F401
import hydra_env.native.hydras_game  # noqa: E402,F401  (the same for HydrasGame, the card game)

__all__ = ["Game", "GameResult", "SeatView", "RuleOptions", "Components", "load_components",
           "default_components", "HydraError", "DataError", "IllegalActionError",
           "ConfigError", "SaveError", "TERMINAL", "__version__"]
