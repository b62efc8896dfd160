"""``NativeGameBatch``: N native games stepped together, buffers written in C++.

The interface (shared with the Python reference ``PythonGameBatch`` of
``hydra_env.envs.vector``; see its contract) holds preallocated numpy arrays
for the whole life of the batch: ``obs`` (float32[N, obs_size], what
``Encoder.encode(game, seat)`` gives), ``masks`` (int8[N, action_size], the
legal mask of ``seat``), ``cand_features`` / ``cand_index`` (what
``CandidateEncoder(rules, K).encode(game, seat)`` gives), ``current_player``,
``over``, ``won``, ``score``, ``walls``, ``necks``, ``heads``. :meth:`apply`
applies one action per row and rewrites those rows in one C++ call (no Python
per row); :meth:`game` is a live :class:`~hydra_env.games.hydra.native.game.NativeGame` on
the row's own C++ game.

The observation and candidate layouts belong to the encoders (above this
layer): :data:`LAYOUTS_MODULE` registers their provider with :func:`register_layouts`
when it is imported, which the batch does by name on first need.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydra.native import require
from hydra_env.games.hydra.native.engine import MAX_SEED, native_rules_for
from hydra_env.games.hydra.native.game import NativeGame
from hydra_env.games.hydra.rules.explain import why_illegal
from hydra_env.games.hydra.rules.state import State
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.native.buffers import BatchBuffers

# provider(rules, candidates) -> (obs_layout, obs_size, cand_layout or None, n_features)
LayoutProvider = Callable[[Rules, int], tuple[Any, int, Any, int]]
_PROVIDER: list[LayoutProvider] = []
LAYOUTS_MODULE = "hydra_env.games.hydra.observe.native_layouts"
"""The module that registers the layout provider when imported."""


def register_layouts(provider: LayoutProvider) -> None:
    """Register the function that gives the native observation and candidate layouts."""
    _PROVIDER[:] = [provider]


class NativeGameBatch(BatchBuffers):
    """N games on the native engine with their buffers (see the module docstring)."""

    def __init__(self, rules: Rules, num_games: int, *, seat: int = 0, candidates: int = 0,
                 write_obs: bool = True, write_masks: bool = True) -> None:
        """All rows start empty (``over`` True) until :meth:`start` is called for them."""
        self.rules = rules
        self.num_games = arguments.integer("num_games", num_games, low=1)
        self.seat = arguments.seat("seat", seat, rules.scenario.players)
        self.candidates = arguments.integer("candidates", candidates, low=0)
        self.write_obs = arguments.boolean("write_obs", write_obs)
        self.write_masks = arguments.boolean("write_masks", write_masks)
        if not _PROVIDER:
            importlib.import_module(LAYOUTS_MODULE)
        if not _PROVIDER:
            raise ConfigError(f"NativeGameBatch needs the observation layouts, which {LAYOUTS_MODULE} "
                              f"registers when the native engine is built")
        obs_layout, self.obs_size, cand_layout, n_features = _PROVIDER[0](rules, self.candidates)
        self.action_size = rules.codec.size
        n, k = self.num_games, self.candidates
        self._allocate_buffers(n, self.obs_size, self.action_size, k, n_features)
        self._batch = require().GameBatch(native_rules_for(rules), n, self.seat,
                                          obs_layout if self.write_obs else None,
                                          cand_layout if k else None, k, self.write_masks)
        self._batch.set_buffers(*self._buffers())

    def _row(self, row: int) -> int:
        return arguments.integer("row", row, low=0, high=self.num_games - 1)

    def start(self, row: int, stars: int, seed: int) -> None:
        """A new game in ``row`` as ``Game.new(scenario, stars, seed, engine="native")`` would
        start it (same rules); the row's buffers written."""
        stars = arguments.integer("stars", stars, low=1, high=3)
        seed = arguments.integer("seed", seed, low=0, high=MAX_SEED)
        self._batch.start(self._row(row), stars, seed)

    @staticmethod
    def _rows(rows: np.ndarray | None) -> np.ndarray | None:
        return None if rows is None else np.ascontiguousarray(rows, np.int64).reshape(-1)

    def apply(self, actions: np.ndarray, rows: np.ndarray | None = None) -> None:
        """Apply ``actions[j]`` to row ``rows[j]`` (every row in order when None), then rewrite
        those rows' buffers. An illegal action raises IllegalActionError naming the row and
        the action, before any row is changed."""
        acts = np.ascontiguousarray(actions, np.int64).reshape(-1)
        rows = self._rows(rows)
        try:
            bad = self._batch.apply(acts, rows)
        except (ValueError, IndexError) as exc:
            raise ConfigError(f"apply(): {exc}") from None
        if bad >= 0:
            row = int(rows[bad]) if rows is not None else int(bad)
            if not self._batch.started(row):
                raise IllegalActionError(f"row {row}: no game was started in this row (call start first)")
            state = State.from_dict(self._batch.game(row).to_dict())
            raise IllegalActionError(f"row {row}: {why_illegal(state, self.rules, int(acts[bad]))}")

    def refresh(self, rows: np.ndarray | None = None) -> None:
        """Rewrite the buffers of ``rows`` (all when None) from their games."""
        try:
            self._batch.refresh(self._rows(rows))
        except IndexError as exc:
            raise ConfigError(f"refresh(): {exc}") from None

    def sample_legal(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal action of each row's deciding seat (any seat), −1 for
        rows without a decision: int64[N]. (Beyond the contract: for random play and benchmarks.)"""
        out = np.empty(self.num_games, np.int64)
        self._batch.sample_legal(rng.random(self.num_games), out)
        return out

    def game(self, row: int) -> NativeGame:
        """A live NativeGame on the row's own C++ game (apply() on it changes the row; call
        :meth:`refresh` afterwards). Take it anew after :meth:`apply` or :meth:`start`."""
        row = self._row(row)
        if not self._batch.started(row):
            raise ConfigError(f"game({row}): no game was started in this row (call start first)")
        return NativeGame(self._batch.game(row), self.rules)


__all__ = ["NativeGameBatch", "register_layouts"]
