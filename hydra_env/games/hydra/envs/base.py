"""What Hydra's two Gymnasium environments share: arguments, spaces, observations, rendering.

:class:`HydraEnv` is the generic one-seat env (:class:`hydra_env.envs.game_env.GameEnv`:
reset, step, masks, illegal actions, truncation) with Hydra's own arguments and encodings.
A subclass says how an episode starts (:meth:`HydraEnv._start`), what runs between two
decisions of the learning seat (:meth:`HydraEnv._advance`) and the reward
(:meth:`HydraEnv._reward`).
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from hydra_env import arguments
from hydra_env.api import game_spec
from hydra_env.envs.game_env import GameEnv
from hydra_env.envs.single_agent import (
    ILLEGAL_MODES,
    as_action,
    box_observation_space,
    max_steps_argument,
    raise_masked_out,
    reset_seed,
)
from hydra_env.games.hydra.data import Components, Scenario, default_components, load_components
from hydra_env.games.hydra.observe.encoding import Encoder, encoder_for
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.options import RuleOptions
from hydra_env.games.hydra.rules.tables import tables_for

RENDER_MODES = ("ansi", "rgb_array")
__all__ = ["ILLEGAL_MODES", "RENDER_MODES", "GameArguments", "HydraEnv", "as_action", "game_arguments",
           "max_steps_argument", "observation_space", "reset_seed", "resolve_components"]


def observation_space(encoder: Encoder, flatten: bool, candidates: int = 0,
                      action_size: int = 0) -> spaces.Space:
    """The observation space of an encoder: a Dict (board, features) or one flat Box;
    with ``candidates`` K > 0 always a Dict that adds the candidate features
    (:mod:`hydra_env.games.hydra.observe.candidates`): ``cand_feat`` [K, F] and ``cand_index`` [K]."""
    width, bound = 0, 0.0
    if candidates:
        from hydra_env.games.hydra.observe.candidates import FEATURE_BOUND, N_FEATURES
        width, bound = N_FEATURES, FEATURE_BOUND
    parts = {"board": encoder.board_shape, "features": (encoder.n_features,)}
    return box_observation_space(parts, encoder.size, flatten, candidates, action_size, width, bound)


def resolve_components(components: Components | str | os.PathLike | None) -> Components:
    """The shipped data when None, a loaded folder when a path (ConfigError otherwise)."""
    if components is None:
        return default_components()
    if isinstance(components, Components):
        return components
    return load_components(arguments.path_like(
        "components", components,
        fix="pass a hydra_env.games.hydra.data.Components, the path of a folder of data files, or None for "
            "the shipped data"))


class GameArguments(NamedTuple):
    """The arguments that the Hydra envs (Gymnasium and PettingZoo) share, checked."""

    components: Components
    scenario: Scenario
    stars: int
    max_steps: int | None
    render_mode: str | None
    rule_options: RuleOptions


def game_arguments(*, scenario: Any, stars: Any, max_steps: Any, render_mode: Any,
                   rule_options: Any, components: Any) -> GameArguments:
    """Check the shared arguments the same way for every env (:mod:`hydra_env.arguments`):
    integers may be numpy integers and are stored as ``int``; bools, floats, strings and
    out-of-range values raise ConfigError naming the argument."""
    comp = resolve_components(components)
    number = arguments.integer("scenario", scenario, low=1,
                               fix="pass a scenario number such as 10 (solo) or 1 (coordinated)")
    scen = comp.scenario(number)
    stars = arguments.integer("stars", stars, low=1, high=3)
    if render_mode is not None:
        render_mode = arguments.choice("render_mode", render_mode, RENDER_MODES,
                                       fix=f"pass None or one of {', '.join(RENDER_MODES)}")
    if not isinstance(rule_options, RuleOptions):
        rule_options = RuleOptions.from_dict(arguments.mapping(
            "rule_options", rule_options,
            fix="pass a hydra_env.RuleOptions, a dict such as {'solo_regrow_heads': True} or None"))
    return GameArguments(comp, scen, stars, max_steps_argument(max_steps), render_mode,
                         rule_options)


class HydraEnv(GameEnv):
    """Base of ``hydra_env/Solo-v0`` and ``hydra_env/Coop-v0`` (see their modules): the generic
    one-seat env (:class:`hydra_env.envs.game_env.GameEnv`: reset, step, masks, illegal actions,
    truncation) with Hydra's arguments, observation (encoder and candidates), rewards at every
    step, and board pictures."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(self, *, scenario: int, stars: int = 1, flatten: bool = False,
                 illegal_action: str = "raise", illegal_penalty: float = -1.0,
                 max_steps: int | None = None, render_mode: str | None = None,
                 rule_options: RuleOptions | dict | None = None,
                 components: Components | str | None = None, candidates: int = 0) -> None:
        checked = game_arguments(scenario=scenario, stars=stars, max_steps=max_steps,
                                 render_mode=render_mode, rule_options=rule_options,
                                 components=components)
        comp = checked.components
        self.game_spec = game_spec("hydra")
        self.components = comp
        self.scenario = checked.scenario.number
        self.stars = checked.stars
        self.params = {"scenario": self.scenario, "stars": self.stars}
        self.flatten = arguments.boolean("flatten", flatten)
        self.illegal_action = arguments.choice("illegal_action", illegal_action, ILLEGAL_MODES)
        self.illegal_penalty = arguments.number("illegal_penalty", illegal_penalty)
        self.max_steps = checked.max_steps
        self.render_mode = checked.render_mode
        self.rule_options = checked.rule_options
        self._size = tables_for(comp).codec.size
        self.candidates = arguments.integer(
            "candidates", candidates, low=0, high=self._size,
            fix=f"pass 0 (off) or a count of candidate actions from 1 to {self._size}")
        self._enc = encoder_for(comp)
        self._cand = None
        self.num_players = checked.scenario.players
        self.seat_argument = 0
        self.opponents: list[Any] = []
        self.bot_factory = None
        self._set_spaces(observation_space(self._enc, self.flatten, self.candidates, self._size), self._size)
        self.game: Game | None = None

    # ------------------------------------------------------------ hooks
    def _start(self, game_seed: int) -> None:
        """Make ``self.game`` (and set ``self.seat``) for a new episode."""
        raise NotImplementedError

    def _start_episode(self, rng: np.random.Generator) -> None:
        """The game's seed first, then what :meth:`_start` draws (the seat and bots)."""
        self._start(int(rng.integers(1 << 63)))

    def _advance(self) -> None:
        """Run until the learning seat decides or the game is over."""

    def _reward(self) -> float:
        """The reward of the last transition."""
        raise NotImplementedError

    def _transition_reward(self, game: Any, terminated: bool) -> tuple[float, dict[str, Any] | None]:
        """A reward at every step (:meth:`_reward`); the end infos (:meth:`_end_info`) once over."""
        reward = self._reward()
        if not terminated:
            return reward, None
        info: dict[str, Any] = {}
        self._end_info(info)
        return reward, info

    def _end_info(self, info: dict[str, Any]) -> None:
        res = self.game.result()
        info["result"] = dict(vars(res))       # as GameResult.to_dict(), without a deep copy
        info["outcome"] = res.outcome

    def _refuse(self, index: int) -> None:
        raise_masked_out(self.game, index, "masked out by env.action_masks(); make the env with "
                                           "illegal_action='penalty' to get a penalty and a no-op instead")

    # ------------------------------------------------------------ API
    def new_game(self, game_seed: int) -> Game:
        """A new game of this env's scenario, stars and options."""
        return Game.new(self.scenario, self.stars, game_seed, options=self.rule_options,
                        components=self.components)

    def _observe(self) -> Any:
        """Encode the learning seat's observation and refresh its mask."""
        game, seat, enc = self.game, self.seat, self._enc
        # The mask as Encoder.mask: the engine's legal set when this seat decides.
        self._mask = game.legal_mask().view(np.int8) if game.current_player == seat \
            else np.zeros(self._size, np.int8)
        flat = enc.encode(game, seat)
        if not self.candidates:
            return flat if self.flatten else enc.split(flat)
        if self._cand is None or self._cand.rules is not game.rules:
            from hydra_env.games.hydra.observe.candidates import CandidateEncoder
            self._cand = CandidateEncoder(game.rules, self.candidates)
        obs = {"obs": flat} if self.flatten else enc.split(flat)
        obs["cand_feat"], obs["cand_index"] = self._cand.encode(game, seat)
        return obs

    def render(self) -> Any:
        """``"ansi"``: the text board (with the seat's hand); ``"rgb_array"``: an image."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; make the env with "
                            "render_mode='ansi' or 'rgb_array'")
            return None
        if self.game is None:
            raise gym.error.ResetNeeded("call reset() before render()")
        if self.render_mode == "ansi":
            return self.game.render(self.seat)
        from hydra_env.games.hydra.envs.image import draw_board
        return draw_board(self.game, self.seat)
