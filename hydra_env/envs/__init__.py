"""Gymnasium environments of Hydra and their registration.

Registered ids (``gymnasium.make``):

- ``hydra_env/Solo-v0`` — :mod:`hydra_env.envs.solo_env`
- ``hydra_env/Coop-v0`` — :mod:`hydra_env.envs.coop_env`

``import hydra_env`` registers them without importing Gymnasium: when
Gymnasium is already imported the ids are registered at once, otherwise a
one-shot import hook registers them right after Gymnasium's own import (so
``import hydra_env`` stays cheap and works without Gymnasium installed).
Importing this package (``hydra_env.envs``) does the same.

The observation encoder (:mod:`hydra_env.envs.encoding`) and the reward
schemes (:mod:`hydra_env.envs.rewards`) need numpy only.
"""

from __future__ import annotations

import importlib.util
import sys
from typing import Any

ENV_IDS = {
    "hydra_env/Solo-v0": "hydra_env.envs.solo_env:SoloEnv",
    "hydra_env/Coop-v0": "hydra_env.envs.coop_env:CoopEnv",
}


def register_envs() -> None:
    """Register the Gymnasium ids (idempotent; imports Gymnasium)."""
    import gymnasium

    for env_id, entry_point in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            # No OrderEnforcing/PassiveEnvChecker: gym.make returns the env itself, so
            # env.action_masks() works directly; the env checks the call order itself.
            gymnasium.register(id=env_id, entry_point=entry_point,
                               order_enforce=False, disable_env_checker=True)


class _RegisterAfterImport:
    """Registers the ids once ``gymnasium`` has been imported (a one-shot meta path
    finder; a plain class, as importing ``importlib.abc`` costs more than the rest)."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "gymnasium":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        exec_module = spec.loader.exec_module

        def exec_then_register(module: Any) -> None:
            exec_module(module)
            register_envs()

        spec.loader.exec_module = exec_then_register  # type: ignore[method-assign]
        return spec


def install_registration() -> None:
    """Register now if Gymnasium is imported, else when it is (no cost if it never is)."""
    if "gymnasium" in sys.modules:
        register_envs()
    elif not any(isinstance(f, _RegisterAfterImport) for f in sys.meta_path):
        sys.meta_path.insert(0, _RegisterAfterImport())


install_registration()
