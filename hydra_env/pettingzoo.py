"""PettingZoo AEC environment of Hydra: every seat is an agent.

::

    from hydra_env.pettingzoo import env as hydra_aec
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
    laid out in :mod:`hydra_env.envs.encoding`; with ``flatten=False``,
    ``observation`` is ``Dict(board=(29, 11, 9), features=(1096,))``. The mask
    is the engine's legal set for the agent that decides, all zeros for the
    others (PettingZoo classic's convention).

Actions
    ``Discrete(1826)``, the engine's flat layout (:mod:`hydra_env.core.codec`).
    A masked-out action raises :class:`hydra_env.IllegalActionError` with the
    engine's reason; wrap with ``pettingzoo.utils.wrappers.TerminateIllegalWrapper``
    to end the game with a penalty instead.

Rewards (:mod:`hydra_env.envs.rewards`)
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

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hydra_env import arguments
from hydra_env.core.game import Game
from hydra_env.core.options import RuleOptions
from hydra_env.envs.base import RENDER_MODES, as_action, game_arguments, observation_space, reset_seed
from hydra_env.envs.encoding import encoder_for
from hydra_env.envs.rewards import make_reward
from hydra_env.errors import ConfigError

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment wrapped in PettingZoo's ``OrderEnforcingWrapper``."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's naming)
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
        size = self._size = self._enc.tables.codec.size
        self.possible_agents = [f"seat_{i}" for i in range(scen.players)]
        obs = observation_space(self._enc, self.flatten)
        self.observation_spaces = {a: spaces.Dict({
            "observation": obs, "action_mask": spaces.Box(0, 1, (size,), np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._rng: np.random.Generator | None = None
        self.game: Game | None = None
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
        flat = self._enc.encode(self.game, seat)
        mask = self._enc.mask(self.game, seat).view(np.int8)
        return {"observation": flat if self.flatten else self._enc.split(flat),
                "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game (its seed drawn from the env's generator)."""
        seed = reset_seed(seed, options)
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self.game = Game.new(self.scenario, self.stars, int(self._rng.integers(1 << 63)),
                             options=self.rule_options, components=self.components)
        self.reward_scheme.reset(self.game)
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
        scheme = self.reward_scheme
        if self.solo:
            self.rewards[self.possible_agents[0]] = scheme.step(game)
        elif game.is_over:
            for a in self.agents:
                self.rewards[a] = scheme.terminal(game, self._seat[a])
        if game.is_over:
            result = dict(vars(game.result()))
            self.terminations = {a: True for a in self.agents}
            self.infos = {a: {"result": result} for a in self.agents}
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        self._accumulate_rewards()

    def render(self) -> Any:
        """``"ansi"``: the text board; ``"rgb_array"``: an image (public information)."""
        if self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return self.game.render()
        from hydra_env.envs.image import draw_board
        return draw_board(self.game, None)

    def close(self) -> None:
        """Nothing to release."""
