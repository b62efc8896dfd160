"""The native batch of Hydras: the shared batch template over the native engine's games."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hydra_env.games.hydras.rules.game import HydrasGame


def native_batch(params: Mapping[str, Any]) -> tuple[type, Any, Callable[[Any], Any]]:
    """(``hydra_env.games.hydra._native.HydrasBatch``, a native game of ``num_players`` seats, the facade
    of a native game): what :class:`hydra_env.envs.vector.batch.NativeBatch` needs. Raises
    NativeUnavailableError when the native engine is not built."""
    from hydra_env.games.hydras.native import require
    from hydra_env.games.hydras.native.game import NativeHydrasGame

    prototype = HydrasGame.new(int(params["num_players"]), 0, engine="native")
    tables = prototype.tables
    return require().HydrasBatch, prototype._native, lambda native: NativeHydrasGame(native, tables)
