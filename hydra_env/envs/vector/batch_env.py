"""``BatchVectorEnv``: what every vector env over game batches shares, for any game.

A vector env of ``num_envs`` rows runs game batches (one per seat a row may learn on;
each row lives in the batch of its seat this episode) and behaves exactly like
``num_envs`` single envs in Gymnasium's ``SyncVectorEnv`` with the same
``autoreset_mode`` (tested observation for observation):

* ``reset(seed=s)`` seeds row ``i`` with ``s + i`` (a list: one seed per row; None: fresh
  random seeds), as ``SyncVectorEnv`` seeds its envs; each row then draws its games'
  seeds (and its seat and bots) from its own generator, as the single env does;
* ``autoreset_mode``: ``"NextStep"`` (default, Gymnasium's default: the step after an
  episode's end resets that row, ignores its action and returns reward 0) or
  ``"SameStep"`` (the row is reset in the step that ends it; ``info["final_obs"]`` and
  ``info["final_info"]`` hold the last observation and info, what SB3 wants);
  ``metadata["autoreset_mode"]`` says which;
* masks: ``info["action_mask"]`` (int8[N, action_size]) and :meth:`action_masks`;
  illegal actions raise, or with ``illegal_action="penalty"`` are per-row no-ops.

A subclass builds the template single env and the batches, then says how a row's
episode starts (:meth:`_start_row`), what runs after the learning seat's decisions
(:meth:`_advance`), the rewards (:meth:`_rewards`) and the end infos (:meth:`_end_info`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from hydra_env import arguments
from hydra_env.envs.single_agent import reset_seed
from hydra_env.errors import ConfigError, IllegalActionError

AUTORESET_MODES = (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)


def autoreset_argument(mode: Any) -> AutoresetMode:
    """``autoreset_mode``: an :class:`AutoresetMode` or its value ("NextStep", "SameStep")."""
    try:
        mode = mode if isinstance(mode, AutoresetMode) else AutoresetMode(mode)
    except ValueError:
        mode = None
    if mode not in AUTORESET_MODES:
        raise ConfigError(f"autoreset_mode must be 'NextStep' or 'SameStep' (gymnasium.vector."
                          f"AutoresetMode), got {arguments.show(mode)}")
    return mode


class BatchVectorEnv(VectorEnv):
    """Rows of one game in game batches, one learning seat per row (see the module docstring)."""

    def __init__(self, template: Any, num_envs: int, *, seats: Sequence[int], batches: Sequence[Any],
                 autoreset_mode: Any = AutoresetMode.NEXT_STEP, copy: bool = True) -> None:
        """``template``: the single env the rows copy (its spaces, ``illegal_action``,
        ``illegal_penalty``, ``max_steps``, ``render_mode``); ``batches[j]`` the batch of the
        rows learning on ``seats[j]``, each of ``num_envs`` rows."""
        self.template = env = template
        self.num_envs = n = arguments.integer("num_envs", num_envs, low=1)
        self.autoreset_mode = autoreset_argument(autoreset_mode)
        self.copy = arguments.boolean("copy", copy)
        self.metadata = {**env.metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = env.render_mode
        self.single_observation_space = env.observation_space
        self.single_action_space = env.action_space
        self.observation_space = batch_space(env.observation_space, n)
        self.action_space = batch_space(env.action_space, n)
        self.size = env.action_space.n
        self.batch_seats = list(seats)
        self.batches = list(batches)
        self.row_batch = np.zeros(n, np.intp)
        self.row_seat = np.full(n, self.batch_seats[0], np.intp)
        self._rngs: list[np.random.Generator | None] = [None] * n
        self._steps = np.zeros(n, np.int64)
        self._started = False
        self._autoreset = np.zeros(n, bool)

    # ------------------------------------------------------------ hooks
    def _start_row(self, row: int, rng: np.random.Generator) -> None:
        """Start a new episode in ``row`` (draws from ``rng`` as the single env's reset)."""
        raise NotImplementedError

    def _advance(self, rows: np.ndarray) -> None:
        """Run the other seats of ``rows`` until their learning seat decides or the game ends."""

    def _rewards(self, rows: np.ndarray) -> np.ndarray:
        """The rewards (float64) of the transitions that just happened in ``rows``."""
        raise NotImplementedError

    def _end_info(self, row: int, info: dict[str, Any]) -> None:
        """Add the end-of-episode infos of ``row`` (its game is over) to ``info``."""

    def _ended_by_limit(self, rows: np.ndarray) -> np.ndarray:
        """Which of ``rows`` (games just over) ended by the game's own limit, reported as
        truncated (:func:`hydra_env.envs.game_env.ended_by_limit`); none by default."""
        return np.zeros(len(rows), bool)

    # ------------------------------------------------------------ rows and buffers
    def game(self, row: int) -> Any:
        """The live game of env ``row``."""
        return self.batches[self.row_batch[row]].game(row)

    def _gather(self, name: str) -> np.ndarray:
        """Buffer ``name`` of every row from the batch it lives in (a view with one batch)."""
        if len(self.batches) == 1:
            return getattr(self.batches[0], name)
        out = np.empty_like(getattr(self.batches[0], name))
        for j, batch in enumerate(self.batches):
            sel = self.row_batch == j
            out[sel] = getattr(batch, name)[sel]
        return out

    def _apply(self, actions: np.ndarray, rows: np.ndarray) -> None:
        if len(self.batches) == 1:
            self.batches[0].apply(actions, rows)
            return
        where = self.row_batch[rows]
        for j, batch in enumerate(self.batches):
            sel = where == j
            if sel.any():
                batch.apply(actions[sel], rows[sel])

    def _pack(self, flat: np.ndarray) -> Any:
        """An observation (of one row or of all) in the single env's layout."""
        return flat

    def _observations(self) -> Any:
        """The observations of every row (copies unless ``copy=False`` with one batch)."""
        obs = self._gather("obs")
        return self._pack(obs.copy() if self.copy and len(self.batches) == 1 else obs)

    def _row_obs(self, row: int) -> Any:
        """The observation of one row (a copy)."""
        return self._pack(self.batches[self.row_batch[row]].obs[row].copy())

    def action_masks(self) -> np.ndarray:
        """The legal actions of every row's learning seat (int8[num_envs, action_size], a copy)."""
        return self._gather("masks").copy()

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """As ``SyncVectorEnv.call``: ``call("action_masks")`` gives one mask per env; another
        name: this env's attribute (called with the arguments when callable), once per env."""
        if name == "action_masks":
            return tuple(self.action_masks())
        value = getattr(self, name)
        if callable(value):
            value = value(*args, **kwargs)
        return tuple(value for _ in range(self.num_envs))

    # ------------------------------------------------------------ reset
    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Start a new episode in every row (or the rows of ``options["reset_mask"]``);
        seeds as ``SyncVectorEnv``: an int ``s`` gives row ``i`` the seed ``s + i``."""
        n = self.num_envs
        if seed is None:
            seeds: list[Any] = [None] * n
        elif isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ConfigError(f"reset(seed=[...]) needs one seed per env ({n}), got {len(seeds)}")
        options = dict(options) if options else {}
        mask = options.pop("reset_mask", None)
        rows = np.arange(n) if mask is None else np.flatnonzero(np.asarray(mask, bool))
        for r in rows.tolist():
            s = reset_seed(seeds[r], options or None)
            if s is not None:
                self._rngs[r] = seeding.np_random(s)[0]
            elif self._rngs[r] is None:
                self._rngs[r] = seeding.np_random()[0]
        self._reset_rows(rows)
        self._autoreset[rows] = False
        self._started = True
        masks = self.action_masks()
        infos: dict[str, Any] = {}
        if mask is None:
            infos = {"action_mask": masks, "_action_mask": np.ones(n, bool)}
        else:
            for r in rows.tolist():
                infos = self._add_info(infos, {"action_mask": masks[r]}, r)
        return self._observations(), infos

    def _reset_rows(self, rows: np.ndarray) -> None:
        for r in rows.tolist():
            self._start_row(r, self._rngs[r])
        self._advance(rows)
        self._steps[rows] = 0

    # ------------------------------------------------------------ step
    def _actions(self, actions: Any) -> np.ndarray:
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or acts.dtype.kind not in "iu":
            raise IllegalActionError(f"step() takes one integer action per env, an array of shape "
                                     f"({self.num_envs},), got {arguments.show(actions)}")
        bad = (acts < 0) | (acts >= self.size)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise IllegalActionError(f"env {i}: action {int(acts[i])} is no index of the action "
                                     f"space (0 … {self.size - 1})")
        return acts.astype(np.int64, copy=False)

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One decision per row's learning seat (and the other seats until its next one)."""
        obs, rewards, terminated, truncated, ends, final_obs = self.step_rows(actions)
        infos: dict[str, Any] = {}
        for r, info in ends.items():
            if r in final_obs:
                infos = self._add_info(infos, {"final_obs": final_obs[r], "final_info": info}, r)
            else:
                infos = self._add_info(infos, info, r)
        infos["action_mask"], infos["_action_mask"] = self.action_masks(), np.ones(self.num_envs, bool)
        return obs, rewards, terminated, truncated, infos

    def step_rows(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray,
                                               dict[int, dict[str, Any]], dict[int, Any]]:
        """:meth:`step` with the infos per row: ``(obs, rewards, terminated, truncated, ends,
        final_obs)``; ``ends`` maps each row whose single-env info has more than its mask
        (an ended episode, an illegal action) to that info, ``final_obs`` (``SameStep``) each
        row reset in this step to its last observation. (What the SB3 adapter reads.)"""
        if not self._started:
            raise gym.error.ResetNeeded("call reset() before step()")
        n, env = self.num_envs, self.template
        acts = self._actions(actions)
        rewards = np.zeros(n, np.float64)
        terminated = np.zeros(n, bool)
        truncated = np.zeros(n, bool)
        game_over = np.zeros(n, bool)            # ended by the game's own limit (truncated)
        restart = self._autoreset
        active = ~restart
        legal = np.zeros(n, bool)
        masks = self._gather("masks")
        legal[active] = masks[np.flatnonzero(active), acts[active]] != 0
        illegal = active & ~legal
        if illegal.any():
            self._illegal(acts, illegal)
        rows = np.flatnonzero(legal)
        if rows.size:
            self._apply(acts[rows], rows)
            self._advance(rows)
        stepped = np.flatnonzero(active)
        self._steps[stepped] += 1
        if rows.size:
            rewards[rows] = self._rewards(rows)
            terminated[rows] = self._gather("over")[rows]
            over_rows = rows[terminated[rows]]
            limit = over_rows[self._ended_by_limit(over_rows)] if over_rows.size else over_rows
            terminated[limit] = False
            truncated[limit] = True
            game_over[limit] = True
        rewards[illegal] = env.illegal_penalty
        if env.max_steps is not None:
            truncated[stepped] |= ~terminated[stepped] & (self._steps[stepped] >= env.max_steps)
        done = terminated | truncated
        if restart.any():                                       # NextStep: reset, action ignored
            self._reset_rows(np.flatnonzero(restart))
        ends: dict[int, dict[str, Any]] = {}
        final_obs: dict[int, Any] = {}
        special = np.flatnonzero(done | illegal)
        if special.size:
            masks = self._gather("masks")
            same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
            for r in special.tolist():
                info: dict[str, Any] = {"action_mask": masks[r].copy()}
                if illegal[r]:
                    info["illegal_action"] = True
                if terminated[r] or game_over[r]:
                    self._end_info(r, info)
                ends[r] = info
                if same_step and done[r]:
                    final_obs[r] = self._row_obs(r)
            if final_obs:
                self._reset_rows(np.array(sorted(final_obs)))
        self._autoreset = done if self.autoreset_mode == AutoresetMode.NEXT_STEP else np.zeros(n, bool)
        return self._observations(), rewards, terminated, truncated, ends, final_obs

    def _illegal(self, acts: np.ndarray, illegal: np.ndarray) -> None:
        """``illegal_action="raise"``: the engine's message of the first illegal row."""
        if self.template.illegal_action != "raise":
            return
        i = int(np.flatnonzero(illegal)[0])
        batch = self.batches[self.row_batch[i]]
        try:
            batch.apply(acts[i:i + 1], np.array([i]))     # the engine's message, nothing changed
        except IllegalActionError as exc:
            raise IllegalActionError(
                f"env {i}: {exc} [masked out by action_masks(); make the env with "
                f"illegal_action='penalty' to get a penalty and a no-op instead]") from None
        raise AssertionError("the mask and the engine disagree")  # pragma: no cover


    # ------------------------------------------------------------ misc
    def render(self) -> tuple[Any, ...] | None:
        """The frames of every row (as the single env's ``render()``: text with ``"ansi"``)."""
        if self.render_mode is None:
            modes = " or ".join(repr(m) for m in self.metadata.get("render_modes", ["ansi"]))
            gym.logger.warn(f"render() called without a render_mode; make the env with render_mode={modes}")
            return None
        if not self._started:
            raise gym.error.ResetNeeded("call reset() before render()")
        return tuple(self._render_row(r) for r in range(self.num_envs))

    def _render_row(self, row: int) -> Any:
        return self.game(row).render(int(self.row_seat[row]))
