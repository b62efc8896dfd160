"""The native batch of Heroica: the shared batch template over the native engine's games."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def native_batch(params: Mapping[str, Any]) -> tuple[type, Any, Callable[[Any], Any]]:
    """(``hydra_env.games.heroica._native.HeroicaBatch``, a native game with these parameters, the
    facade of a native game): what :class:`hydra_env.envs.vector.batch.NativeBatch` needs. Its rows
    start as ``new_game(seed=seed, **params)`` does. Raises NativeUnavailableError when the
    native engine is not built."""
    from hydra_env.games.heroica.native import require
    from hydra_env.games.heroica.native.game import NativeHeroicaGame
    from hydra_env.games.heroica.spec import new_game

    prototype = new_game(seed=0, engine="native", **dict(params))
    tables = prototype.tables
    return require().HeroicaBatch, prototype._native, lambda native: NativeHeroicaGame(native, tables)
