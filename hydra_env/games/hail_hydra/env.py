"""Hail Hydra's envs (HH32, HH36): the one-seat Gymnasium env and the PettingZoo AEC env.

Both are the generic envs (:class:`hydra_env.envs.game_env.GameEnv`,
:class:`hydra_env.envs.aec.ObserverAECEnv`) with the game's own parts:

- rewards ``reward="team"`` (default): 0 until the end, then +1 for every seat of the
  winning team and -1 for the others (HH36); the generic schemes (``win``, ``rank``,
  ``score_diff``) stay available;
- the one-seat env's ``loyalty``: ``random`` (default), ``shield`` or ``hydra``: the
  learning seat is drawn among the seats of that loyalty once the game is dealt;
- its opponents default to the ``saboteur`` bot (loyal as SHIELD, sabotage as HYDRA).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hydra_env import arguments
from hydra_env.envs.aec import ObserverAECEnv, order_enforcing
from hydra_env.envs.game_env import GameEnv
from hydra_env.envs.opponents import seat_bots

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

    def _new_game(self, seed: int) -> Any:
        game = super()._new_game(seed)
        if self.loyalty != "random":
            wanted = 1 if self.loyalty == "hydra" else 0
            seats = [s for s, loyal in enumerate(game.state.loyalty) if loyal == wanted]
            self.seat = int(seats[int(self.np_random.integers(len(seats)))])
            seeds = [int(x) for x in self.np_random.integers(1 << 63, size=self.num_players - 1)]
            self.bots = seat_bots(self.seat, self.num_players, self.opponents, seeds, self._make_bot)
        return game

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
