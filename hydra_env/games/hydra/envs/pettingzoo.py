"""PettingZoo AEC environment of Hydra: every seat is an agent.

::

    from hydra_env.games.hydra.envs.pettingzoo import env as hydra_aec
    env = hydra_aec(scenario=1)                 # 4 seats: seat_0 … seat_3
    env.reset(seed=0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents
    ``seat_0 … seat_{n−1}``, the scenario's seats (solo scenarios 10–12: one
    agent). ``agent_selection`` is the seat whose decision is pending, which in
    the coordinated game is sometimes not the seat whose turn it is (a shoved
    or evading hero, a follow, R4/R10/R13): the same agent may act several
    times in a row.

Observation (per agent)
    ``Dict(observation=Box(0, 1, (3967,), float32), action_mask=Box(0, 1,
    (1826,), int8))``: the agent's own view (R41), seats relative to it, as
    laid out in :mod:`hydra_env.games.hydra.observe.encoding`; with ``flatten=False``,
    ``observation`` is ``Dict(board=(29, 11, 9), features=(1096,))``. The mask
    is the engine's legal set for the agent that decides, all zeros for the
    others (PettingZoo classic's convention).

Actions
    ``Discrete(1826)``, the engine's flat layout (:mod:`hydra_env.games.hydra.rules.codec`).
    A masked-out action raises :class:`hydra_env.IllegalActionError` with the
    engine's reason; wrap with ``pettingzoo.utils.wrappers.TerminateIllegalWrapper``
    to end the game with a penalty instead.

Rewards (:mod:`hydra_env.games.hydra.envs.rewards`)
    Coordinated scenarios: ``reward`` "rank" (default), "team", "mixed" or
    "epic" (``team_weight``), given to every agent when the game ends. Solo
    scenarios: "score" (default) or "shaped" (``loss_penalty``,
    ``shaping_scale``, ``shaping_gamma``).

Episode end
    All agents terminate when the game ends (``infos[agent]["result"]`` then
    holds the ``GameResult`` as a dict); with ``max_steps`` all are truncated
    after that many decisions.

Arguments
    ``scenario`` (default 1), ``stars`` 1–3, ``reward``, ``flatten`` (True),
    ``max_steps`` (None, or at least 1), ``render_mode`` None|"ansi"|"rgb_array"
    (public information only), ``rule_options``, ``components``, and the reward
    options above. Checked as in ``hydra_env/Solo-v0``: integers may be numpy
    integers (stored as ``int``); bools, floats and out-of-range values raise
    :class:`hydra_env.ConfigError`.

Seeding
    ``reset(seed=s)`` seeds the env's generator; each game's seed is drawn
    from it, so the same seed and actions replay the same games.

Version history
    v0 (``metadata["name"] == "hydra_v0"``): first version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from pettingzoo import AECEnv

from hydra_env import arguments
from hydra_env.envs.aec import GameAECEnv, order_enforcing
from hydra_env.errors import ConfigError
from hydra_env.games.hydra.envs.base import RENDER_MODES, game_arguments, observation_space
from hydra_env.games.hydra.envs.rewards import make_reward
from hydra_env.games.hydra.observe.encoding import encoder_for
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.options import RuleOptions

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment wrapped in PettingZoo's ``OrderEnforcingWrapper``."""
    return order_enforcing(raw_env(**kwargs))


class raw_env(GameAECEnv):  # noqa: N801 (PettingZoo's naming)
    """Hydra as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "hydra_v0",
                "is_parallelizable": False, "render_fps": 2}

    def __init__(self, scenario: int = 1, stars: int = 1, reward: str | None = None, *,
                 flatten: bool = True, max_steps: int | None = None,
                 render_mode: str | None = None,
                 rule_options: RuleOptions | dict | None = None, components: Any = None,
                 **reward_options: Any) -> None:
        """Arguments as in the module docstring."""
        super().__init__()
        checked = game_arguments(scenario=scenario, stars=stars, max_steps=max_steps,
                                 render_mode=render_mode, rule_options=rule_options,
                                 components=components)
        known = {"loss_penalty", "shaping_scale", "shaping_gamma", "team_weight"}
        unknown = set(reward_options) - known
        if unknown:
            raise ConfigError(f"unknown arguments {sorted(unknown)}; reward options are {sorted(known)}")
        comp, scen = checked.components, checked.scenario
        self.components = comp
        self.scenario, self.stars = scen.number, checked.stars
        self.solo = scen.solo
        self.rule_options = checked.rule_options
        self.flatten = arguments.boolean("flatten", flatten)
        self.max_steps = checked.max_steps
        self.render_mode = checked.render_mode
        self.reward_scheme = make_reward(scen.solo, reward, **reward_options)
        self._enc = encoder_for(comp)
        self._make_agents(scen.players, observation_space(self._enc, self.flatten),
                          self._enc.tables.codec.size)

    def _new_game(self, seed: int) -> Game:
        game = Game.new(self.scenario, self.stars, seed, options=self.rule_options,
                        components=self.components)
        self.reward_scheme.reset(game)
        return game

    def _encode(self, seat: int) -> np.ndarray:
        return self._enc.encode(self.game, seat)

    def _split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        return self._enc.split(flat)

    def _mask(self, seat: int) -> np.ndarray:
        return self._enc.mask(self.game, seat).view(np.int8)

    def _score(self, game: Game) -> tuple[Sequence[float] | None, dict[str, Any] | None]:
        """Solo: the scheme's reward of every step; coordinated: every seat's at the end."""
        scheme, over = self.reward_scheme, game.is_over
        if self.solo:
            rewards: Sequence[float] | None = [scheme.step(game)]
        else:
            rewards = [scheme.terminal(game, seat) for seat in range(len(self.possible_agents))] if over else None
        return rewards, (dict(vars(game.result())) if over else None)

    def _render_image(self) -> Any:
        from hydra_env.games.hydra.envs.image import draw_board
        return draw_board(self.game, None)
