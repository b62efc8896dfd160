"""Gymnasium environments of Hydra, their registration and the bot registry.

- ``hydra_env/Solo-v0`` — :mod:`hydra_env.envs.solo_env`
- ``hydra_env/Coop-v0`` — :mod:`hydra_env.envs.coop_env`

Importing this package (``import hydra_env`` does) registers both ids with
Gymnasium when it is installed (:mod:`hydra_env.envs.registration`);
``gymnasium.make`` then returns them with Gymnasium's standard wrappers.
Scripted opponents are found by name in :mod:`hydra_env.envs.bots`.

The observation encoder (:mod:`hydra_env.envs.encoding`) and the reward
schemes (:mod:`hydra_env.envs.rewards`) need numpy only.
"""

from __future__ import annotations

from hydra_env.envs.registration import ENV_IDS, register_envs

register_envs()

__all__ = ["ENV_IDS", "register_envs"]
