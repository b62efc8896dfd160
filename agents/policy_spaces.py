"""The env and spaces of a policy file, rebuilt from data; and the checks of its use.

A policy zip records the env it was trained on (id and keyword arguments, in its
observation space's readable JSON; older files in the provenance ``NAME.yaml`` beside
them or in their run folder's ``config.yaml``). :func:`env_spaces` builds that env
again with ``gymnasium.make`` (only ids the registered games declare) and takes its
spaces; :func:`check_layout` compares them with the layout the file records (part
names, shapes, number of actions). :func:`check_use` refuses a policy used for another
game or env than its own, naming both.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from hydra_env import ConfigError


class NotRebuildableError(ConfigError):
    """A policy file whose model cannot be rebuilt from data only (legacy or foreign)."""


def _yaml_records(path: Path) -> list[Path]:
    """Where an env may be recorded beside a zip: ``NAME.yaml``, then the run folder's
    ``config.yaml`` (for ``best_model.zip`` and for ``checkpoints/`` or ``pool/`` files)."""
    found = [path.with_suffix(".yaml"), path.parent / "config.yaml"]
    if path.parent.name in ("checkpoints", "pool"):
        found.append(path.parent.parent / "config.yaml")
    return [p for p in found if p.is_file()]


def env_args(data: dict[str, Any], path: Path) -> tuple[str, dict[str, Any]]:
    """The env id and keyword arguments a policy was trained on: from its data, else from a
    YAML record beside it. The id must be one the registered games declare."""
    from hydra_env.envs.policy_env import recorded_env_args
    space = data.get("observation_space")
    if isinstance(space, dict) and "env_id" in space:
        env_id, kwargs = space.get("env_id"), space.get("env_kwargs") or {}
    else:
        records = _yaml_records(path)
        if not records:
            raise NotRebuildableError(f"policy file {path} records no env (id and arguments) and has "
                                 f"no provenance {path.with_suffix('.yaml').name} or run config "
                                 f"beside it")
        env_id, kwargs = recorded_env_args(records[0])
    if not isinstance(env_id, str) or not isinstance(kwargs, dict) or \
            not all(isinstance(k, str) for k in kwargs):
        raise ConfigError(f"policy file {path}: its recorded env ({env_id!r}, {kwargs!r}) is not "
                          f"an env id with keyword arguments")
    known = registered_env_ids()
    if env_id not in known:
        raise ConfigError(f"policy file {path} was trained on env {env_id!r}, which no registered "
                          f"game declares (known: {', '.join(known)})")
    return env_id, dict(kwargs)


def registered_env_ids() -> list[str]:
    """The Gymnasium ids of the registered games (``hydra_env/NAME-vN``, registered when
    ``hydra_env`` is imported or a game is added), the only envs a policy file may name:
    an id such as ``module:Env-v0`` would make gymnasium import a module."""
    import gymnasium

    import hydra_env.envs  # noqa: F401  (registers the ids)
    from hydra_env.envs.registration import NAMESPACE, register_envs
    register_envs()                     # games registered since the import
    return [env_id for env_id in gymnasium.registry
            if env_id.startswith(f"{NAMESPACE}/") and ":" not in env_id]


@lru_cache(maxsize=16)
def _spaces(env_id: str, kwargs_json: str) -> tuple[Any, Any, int | None, Any]:
    """(observation space, action space, seats, the env's own observer or None) of the env."""
    import gymnasium

    import hydra_env.envs  # noqa: F401  (registers the ids)
    kwargs = json.loads(kwargs_json)
    if "opponents" in kwargs:           # other seats' bots shape no observation: load none
        kwargs["opponents"] = ["random"]
    env = gymnasium.make(env_id, **kwargs)
    try:
        core = env.unwrapped
        players = getattr(core, "num_players", None)
        observer = core.observer if getattr(core, "custom_observer", False) else None
        return env.observation_space, env.action_space, players if isinstance(players, int) else None, observer
    finally:
        env.close()


def recorded_observer(model: Any) -> Any | None:
    """The observer of the env a policy was trained on when that env encodes with one of its
    own (``GameEnv.custom_observer``, e.g. ``HailHydra-v0`` with ``summary=True``), so that
    the policy's bot encodes as its env did; None when the env used the game's observer or
    the model records no env."""
    env_id, kwargs = getattr(model.observation_space, "env_id", None), \
        getattr(model.observation_space, "env_kwargs", None)
    if not isinstance(env_id, str) or not isinstance(kwargs, dict):
        return None
    return _spaces(env_id, json.dumps(kwargs, sort_keys=True))[3]


def env_spaces(env_id: str, kwargs: dict[str, Any], path: Path) -> tuple[Any, Any]:
    """The observation and action spaces of ``gymnasium.make(env_id, **kwargs)`` (cached);
    ConfigError naming the policy file when the env cannot be made."""
    try:
        return _spaces(env_id, json.dumps(kwargs, sort_keys=True))[:2]
    except (TypeError, ValueError, ConfigError, KeyError) as exc:
        raise ConfigError(f"policy file {path}: its env {env_id} with arguments {kwargs} cannot "
                          f"be made ({type(exc).__name__}: {exc})") from None


# --------------------------------------------------------------------- layouts

def layout(space: Any) -> Any:
    """A space's layout: ``{part: shape}`` of a Dict, the shape of a Box, ``n`` of a Discrete."""
    from gymnasium import spaces
    if isinstance(space, spaces.Dict):
        return {key: tuple(part.shape) for key, part in space.spaces.items()}
    if isinstance(space, spaces.Discrete):
        return int(space.n)
    return tuple(space.shape)


_PART = re.compile(r"'([^']+)': \w+\([^()]*\(([\d, ]*)\)")


def recorded_layout(entry: Any, what: str, path: Path) -> Any:
    """The layout a file's data records for its observation or action space (readable
    JSON beside the pickle); NotRebuildableError when there is none to read."""
    if isinstance(entry, dict):
        if isinstance(entry.get("spaces"), str):
            parts = {key: tuple(int(n) for n in shape.replace(" ", "").split(",") if n)
                     for key, shape in _PART.findall(entry["spaces"])}
            if parts:
                return parts
        if "n" in entry and str(entry["n"]).isdigit():
            return int(entry["n"])
        if isinstance(entry.get("_shape"), list) and all(isinstance(n, int) for n in entry["_shape"]):
            return tuple(entry["_shape"])
    raise NotRebuildableError(f"policy file {path} records no readable {what} layout")


def check_layout(data: dict[str, Any], observation_space: Any, action_space: Any, path: Path) -> None:
    """ConfigError unless the spaces of the rebuilt env have the layout the file records."""
    for what, key, space in (("observation", "observation_space", observation_space),
                             ("action", "action_space", action_space)):
        recorded, rebuilt = recorded_layout(data.get(key), what, path), layout(space)
        if recorded != rebuilt:
            raise ConfigError(f"policy file {path} records the {what} layout {recorded}, but the "
                              f"env it names makes {rebuilt}: the env changed since it was trained "
                              f"or the file was altered")


# --------------------------------------------------------------------- use

def game_of_env(env_id: str) -> str | None:
    """The registered game that declares ``env_id`` (None if none does)."""
    from hydra_env.api import game_names, game_spec
    for name in game_names():
        if env_id in game_spec(name).env_ids:
            return name
    return None


def check_use(model: Any, path: Path, *, game: str | None = None, env_id: str | None = None) -> None:
    """ConfigError unless a loaded policy was trained for ``game`` (and, when given, on
    ``env_id``), naming the policy's game and env and those of its use. A model that
    records no env (loaded by unpickling a legacy file) is not checked."""
    trained_on = getattr(model.observation_space, "env_id", None)
    if not isinstance(trained_on, str):
        return
    own = game_of_env(trained_on)
    if game is not None and own != game:
        from hydra_env.api import game_spec
        ids = " or ".join(game_spec(game).env_ids) or f"an env of game {game!r}"
        raise ConfigError(f"PPO policy {path} is a policy of game {own!r} (trained on {trained_on}), "
                          f"used for game {game!r}: it was not trained on {ids}; give a policy of "
                          f"game {game!r}, or use this one with game {own!r}")
    if env_id is not None and env_id != trained_on:
        raise ConfigError(f"PPO policy {path} was trained on {trained_on}, used in {env_id}; give a "
                          f"policy trained on {env_id}")


def check_seats(model: Any, path: Path, players: int | None) -> None:
    """ConfigError when a policy trained in a game of several seats (Hydra's Coop-v0) plays
    a one-seat game: its observations mean something else there. (A one-seat policy may
    sit in a seat of a larger game: the coop env's docs offer ``ppo:solo-default`` as an
    opponent.) Not checked when the policy records no env or the seat count is unknown."""
    env_id, kwargs = getattr(model.observation_space, "env_id", None), \
        getattr(model.observation_space, "env_kwargs", None)
    if not isinstance(env_id, str) or not isinstance(kwargs, dict) or not isinstance(players, int):
        return
    trained = _spaces(env_id, json.dumps(kwargs, sort_keys=True))[2]
    if trained is not None and trained > 1 and players == 1:
        raise ConfigError(f"PPO policy {path} was trained on {env_id}, a game of {trained} seats, "
                          f"and is used in a one-seat game; give a policy trained for one seat "
                          f"(e.g. one trained on a solo env)")
