"""``HydraVectorEnv``: the vector envs of Hydra (Solo-v0, Coop-v0) over Hydra's game batch.

The generic part (seeding, ``autoreset_mode``, masks, illegal actions, auto-reset, infos)
is :class:`hydra_env.envs.vector.batch_env.BatchVectorEnv`; this adds Hydra's batch (with
candidate features), its observation layout and its board pictures.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode

from hydra_env import arguments
from hydra_env.envs.vector import make_game_batch
from hydra_env.envs.vector.batch_env import AUTORESET_MODES, BatchVectorEnv, autoreset_argument
from hydra_env.games.hydra.envs.base import HydraEnv
from hydra_env.games.hydra.rules.tables import Rules

__all__ = ["AUTORESET_MODES", "HydraVectorEnv", "autoreset_argument"]


class HydraVectorEnv(BatchVectorEnv):
    """Base of :class:`SoloVectorEnv` and :class:`CoopVectorEnv` (see the module docstring)."""

    def __init__(self, template: HydraEnv, num_envs: int, *, seats: list[int],
                 autoreset_mode: Any = AutoresetMode.NEXT_STEP, copy: bool = True,
                 engine: str | None = None) -> None:
        n = arguments.integer("num_envs", num_envs, low=1)
        autoreset_argument(autoreset_mode)
        arguments.boolean("copy", copy)
        env = template
        self.rules = Rules(env.components, env.components.scenario(env.scenario), env.rule_options)
        self.encoder = env._enc
        # One batch per seat a row may learn on; row i lives in batches[row_batch[i]].
        batches = [make_game_batch(self.rules, n, seat=s, candidates=env.candidates, engine=engine)
                   for s in seats]
        super().__init__(template, n, seats=seats, batches=batches, autoreset_mode=autoreset_mode, copy=copy)

    def _end_info(self, row: int, info: dict[str, Any]) -> None:
        res = self.game(row).result()
        info["result"] = dict(vars(res))
        info["outcome"] = res.outcome

    def _pack(self, flat: np.ndarray, feat: np.ndarray, index: np.ndarray) -> Any:
        """An observation (of one row or of all) in the single env's layout."""
        env = self.template
        if not env.flatten:
            obs: dict[str, np.ndarray] = self.encoder.split(flat)
        elif env.candidates:
            obs = {"obs": flat}
        else:
            return flat
        if env.candidates:
            obs["cand_feat"], obs["cand_index"] = feat, index
        return obs

    def _observations(self) -> Any:
        """The observations of every row (copies unless ``copy=False`` with one batch)."""
        cands = self.template.candidates
        parts = [self._gather(name) for name in ("obs", "cand_features", "cand_index")[:3 if cands else 1]]
        if self.copy and len(self.batches) == 1:
            parts = [p.copy() for p in parts]
        if not cands:
            parts += [None, None]
        return self._pack(*parts)

    def _row_obs(self, row: int) -> Any:
        """The observation of one row (a copy)."""
        batch = self.batches[self.row_batch[row]]
        return self._pack(batch.obs[row].copy(), batch.cand_features[row].copy(),
                          batch.cand_index[row].copy())

    def _render_row(self, row: int) -> Any:
        if self.render_mode == "ansi":
            return super()._render_row(row)
        from hydra_env.games.hydra.envs.image import draw_board
        return draw_board(self.game(row), int(self.row_seat[row]))
