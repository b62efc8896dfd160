"""PettingZoo AEC environment of Hydras: every seat is an agent.

::

    from hydra_env.envs.hydras_pettingzoo import env as hydras_aec
    env = hydras_aec(num_players=3)             # seat_0, seat_1, seat_2
    env.reset(seed=0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else \\
            env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents
    ``seat_0 … seat_{n−1}``. ``agent_selection`` is the seat whose decision is
    pending: during a block chain (H11) that is the seat offered the block,
    not the seat whose turn it is, so agents do not simply alternate.

Observation (per agent)
    ``Dict(observation=..., action_mask=Box(0, 1, (10175,), int8))``; the
    observation is the agent's own view (H14) as laid out in
    :mod:`hydra_env.hydras.encoding`, seats relative to the agent: one
    ``Box(0, 1, (7955,), float32)`` with ``flatten=True`` (default), else the
    ``Dict(board, hand, features)`` of ``hydra_env/Hydras-v0``. The mask is
    the engine's legal set for the agent that decides, zeros for the others.

Actions
    ``Discrete(10175)``, the engine's flat layout (:mod:`hydra_env.hydras.codec`).
    A masked-out action raises :class:`hydra_env.errors.IllegalActionError`
    with the engine's reason; wrap with PettingZoo's
    ``TerminateIllegalWrapper`` to end the game with a penalty instead.

Rewards, when the game ends (0 before)
    ``reward`` "win" (default), "rank" or "score_diff", as in
    ``hydra_env/Hydras-v0`` (:func:`hydra_env.envs.hydras_env.terminal_reward`).

Episode end
    All agents terminate when the game ends (``infos[agent]["result"]`` holds
    the result as a dict); with ``max_steps`` all are truncated after that many
    decisions.

Arguments
    ``num_players`` 2–4 (3), ``reward``, ``flatten`` (True), ``max_steps``,
    ``render_mode`` None|"ansi" (public information only), ``cards``.

Seeding
    ``reset(seed=s)`` seeds the env's generator; each game's seed is drawn
    from it, so the same seed and actions replay the same games.

Version history
    v0 (``metadata["name"] == "hydras_v0"``): first version.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hydra_env import arguments
from hydra_env.envs.base import max_steps_argument, reset_seed
from hydra_env.envs.hydras_env import REWARDS, as_action, observation_space, players_argument, terminal_reward
from hydra_env.hydras.encoding import HydrasEncoder
from hydra_env.hydras.game import HydrasGame, resolve_cards
from hydra_env.hydras.tables import tables_for

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment wrapped in PettingZoo's ``OrderEnforcingWrapper``."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's naming)
    """Hydras as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "hydras_v0", "is_parallelizable": False,
                "render_fps": 2}

    def __init__(self, num_players: int = 3, reward: str = "win", *, flatten: bool = True,
                 max_steps: int | None = None, render_mode: str | None = None,
                 cards: Any = None) -> None:
        """Arguments as in the module docstring."""
        super().__init__()
        self.num_players = num_players = players_argument(num_players)
        self.reward_scheme = arguments.choice("reward", reward, REWARDS)
        self.flatten = arguments.boolean("flatten", flatten)
        self.max_steps = max_steps_argument(max_steps)
        if render_mode is not None:
            render_mode = arguments.choice("render_mode", render_mode, ("ansi",),
                                           fix="pass None or 'ansi'")
        self.render_mode = render_mode
        self.cards = resolve_cards(cards)
        self.tables = tables_for(self.cards)
        self.encoder = HydrasEncoder(self.tables)
        self._size = size = self.tables.codec.size
        self.possible_agents = [f"seat_{i}" for i in range(num_players)]
        obs = observation_space(self.encoder, self.flatten)
        self.observation_spaces = {a: spaces.Dict({
            "observation": obs, "action_mask": spaces.Box(0, 1, (size,), np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._rng: np.random.Generator | None = None
        self.game: HydrasGame | None = None
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space:
        """The (cached) observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The (cached) action space of ``agent``."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s view and mask (see the module docstring)."""
        seat = self._seat[agent]
        game = self.game
        flat = game.encode_flat(seat)
        if game.current_player == seat:
            mask = np.empty(self._size, np.int8)
            game.legal_mask_into(mask)           # writes every entry
        else:
            mask = np.zeros(self._size, np.int8)
        return {"observation": flat if self.flatten else self.encoder.split(flat),
                "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game (its seed drawn from the env's generator)."""
        seed = reset_seed(seed, options)
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self.game = HydrasGame.new(self.num_players, int(self._rng.integers(1 << 63)),
                                   cards=self.cards)
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
        if game.is_over:
            outcome = game.result()
            result = outcome.to_dict()
            for a in self.agents:
                self.rewards[a] = terminal_reward(game, self._seat[a], self.reward_scheme, outcome)
            self.terminations = {a: True for a in self.agents}
            self.infos = {a: {"result": result} for a in self.agents}
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``"ansi"``: the table as text (public information only)."""
        if self.render_mode is None:
            return None
        return self.game.render()

    def close(self) -> None:
        """Nothing to release."""
