"""Hydra's game batch and its Gymnasium vector envs (Solo-v0, Coop-v0).

::

    import gymnasium as gym
    import hydra_env
    envs = gym.make_vec("hydra_env/Solo-v0", num_envs=64, vectorization_mode="vector_entry_point")

The package, one module per job::

    game_batch.py  PythonGameBatch: the batch API (buffers of N games written in place),
                   the pure-Python reference of hydra_env.games.hydra.native.batch.NativeGameBatch
    base.py        HydraVectorEnv: what the two vector envs share beyond the generic
                   hydra_env.envs.vector.batch_env.BatchVectorEnv (Hydra's batch, candidates)
    solo.py        SoloVectorEnv (hydra_env/Solo-v0)
    coop.py        CoopVectorEnv (hydra_env/Coop-v0)

:func:`make_game_batch` picks the native batch when the engine is native and it is
built, the Python one otherwise.
"""

from __future__ import annotations

import importlib
from typing import Any

from hydra_env.games.hydra.envs.vector.game_batch import PythonGameBatch
from hydra_env.games.hydra.rules.engines import pick_engine
from hydra_env.games.hydra.rules.tables import Rules


def native_batch_class(engine: str | None = None) -> type | None:
    """``NativeGameBatch`` when ``engine`` (None: ``HYDRA_ENV_ENGINE``, else native where
    built) is native and :mod:`hydra_env.games.hydra.native.batch` can be imported, else None."""
    name, _ = pick_engine(engine)
    if name != "native":
        return None
    try:
        module = importlib.import_module("hydra_env.games.hydra.native.batch")
    except ImportError:
        return None
    cls = getattr(module, "NativeGameBatch", None)
    return cls if isinstance(cls, type) else None


def make_game_batch(rules: Rules, num_games: int, *, engine: str | None = None,
                    **kwargs: Any) -> Any:
    """A game batch of ``num_games`` rows (arguments of :class:`PythonGameBatch`): the native
    one when the engine is native and the native batch is built, else :class:`PythonGameBatch`
    over games of that engine (native games too while the native batch is missing).
    ``engine`` "native" | "python" | None (``HYDRA_ENV_ENGINE``, else native where built)."""
    cls = native_batch_class(engine)
    if cls is None:
        return PythonGameBatch(rules, num_games, engine=engine, **kwargs)
    return cls(rules, num_games, **kwargs)


__all__ = ["PythonGameBatch", "make_game_batch", "native_batch_class"]
