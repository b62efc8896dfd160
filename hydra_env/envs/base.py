"""What the Gymnasium environments share: spaces, masks, illegal actions, rendering.

A subclass says how an episode starts (:meth:`HydraEnv._start`), what runs
between two decisions of the learning seat (:meth:`HydraEnv._advance`) and
the reward (:meth:`HydraEnv._reward`); everything else is here.
"""

from __future__ import annotations

import operator
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from hydra_env.core.game import Game
from hydra_env.core.options import RuleOptions
from hydra_env.core.tables import tables_for
from hydra_env.data import Components, default_components, load_components
from hydra_env.envs.encoding import Encoder, encoder_for
from hydra_env.errors import ConfigError, IllegalActionError

ILLEGAL_MODES = ("raise", "penalty")
RENDER_MODES = ("ansi", "rgb_array")


def observation_space(encoder: Encoder, flatten: bool, candidates: int = 0,
                      action_size: int = 0) -> spaces.Space:
    """The observation space of an encoder: a Dict (board, features) or one flat Box;
    with ``candidates`` K > 0 always a Dict that adds the candidate features
    (:mod:`hydra_env.envs.candidates`): ``cand_feat`` [K, F] and ``cand_index`` [K]."""
    if flatten and not candidates:
        return spaces.Box(0.0, 1.0, (encoder.size,), np.float32)
    if flatten:
        parts = {"obs": spaces.Box(0.0, 1.0, (encoder.size,), np.float32)}
    else:
        parts = {"board": spaces.Box(0.0, 1.0, encoder.board_shape, np.float32),
                 "features": spaces.Box(0.0, 1.0, (encoder.n_features,), np.float32)}
    if candidates:
        from hydra_env.envs.candidates import FEATURE_BOUND, N_FEATURES
        parts["cand_feat"] = spaces.Box(-FEATURE_BOUND, FEATURE_BOUND, (candidates, N_FEATURES),
                                        np.float32)
        parts["cand_index"] = spaces.Box(-1.0, float(action_size - 1), (candidates,), np.float32)
    return spaces.Dict(parts)


def resolve_components(components: Components | str | None) -> Components:
    """The shipped data when None, a loaded folder when a path."""
    if components is None:
        return default_components()
    if isinstance(components, Components):
        return components
    return load_components(components)


def as_action(action: Any) -> int:
    """An int from an int, a numpy integer or a one-element integer array."""
    try:
        return operator.index(action)
    except TypeError:
        arr = np.asarray(action)
        if arr.size == 1 and np.issubdtype(arr.dtype, np.integer):
            return int(arr.reshape(-1)[0])
        raise IllegalActionError(f"action must be an integer index, got {action!r}") from None


