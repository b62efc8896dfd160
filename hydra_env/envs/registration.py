"""The Gymnasium ids of Hydra and their registration.

Registered ids (``gymnasium.make``), with Gymnasium's standard wrappers
(``OrderEnforcing`` and ``PassiveEnvChecker``)::

    hydra_env/Solo-v0    hydra_env.envs.solo_env:SoloEnv
    hydra_env/Coop-v0    hydra_env.envs.coop_env:CoopEnv
    hydra_env/Hydras-v0  hydra_env.envs.hydras_env:HydrasEnv   (the card game Hydras)

Solo-v0 and Coop-v0 also have a ``vector_entry_point``: N games stepped together
in one game batch (:mod:`hydra_env.envs.vector`)::

    gymnasium.make_vec("hydra_env/Solo-v0", num_envs=64, vectorization_mode="vector_entry_point")

(``make_vec`` without ``vectorization_mode`` picks it too; ``"sync"`` / ``"async"``
still give Gymnasium's vector envs of single envs.)

Gymnasium 1.0 removed its entry-point plugin loader, so packages register
their ids when they are imported: ``import hydra_env`` (or any module of
:mod:`hydra_env.envs`) calls :func:`register_envs`. Gymnasium's own forms
work as well: ``gymnasium.register_envs(hydra_env)`` (a no-op that keeps
linters quiet about the import) and ``gymnasium.make("hydra_env:hydra_env/Solo-v0")``
(imports the module named before the colon first).

The masks are reached through the wrappers the way the ecosystem expects:
``env.unwrapped.action_masks()``, ``env.get_wrapper_attr("action_masks")()``
(what sb3-contrib's MaskablePPO calls), ``info["action_mask"]`` and
``env.action_space.sample(mask=info["action_mask"])`` (an ``int8`` array).
"""

from __future__ import annotations

import importlib.util

NAMESPACE = "hydra_env"
ENV_IDS = {
    "hydra_env/Solo-v0": "hydra_env.envs.solo_env:SoloEnv",
    "hydra_env/Coop-v0": "hydra_env.envs.coop_env:CoopEnv",
    "hydra_env/Hydras-v0": "hydra_env.envs.hydras_env:HydrasEnv",
}
VECTOR_ENTRY_POINTS = {
    "hydra_env/Solo-v0": "hydra_env.envs.vector.solo:SoloVectorEnv",
    "hydra_env/Coop-v0": "hydra_env.envs.vector.coop:CoopVectorEnv",
}


def register_envs() -> bool:
    """Register the ids with Gymnasium's default wrappers (idempotent).

    Returns False, and registers nothing, when Gymnasium is not installed
    (the engine alone needs only numpy).
    """
    if importlib.util.find_spec("gymnasium") is None:
        return False
    import gymnasium

    for env_id, entry_point in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry_point,
                               vector_entry_point=VECTOR_ENTRY_POINTS.get(env_id))
    return True
