"""Heroica as a PettingZoo AEC env (spec 4.8: ``heroica_v0.env(num_players, mode)``)::

    from hydra_env.games.heroica.pettingzoo import env
    aec = env(num_players=3, mode="race")            # order-enforced, like PettingZoo's classic envs

Every seat is an agent (``seat_0`` …); observations are the 1,288 values of
:mod:`hydra_env.games.heroica.observer` with ``action_mask``. Rewards at the end (spec
4.6): ``reward="win_loss"`` (+1 for the winner's seat, −1 for the others) or
``"win_only"`` (1/0); 0 for every seat when the game is truncated; solo: S / L.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pettingzoo import AECEnv

from hydra_env import arguments
from hydra_env.envs.aec import ObserverAECEnv, order_enforcing

REWARDS = ("win_loss", "win_only")


class HeroicaAECEnv(ObserverAECEnv):
    """Heroica's AEC env with the spec's rewards (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "heroica_v0", "is_parallelizable": False, "render_fps": 2}

    def __init__(self, num_players: int = 2, mode: str = "race", reward: str = "win_loss", **kwargs: Any) -> None:
        """``kwargs``: the game's other parameters and the generic AEC env's arguments."""
        self.heroica_reward = arguments.choice("reward", reward, REWARDS)
        super().__init__("heroica", num_players=num_players, mode=mode, **kwargs)

    def _score(self, game: Any) -> tuple[Sequence[float] | None, dict[str, Any] | None]:
        if not game.is_over:
            return None, None
        result = game.result().to_dict()
        seats = range(len(self.possible_agents))
        if result["outcome"] == "truncated":
            return [0.0 for _ in seats], result
        if result["mode"] == "solo":
            return [result["score"] / result["limit"]], result
        lose = 0.0 if self.heroica_reward == "win_only" else -1.0
        return [1.0 if seat in result["winners"] else lose for seat in seats], result


def env(num_players: int = 2, mode: str = "race", **kwargs: Any) -> AECEnv:
    """The order-enforced AEC env of Heroica."""
    return order_enforcing(HeroicaAECEnv(num_players, mode, **kwargs))


def raw_env(num_players: int = 2, mode: str = "race", **kwargs: Any) -> HeroicaAECEnv:
    """The AEC env without PettingZoo's order-enforcing wrapper."""
    return HeroicaAECEnv(num_players, mode, **kwargs)
