"""The env a trained policy needs, from what is recorded with the policy.

A policy trained on ``hydra_env/Solo-v0`` with ``candidates=144`` only runs in an
env that makes the same observations. The env id and keyword arguments travel
with the policy, and :func:`make_env_for` builds that env::

    from sb3_contrib import MaskablePPO
    from hydra_env.envs import find_policy, make_env_for   # (defined in hydra_env.envs.policy_env)

    env = make_env_for("solo-default")              # a name, a .zip or a .yaml
    model = MaskablePPO.load(find_policy("solo-default"), env=env)
    obs, info = env.reset(seed=0)
    action, _ = model.predict(obs, action_masks=info["action_mask"], deterministic=True)

Where the env arguments are recorded, first found first:

1. inside the policy's zip: its saved observation space is a
   :class:`PolicyDict` / :class:`PolicyBox` (a ``gymnasium.spaces.Dict`` /
   ``Box`` that also holds ``env_id`` and ``env_kwargs``; equal to the plain
   space, so loading next to a matching env works as ever). SB3 keeps those two
   attributes as plain JSON in the zip's ``data`` file, so they are read here
   without unpickling anything. Its repr names them: a bare
   ``MaskablePPO.load(path, env=other_env)`` fails with SB3's
   "Observation spaces do not match: <saved> != <env>", and ``<saved>`` says
   which env and arguments the policy needs and to build it with this module;
2. the provenance file ``NAME.yaml`` beside the zip: its ``env`` block
   (``id``, ``kwargs``) or, in older files, the training ``config`` it records
   (:func:`env_args_from_training_config`).

Names are looked up in the folders that packages declare in the entry-point
group ``hydra_env.policies`` (each entry names a package whose folder holds
``NAME.zip`` and ``NAME.yaml``); ``hydra_env`` never imports them otherwise.
"""

from __future__ import annotations

import inspect
import json
import os
import zipfile
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gymnasium import spaces

from hydra_env.entry_points import entry_points
from hydra_env.envs.registration import env_arguments
from hydra_env.errors import ConfigError

POLICY_GROUP = "hydra_env.policies"
# Training-config policies that read the flat observation (the env's ``flatten=True``).
_FLAT_POLICIES = ("MlpPolicy", "CandidatePolicy")
_HINT = "build it with hydra_env.envs.make_env_for(policy)"


# --------------------------------------------------------------------- spaces

class _RecordsEnv:
    """Mixin: the env id and keyword arguments of the env that made this space."""

    env_id: str
    env_kwargs: dict[str, Any]

    def env_text(self) -> str:
        """``hydra_env/Solo-v0(candidates=144, flatten=True, ...)``."""
        args = ", ".join(f"{key}={value!r}" for key, value in sorted(self.env_kwargs.items()))
        return f"{self.env_id}({args})"


class PolicyDict(_RecordsEnv, spaces.Dict):
    """A ``Dict`` observation space that names the env (id and arguments) it came from."""

    def __repr__(self) -> str:
        return f"{spaces.Dict.__repr__(self)} [observation of the env {self.env_text()}: {_HINT}]"


class PolicyBox(_RecordsEnv, spaces.Box):
    """A ``Box`` observation space that names the env (id and arguments) it came from."""

    def __repr__(self) -> str:
        return f"{spaces.Box.__repr__(self)} [observation of the env {self.env_text()}: {_HINT}]"


def _dict_copy(space: spaces.Dict) -> PolicyDict:
    """A PolicyDict of ``space``'s subspaces in its key order. gymnasium 1.3+ takes ``sort_keys``;
    older releases (1.2, which RLlib pins) keep the order of an OrderedDict."""
    if "sort_keys" in inspect.signature(spaces.Dict.__init__).parameters:
        return PolicyDict(dict(space.spaces), sort_keys=getattr(space, "sort_keys", True))
    return PolicyDict(OrderedDict(space.spaces))


