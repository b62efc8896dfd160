"""The spec's observer of Hadara on either engine: :class:`~hydra_env.games.hadara.observer.HadaraObserver`
(HD32), whose ``encode`` runs the native encoder when the game is native (``encode_flat``), the
Python one otherwise; both write the same float32 vector, bit for bit.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env.games.hadara.observer import SIZE, HadaraObserver


class EngineObserver(HadaraObserver):
    """The HD32 observer; a native game encodes itself in C++."""

    def encode(self, game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """``seat``'s observation of ``game`` (written into ``out`` when given, and returned)."""
        encode_flat = getattr(game, "encode_flat", None)
        if encode_flat is None:
            return super().encode(game, seat, out)
        if out is None:
            out = np.empty(SIZE, dtype=np.float32)
        elif out.shape != (SIZE,) or out.dtype != np.float32:
            raise ValueError(f"the buffer must be float32 of shape ({SIZE},), got {out.dtype} {out.shape}")
        return encode_flat(int(seat), out)


def observer(game: Any = None) -> EngineObserver:
    """The observer of Hadara games (the same for every setting and engine)."""
    return EngineObserver()
