"""Hail Hydra's envs (HH32, HH36): the one-seat Gymnasium env and the PettingZoo AEC env.

Both are the generic envs (:class:`hydra_env.envs.game_env.GameEnv`,
:class:`hydra_env.envs.aec.ObserverAECEnv`) with the game's own parts:

- rewards ``reward="team"`` (default): 0 until the end, then +1 for every seat of the
  winning team and -1 for the others (HH36); the generic schemes (``win``, ``rank``,
  ``score_diff``) stay available;
- the one-seat env's ``loyalty``: ``random`` (default), ``shield`` or ``hydra``: the
  learning seat is drawn among the seats of that loyalty once the game is dealt;
- its opponents default to the ``saboteur`` bot (loyal as SHIELD, sabotage as HYDRA);
- its vector env (:func:`hail_hydra_vector`, ``gym.make_vec(..., vectorization_mode=
  "vector_entry_point")``) is the shared :class:`GameVectorEnv` over the game batch (native
  where built), its rows played as this env plays, ``loyalty`` included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.envs.aec import ObserverAECEnv, order_enforcing
from hydra_env.envs.game_env import GameEnv
from hydra_env.envs.vector.game_vector import GameVectorEnv

REWARDS = ("team", "win", "rank", "score_diff")
LOYALTIES = ("random", "shield", "hydra")


class HailHydraEnv(GameEnv):
    """``hydra_env/HailHydra-v0``: one learning seat of Hail Hydra, the others bots."""

    def __init__(self, opponents: Sequence[Any] | Any = "saboteur", reward: str = "team", seat: int | str = "random",
                 loyalty: str = "random", render_mode: str | None = None, **kwargs: Any) -> None:
        """``loyalty``: the learning seat's team (``random``, ``shield``, ``hydra``); the other
        arguments as :class:`GameEnv`'s, the game's parameters among ``kwargs``."""
        self.team_reward = arguments.choice("reward", reward, REWARDS) == "team"
        self.loyalty = arguments.choice("loyalty", loyalty, LOYALTIES)
        super().__init__("hail_hydra", opponents, "win" if self.team_reward else reward, seat, render_mode,
                         **kwargs)

    @property
    def seat_from_deal(self) -> bool:  # type: ignore[override]
        """True with a ``loyalty`` other than ``random``: the seat is drawn once the game is dealt."""
        return self.loyalty != "random"

    def _seat_after_deal(self, game: Any, rng: np.random.Generator) -> int | None:
        """A seat of the wanted loyalty in the dealt ``game``, drawn from ``rng`` (None for ``random``)."""
        if self.loyalty == "random":
            return None
        wanted = 1 if self.loyalty == "hydra" else 0
        seats = [s for s, loyal in enumerate(game.state.loyalty) if loyal == wanted]
        return int(seats[int(rng.integers(len(seats)))])

    def learning_seats(self) -> list[int]:
        """Every seat with a ``loyalty`` other than ``random`` (where the deal puts it), else as GameEnv."""
        return list(range(self.num_players)) if self.loyalty != "random" else super().learning_seats()

    def _outcome_for(self, game: Any, seat: int) -> tuple[float, dict[str, Any]]:
        reward, info = super()._outcome_for(game, seat)
        if self.team_reward:
            reward = float(info["result"]["rewards"][seat])
        return reward, info


class HailHydraAECEnv(ObserverAECEnv):
    """``hailhydra_v0``: every seat an agent; team rewards at the end (HH36)."""

    metadata = {"render_modes": ["ansi"], "name": "hailhydra_v0", "is_parallelizable": False, "render_fps": 2}

    def __init__(self, reward: str = "team", **kwargs: Any) -> None:
        """``reward``: ``team`` (default) or a generic scheme; the game's parameters in ``kwargs``."""
        self.team_reward = arguments.choice("reward", reward, REWARDS) == "team"
        super().__init__("hail_hydra", "win" if self.team_reward else reward, **kwargs)

    def _score(self, game: Any) -> tuple[Sequence[float] | None, dict[str, Any] | None]:
        rewards, result = super()._score(game)
        if self.team_reward and result is not None:
            rewards = [float(r) for r in result["rewards"]]
        return rewards, result


def env(**kwargs: Any) -> Any:
    """The AEC env wrapped as PettingZoo's ``env()`` functions are (order enforcing)."""
    return order_enforcing(HailHydraAECEnv(**kwargs))


def hail_hydra_vector(num_envs: int = 1, **kwargs: Any) -> GameVectorEnv:
    """``hydra_env/HailHydra-v0`` as a vector env: rows played as :class:`HailHydraEnv` plays
    (``loyalty`` too), in the game batch of each row's learning seat."""
    return GameVectorEnv(num_envs, env_class=HailHydraEnv, **kwargs)