def record_env_args(space: spaces.Space, env_id: str,
                    env_kwargs: Mapping[str, Any]) -> PolicyDict | PolicyBox:
    """A copy of ``space`` (a Dict or a Box) that records ``env_id`` and ``env_kwargs``
    (which must be JSON values: they are stored in the policy's zip as JSON)."""
    try:
        kwargs = json.loads(json.dumps(dict(env_kwargs)))
    except TypeError as exc:
        raise ConfigError(f"env arguments recorded with a policy must be JSON values "
                          f"(names, numbers, lists, mappings): {exc}") from None
    if isinstance(space, spaces.Dict):
        new: PolicyDict | PolicyBox = _dict_copy(space)
    elif isinstance(space, spaces.Box):
        new = PolicyBox(space.low, space.high, space.shape, space.dtype)
    else:
        raise ConfigError(f"cannot record env arguments on a {type(space).__name__} space "
                          f"(a Dict or a Box is expected)")
    new.env_id, new.env_kwargs = env_id, kwargs
    return new


# --------------------------------------------------------------------- names

def _folders(target: Any) -> list[Path]:
    """The folders of an entry point's target: a package, or a path."""
    if isinstance(target, (str, os.PathLike)):
        return [Path(target)]
    paths = getattr(target, "__path__", None)
    if paths is not None:
        return [Path(p) for p in paths]
    file = getattr(target, "__file__", None)
    return [Path(file).parent] if file else []


def policy_folders() -> list[Path]:
    """The folders of shipped policies, from the entry-point group ``hydra_env.policies``
    (in the order of the entries' names)."""
    folders: list[Path] = []
    for entry in sorted(entry_points(POLICY_GROUP), key=lambda e: e.name):
        try:
            target = entry.load()
        except Exception as exc:  # a broken plugin: say which one
            raise ConfigError(f"entry point {entry.name} = {entry.value!r} of group "
                              f"{POLICY_GROUP} cannot be loaded: {exc}") from None
        folders += _folders(target)
    return folders


def policy_names() -> list[str]:
    """Names of the policies found through ``hydra_env.policies``."""
    return sorted({p.stem for folder in policy_folders() for p in folder.glob("*.zip")})


def find_policy(name: str) -> Path:
    """The zip of the policy called ``name``; ConfigError listing the known names."""
    for folder in policy_folders():
        if (folder / f"{name}.zip").is_file():
            return folder / f"{name}.zip"
    known = ", ".join(policy_names()) or f"none (no package declares the entry-point group " \
                                         f"{POLICY_GROUP})"
    raise ConfigError(f"no policy named {name!r}: known names are {known}; or give the "
                      f"policy's .zip or .yaml path")


# --------------------------------------------------------------------- records

