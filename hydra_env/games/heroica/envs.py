"""The Gymnasium envs of Heroica's ids (spec 4.6, 4.8), over the generic one-seat env.

``hydra_env/HeroicaSolo-v0``   :class:`HeroicaSoloEnv`: one hero (``hero="barbarian"``); reward 0 at
                               every step and S / L at the end (1 − (T − 1)/L for a win on turn T,
                               0 when truncated after L turns).
``hydra_env/Heroica-v0``       :class:`HeroicaRaceEnv`: one learning seat of a 2–4 seat race (drawn
                               per episode), the others bots (``"greedy"``).
``hydra_env/HeroicaBattle-v0`` :class:`HeroicaBattleEnv`: ``learner="monster"`` (the last seat) or
                               ``"hero"`` (seat 0) of a Battle, the others bots.

Race and battle rewards: ``reward="win_loss"`` (+1 for the winner's seat, −1 for the
others) or ``"win_only"`` (1/0); 0 for all on truncation. A game that reaches its turn or
round limit ends with ``truncated=True`` (not ``terminated``).
"""

from __future__ import annotations

from typing import Any

from hydra_env import arguments
from hydra_env.envs.game_env import GameEnv
from hydra_env.envs.vector.game_vector import GameVectorEnv

SEAT_REWARDS = ("win_loss", "win_only")


class _HeroicaEnv(GameEnv):
    """What the three ids share: truncation by the game's limit and Heroica's rewards."""

    heroica_reward = "win_loss"

    def _outcome_for(self, game: Any, seat: int) -> tuple[float, dict[str, Any]]:
        """(``seat``'s reward, the infos: ``result`` and the learning ``seat``) of a finished game."""
        result = game.result().to_dict()
        infos = {"result": result, "seat": seat}
        if result["outcome"] == "truncated":       # the generic env reports it as truncated
            return 0.0, infos
        if result["mode"] == "solo":
            return result["score"] / result["limit"], infos
        won = seat in result["winners"]
        if self.heroica_reward == "win_only":
            return float(won), infos
        return (1.0 if won else -1.0), infos


class HeroicaSoloEnv(_HeroicaEnv):
    """Solo Heroica (see the module docstring)."""

    def __init__(self, hero: str = "barbarian", render_mode: str | None = None, **kwargs: Any) -> None:
        """``hero``: the class; ``kwargs``: GameEnv's arguments and the game's parameters."""
        kwargs.setdefault("solo_turn_limit", 40)
        super().__init__("heroica", opponents=(), render_mode=render_mode, num_players=1, mode="solo",
                         hero=hero, **kwargs)


class HeroicaRaceEnv(_HeroicaEnv):
    """One seat of a race (see the module docstring)."""

    def __init__(self, num_players: int = 2, opponents: Any = "greedy", seat: int | str = "random",
                 reward: str = "win_loss", render_mode: str | None = None, **kwargs: Any) -> None:
        """Arguments as in the module docstring; ``kwargs``: GameEnv's and the game's others."""
        self.heroica_reward = arguments.choice("reward", reward, SEAT_REWARDS)
        super().__init__("heroica", opponents=opponents, seat=seat, render_mode=render_mode,
                         num_players=num_players, mode="race", **kwargs)


class HeroicaBattleEnv(_HeroicaEnv):
    """One side of a Battle (see the module docstring)."""

    def __init__(self, learner: str = "monster", num_players: int = 2, opponents: Any = "greedy",
                 reward: str = "win_loss", render_mode: str | None = None, **kwargs: Any) -> None:
        """Arguments as in the module docstring; ``kwargs``: GameEnv's and the game's others."""
        self.learner = arguments.choice("learner", learner, ("monster", "hero"))
        self.heroica_reward = arguments.choice("reward", reward, SEAT_REWARDS)
        seat = int(num_players) - 1 if self.learner == "monster" else 0
        super().__init__("heroica", opponents=opponents, seat=seat, render_mode=render_mode,
                         num_players=num_players, mode="battle", **kwargs)


def solo_vector(num_envs: int = 1, **kwargs: Any) -> GameVectorEnv:
    """``hydra_env/HeroicaSolo-v0`` as a vector env (``gym.make_vec(..., vectorization_mode=
    "vector_entry_point")``): rows played as :class:`HeroicaSoloEnv` plays, in one batch."""
    return GameVectorEnv(num_envs, env_class=HeroicaSoloEnv, **kwargs)


def race_vector(num_envs: int = 1, **kwargs: Any) -> GameVectorEnv:
    """``hydra_env/Heroica-v0`` as a vector env (see :func:`solo_vector`)."""
    return GameVectorEnv(num_envs, env_class=HeroicaRaceEnv, **kwargs)


def battle_vector(num_envs: int = 1, **kwargs: Any) -> GameVectorEnv:
    """``hydra_env/HeroicaBattle-v0`` as a vector env (see :func:`solo_vector`)."""
    return GameVectorEnv(num_envs, env_class=HeroicaBattleEnv, **kwargs)
