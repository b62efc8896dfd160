"""``SoloVectorEnv``: ``hydra_env/Solo-v0`` as a Gymnasium vector env over one game batch.

::

    envs = gym.make_vec("hydra_env/Solo-v0", num_envs=64, vectorization_mode="vector_entry_point",
                        scenario=10, reward="shaped")

The keyword arguments, observations, rewards, masks and infos are those of
:class:`hydra_env.games.hydra.envs.solo_env.SoloEnv` (row for row, tested against
``SyncVectorEnv``); :mod:`hydra_env.games.hydra.envs.vector.base` tells the vector part
(seeding, ``autoreset_mode``, ``copy``). ``engine`` picks the batch
("native" | "python"; None: ``HYDRA_ENV_ENGINE``, else native where built).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode

from hydra_env.games.hydra.envs.solo_env import SoloEnv
from hydra_env.games.hydra.envs.vector.base import HydraVectorEnv


class SoloVectorEnv(HydraVectorEnv):
    """``num_envs`` solo games stepped together (see the module docstring)."""

    def __init__(self, num_envs: int = 1, *, autoreset_mode: Any = AutoresetMode.NEXT_STEP,
                 copy: bool = True, engine: str | None = None, **kwargs: Any) -> None:
        """``kwargs``: the arguments of :class:`SoloEnv` (checked the same way)."""
        template = SoloEnv(**kwargs)
        super().__init__(template, num_envs, seats=[0], autoreset_mode=autoreset_mode, copy=copy,
                         engine=engine)
        self.reward_scheme = scheme = template.reward_scheme
        self._shaped = scheme.kind == "shaped"
        self._phi = np.zeros(self.num_envs, np.float64)

    def _start_row(self, row: int, rng: np.random.Generator) -> None:
        self.batches[0].start(row, self.template.stars, int(rng.integers(1 << 63)))
        if self._shaped:
            self._phi[row] = self._potential(np.array([row]))[0]

    def _potential(self, rows: np.ndarray) -> np.ndarray:
        """Φ of the shaped reward (:func:`hydra_env.games.hydra.envs.rewards.potential`) of ``rows``."""
        b = self.batches[0]
        phi = self.reward_scheme.scale * (b.walls[rows].astype(np.int64) - b.necks[rows]
                                          - b.heads[rows]) / 100.0
        return np.where(b.over[rows], 0.0, phi)

    def _rewards(self, rows: np.ndarray) -> np.ndarray:
        """:class:`hydra_env.games.hydra.envs.rewards.SoloReward` of ``rows``, the same float operations."""
        b, scheme = self.batches[0], self.reward_scheme
        r = np.zeros(len(rows), np.float64)
        if self._shaped:
            phi = self._potential(rows)
            r = scheme.gamma * phi - self._phi[rows]
            self._phi[rows] = phi
        over = b.over[rows]
        terminal = np.where(b.won[rows], b.score[rows] / 100.0, -scheme.loss_penalty)
        return np.where(over, r + terminal, r)

    def _end_info(self, row: int, info: dict[str, Any]) -> None:
        super()._end_info(row, info)
        info["score"] = info["result"]["score"]
