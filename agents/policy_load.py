"""Policy files are data: read a MaskablePPO zip without unpickling anything.

A policy zip saved by stable-baselines3 holds ``data`` (JSON; its non-JSON values,
such as the policy class and the spaces, are pickled in ``:serialized:`` entries)
and ``policy.pth`` / ``policy.optimizer.pth`` (tensors). SB3's own loader unpickles
every ``:serialized:`` entry, so a crafted file runs code when it is loaded. This
module never does: it rebuilds the model from readable values only.

* the policy class: from a fixed allow-list (:data:`POLICY_CLASSES`), recognised by
  the module and method names that the JSON keeps readable beside the pickle;
* its keyword arguments: the readable JSON values (the activation and the feature
  extractor by name, from :data:`ACTIVATIONS` and :data:`EXTRACTORS`);
* the spaces: from the env the policy was trained on, built again with
  ``gymnasium.make`` from the env id and arguments recorded in the zip (or in the
  provenance ``NAME.yaml`` beside it, or the run folder's ``config.yaml``), and
  checked against the layout the zip records (:mod:`agents.policy_spaces`);
* the weights: ``torch.load(..., weights_only=True)``.

Every other ``:serialized:`` entry is ignored. A file that cannot be rebuilt this way
(an older or foreign policy) is refused, unless the user sets
``HYDRA_ENV_UNSAFE_POLICY_FILES=1`` (:data:`UNSAFE_ENV`), which loads it with SB3's
pickle-based loader: that runs any code the file contains.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents import acting_weights
from agents.policy_spaces import NotRebuildableError, check_layout, env_args, env_spaces
from hydra_env import ConfigError

UNSAFE_ENV = "HYDRA_ENV_UNSAFE_POLICY_FILES"
"""Set to 1 to load policy files that cannot be rebuilt from data with SB3's pickle-based
loader. This runs code from the file: only for files you trust as you trust a program."""

MAX_DATA_BYTES = 64 * 2**20
"""The largest ``data`` member read (the shipped policies' are under 1 MiB)."""

POLICY_CLASSES = {
    "agents.train.policy.CandidatePolicy": ("agents.train.policy", "CandidatePolicy"),
    "agents.train.slot_policy.SlotPolicy": ("agents.train.slot_policy", "SlotPolicy"),
    "sb3_contrib.common.maskable.policies.MaskableActorCriticPolicy":
        ("sb3_contrib.common.maskable.policies", "MaskableActorCriticPolicy"),
    "sb3_contrib.common.maskable.policies.MaskableMultiInputActorCriticPolicy":
        ("sb3_contrib.common.maskable.policies", "MaskableMultiInputActorCriticPolicy"),
}
"""The policy classes a policy file may name (module and class)."""

ACTIVATIONS = {"torch.nn.modules.activation.ReLU": "ReLU", "torch.nn.modules.activation.Tanh": "Tanh"}
EXTRACTORS = {"agents.train.policy.SharedLinear": ("agents.train.policy", "SharedLinear")}
_PLAIN_KWARGS = {"net_arch", "features_extractor_kwargs", "share_features_extractor", "ortho_init",
                 "normalize_images", "slot_actions", "slot_features", "slot_hidden", "advice_at", "advice_init"}

# Readable hyperparameters and counters of the model, with the types they may have.
_SCALARS: dict[str, tuple[type, ...]] = {
    "verbose": (int,), "num_timesteps": (int,), "_total_timesteps": (int,),
    "_num_timesteps_at_start": (int,), "seed": (int, type(None)), "start_time": (int, float),
    "_episode_num": (int,), "use_sde": (bool,), "sde_sample_freq": (int,),
    "_current_progress_remaining": (float, int), "_stats_window_size": (int,), "_n_updates": (int,),
    "n_steps": (int,), "gamma": (float, int), "gae_lambda": (float, int), "ent_coef": (float, int),
    "vf_coef": (float, int), "max_grad_norm": (float, int), "batch_size": (int,), "n_epochs": (int,),
    "clip_range_vf": (float, int, type(None)), "normalize_advantage": (bool,),
    "target_kl": (float, int, type(None)), "n_envs": (int,),
}
RUN_ID_KEY = "hydra_env_run"
"""The attribute (and ``data`` key) holding the id of the training run that saved a model."""


@dataclass
class PolicyRecord:
    """What a policy zip says about itself, read without unpickling."""

    path: Path
    data: dict[str, Any]
    policy_class: type
    policy_kwargs: dict[str, Any]
    env_id: str
    env_kwargs: dict[str, Any]
    observation_space: Any
    action_space: Any


# --------------------------------------------------------------------- reading

def read_data(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The zip's ``data`` JSON (a mapping); ConfigError naming the file when it is not a
    readable policy zip."""
    path = Path(path)
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            missing = {"data", "policy.pth"} - names
            if missing:
                raise ConfigError(f"policy file {path} is not a stable-baselines3 model (no "
                                  f"{', '.join(sorted(missing))} in it); use a checkpoint saved by "
                                  f"`hydra-env train`")
            if archive.getinfo("data").file_size > MAX_DATA_BYTES:
                raise ConfigError(f"policy file {path}: its data member is larger than "
                                  f"{MAX_DATA_BYTES // 2**20} MiB; it was not saved by `hydra-env train`")
            raw = archive.read("data")
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, RuntimeError) as exc:
        raise ConfigError(f"policy file {path} is not a valid .zip file (truncated or not a "
                          f"checkpoint: {exc}); use a checkpoint saved by `hydra-env train`") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ConfigError(f"policy file {path}: its data member is not JSON ({type(exc).__name__}); "
                          f"the file is damaged or was not saved by stable-baselines3") from None
    if not isinstance(data, dict):
        raise ConfigError(f"policy file {path}: its data member is not a JSON object")
    return data


def read_tensors(path: str | os.PathLike[str], member: str, device: str = "cpu") -> Any:
    """``torch.load(member, weights_only=True)`` of one ``.pth`` member of the zip."""
    import torch
    try:
        with zipfile.ZipFile(path) as archive:
            raw = archive.read(member)
        return torch.load(io.BytesIO(raw), map_location=device, weights_only=True)
    except KeyError:
        raise ConfigError(f"policy file {path} has no {member} in it") from None
    except Exception as exc:  # noqa: BLE001  (torch raises many kinds for a bad file)
        raise ConfigError(f"policy file {path}: cannot read {member} as plain tensors "
                          f"({type(exc).__name__}: {exc})") from None


def load_parameters(path: str | os.PathLike[str], device: str = "cpu", *,
                    optimizer: bool = True) -> dict[str, Any]:
    """The weights of a policy zip for ``model.set_parameters``: ``policy`` (and
    ``policy.optimizer`` when the file has it and ``optimizer`` is true), each read with
    ``weights_only=True``."""
    params = {"policy": read_tensors(path, "policy.pth", device)}
    if optimizer:
        with zipfile.ZipFile(path) as archive:
            has_optimizer = "policy.optimizer.pth" in archive.namelist()
        if has_optimizer:
            params["policy.optimizer"] = read_tensors(path, "policy.optimizer.pth", device)
    return params


def damage(path: str | os.PathLike[str]) -> str | None:
    """Why a policy zip cannot be read as data (its JSON, its step count, its tensors), or
    None when it can. Nothing is unpickled."""
    try:
        data = read_data(path)
        if not isinstance(data.get("num_timesteps"), int):
            return "no step count in its data"
        load_parameters(path)
    except ConfigError as exc:
        return str(exc)
    return None


# --------------------------------------------------------------------- classes

def _import(module: str, name: str) -> Any:
    import importlib
    return getattr(importlib.import_module(module), name)


def _class_name(entry: Any) -> str | None:
    """``module.Class`` of a class entry of ``data``, from its readable ``__module__`` and the
    names of its methods (``<function Class.method at ...>``); None when not recognisable."""
    if isinstance(entry, str):      # a class stored as its repr: "<class 'module.Class'>"
        match = re.fullmatch(r"<class '([\w.]+)'>", entry)
        return match.group(1) if match else None
    if not isinstance(entry, dict) or not isinstance(entry.get("__module__"), str):
        return None
    owners = {m.group(1) for value in entry.values() if isinstance(value, str)
              for m in re.finditer(r"<function (\w+)\.\w+ at ", value)}
    return f"{entry['__module__']}.{owners.pop()}" if len(owners) == 1 else None


def policy_class(data: dict[str, Any], path: Path) -> type:
    """The policy class the file names, if it is one of :data:`POLICY_CLASSES`."""
    name = _class_name(data.get("policy_class"))
    if name not in POLICY_CLASSES:
        raise NotRebuildableError(f"policy file {path}: its policy class ({name or 'not readable'}) is "
                             f"not one of {', '.join(sorted(POLICY_CLASSES))}")
    return _import(*POLICY_CLASSES[name])


def policy_kwargs(data: dict[str, Any], path: Path) -> dict[str, Any]:
    """The policy's keyword arguments from their readable values; the activation and the
    feature extractor by name from the allow-lists."""
    import torch
    entry = data.get("policy_kwargs") or {}
    if not isinstance(entry, dict):
        raise NotRebuildableError(f"policy file {path}: its policy_kwargs are not readable")
    kwargs: dict[str, Any] = {}
    for key, value in entry.items():
        if key in (":type:", ":serialized:"):
            continue
        if key == "activation_fn":
            name = _class_name(value)
            if name not in ACTIVATIONS:
                raise NotRebuildableError(f"policy file {path}: activation {value!r} is not one of "
                                     f"{', '.join(sorted(ACTIVATIONS))}")
            kwargs[key] = getattr(torch.nn, ACTIVATIONS[name])
        elif key == "features_extractor_class":
            name = _class_name(value)
            if name not in EXTRACTORS:
                raise NotRebuildableError(f"policy file {path}: feature extractor {value!r} is not one "
                                     f"of {', '.join(sorted(EXTRACTORS))}")
            kwargs[key] = _import(*EXTRACTORS[name])
        elif key in _PLAIN_KWARGS and not (isinstance(value, str) and value.startswith("<")):
            kwargs[key] = value
        else:
            raise NotRebuildableError(f"policy file {path}: policy argument {key}={value!r} is not "
                                 f"one this loader rebuilds ({', '.join(sorted(_PLAIN_KWARGS))}, "
                                 f"activation_fn, features_extractor_class)")
    return kwargs


def scalars(data: dict[str, Any], path: Path) -> dict[str, Any]:
    """The model's readable hyperparameters and counters, type-checked."""
    out: dict[str, Any] = {}
    for key, types in _SCALARS.items():
        if key not in data:
            continue
        value = data[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise ConfigError(f"policy file {path}: {key}={value!r} in its data is not a "
                              f"{' or '.join(t.__name__ for t in types)}")
        out[key] = value
    return out


# --------------------------------------------------------------------- the model

def read_policy(path: str | os.PathLike[str]) -> PolicyRecord:
    """Everything needed to rebuild the policy of ``path``, read and checked as data: its
    class, keyword arguments, env (id and arguments) and the spaces of that env, checked
    against the layout the file records."""
    path = Path(path)
    data = read_data(path)
    cls = policy_class(data, path)
    kwargs = policy_kwargs(data, path)
    env_id, env_kwargs = env_args(data, path)
    observation_space, action_space = env_spaces(env_id, env_kwargs, path)
    check_layout(data, observation_space, action_space, path)
    return PolicyRecord(path, data, cls, kwargs, env_id, env_kwargs, observation_space, action_space)


def build_model(record: PolicyRecord, device: str = "cpu") -> Any:
    """A MaskablePPO for acting with the file's weights (no training schedules: a learning
    rate and clip range of 0), built from ``record`` as SB3's loader would."""
    from sb3_contrib import MaskablePPO

    from hydra_env.envs.policy_env import record_env_args
    model = MaskablePPO(policy=record.policy_class, env=None, device=device, _init_setup_model=False)
    model.__dict__.update(scalars(record.data, record.path))
    model.observation_space = record_env_args(record.observation_space, record.env_id, record.env_kwargs)
    model.action_space = record.action_space
    model.policy_kwargs = dict(record.policy_kwargs)
    model.learning_rate, model.clip_range = 0.0, 0.0
    model.rollout_buffer_class, model.rollout_buffer_kwargs = None, {}
    try:
        model._setup_model()
    except (ValueError, TypeError) as exc:         # e.g. a SlotPolicy's slots outside the spaces
        raise ConfigError(f"policy file {record.path}: its network cannot be built from the "
                          f"arguments it records ({exc})") from None
    try:
        params = load_parameters(record.path, device)
        acting = acting_weights.marker(record.path)
        if acting is not None:               # actor in float16, no critic (agents.acting_weights)
            params = {"policy": acting_weights.restore(params["policy"], model.policy.state_dict(),
                                                       list(acting.get("left_out", []))),
                      "policy.optimizer": model.policy.optimizer.state_dict()}     # a fresh one
        model.set_parameters(params, exact_match=True, device=device)
    except (RuntimeError, ValueError, KeyError) as exc:
        detail = next((line.strip() for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
        raise ConfigError(f"policy file {record.path}: its weights do not fit the network it "
                          f"names ({detail})") from None
    return model


def unsafe_allowed() -> bool:
    """Whether the user opted in to pickle-based loading (:data:`UNSAFE_ENV` set to 1)."""
    value = os.environ.get(UNSAFE_ENV, "").strip()
    if value not in ("", "0", "1"):
        raise ConfigError(f"{UNSAFE_ENV}={value!r}: set it to 1 (load policy files by unpickling, "
                          f"which runs code from the file) or unset it")
    return value == "1"


def load_policy(path: str | os.PathLike[str], device: str = "cpu") -> Any:
    """The MaskablePPO of a policy zip, rebuilt from data (:func:`read_policy`,
    :func:`build_model`). A file that cannot be rebuilt is refused with a ConfigError that
    says how to proceed, or, with :data:`UNSAFE_ENV` set, loaded by unpickling."""
    try:
        return build_model(read_policy(path), device)
    except NotRebuildableError as exc:
        if not unsafe_allowed():
            raise ConfigError(f"{exc}. It cannot be loaded as data (nothing is unpickled, so no "
                              f"code in it runs). Export it again with a current hydra-env (python "
                              f"-m agents.train.export) where you trust it, or, only if you trust "
                              f"the file as you would a program, set {UNSAFE_ENV}=1: that loads it "
                              f"by unpickling, which runs any code the file contains") from None
    from sb3_contrib import MaskablePPO
    print(f"warning: {UNSAFE_ENV}=1: loading {path} by unpickling (runs code from the file)",
          file=sys.stderr)
    custom = {"learning_rate": 0.0, "lr_schedule": lambda _: 0.0, "clip_range": lambda _: 0.0}
    try:
        return MaskablePPO.load(path, device=device, custom_objects=custom)
    except Exception as exc:  # noqa: BLE001  (SB3 raises many kinds for a bad archive)
        raise ConfigError(f"cannot load PPO checkpoint {path}: {type(exc).__name__}: {exc}") from None
