"""``CoopVectorEnv``: ``hydra_env/Coop-v0`` as a Gymnasium vector env over game batches.

::

    envs = gym.make_vec("hydra_env/Coop-v0", num_envs=16, vectorization_mode="vector_entry_point",
                        scenario=1, opponents=["heuristic"], seat="random")

The keyword arguments, observations, rewards, masks and infos are those of
:class:`hydra_env.games.hydra.envs.coop_env.CoopEnv` (row for row, tested against
``SyncVectorEnv``). The opponents are the same bots (made per episode from each
row's generator, or samplers and objects as given) and play in Python on the row's
live game (``batch.game(row)``) until the learning seat decides; then the row's
buffers are refreshed. With ``seat="random"`` there is one batch per seat and a row
lives, each episode, in the batch of its seat.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode

from hydra_env.envs.opponents import play_opponents
from hydra_env.games.hydra.envs.coop_env import CoopEnv, episode_bots
from hydra_env.games.hydra.envs.vector.base import HydraVectorEnv


class CoopVectorEnv(HydraVectorEnv):
    """``num_envs`` coordinated games from one seat each, stepped together."""

    def __init__(self, num_envs: int = 1, *, autoreset_mode: Any = AutoresetMode.NEXT_STEP,
                 copy: bool = True, engine: str | None = None, **kwargs: Any) -> None:
        """``kwargs``: the arguments of :class:`CoopEnv` (checked the same way)."""
        template = CoopEnv(**kwargs)
        seats = list(range(template.players)) if template.seat_arg == "random" else [template.seat_arg]
        super().__init__(template, num_envs, seats=seats, autoreset_mode=autoreset_mode, copy=copy,
                         engine=engine)
        self.reward_scheme = template.reward_scheme
        self._bots: list[dict[int, Any]] = [{} for _ in range(self.num_envs)]

    def _start_row(self, row: int, rng: np.random.Generator) -> None:
        """As :meth:`CoopEnv.reset`: the game's seed, then the seat, then the bots' seeds."""
        env = self.template
        n = env.players
        game_seed = int(rng.integers(1 << 63))
        seat = int(rng.integers(n)) if env.seat_arg == "random" else env.seat_arg
        bot_seeds = [int(x) for x in rng.integers(1 << 63, size=n - 1)]
        self._bots[row] = episode_bots(env, seat, bot_seeds)
        self.row_seat[row] = seat
        self.row_batch[row] = j = self.batch_seats.index(seat)
        self.batches[j].start(row, env.stars, game_seed)

    def _advance(self, rows: np.ndarray) -> None:
        """Opponents play until each row's learning seat decides or its game ends."""
        for j, batch in enumerate(self.batches):
            sel = rows[self.row_batch[rows] == j]
            if not sel.size:
                continue
            seat = self.batch_seats[j]
            waiting = sel[(batch.current_player[sel] != seat) & ~batch.over[sel]]
            for r in waiting.tolist():
                play_opponents(batch.game(r), seat, self._bots[r])
            if waiting.size:
                batch.refresh(waiting)

    def _rewards(self, rows: np.ndarray) -> np.ndarray:
        """:class:`hydra_env.games.hydra.envs.rewards.CoopReward`: at the end only."""
        over = self._gather("over")
        out = np.zeros(len(rows), np.float64)
        for k, r in enumerate(rows.tolist()):
            if over[r]:
                out[k] = self.reward_scheme.terminal(self.game(r), int(self.row_seat[r]))
        return out

    def _end_info(self, row: int, info: dict[str, Any]) -> None:
        super()._end_info(row, info)
        info["place"] = info["result"]["ranking"].index(int(self.row_seat[row]))
