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
from hydra_env.envs.game_env import GameEnv, ended_by_limit
from hydra_env.envs.observers import split_observation
from hydra_env.envs.opponents import seat_bots, view_for
from hydra_env.envs.vector.batch import make_batch
from hydra_env.envs.vector.batch_env import BatchVectorEnv, autoreset_argument
from hydra_env.errors import ConfigError


class GameVectorEnv(BatchVectorEnv):
    """``num_envs`` games of one game, one learning seat each (see the module docstring)."""

    def __init__(self, num_envs: int = 1, *, autoreset_mode: Any = AutoresetMode.NEXT_STEP,
                 copy: bool = True, engine: str | None = None, env_class: type[GameEnv] = GameEnv,
                 **kwargs: Any) -> None:
        """``kwargs``: the arguments of ``env_class`` (:class:`GameEnv` with ``game=NAME`` and
        the game's parameters, or a game's own subclass; checked the same way): its rows
        play as that single env does."""
        n = arguments.integer("num_envs", num_envs, low=1)
        autoreset_argument(autoreset_mode)
        arguments.boolean("copy", copy)
        template = env_class(**kwargs)
        if template.custom_observer:
            raise ConfigError(f"{type(template).__name__} with its own observer: the vector env encodes with the "
                              f"game batch's observer; use the one-seat env (vec_env: dummy) for this observation")
        seats = template.learning_seats()
        batches = [make_batch(template.game_spec, n, seat=s, engine=engine, **template.params) for s in seats]
        super().__init__(template, n, seats=seats, batches=batches, autoreset_mode=autoreset_mode, copy=copy)
        self._bots: list[dict[int, Any]] = [{} for _ in range(n)]
        self._ends: dict[int, dict[str, Any]] = {}          # a row's end infos, from its reward

    def _start_row(self, row: int, rng: np.random.Generator) -> None:
        """As :meth:`GameEnv.reset`: the seat, the bots' seeds, then the game's seed (and the
        seat the dealt game calls for, :meth:`GameEnv._seat_after_deal`, with new bots' seeds:
        the row moves to that seat's batch, dealt again from the same seed)."""
        env = self.template
        players = env.num_players
        seat = int(rng.integers(players)) if env.seat_argument == "random" else int(env.seat_argument)
        bot_seeds = [int(x) for x in rng.integers(1 << 63, size=players - 1)]
        self._bots[row] = seat_bots(seat, players, env.opponents, bot_seeds, env._make_bot)
        self.row_seat[row] = seat
        self.row_batch[row] = j = self.batch_seats.index(seat)
        game_seed = int(rng.integers(1 << 63))
        self.batches[j].start(row, game_seed)
        chosen = env._seat_after_deal(self.batches[j].game(row), rng) if env.seat_from_deal else None
        if chosen is not None:
            bot_seeds = [int(x) for x in rng.integers(1 << 63, size=players - 1)]
            self._bots[row] = seat_bots(int(chosen), players, env.opponents, bot_seeds, env._make_bot)
            self.row_seat[row] = int(chosen)
            if int(chosen) != seat:
                self.row_batch[row] = j = self.batch_seats.index(int(chosen))
                self.batches[j].start(row, game_seed)

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
                    bot = self._bots[r][mover]
                    actions[k] = bot.act(view_for(bot, game, mover), game.legal_actions())
                batch.apply(actions, waiting)

    def _rewards(self, rows: np.ndarray) -> np.ndarray:
        """As the single env's :meth:`GameEnv._outcome_for`: the row's seat's end reward, 0
        before the end (the infos of the end are kept for :meth:`_end_info`)."""
        out = np.zeros(len(rows), np.float64)
        over = self._gather("over")
        for k, r in enumerate(rows.tolist()):
            if over[r]:
                out[k], self._ends[r] = self.template._outcome_for(self.game(r), int(self.row_seat[r]))
        return out

    def _ended_by_limit(self, rows: np.ndarray) -> np.ndarray:
        return np.array([ended_by_limit(self._ends.get(r)) for r in rows.tolist()], bool)

    def _end_info(self, row: int, info: dict[str, Any]) -> None:
        info.update(self._ends.pop(row, None) or self.template._outcome_for(self.game(row), int(self.row_seat[row]))[1])

    def _pack(self, flat: np.ndarray) -> Any:
        if self.template.flatten:
            return flat
        if flat.ndim == 1:
            return split_observation(self.template.observer, flat)
        parts = [split_observation(self.template.observer, row) for row in flat]
        return {name: np.stack([p[name] for p in parts]) for name in parts[0]}
