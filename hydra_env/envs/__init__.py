"""The environments of the registered games, their registration and the bot registry.

Every game's ids come from its spec (``hydra_env.game_spec(name).env_ids``): today
``hydra_env/Solo-v0`` and ``Coop-v0`` (Hydra), ``Hydras-v0``, ``HeroicaSolo-v0``,
``Heroica-v0``, ``HeroicaBattle-v0``, ``Hadara-v0`` and ``HailHydra-v0``; each game's own env
classes live in its package (``hydra_env.games.<name>``).

Written once for every game: :mod:`hydra_env.envs.game_env` (``GameEnv``, one seat
of any registered game; the env of a game's ids that name no class of their own),
:mod:`hydra_env.envs.aec` (the PettingZoo AEC env and its base), and the pieces the
envs share: :mod:`hydra_env.envs.single_agent` (arguments, spaces, actions, rewards),
:mod:`hydra_env.envs.opponents` (the scripted seats and their turns) and
:mod:`hydra_env.envs.observers`.

A shipped or trained policy's env: ``make_env_for(policy)`` builds the env
with the arguments recorded with the policy (:mod:`hydra_env.envs.policy_env`),
next to a plain ``MaskablePPO.load``.

Importing this package (``import hydra_env`` does) registers the ids with
Gymnasium when it is installed (:mod:`hydra_env.envs.registration`);
``gymnasium.make`` then returns them with Gymnasium's standard wrappers.
Scripted opponents are found by name in :mod:`hydra_env.envs.bots`.

The observation encoder (:mod:`hydra_env.games.hydra.observe.encoding`) and the reward
schemes (:mod:`hydra_env.games.hydra.envs.rewards`) need numpy only.
"""

from __future__ import annotations

from hydra_env.api.registry import on_register
from hydra_env.envs.registration import ENV_IDS, register_envs

register_envs()
on_register(lambda spec: register_envs())     # a game registered at run time gets its ids too

_POLICY_HELPERS = ("make_env_for", "find_policy", "recorded_env_args", "policy_names")


def __getattr__(name: str):
    """``make_env_for`` and its siblings, imported on first use (they need Gymnasium)."""
    if name in _POLICY_HELPERS:
        from hydra_env.envs import policy_env
        return getattr(policy_env, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ENV_IDS", "register_envs", *_POLICY_HELPERS]
