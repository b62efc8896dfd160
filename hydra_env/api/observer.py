"""A ready-made :class:`~hydra_env.api.protocols.Observer` over a flat encoding function.

A game with an encoder that writes one flat float32 vector per seat wraps it::

    FlatObserver(parts={"board": (4, 5, 5), "features": (9,)}, encode=my_encode)

numpy and the standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np


class FlatObserver:
    """Named parts laid end to end in one float32 vector.

    Args:
        parts: each part's name and shape, in the order of the flat vector.
        encode: ``encode(game, seat) -> float32[size]``, the flat observation.
    """

    def __init__(self, parts: dict[str, tuple[int, ...]], encode: Callable[[Any, int], np.ndarray]) -> None:
        self.parts = dict(parts)
        self.size = sum(math.prod(shape) for shape in self.parts.values())
        self._encode = encode

    def encode(self, game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of ``seat`` (written into ``out`` when given, and returned)."""
        flat = np.asarray(self._encode(game, seat), dtype=np.float32)
        if flat.shape != (self.size,):
            raise ValueError(f"the encoder gave shape {flat.shape}, the observer's size is {self.size}")
        if out is None:
            return flat
        out[:] = flat
        return out

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Views of the parts of a flat observation (or a batch of them, leading axes kept)."""
        lead, start, views = flat.shape[:-1], 0, {}
        for name, shape in self.parts.items():
            stop = start + math.prod(shape)
            views[name] = flat[..., start:stop].reshape(lead + shape)
            start = stop
        return views
