"""The native batch of Hadara: the shared batch template over the native engine's games."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def native_batch(params: Mapping[str, Any]) -> tuple[type, Any, Callable[[Any], Any]]:
    """(``hydra_env.games.hadara._native.HadaraBatch``, a native game with these parameters, the
    facade of a native game): what :class:`hydra_env.envs.vector.batch.NativeBatch` needs. Its rows
    start as ``new_game(seed=seed, **params)`` does. Raises NativeUnavailableError when the
    native engine is not built."""
    from hydra_env.games.hadara.native.engines import require
    from hydra_env.games.hadara.native.game import NativeHadaraGame
    from hydra_env.games.hadara.spec import new_game

    prototype = new_game(seed=0, engine="native", **dict(params))
    comps, options = prototype.components, prototype.options
    return require().HadaraBatch, prototype._native, lambda native: NativeHadaraGame(native, comps, options)
