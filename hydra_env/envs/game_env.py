"""``GameEnv``: any registered game from one seat, as a Gymnasium env, written once.

::

    from hydra_env.envs.game_env import GameEnv
    env = GameEnv("nim(piles=4)", opponents=["random"])      # a name or a game string
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].nonzero()[0][0]))

The learning agent plays one seat; the other seats are bots of the game's
registry (:mod:`hydra_env.envs.bots`), objects with ``act`` or samplers
(:mod:`hydra_env.envs.opponents`), who play inside each step until the
learning seat decides again or the game ends. It knows no game: the game
comes from the registry (``hydra_env.game_spec``) and its parameters are the
spec's (``**params``, checked by the spec).

Observation
    ``observer.encode(game, seat)`` of an :class:`hydra_env.api.Observer` whose
    values lie in [0, 1] (default: the spec's ``observer(game)``, else
    :class:`hydra_env.envs.observers.LegalActionObserver`):
    one ``Box((size,), float32)`` with ``flatten=True`` (default), else a ``Dict``
    of the observer's parts.

Actions and masks
    ``Discrete(action_size)``; ``info["action_mask"]`` and ``action_masks()``
    (int8) are the learning seat's legal actions, zeros once over. A masked-out
    action raises the engine's IllegalActionError, or with
    ``illegal_action="penalty"`` is a no-op returning ``illegal_penalty``.

Rewards, at the end only (0 before), from the result's dict
    ``"win"`` (default), ``"rank"`` or ``"score_diff"``
    (:func:`hydra_env.envs.single_agent.end_reward`: the generic schemes or the game's own).

Episode end
    ``terminated`` when the game ends (``info["result"]``: the result's dict; ``info["seat"]``:
    the learning seat);
    ``truncated`` with ``max_steps``, or when the game ends by its own limit (a turn or
    round cap: the result's ``outcome`` is ``"truncated"``).

Seeding
    ``reset(seed=s)``: the learning seat (with ``seat="random"``), the bots' seeds
    and the game's seed are drawn from the env's generator, in that order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from hydra_env import arguments
from hydra_env.api import Observer, parse_game_string
from hydra_env.envs.observers import observer_for, seat_mask, split_observation
from hydra_env.envs.opponents import check_opponent, opponent_entries, play_opponents, seat_argument, seat_bots
from hydra_env.envs.single_agent import (
    ILLEGAL_MODES,
    as_action,
    box_observation_space,
    end_reward,
    max_steps_argument,
    raise_masked_out,
    reset_seed,
    reward_schemes,
)

__all__ = ["GameEnv", "ended_by_limit"]


def ended_by_limit(end: dict[str, Any] | None) -> bool:
    """Whether a game ended by its own limit (a turn or round cap: its result's ``outcome`` is
    ``"truncated"``), which the envs report as ``truncated``, not ``terminated``."""
    return bool(end) and end.get("result", {}).get("outcome") == "truncated"


class GameEnv(gym.Env):
    """One seat of any registered game, the others played by bots (see the module docstring).

    A game's own one-seat env may subclass it: it checks its own arguments, calls
    :meth:`_check_arguments` and :meth:`_set_spaces`, and overrides what differs:
    :meth:`_start_episode` (what an episode draws), :meth:`_new_game`, :meth:`_seat_after_deal`
    and :meth:`learning_seats` (a learning seat chosen from the dealt game), :meth:`_advance`,
    :meth:`_observe`, :meth:`_refuse` (the error of a masked-out action),
    :meth:`_transition_reward` (a step's reward; by default :meth:`_outcome`, the reward and
    infos at the end), :meth:`action_masks`, :meth:`render`.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 2}
    custom_observer = False
    """True when the env encodes with an observer of its own (``observer=``), not the game's:
    a policy trained on it encodes through it too (:func:`agents.policy_spaces.recorded_observer`)."""
    seat_from_deal = False
    """True when :meth:`_seat_after_deal` may pick the learning seat from the dealt game."""

    def __init__(self, game: str, opponents: Sequence[Any] | Any = ("random",), reward: str = "win",
                 seat: int | str = 0, render_mode: str | None = None, *, observer: Observer | None = None,
                 flatten: bool = True, illegal_action: str = "raise", illegal_penalty: float = -1.0,
                 max_steps: int | None = None, bot_factory: Callable[..., Any] | None = None,
                 **params: Any) -> None:
        """``game``: a registered name or game string; ``params``: the game's parameters."""
        spec, from_string = parse_game_string(game)
        self.game_spec, self.params = spec, spec.check_params({**from_string, **params})
        self._check_arguments(int(spec.players(self.params)), opponents, reward, seat, render_mode,
                              flatten, illegal_action, illegal_penalty, max_steps, bot_factory)
        self.observer, size, _ = observer_for(spec, self.params, observer)
        self.custom_observer = observer is not None
        self._set_spaces(box_observation_space(self.observer.parts, self.observer.size, self.flatten), size)

    # ------------------------------------------------------------ set-up, shared with subclasses
    def _check_arguments(self, players: int, opponents: Any, reward: Any, seat: Any, render_mode: Any,
                         flatten: Any, illegal_action: Any, illegal_penalty: Any, max_steps: Any,
                         bot_factory: Callable[..., Any] | None) -> None:
        """Check and keep the arguments every one-seat env has, in this order (the first
        wrong one raises ConfigError naming it)."""
        self.num_players = players
        self.reward_scheme = arguments.choice("reward", reward, reward_schemes(self.game_spec))
        self.illegal_action = arguments.choice("illegal_action", illegal_action, ILLEGAL_MODES)
        if render_mode is not None:
            render_mode = arguments.choice("render_mode", render_mode, ("ansi",), fix="pass None or 'ansi'")
        self.render_mode = render_mode
        self.seat_argument = seat_argument(seat, players)
        self.opponents = opponent_entries(opponents, players, f"{players} players")
        for entry in self.opponents:
            if isinstance(entry, str) and bot_factory is None:
                check_opponent(entry, self.game_spec.name)
        self.max_steps = max_steps_argument(max_steps)
        self.illegal_penalty = arguments.number("illegal_penalty", illegal_penalty)
        self.flatten = bool(arguments.boolean("flatten", flatten))
        self.bot_factory = bot_factory

    def _set_spaces(self, observation_space: spaces.Space, action_size: int) -> None:
        """The spaces, and no episode yet."""
        self.observation_space = observation_space
        self.action_space = spaces.Discrete(action_size)
        self.game: Any = None
        self.seat = 0 if self.seat_argument == "random" else int(self.seat_argument)
        self.bots: dict[int, Any] = {}
        self._mask = np.zeros(action_size, np.int8)
        self._done = True
        self._steps = 0

    # ------------------------------------------------------------ hooks
    def _make_bot(self, name: str, seed: int) -> Any:
        """An opponent by name: ``bot_factory(name, seed=seed)``, else the game's bot registry."""
        if self.bot_factory is not None:
            return self.bot_factory(name, seed=seed)
        from hydra_env.envs.bots import make_bot
        return make_bot(name, game=self.game_spec.name, seed=seed)

    def _new_game(self, seed: int) -> Any:
        """A new game dealt from ``seed``."""
        return self.game_spec.make(seed=seed, **self.params)

    def _seat_after_deal(self, game: Any, rng: np.random.Generator) -> int | None:
        """The learning seat the dealt ``game`` calls for (drawn from ``rng``), or None to keep
        the seat drawn before the deal (the default); asked only when :attr:`seat_from_deal`.
        When it gives a seat, the opponents' seeds are drawn again after it; the vector env
        asks its template the same."""
        return None

    def learning_seats(self) -> list[int]:
        """The seats an episode may learn on: every seat when ``seat="random"``, else the fixed one."""
        if self.seat_argument == "random":
            return list(range(self.num_players))
        return [int(self.seat_argument)]

    def teams(self, game: Any) -> list[list[int]]:
        """The seats of ``game`` that share one reward, team by team (a trainer that plays a
        whole team with one policy asks it): by default every seat is its own team."""
        return [[seat] for seat in range(int(game.num_players))]

    def _advance(self) -> None:
        """The opponents play until the learning seat decides or the game is over."""
        play_opponents(self.game, self.seat, self.bots)

    def _refuse(self, index: int) -> None:
        """Raise the error of a masked-out action (``illegal_action="raise"``)."""
        raise_masked_out(self.game, index, "masked out by env.action_masks(); make the env with "
                                           "illegal_action='penalty' for a no-op and a penalty instead")

    def _outcome(self, game: Any) -> tuple[float, dict[str, Any]]:
        """(the learning seat's reward, the infos) of a finished game (:meth:`_outcome_for`)."""
        return self._outcome_for(game, self.seat)

    def _outcome_for(self, game: Any, seat: int) -> tuple[float, dict[str, Any]]:
        """(``seat``'s reward, the infos: ``result`` and the learning ``seat``) of a finished game,
        from the result's dict; the vector env asks it for each row's seat. A game's own env
        overrides this one."""
        result = game.result().to_dict()
        return end_reward(self.game_spec, result, seat, self.reward_scheme), {"result": result, "seat": seat}

    def _transition_reward(self, game: Any, terminated: bool) -> tuple[float, dict[str, Any] | None]:
        """(the reward of the step just made, the infos it adds): by default the end reward
        and result (:meth:`_outcome`) when the game ended, else (0, None)."""
        return self._outcome(game) if terminated else (0.0, None)

    def _observe(self) -> Any:
        """The learning seat's observation; refreshes its mask."""
        game, seat = self.game, self.seat
        self._mask = seat_mask(game, seat, int(self.action_space.n))
        return self.seat_observation(game, seat)

    def seat_observation(self, game: Any, seat: int) -> Any:
        """What this env gives ``seat`` of ``game`` when that seat is its learning seat
        (its observer, flat or split as the env was made): a trainer that plays every seat
        itself (DAgger) encodes the seats with it."""
        flat = self.observer.encode(game, seat)
        return flat if self.flatten else split_observation(self.observer, flat)

    def end_reward(self, game: Any, seat: int) -> float:
        """``seat``'s reward for the finished ``game``, as this env gives it to a learning seat."""
        return self._outcome_for(game, seat)[0]

    def deal(self, seed: int) -> Any:
        """A new game dealt as this env deals its episodes (the parameters an episode draws,
        such as a player count), from ``seed``, before any seat has moved. It replaces the
        env's episode: call reset() before stepping again."""
        self._start_episode(np.random.default_rng(seed))
        self._done = True
        return self.game

    # ------------------------------------------------------------ Gymnasium's API
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Start a new game; its seed and the opponents' seeds come from the env's
        generator, so the same ``seed`` gives the same episodes."""
        super().reset(seed=reset_seed(seed, options))
        self._start_episode(self.np_random)
        self._advance()
        self._done = self.game.is_over
        self._steps = 0
        return self._observe(), {"action_mask": self._mask}

    def _start_episode(self, rng: np.random.Generator) -> None:
        """Draw the episode from the env's generator: the learning seat (when random), the
        opponents' seeds, then the game's seed (and, when :meth:`_seat_after_deal` picks a
        seat from the dealt game, that seat and the opponents' seeds again); set ``seat``,
        ``bots`` and ``game``."""
        players = self.num_players
        if self.seat_argument == "random":
            self.seat = int(rng.integers(players))
        bot_seeds = [int(x) for x in rng.integers(1 << 63, size=players - 1)]
        self.bots = seat_bots(self.seat, players, self.opponents, bot_seeds, self._make_bot)
        self.game = self._new_game(int(rng.integers(1 << 63)))
        seat = self._seat_after_deal(self.game, rng) if self.seat_from_deal else None
        if seat is not None:
            self.seat = int(seat)
            bot_seeds = [int(x) for x in rng.integers(1 << 63, size=players - 1)]
            self.bots = seat_bots(self.seat, players, self.opponents, bot_seeds, self._make_bot)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Apply the learning seat's decision, then the opponents' until its next one."""
        if self.game is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        if self._done:
            raise gym.error.ResetNeeded("the episode is over; call reset() before step()")
        index = as_action(action, self.action_space.n)   # IllegalActionError: no index at all
        if not self._mask[index]:
            return self._illegal(index)
        game = self.game
        game.apply(index)
        self._advance()
        self._steps += 1
        terminated = game.is_over
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        reward, end = self._transition_reward(game, terminated)
        if terminated and ended_by_limit(end):
            terminated, truncated = False, True
        self._done = terminated or truncated
        obs = self._observe()
        info: dict[str, Any] = {"action_mask": self._mask}
        if end is not None:
            info.update(end)
        return obs, reward, terminated, truncated, info

    def _illegal(self, index: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self.illegal_action == "raise":
            self._refuse(index)
        self._steps += 1
        truncated = self.max_steps is not None and self._steps >= self.max_steps
        self._done = truncated
        return (self._observe(), self.illegal_penalty, False, truncated,
                {"action_mask": self._mask, "illegal_action": True})

    def action_masks(self) -> np.ndarray:
        """The learning seat's legal actions now (int8[action_size], 1 = legal), what
        sb3-contrib's MaskablePPO calls; all zeros once the episode is over."""
        return self._mask

    def render(self) -> str | None:
        """``"ansi"``: the game as text, with what the learning seat alone sees."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; make the env with "
                            "render_mode='ansi'")
            return None
        if self.game is None:
            raise gym.error.ResetNeeded("call reset() before render()")
        return self.game.render(self.seat)

    def close(self) -> None:
        """Nothing to release."""
