"""N games of any registered game stepped together, and the Gymnasium vector envs on them.

::

    import gymnasium as gym
    import hydra_env
    envs = gym.make_vec("hydra_env/Hydras-v0", num_envs=64, vectorization_mode="vector_entry_point")

The package, one module per job::

    batch.py        GameBatch: N games' buffers written in place; NativeBatch (the game's
                    C++ batch, the template of hydra_env/native/src/common/batch.hpp) and
                    PythonBatch (the reference); make_batch picks one
    batch_check.py  batch_test(name): the batch path of the conformance test
    batch_env.py    BatchVectorEnv: what every vector env shares (spaces, seeding, masks,
                    illegal actions, auto-reset, infos)
    game_vector.py  GameVectorEnv: the vector env of any game's generic env ids

A game may bring its own vector envs (Hydra's are in ``hydra_env.games.hydra.envs.vector``).
"""

from __future__ import annotations

from typing import Any

from hydra_env._moved import moved_name
from hydra_env.envs.vector.batch import GameBatch, NativeBatch, PythonBatch, make_batch

__all__ = ["GameBatch", "NativeBatch", "PythonBatch", "make_batch"]


def __getattr__(name: str) -> Any:
    """The names this package exported before the move (Hydra's batch), for one release."""
    return moved_name(__name__, name)
