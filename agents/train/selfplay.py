"""Opponents sampled per episode: scripted bots by weight, or frozen past learners.

An :class:`OpponentPool` sits in an opponent's seat of a game's env (the envs of
a game's ``OPPONENT_ENVS``, :mod:`agents.train.game_hooks`); at every reset
the environment asks it for this episode's bot (``sample(seed)``). With
probability ``selfplay_prob`` that is a frozen checkpoint from the pool
folder (written by :class:`agents.train.callbacks.SelfPlayPool`, played by the
game's ``selfplay_bot``), otherwise a scripted bot drawn by ``weights``. It holds only names and a folder, so it
pickles into ``SubprocVecEnv`` workers; checkpoints load lazily and are
cached per process.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from agents.train import game_hooks
from hydra_env.api.registry import default_game
from hydra_env.envs.bots import make_bot


class OpponentPool:
    """A per-episode opponent sampler (see the module docstring)."""

    def __init__(self, names: Sequence[str], weights: Sequence[float] = (), *,
                 pool_dir: str | Path | None = None, selfplay_prob: float = 0.0,
                 pool_size: int = 5, game: str | None = None) -> None:
        """``names``: scripted bots; ``weights``: their sampling weights (uniform if empty);
        ``game``: the registry name of the game (default: the first registered game,
        as the tools' default, :func:`agents.games.default_game`)."""
        self.game = game or default_game()
        self.names = list(names)
        w = np.asarray(list(weights) or [1.0] * len(self.names), dtype=float)
        self.weights = w / w.sum()
        self.pool_dir = Path(pool_dir) if pool_dir else None
        self.selfplay_prob = selfplay_prob
        self.pool_size = pool_size

    def frozen(self) -> list[Path]:
        """The checkpoints currently in the pool, oldest first."""
        if self.pool_dir is None or not self.pool_dir.is_dir():
            return []
        return sorted(self.pool_dir.glob("frozen_*[0-9].zip"))[-self.pool_size:]

    def sample(self, seed: int) -> Any:
        """This episode's bot for one seat."""
        rng = np.random.default_rng(seed)
        frozen = self.frozen()
        if frozen and rng.random() < self.selfplay_prob:
            path = str(frozen[int(rng.integers(len(frozen)))])
            return game_hooks.selfplay_bot(self.game, path, seed)
        name = self.names[int(rng.choice(len(self.names), p=self.weights))]
        return make_bot(name, game=self.game, seed=seed)

    def __repr__(self) -> str:
        return (f"OpponentPool({self.names}, selfplay_prob={self.selfplay_prob}, "
                f"pool={self.pool_dir})")
