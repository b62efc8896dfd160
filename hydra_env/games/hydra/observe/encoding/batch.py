"""Legal-action masks, and observations and masks of many games at once.

:class:`BatchMixin` is a part of
:class:`~hydra_env.games.hydra.observe.encoding.encoder.Encoder`: :meth:`~BatchMixin.encode_batch`
fills each row with :meth:`Encoder.fill` and writes the changing entries of
all rows with one scatter; the masks read only the game (``legal_mask``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hydra_env.errors import ConfigError
from hydra_env.games.hydra.observe.encoding.native import encode_into


def _seat_list(seats: Sequence[int] | int, count: int) -> Sequence[int]:
    """``seats`` as one seat per game (an int: the same seat for all)."""
    if isinstance(seats, (int, np.integer)):
        return [int(seats)] * count
    return seats


class BatchMixin:
    """Masks and batch encoding of :class:`Encoder`."""

    def encode_batch(self, games: Sequence[Any], seats: Sequence[int] | int) -> np.ndarray:
        """Observations of many games at once: ``float32[len(games), size]``.

        ``seats`` is one seat for every game or one per game (else
        :class:`~hydra_env.errors.ConfigError`, a ``ValueError``). Equal, row
        by row, to :meth:`Encoder.encode` (tested); the changing entries of all
        rows are written by one scatter.
        """
        count = len(games)
        seats = _seat_list(seats, count)
        if len(seats) != count:
            raise ConfigError(f"{count} games but {len(seats)} seats: give one seat per game, "
                             f"or one int for all")
        size = self.size
        out = np.empty((count, size), np.float32)
        ones_all, vidx_all, vval_all = [], [], []
        for r, (game, seat) in enumerate(zip(games, seats)):
            if encode_into(self, game, seat, out[r]):   # a native game: written by the C++ encoder
                continue
            ones, vidx, vval = self.fill(out[r], game.state, game.rules, seat)
            ones_all.append(np.asarray(ones, np.intp) + r * size)
            vidx_all.append(np.asarray(vidx, np.intp) + r * size)
            vval_all.append(np.asarray(vval, np.float32))
        if ones_all:
            flat = out.reshape(-1)
            flat[np.concatenate(ones_all)] = 1.0
            flat[np.concatenate(vidx_all)] = np.concatenate(vval_all)
        return out

    @staticmethod
    def mask(game: Any, seat: int) -> np.ndarray:
        """Legal actions of ``seat`` (bool[action_size]); all False unless it decides."""
        if game.current_player == seat:
            return game.legal_mask()
        return np.zeros(game.action_size, bool)

    @staticmethod
    def mask_batch(games: Sequence[Any], seats: Sequence[int] | int) -> np.ndarray:
        """:meth:`mask` of many games: ``bool[len(games), action_size]`` (``(0, 0)``
        for no games), unpacked at once from the engine's integer bitmasks."""
        count = len(games)
        seats = _seat_list(seats, count)
        if not count:
            return np.zeros((0, 0), bool)
        size = games[0].action_size
        nbytes = (size + 7) // 8
        raw = bytearray(count * nbytes)
        for r, (game, seat) in enumerate(zip(games, seats)):
            if game.current_player == seat:
                raw[r * nbytes:(r + 1) * nbytes] = game.legal_mask_int().to_bytes(nbytes, "little")
        bits = np.unpackbits(np.frombuffer(bytes(raw), np.uint8).reshape(count, nbytes),
                             axis=1, count=size, bitorder="little")
        return bits.view(bool)
