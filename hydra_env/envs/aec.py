"""One PettingZoo AEC environment for every game: each seat is an agent.

:class:`GameAECEnv` owns what a multi-agent adapter does whatever the game:
the agents ``seat_0 … seat_{n−1}``, their spaces (``Dict(observation=…,
action_mask=Box(0, 1, (A,), int8))`` and ``Discrete(A)``), ``observe``
(the agent's own view and the engine's legal mask for the agent that
decides, zeros for the others: PettingZoo classic's convention), ``reset``
(each game's seed drawn from the env's generator, so the same seed and actions
replay the same games), ``step`` (a masked-out action raises the engine's
IllegalActionError; rewards; every agent terminates when the game ends, with
the result in ``infos[agent]["result"]``, or is truncated after ``max_steps``
decisions) and ``render`` (``"ansi"``: the public text of the game).

A game's AEC module subclasses it, checks its own arguments, calls
:meth:`GameAECEnv._make_agents` and gives what differs from game to game:

* :meth:`_new_game` (required): a new game from a seed;
* :meth:`_encode` and :meth:`_split` (required): the seat's flat observation,
  and its named parts for ``flatten=False``;
* :meth:`_mask`: the seat's mask (default: ``game.legal_mask_into``, else
  ``legal_mask``, when the seat decides; zeros otherwise);
* :meth:`_score`: the rewards of a transition and the result once over
  (default: no rewards, ``game.result().to_dict()`` at the end);
* :meth:`_render_image`: the image of a render mode other than ``"ansi"``.

:class:`ObserverAECEnv` is the whole env for any registered game, written once:
the game by name (its parameters checked by its spec), an observer
(:class:`hydra_env.api.Observer`; default: the spec's, else
:class:`hydra_env.envs.observers.LegalActionObserver`) and the end-of-game
rewards of its result (:func:`hydra_env.envs.single_agent.end_reward`: the generic schemes or the game's own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hydra_env import arguments
from hydra_env.api import Observer, parse_game_string
from hydra_env.envs.observers import observer_for, seat_mask, split_observation
from hydra_env.envs.single_agent import (
    as_action,
    box_observation_space,
    end_reward,
    max_steps_argument,
    reset_seed,
    reward_schemes,
)

__all__ = ["GameAECEnv", "ObserverAECEnv", "order_enforcing"]


def order_enforcing(env: AECEnv) -> AECEnv:
    """``env`` wrapped in PettingZoo's ``OrderEnforcingWrapper`` (what ``env()`` returns)."""
    return wrappers.OrderEnforcingWrapper(env)


class GameAECEnv(AECEnv):
    """The AEC environment of one game (see the module docstring); a game subclasses it."""

    flatten: bool = True
    max_steps: int | None = None
    render_mode: str | None = None

    def _make_agents(self, players: int, observation: spaces.Space, action_size: int) -> None:
        """The agents of ``players`` seats, each with ``observation`` and ``action_size`` actions."""
        self._size = action_size
        self.possible_agents = [f"seat_{i}" for i in range(players)]
        self.observation_spaces = {a: spaces.Dict({
            "observation": observation, "action_mask": spaces.Box(0, 1, (action_size,), np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(action_size) for a in self.possible_agents}
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._rng: np.random.Generator | None = None
        self.game: Any = None
        self._steps = 0

    # ------------------------------------------------------------ what a game gives
    def _new_game(self, seed: int) -> Any:
        """A new game dealt from ``seed`` (its rewards, if they keep state, reset too)."""
        raise NotImplementedError

    def _encode(self, seat: int) -> np.ndarray:
        """The flat observation of ``seat`` in ``self.game``."""
        raise NotImplementedError

    def _split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """A flat observation as its named parts (``flatten=False``)."""
        raise NotImplementedError

    def _mask(self, seat: int) -> np.ndarray:
        """The int8 mask of ``seat``: the legal actions when it decides, zeros otherwise."""
        return seat_mask(self.game, seat, self._size)

    def _score(self, game: Any) -> tuple[Sequence[float] | None, dict[str, Any] | None]:
        """(the rewards of the seats for the transition just made, or None for none; the
        game's result as a dict once it is over, else None)."""
        return None, (game.result().to_dict() if game.is_over else None)

    def _render_image(self) -> Any:
        """The image of the render mode (other than ``"ansi"``)."""
        raise NotImplementedError(f"render mode {self.render_mode!r}")

    # ------------------------------------------------------------ PettingZoo's API
    def observation_space(self, agent: str) -> spaces.Space:
        """The (cached) observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The (cached) action space of ``agent``."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s view and mask (see the module docstring)."""
        seat = self._seat[agent]
        flat = self._encode(seat)
        return {"observation": flat if self.flatten else self._split(flat),
                "action_mask": self._mask(seat)}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game (its seed drawn from the env's generator)."""
        seed = reset_seed(seed, options)
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self.game = self._new_game(int(self._rng.integers(1 << 63)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]
        self._steps = 0

    def step(self, action: Any) -> None:
        """Apply the selected agent's decision (None for a finished agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        game = self.game
        game.apply(as_action(action, self._size))   # IllegalActionError: what and why
        self._steps += 1
        rewards, result = self._score(game)
        if rewards is not None:
            for a, value in zip(self.possible_agents, rewards):
                self.rewards[a] = value
        if result is not None:
            self.terminations = {a: True for a in self.agents}
            self.infos = {a: {"result": result} for a in self.agents}
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        self._accumulate_rewards()

    def render(self) -> Any:
        """``"ansi"``: the game as text (public information); another mode: its image."""
        if self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return self.game.render()
        return self._render_image()

    def close(self) -> None:
        """Nothing to release."""


class ObserverAECEnv(GameAECEnv):
    """Any registered game as an AEC env (see the module docstring); ``game`` is its name or
    game string, ``params`` its parameters."""

    metadata = {"render_modes": ["ansi"], "name": "game_v0", "is_parallelizable": False, "render_fps": 2}

    def __init__(self, game: str, reward: str = "win", *, observer: Observer | None = None,
                 flatten: bool = True, max_steps: int | None = None, render_mode: str | None = None,
                 **params: Any) -> None:
        """Arguments as in the class docstring."""
        super().__init__()
        spec, from_string = parse_game_string(game)
        self.game_spec, self.params = spec, spec.check_params({**from_string, **params})
        self.reward_scheme = arguments.choice("reward", reward, reward_schemes(spec))
        self.flatten = arguments.boolean("flatten", flatten)
        self.max_steps = max_steps_argument(max_steps)
        if render_mode is not None:
            render_mode = arguments.choice("render_mode", render_mode, ("ansi",), fix="pass None or 'ansi'")
        self.render_mode = render_mode
        self.observer, size, players = observer_for(spec, self.params, observer)
        self._make_agents(players, box_observation_space(self.observer.parts, self.observer.size, self.flatten),
                          size)

    def _new_game(self, seed: int) -> Any:
        return self.game_spec.make(seed=seed, **self.params)

    def _encode(self, seat: int) -> np.ndarray:
        return self.observer.encode(self.game, seat)

    def _split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        return split_observation(self.observer, flat)

    def _score(self, game: Any) -> tuple[Sequence[float] | None, dict[str, Any] | None]:
        """Every seat's reward from the result, at the end only."""
        if not game.is_over:
            return None, None
        result = game.result().to_dict()
        return [end_reward(self.game_spec, result, seat, self.reward_scheme)
                for seat in range(len(self.possible_agents))], result
