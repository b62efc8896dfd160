"""PettingZoo AEC environment of Hydras: every seat is an agent.

::

    from hydra_env.games.hydras.envs.pettingzoo import env as hydras_aec
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
    :mod:`hydra_env.games.hydras.rules.encoding`, seats relative to the agent: one
    ``Box(0, 1, (7955,), float32)`` with ``flatten=True`` (default), else the
    ``Dict(board, hand, features)`` of ``hydra_env/Hydras-v0``. The mask is
    the engine's legal set for the agent that decides, zeros for the others.

Actions
    ``Discrete(10175)``, the engine's flat layout (:mod:`hydra_env.games.hydras.rules.codec`).
    A masked-out action raises :class:`hydra_env.errors.IllegalActionError`
    with the engine's reason; wrap with PettingZoo's
    ``TerminateIllegalWrapper`` to end the game with a penalty instead.

Rewards, when the game ends (0 before)
    ``reward`` "win" (default), "rank" or "score_diff", as in
    ``hydra_env/Hydras-v0`` (:func:`hydra_env.games.hydras.envs.env.terminal_reward`).

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

from collections.abc import Sequence
from typing import Any

import numpy as np
from pettingzoo import AECEnv

from hydra_env import arguments
from hydra_env.envs.aec import GameAECEnv, order_enforcing
from hydra_env.envs.single_agent import max_steps_argument
from hydra_env.games.hydras.envs.env import REWARDS, observation_space, players_argument, terminal_reward
from hydra_env.games.hydras.rules.encoding import HydrasEncoder
from hydra_env.games.hydras.rules.game import HydrasGame, resolve_cards
from hydra_env.games.hydras.rules.tables import tables_for

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment wrapped in PettingZoo's ``OrderEnforcingWrapper``."""
    return order_enforcing(raw_env(**kwargs))


class raw_env(GameAECEnv):  # noqa: N801 (PettingZoo's naming)
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
        self._make_agents(num_players, observation_space(self.encoder, self.flatten), self.tables.codec.size)

    def _new_game(self, seed: int) -> HydrasGame:
        return HydrasGame.new(self.num_players, seed, cards=self.cards)

    def _encode(self, seat: int) -> np.ndarray:
        return self.game.encode_flat(seat)

    def _split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        return self.encoder.split(flat)

    def _score(self, game: HydrasGame) -> tuple[Sequence[float] | None, dict[str, Any] | None]:
        """Every seat's reward under the scheme, at the end only."""
        if not game.is_over:
            return None, None
        outcome = game.result()
        return ([terminal_reward(game, seat, self.reward_scheme, outcome) for seat in range(self.num_players)],
                outcome.to_dict())