def env_args_from_training_config(config: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The env id and keyword arguments that a training config (``hydra-env train``'s
    fields, flat or under a ``default`` block) trains on, without the training-only
    opponent pool: ``env_kwargs``, plus ``flatten=True`` for the policies that read the
    flat observation, plus ``candidates``; for an env that takes ``opponents`` (Coop-v0,
    Hydras-v0) the first of ``opponents`` on every other seat (as the evaluations play),
    unless ``env_kwargs`` names them."""
    if "env" not in config and isinstance(config.get("default"), Mapping):
        config = config["default"]
    env_id = str(config.get("env") or "hydra_env/Solo-v0")
    kwargs = dict(config.get("env_kwargs") or {})
    if config.get("policy") in _FLAT_POLICIES:
        kwargs.setdefault("flatten", True)
    if config.get("candidates"):
        kwargs["candidates"] = int(config["candidates"])
    if "opponents" not in kwargs and "opponents" in env_arguments(env_id):
        kwargs["opponents"] = [(list(config.get("opponents") or []) or ["heuristic"])[0]]
    return env_id, kwargs


_MAX_DATA_BYTES = 64 * 2**20
"""The largest ``data`` entry of a policy's zip read (an SB3 zip's is a few kilobytes)."""


def _from_zip(path: Path) -> tuple[str, dict[str, Any]] | None:
    try:
        with zipfile.ZipFile(path) as archive:
            if archive.getinfo("data").file_size > _MAX_DATA_BYTES:
                raise ConfigError(f"{path}: its data entry is larger than "
                                  f"{_MAX_DATA_BYTES // 2**20} MiB; not a policy of hydra-env")
            data = json.loads(archive.read("data"))
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, RecursionError) as exc:
        raise ConfigError(f"{path} is not a policy saved by stable-baselines3 ({exc})") from None
    space = data.get("observation_space") if isinstance(data, dict) else None
    if isinstance(space, dict) and "env_id" in space:
        kwargs = space.get("env_kwargs") or {}
        if not isinstance(kwargs, dict):
            raise ConfigError(f"{path}: its recorded env arguments are not a mapping")
        return str(space["env_id"]), dict(kwargs)
    return None


def _from_yaml(path: Path) -> tuple[str, dict[str, Any]]:
    from hydra_env.envs.yaml_limits import read_yaml_file
    record = read_yaml_file(path, "policy record") or {}
    if not isinstance(record, Mapping):
        raise ConfigError(f"{path} is not a policy record (a YAML mapping), it holds "
                          f"{type(record).__name__}")
    env = record.get("env")
    if isinstance(env, Mapping) and "id" in env:
        return str(env["id"]), dict(env.get("kwargs") or {})
    config = record.get("config", record)
    if isinstance(config, Mapping) and ("env" in config or "default" in config):
        return env_args_from_training_config(config)
    raise ConfigError(f"{path} records no env (neither an 'env' block with id and kwargs nor "
                      f"the training 'config')")


def recorded_env_args(policy: str | os.PathLike[str]) -> tuple[str, dict[str, Any]]:
    """The env id and keyword arguments recorded with ``policy``: a name (see
    :func:`find_policy`), a policy's ``.zip``, its provenance ``.yaml``, or a run
    folder of ``hydra-env train`` (its ``best_model.zip``, else its ``config.yaml``)."""
    path = Path(policy)
    if path.is_dir():
        if (path / "best_model.zip").is_file():
            found = _from_zip(path / "best_model.zip")
            if found:
                return found
        if (path / "config.yaml").is_file():
            return _from_yaml(path / "config.yaml")
        raise ConfigError(f"{path} is a folder without best_model.zip or config.yaml")
    if not path.is_file():
        if path.suffix in (".zip", ".yaml", ".yml") or os.sep in str(policy):
            raise ConfigError(f"policy file {path} not found")
        path = find_policy(str(policy))
    if path.suffix in (".yaml", ".yml"):
        return _from_yaml(path)
    found = _from_zip(path)
    if found:
        return found
    if path.with_suffix(".yaml").is_file():
        return _from_yaml(path.with_suffix(".yaml"))
    raise ConfigError(f"{path} records no env arguments (trained before they were recorded) "
                      f"and has no provenance {path.with_suffix('.yaml').name} beside it; build "
                      f"the env yourself with gymnasium.make(ENV_ID, **ENV_KWARGS)")


def make_env_for(policy: str | os.PathLike[str], **overrides: Any) -> Any:
    """``gymnasium.make`` of the env recorded with ``policy`` (a name, a ``.zip``, a
    ``.yaml`` or a run folder; see :func:`recorded_env_args`); ``overrides`` replace or
    add keyword arguments (``render_mode="ansi"``, ``opponents=["random"]`` ...)."""
    import gymnasium

    import hydra_env.envs  # noqa: F401  (registers the ids)
    env_id, kwargs = recorded_env_args(policy)
    kwargs.update(overrides)
    return gymnasium.make(env_id, **kwargs)
