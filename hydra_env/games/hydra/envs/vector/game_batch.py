"""``PythonGameBatch``: N games stepped together, the pure-Python reference of the batch API.

The interface (shared with the native :class:`hydra_env.games.hydra.native.batch.NativeGameBatch`,
whose buffers must be identical, row for row):

* preallocated numpy buffers, the same arrays for the batch's whole life, rows
  rewritten in place: ``obs`` (float32[N, obs_size], :meth:`Encoder.encode` of the
  batch's ``seat``, flat), ``masks`` (int8[N, action_size], the seat's legal set,
  all 0 when it does not decide), ``cand_features`` / ``cand_index`` (the
  :class:`~hydra_env.games.hydra.observe.candidates.CandidateEncoder` rows of the seat, ``K = candidates``),
  ``current_player`` (−1 when over), ``over``, ``won``, ``score`` (the result's score
  once over, else 0) and the reward inputs ``walls``, ``necks`` (Σ head positions),
  ``heads`` (Σ head counters);
* :meth:`start` (a new game in a row, as ``Game.new``), :meth:`apply` (one decision per
  row; an illegal one raises before any row changes), :meth:`refresh` (rewrite the
  buffers after ``game(row)`` was changed directly) and :meth:`game` (the live game).

Rows start empty (``over`` True) until :meth:`start` is called for them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydra.observe.candidates import N_FEATURES, CandidateEncoder
from hydra_env.games.hydra.observe.encoding import encoder_for
from hydra_env.games.hydra.rules import engine as engine_module
from hydra_env.games.hydra.rules.engines import other_engine, pick_engine
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.state import State
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.native.buffers import BatchBuffers


def row_array(rows: Any, num_games: int, name: str = "rows") -> np.ndarray:
    """``rows`` as an int array of row numbers ``0 … num_games−1`` (all rows when None)."""
    if rows is None:
        return np.arange(num_games)
    out = np.asarray(rows)
    if out.ndim != 1 or (out.size and out.dtype.kind not in "iu"):
        raise ConfigError(f"{name} must be a 1-d array of row numbers, got {arguments.show(rows)}")
    if out.size and (out.min() < 0 or out.max() >= num_games):
        raise ConfigError(f"{name} must lie in 0 … {num_games - 1}, got {out.tolist()}")
    return out.astype(np.intp, copy=False)


class PythonGameBatch(BatchBuffers):
    """N games of one rule set, their buffers written for one seat (see the module docstring)."""

    def __init__(self, rules: Rules, num_games: int, *, seat: int = 0, candidates: int = 0,
                 write_obs: bool = True, write_masks: bool = True, engine: str | None = "python") -> None:
        """``rules`` as :meth:`Game.new` builds them; ``seat`` the learning seat whose
        observation, mask and candidates are written; ``candidates`` K (0: none);
        ``engine`` the engine of the games ("python": the reference; None: as ``Game.new``)."""
        if not isinstance(rules, Rules):
            raise ConfigError(f"rules must be a hydra_env.games.hydra.rules.tables.Rules, got {arguments.show(rules)}")
        self.rules = rules
        self.num_games = n = arguments.integer("num_games", num_games, low=1)
        self.seat = arguments.seat("seat", seat, rules.scenario.players)
        self.candidates = arguments.integer("candidates", candidates, low=0, high=rules.codec.size)
        self.write_obs = arguments.boolean("write_obs", write_obs)
        self.write_masks = arguments.boolean("write_masks", write_masks)
        self.encoder = encoder_for(rules.components)
        self.obs_size = self.encoder.size
        self.action_size = rules.codec.size
        k = self.candidates
        self._allocate_buffers(n, self.obs_size, self.action_size, k, N_FEATURES)
        self._cand = CandidateEncoder(rules, k) if k else None
        self._games: list[Game | None] = [None] * n
        self.engine, self._asked = pick_engine(engine)

    # ------------------------------------------------------------ games
    def start(self, row: int, stars: int, seed: int) -> None:
        """A new game in ``row`` (as ``Game.new`` with the batch's rules, on the batch's
        engine), its buffers written."""
        row = arguments.integer("row", row, low=0, high=self.num_games - 1)
        stars = arguments.integer("stars", stars, low=1, high=3)
        seed = arguments.integer("seed", seed, low=0)
        game = None
        if self.engine != "python":
            game = other_engine(self.engine, self._asked, lambda hooks: hooks.start(self.rules, stars, seed))
        if game is None:
            state = State()
            engine_module.start(state, self.rules, stars, seed)
            game = Game(state, self.rules)
        self._games[row] = game
        self._write(np.array([row]))

    def game(self, row: int) -> Game:
        """The live game of ``row`` (changing it changes the row; call :meth:`refresh` after)."""
        row = arguments.integer("row", row, low=0, high=self.num_games - 1)
        game = self._games[row]
        if game is None:
            raise ConfigError(f"row {row} holds no game yet; call start({row}, stars, seed) first")
        return game

    def apply(self, actions: Any, rows: Any = None) -> None:
        """``actions[j]`` applied to the game of ``rows[j]`` (every row in order when None),
        then the buffers of those rows rewritten. An illegal action raises
        IllegalActionError naming the row and the action, before any row is changed."""
        rows = row_array(rows, self.num_games)
        acts = np.asarray(actions)
        if acts.shape != rows.shape or (acts.size and acts.dtype.kind not in "iu"):
            raise IllegalActionError(f"apply() takes one integer action per row ({len(rows)}), got "
                                     f"{arguments.show(actions)}")
        games = self._games
        size = self.action_size
        todo = []
        for r, a in zip(rows.tolist(), acts.tolist()):
            game = games[r]
            if game is None:
                raise IllegalActionError(f"game row {r} holds no game; start it before apply()")
            if not (0 <= a < size and (game.legal_mask_int() >> a) & 1):
                try:
                    game.apply(a)                   # the engine's message, the game unchanged
                except IllegalActionError as exc:
                    raise IllegalActionError(f"game row {r}: {exc}") from None
                raise AssertionError("the legal mask and the engine disagree")  # pragma: no cover
            todo.append((game, a))
        for game, a in todo:
            game.apply(a)
        self._write(rows)

    def refresh(self, rows: Any = None) -> None:
        """Rewrite the buffers of ``rows`` (all when None) from their games."""
        self._write(row_array(rows, self.num_games))

    # ------------------------------------------------------------ buffers
    def _write(self, rows: np.ndarray) -> None:
        seat, enc, size = self.seat, self.encoder, self.obs_size
        ones_all, vidx_all, vval_all = [], [], []
        for r in rows.tolist():
            game = self._games[r]
            if game is None:
                continue
            state = game.state
            player = game.current_player
            over = player < 0
            self.current_player[r] = player
            self.over[r] = over
            if over:
                res = game.result()
                self.won[r] = res.outcome == "won"
                self.score[r] = res.score if res.score is not None else 0.0   # a loss has no score
            else:
                self.won[r] = False
                self.score[r] = 0.0
            self.walls[r] = state.walls
            self.necks[r] = sum(state.head_position)
            self.heads[r] = sum(state.head_count)
            if self.write_masks:
                if player == seat:
                    self.masks[r] = game.legal_mask().view(np.int8)
                else:
                    self.masks[r] = 0
            if self._cand is not None:
                self.cand_features[r], self.cand_index[r] = self._cand.encode(game, seat)
            if self.write_obs:
                ones, vidx, vval = enc.fill(self.obs[r], state, self.rules, seat)
                ones_all.append(np.asarray(ones, np.intp) + r * size)
                vidx_all.append(np.asarray(vidx, np.intp) + r * size)
                vval_all.append(np.asarray(vval, np.float32))
        if ones_all:
            flat = self.obs.reshape(-1)
            flat[np.concatenate(ones_all)] = 1.0
            flat[np.concatenate(vidx_all)] = np.concatenate(vval_all)
