"""The preallocated buffers of a game batch, shared by ``NativeGameBatch`` and the
Python reference ``PythonGameBatch`` (``hydra_env.envs.vector``): one place says
their names, shapes, dtypes and starting values. Needs no compiled module."""

from __future__ import annotations

import numpy as np

# Every buffer a batch writes, in the order NativeGameBatch hands them to C++.
BUFFER_NAMES = ("obs", "masks", "cand_features", "cand_index", "current_player", "over", "won", "score",
                "walls", "necks", "heads")


class BatchBuffers:
    """Mixin: allocates the buffers of N rows; every row starts empty (``over`` True)."""

    def _allocate_buffers(self, n: int, obs_size: int, action_size: int, candidates: int,
                          n_features: int) -> None:
        self.obs = np.zeros((n, obs_size), np.float32)
        self.masks = np.zeros((n, action_size), np.int8)
        self.cand_features = np.zeros((n, candidates, n_features), np.float32)
        self.cand_index = np.full((n, candidates), -1.0, np.float32)
        self.current_player = np.full(n, -1, np.int32)
        self.over = np.ones(n, bool)
        self.won = np.zeros(n, bool)
        self.score = np.zeros(n, np.float64)
        self.walls = np.zeros(n, np.int32)
        self.necks = np.zeros(n, np.int32)
        self.heads = np.zeros(n, np.int32)

    def _buffers(self) -> tuple[np.ndarray, ...]:
        """The buffers in :data:`BUFFER_NAMES` order."""
        return tuple(getattr(self, name) for name in BUFFER_NAMES)
