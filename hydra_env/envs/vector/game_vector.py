"""``GameVectorEnv``: the vector env of any registered game, over its game batch.

::

    envs = gym.make_vec("hydra_env/Nim-v0", num_envs=64, vectorization_mode="vector_entry_point")

The keyword arguments, observations, rewards, masks and infos are those of the generic
one-seat env :class:`hydra_env.envs.game_env.GameEnv` (row for row, tested against
``SyncVectorEnv``); :mod:`hydra_env.envs.vector.batch_env` tells the vector part
(seeding, ``autoreset_mode``, ``copy``). The rows step in one batch per learning seat
(:func:`hydra_env.envs.vector.batch.make_batch`: the game's native ``Batch`` where it
has one and ``engine`` allows, else the Python reference); the opponents are the
single env's bots, deciding from their seat's view.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode

from hydra_env import arguments
from hydra_env.envs.game_env import GameEnv
from hydra_env.envs.observers import split_observation
from hydra_env.envs.opponents import seat_bots
from hydra_env.envs.single_agent import end_reward
from hydra_env.envs.vector.batch import make_batch
from hydra_env.envs.vector.batch_env import BatchVectorEnv, autoreset_argument


class GameVectorEnv(BatchVectorEnv):
    """``num_envs`` games of one game, one learning seat each (see the module docstring)."""

    def __init__(self, num_envs: int = 1, *, autoreset_mode: Any = AutoresetMode.NEXT_STEP,
                 copy: bool = True, engine: str | None = None, **kwargs: Any) -> None:
        """``kwargs``: the arguments of :class:`GameEnv` (``game=NAME`` and the game's
        parameters; checked the same way)."""
        n = arguments.integer("num_envs", num_envs, low=1)
        autoreset_argument(autoreset_mode)
        arguments.boolean("copy", copy)
        template = GameEnv(**kwargs)
        players = template.num_players
        seats = list(range(players)) if template.seat_argument == "random" else [int(template.seat_argument)]
        batches = [make_batch(template.game_spec, n, seat=s, engine=engine, **template.params) for s in seats]
        super().__init__(template, n, seats=seats, batches=batches, autoreset_mode=autoreset_mode, copy=copy)
        self._bots: list[dict[int, Any]] = [{} for _ in range(n)]

    def _start_row(self, row: int, rng: np.random.Generator) -> None:
        """As :meth:`GameEnv.reset`: the seat, the bots' seeds, then the game's seed."""
        env = self.template
        players = env.num_players
        seat = int(rng.integers(players)) if env.seat_argument == "random" else int(env.seat_argument)
        bot_seeds = [int(x) for x in rng.integers(1 << 63, size=players - 1)]
        self._bots[row] = seat_bots(seat, players, env.opponents, bot_seeds, env._make_bot)
        self.row_seat[row] = seat
        self.row_batch[row] = j = self.batch_seats.index(seat)
        self.batches[j].start(row, int(rng.integers(1 << 63)))

    def _advance(self, rows: np.ndarray) -> None:
        """The opponents decide, one decision per waiting row at a time, until each row's
        learning seat decides or its game ends."""
        for j, batch in enumerate(self.batches):
            seat = self.batch_seats[j]
            waiting = rows[self.row_batch[rows] == j]
            while waiting.size:
                waiting = waiting[(batch.current_player[waiting] != seat) & ~batch.over[waiting]]
                if not waiting.size:
                    break
                actions = np.empty(waiting.size, np.int64)
                for k, r in enumerate(waiting.tolist()):
                    game = batch.game(r)
                    mover = int(game.current_player)
                    actions[k] = self._bots[r][mover].act(game.view(mover), game.legal_actions())
                batch.apply(actions, waiting)

    def _rewards(self, rows: np.ndarray) -> np.ndarray:
        """As :meth:`GameEnv._outcome`: the learning seat's end reward, 0 before the end."""
        out = np.zeros(len(rows), np.float64)
        over = self._gather("over")
        for k, r in enumerate(rows.tolist()):
            if over[r]:
                result = self.game(r).result().to_dict()
                out[k] = end_reward(self.template.game_spec, result, int(self.row_seat[r]),
                                    self.template.reward_scheme)
        return out

    def _end_info(self, row: int, info: dict[str, Any]) -> None:
        info["result"] = self.game(row).result().to_dict()

    def _pack(self, flat: np.ndarray) -> Any:
        if self.template.flatten:
            return flat
        if flat.ndim == 1:
            return split_observation(self.template.observer, flat)
        parts = [split_observation(self.template.observer, row) for row in flat]
        return {name: np.stack([p[name] for p in parts]) for name in parts[0]}