class HydraEnv(gym.Env):
    """Base of ``hydra_env/Solo-v0`` and ``hydra_env/Coop-v0`` (see their modules)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(self, *, scenario: int, stars: int = 1, flatten: bool = False,
                 illegal_action: str = "raise", illegal_penalty: float = -1.0,
                 max_steps: int | None = None, render_mode: str | None = None,
                 rule_options: RuleOptions | dict | None = None,
                 components: Components | str | None = None, candidates: int = 0) -> None:
        comp = resolve_components(components)
        scen = comp.scenario(operator.index(scenario))
        if stars not in (1, 2, 3):
            raise ConfigError(f"stars must be 1, 2 or 3, got {stars!r}")
        if illegal_action not in ILLEGAL_MODES:
            raise ConfigError(f"illegal_action must be one of {ILLEGAL_MODES}, got {illegal_action!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(f"render_mode must be None or one of {RENDER_MODES}, got {render_mode!r}")
        if max_steps is not None and operator.index(max_steps) < 1:
            raise ConfigError(f"max_steps must be a positive integer or None, got {max_steps!r}")
        self.components = comp
        self.scenario = scen.number
        self.stars = stars
        self.flatten = bool(flatten)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.rule_options = rule_options if isinstance(rule_options, RuleOptions) \
            else RuleOptions.from_dict(rule_options)
        if operator.index(candidates) < 0:
            raise ConfigError(f"candidates must be 0 (off) or a positive count, got {candidates!r}")
        self.candidates = int(candidates)
        self._enc = encoder_for(comp)
        self._size = tables_for(comp).codec.size
        self.observation_space = observation_space(self._enc, self.flatten, self.candidates,
                                                   self._size)
        self._cand = None
        self.action_space = spaces.Discrete(self._size)
        self.game: Game | None = None
        self.seat = 0
        self._mask = np.zeros(self._size, np.int8)   # int8, the dtype Gymnasium's sample(mask=) takes
        self._done = True
        self._steps = 0

    # ------------------------------------------------------------ hooks
    def _start(self, game_seed: int) -> None:
        """Make ``self.game`` (and set ``self.seat``) for a new episode."""
        raise NotImplementedError

    def _advance(self) -> None:
        """Run until the learning seat decides or the game is over."""

    def _reward(self) -> float:
        """The reward of the last transition."""
        raise NotImplementedError

    def _end_info(self, info: dict[str, Any]) -> None:
        res = self.game.result()
        info["result"] = dict(vars(res))       # as GameResult.to_dict(), without a deep copy
        info["outcome"] = res.outcome

    # ------------------------------------------------------------ API
    def new_game(self, game_seed: int) -> Game:
        """A new game of this env's scenario, stars and options."""
        return Game.new(self.scenario, self.stars, game_seed, options=self.rule_options,
                        components=self.components)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Start a new game; the game's seed is drawn from the env's generator, so the
        same ``seed`` gives the same games (also across processes)."""
        super().reset(seed=seed)
        self._start(int(self.np_random.integers(1 << 63)))
        self._advance()
        self._done = self.game.is_over
        self._steps = 0
        obs = self._observe()
        return obs, {"action_mask": self._mask}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Apply the learning seat's decision (and the opponents' until its next one)."""
        if self.game is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        if self._done:
            raise gym.error.ResetNeeded("the episode is over; call reset() before step()")
        try:
            a = operator.index(action)
        except TypeError:
            a = as_action(action)
        if not (0 <= a < self._size and self._mask[a]):
            return self._illegal(a)
        game = self.game
        game.apply(a)
        self._advance()
        self._steps += 1
        reward = self._reward()
        terminated = game.is_over
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        self._done = terminated or truncated
        obs = self._observe()
        info: dict[str, Any] = {"action_mask": self._mask}
        if terminated:
            self._end_info(info)
        return obs, reward, terminated, truncated, info

    def _illegal(self, a: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self.illegal_action == "raise":
            try:
                self.game.apply(a)          # the engine says what is illegal and why
            except IllegalActionError as exc:
                raise IllegalActionError(
                    f"{exc} [masked out by env.action_masks(); make the env with "
                    f"illegal_action='penalty' to get a penalty and a no-op instead]") from None
            raise AssertionError("the mask and the engine disagree")  # pragma: no cover
        self._steps += 1
        truncated = self.max_steps is not None and self._steps >= self.max_steps
        self._done = truncated
        obs = self._observe()
        info = {"action_mask": self._mask, "illegal_action": True}
        return obs, self.illegal_penalty, False, truncated, info

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
            from hydra_env.envs.candidates import CandidateEncoder
            self._cand = CandidateEncoder(game.rules, self.candidates)
        obs = {"obs": flat} if self.flatten else enc.split(flat)
        obs["cand_feat"], obs["cand_index"] = self._cand.encode(game, seat)
        return obs

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learning seat now (int8[action_size], 1 = legal), the
        method sb3-contrib's MaskablePPO calls. All 0 once the episode is over."""
        return self._mask

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
        from hydra_env.envs.image import draw_board
        return draw_board(self.game, self.seat)

    def close(self) -> None:
        """Nothing to release (no window); safe to call twice."""
