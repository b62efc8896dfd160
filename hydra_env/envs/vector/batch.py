"""N games of any registered game stepped together: the generic batch API.

One contract, two implementations with identical buffers, row for row:

* :class:`NativeBatch`: the game's native ``Batch`` (the C++ template of
  ``hydra_env/native/src/common/batch.hpp``, EnvPool-style, from ``spec.native_batch``);
* :class:`PythonBatch`: the reference, the same buffers filled from the game's Python
  facade and its observer (any game, native twin or not).

Buffers (numpy arrays allocated once, rows rewritten in place): ``obs``
(float32[N, obs_size], the observer's vector of the written seat), ``masks``
(int8[N, action_size], that seat's legal actions, all 0 when it does not decide),
``current_player`` (int32[N], −1 once over or before the row starts), ``over`` (bool[N])
and ``returns`` (float64[N, players], ``spec.game_returns``). The written seat is
``seat`` (fixed), or with ``seat=-1`` the deciding seat of each row (self-play).
Methods: :meth:`start` (a new game from a seed, as ``spec.make(seed=...)``),
:meth:`apply` (one decision per row; an illegal one raises before any row changes),
:meth:`sample_legal` (a uniformly random legal action per row), :meth:`refresh`,
and :meth:`game` (the row's game as a Python facade).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.api.engines import default_engine
from hydra_env.api.registry import parse_game_string
from hydra_env.api.spec import GameSpec, load_reference
from hydra_env.envs.observers import observer_for
from hydra_env.errors import ConfigError, IllegalActionError


def row_array(rows: Any, num_games: int, name: str = "rows") -> np.ndarray:
    """``rows`` as an int64 array of row numbers ``0 … num_games−1`` (all rows when None)."""
    if rows is None:
        return np.arange(num_games, dtype=np.int64)
    out = np.asarray(rows)
    if out.ndim != 1 or (out.size and out.dtype.kind not in "iu"):
        raise ConfigError(f"{name} must be a 1-d array of row numbers, got {arguments.show(rows)}")
    if out.size and (out.min() < 0 or out.max() >= num_games):
        raise ConfigError(f"{name} must lie in 0 … {num_games - 1}, got {out.tolist()}")
    return out.astype(np.int64, copy=False)


class GameBatch:
    """What both batches share: the arguments, the buffers and the checks."""

    engine = "python"

    def __init__(self, game: str | GameSpec, num_games: int, *, seat: int = -1, write_obs: bool = True,
                 write_masks: bool = True, write_returns: bool = True, **params: Any) -> None:
        """``game`` a registered name or game string; ``params`` its parameters; ``write_obs`` /
        ``write_masks`` False leave those buffers empty (0 columns) and unwritten; ``write_returns``
        False leaves ``returns`` unspecified (no end result is computed in Python for it: read a
        finished row's result from :meth:`game`)."""
        if isinstance(game, GameSpec):
            spec, from_string = game, {}
        else:
            spec, from_string = parse_game_string(game)
        self.spec, self.params = spec, spec.check_params({**from_string, **params})
        self.num_players = int(spec.players(self.params))
        self.num_games = n = arguments.integer("num_games", num_games, low=1)
        self.seat = arguments.integer("seat", seat, low=-1, high=self.num_players - 1)
        self.observer, self.action_size, _ = observer_for(spec, self.params)
        self.obs_size = int(self.observer.size)
        self.write_obs = bool(arguments.boolean("write_obs", write_obs))
        self.write_masks = bool(arguments.boolean("write_masks", write_masks))
        self.write_returns = bool(arguments.boolean("write_returns", write_returns))
        self.obs = np.zeros((n, self.obs_size if self.write_obs else 0), np.float32)
        self.masks = np.zeros((n, self.action_size if self.write_masks else 0), np.int8)
        self.current_player = np.full(n, -1, np.int32)
        self.over = np.ones(n, bool)
        self.returns = np.zeros((n, self.num_players), np.float64)

    def _row(self, row: Any) -> int:
        return arguments.integer("row", row, low=0, high=self.num_games - 1)

    def _actions(self, actions: Any, rows: np.ndarray) -> np.ndarray:
        acts = np.asarray(actions)
        if acts.shape != rows.shape or (acts.size and acts.dtype.kind not in "iu"):
            raise IllegalActionError(f"apply() takes one integer action per row ({len(rows)}), got "
                                     f"{arguments.show(actions)}")
        if len(set(rows.tolist())) != len(rows):
            raise ConfigError("apply(): a row appears twice in rows")
        return acts.astype(np.int64, copy=False)

    def _refuse(self, row: int, action: int) -> None:
        """Raise the engine's reason why ``action`` is illegal in ``row`` (nothing changed)."""
        game = self.game(row) if not self.over[row] or self.current_player[row] >= 0 else None
        if game is None:
            raise IllegalActionError(f"game row {row} holds no game to decide in (start it, or it is over)")
        try:
            game.apply(int(action))
        except IllegalActionError as exc:
            raise IllegalActionError(f"game row {row}: {exc}") from None
        raise IllegalActionError(f"game row {row}: action {action} is not legal")  # pragma: no cover

    def sample_legal(self, u: Any) -> np.ndarray:
        """A uniformly random legal action of each row's deciding seat (−1 where none):
        the ``floor(u[row] · count)``-th legal action in increasing order."""
        u = np.asarray(u, np.float64)
        if u.shape != (self.num_games,):
            raise ConfigError(f"sample_legal() takes one number in [0, 1) per row ({self.num_games})")
        out = np.full(self.num_games, -1, np.int64)
        self._sample(u, out)
        return out


class PythonBatch(GameBatch):
    """The reference batch: games of the Python engine (see the module docstring)."""

    def __init__(self, game: str | GameSpec, num_games: int, *, seat: int = -1, engine: str = "python",
                 **kwargs: Any) -> None:
        """As :class:`GameBatch`; ``engine`` the engine of the games (the Python one by default)."""
        super().__init__(game, num_games, seat=seat, **kwargs)
        self.engine = engine
        self._games: list[Any] = [None] * self.num_games

    def _write(self, row: int) -> None:
        game = self._games[row]
        cur = -1 if game is None else int(game.current_player)
        writer = self.seat if self.seat >= 0 else cur
        self.current_player[row] = cur
        self.over[row] = cur < 0
        if self.write_returns:
            self.returns[row] = self.spec.game_returns(game) if game is not None else 0.0
        if self.write_masks:
            self.masks[row] = 0
            if cur >= 0 and cur == writer:
                self.masks[row] = np.asarray(game.legal_mask(), dtype=np.int8)
        if not self.write_obs:
            pass
        elif game is not None and writer >= 0:
            self.observer.encode(game, writer, self.obs[row])
        else:
            self.obs[row] = 0.0

    def start(self, row: int, seed: int) -> None:
        """A new game in ``row``, dealt as ``spec.make(seed=seed, **params)``."""
        row = self._row(row)
        seed = arguments.integer("seed", seed, low=0, high=(1 << 64) - 1)
        self._games[row] = self.spec.make(seed=seed, engine=self.engine, **self.params)
        self._write(row)

    def game(self, row: int) -> Any:
        """The live game of ``row`` (change it, then :meth:`refresh`)."""
        row = self._row(row)
        if self._games[row] is None:
            raise ConfigError(f"row {row} holds no game yet; call start({row}, seed) first")
        return self._games[row]

    def apply(self, actions: Any, rows: Any = None) -> None:
        """``actions[j]`` in the game of ``rows[j]`` (every row when None), buffers rewritten;
        an illegal action raises IllegalActionError naming the row before any row changes."""
        rows = row_array(rows, self.num_games)
        acts = self._actions(actions, rows)
        for r, a in zip(rows.tolist(), acts.tolist()):
            game = self._games[r]
            if game is None or game.current_player < 0 or not (0 <= a < self.action_size) \
                    or not game.is_legal(a):
                self._refuse(r, a)
        for r, a in zip(rows.tolist(), acts.tolist()):
            self._games[r].apply(a)
            self._write(r)

    def _sample(self, u: np.ndarray, out: np.ndarray) -> None:
        for r, game in enumerate(self._games):
            if game is not None and game.current_player >= 0:
                legal = sorted(game.legal_actions())
                if legal:
                    out[r] = legal[min(len(legal) - 1, int(u[r] * len(legal)))]

    def refresh(self, rows: Any = None) -> None:
        """Rewrite the buffers of ``rows`` (all when None) after their games were changed."""
        for r in row_array(rows, self.num_games).tolist():
            self._write(r)


class NativeBatch(GameBatch):
    """The game's native batch (see the module docstring); ``spec.native_batch`` builds it."""

    engine = "native"

    def __init__(self, game: str | GameSpec, num_games: int, *, seat: int = -1, **kwargs: Any) -> None:
        """As :class:`GameBatch`; ConfigError when the game has no native batch."""
        super().__init__(game, num_games, seat=seat, **kwargs)
        factory = self.spec.native_batch
        if factory is None:
            raise ConfigError(f"game {self.spec.name!r} has no native batch; use PythonBatch")
        if isinstance(factory, str):
            factory = load_reference(factory, f"the native batch of {self.spec.name!r}")
        batch_class, prototype, self._wrap = factory(dict(self.params))
        self._native = batch_class(prototype, self.num_games, self.seat, self.obs, self.masks,
                                   self.current_player, self.over, self.returns)
        self._python_returns = self.write_returns and not batch_class.writes_returns
        self._started = np.zeros(self.num_games, bool)

    def start(self, row: int, seed: int) -> None:
        """A new game in ``row``, dealt as ``spec.make(seed=seed, **params)``."""
        row = self._row(row)
        self._native.start(row, arguments.integer("seed", seed, low=0, high=(1 << 64) - 1))
        self._started[row] = True
        if self._python_returns and self.over[row]:
            self.returns[row] = self.spec.game_returns(self.game(row))

    def game(self, row: int) -> Any:
        """A Python facade of the native game of ``row`` (a copy: read it, do not change it)."""
        return self._wrap(self._native.game(self._row(row)))

    def apply(self, actions: Any, rows: Any = None) -> None:
        """As :meth:`PythonBatch.apply`, in C++."""
        rows = row_array(rows, self.num_games)
        acts = np.ascontiguousarray(self._actions(actions, rows))
        bad = self._native.apply(acts, np.ascontiguousarray(rows))
        if bad >= 0:
            self._refuse(int(rows[bad]), int(acts[bad]))
        if self._python_returns:
            for r in rows[self.over[rows]].tolist():
                self.returns[r] = self.spec.game_returns(self.game(r))

    def _sample(self, u: np.ndarray, out: np.ndarray) -> None:
        self._native.sample_legal(np.ascontiguousarray(u), out)

    def refresh(self, rows: Any = None) -> None:
        """Rewrite the buffers of ``rows`` (all when None)."""
        rows = row_array(rows, self.num_games)
        self._native.refresh(np.ascontiguousarray(rows))
        if self._python_returns:
            for r in rows[self.over[rows] & (self.current_player[rows] < 0)].tolist():
                if self._started[r]:
                    self.returns[r] = self.spec.game_returns(self.game(r))


def make_batch(game: str | GameSpec, num_games: int, *, seat: int = -1, engine: str | None = None,
               **kwargs: Any) -> GameBatch:
    """A batch of ``num_games`` rows: native when the game has a native batch and ``engine``
    allows it (None: ``HYDRA_ENV_ENGINE``, else native where built), else Python."""
    spec = game if isinstance(game, GameSpec) else parse_game_string(game)[0]
    engine = arguments.choice("engine", engine, ("python", "native")) if engine is not None else None
    if engine != "python" and spec.native_batch is not None and "native" in spec.engines:
        wanted = engine or default_engine()
        try:
            return NativeBatch(game, num_games, seat=seat, **kwargs)
        except ConfigError:
            if wanted == "native":
                raise
    return PythonBatch(game, num_games, seat=seat, **kwargs)
