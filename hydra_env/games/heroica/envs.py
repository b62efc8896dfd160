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

import os
from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.api.engines import ENGINE_VARIABLE
from hydra_env.envs.game_env import GameEnv
from hydra_env.envs.vector.game_vector import GameVectorEnv
from hydra_env.games.heroica.bots import GreedyBot
from hydra_env.games.heroica.observer import HeroicaObserver

SEAT_REWARDS = ("win_loss", "win_only")


class _HeroicaEnv(GameEnv):
    """What the three ids share: truncation by the game's limit, Heroica's rewards, and greedy
    opponents played in C++ on the native engine."""

    heroica_reward = "win_loss"
    _greedy_seats = 0                 # the seats of greedy opponents on a native game, as bits,
    _greedy_game: Any = None          # and that game
    _prototype: tuple[str | None, Any] | None = None    # (HYDRA_ENV_ENGINE, a native first game)

    def _new_game(self, seed: int) -> Any:
        """GameEnv's new game; on the native engine, a copy of the first game dealt from ``seed``
        (the same game, without checking the parameters again)."""
        engine = os.environ.get(ENGINE_VARIABLE)
        if self._prototype is not None and self._prototype[0] == engine:
            game = self._prototype[1].restarted(seed)
            if game is not None:
                return game
        game = super()._new_game(seed)
        self._prototype = (engine, game.clone()) if hasattr(game, "restarted") else None
        return game

    def _make_bot(self, name: str, seed: int) -> Any:
        """An opponent by name (``"greedy"``: straight from its class, as the registry makes it)."""
        if name == "greedy" and self.bot_factory is None:
            return GreedyBot(seed)
        return super()._make_bot(name, seed)

    def _start_episode(self, rng: Any) -> None:
        """GameEnv's episode; and whether every opponent is a plain ``greedy`` bot on a native game
        (then :meth:`_advance` plays them in one native call)."""
        super()._start_episode(rng)
        bots = self.bots
        native = hasattr(self.game, "play_greedy") and all(type(bot) is GreedyBot for bot in bots.values())
        self._greedy_seats = sum(1 << seat for seat in bots) if native else 0
        self._greedy_game = self.game

    def _observe(self) -> Any:
        """GameEnv's observation and mask, the same values with less copying: the mask written
        straight into a new int8 array, the flat observation by the game's ``encode_flat``."""
        if not self.flatten or type(self.observer) is not HeroicaObserver:
            return super()._observe()
        game, seat = self.game, self.seat
        mask = np.zeros(self.action_space.n, np.int8)
        if game.current_player == seat:
            game.legal_mask_into(mask)
        self._mask = mask
        return game.encode_flat(seat)

    def _advance(self) -> None:
        """The opponents play until the learning seat decides (GreedyBot's choices, natively when
        :meth:`_start_episode` found them all greedy; the generic loop finishes whatever is left)."""
        game = self.game                  # (a caller may have put another game in since)
        if not (self._greedy_seats and game is self._greedy_game and game.play_greedy(self.seat, self._greedy_seats)):
            super()._advance()

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
