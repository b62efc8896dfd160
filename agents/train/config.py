"""Training configuration: one dataclass whose every field carries its doc.

A config file is YAML in the style of rl-baselines3-zoo: a ``default`` block
and one block per environment id; the block of the file's ``env`` (given in
``default`` or on the command line) is laid over ``default``::

    default:
      env: hydra_env/Solo-v0
      seed: 0
    hydra_env/Solo-v0:
      env_kwargs: {scenario: 10, reward: shaped}
      total_timesteps: 2000000

Every field below may appear in either block and be overridden on the
command line (``--set total_timesteps=2e6``). An unknown field or a value of
the wrong type is an error that names the field and what it expects.

Mapping fields (``env_kwargs``) are merged, not replaced: the env block's
``env_kwargs`` is laid key by key over the ``default`` block's, and
``--set env_kwargs={stars: 2}`` over both, so the keys a layer does not name
keep their values. A dotted key sets one entry: ``--set env_kwargs.scenario=11``.
A key set to ``null`` is removed (the environment's own default applies):
``--set env_kwargs.reward=null``.

The file must be UTF-8 YAML without duplicated keys (a key given twice in one
mapping is an error, not "the last one wins").

The modules of the config, one job each: :mod:`~agents.train.config_fields`
(the fields and their docs), :mod:`~agents.train.config_yaml` (reading YAML),
:mod:`~agents.train.config_layers` (laying blocks over each other, each value
checked), :mod:`~agents.train.config_checks` (ranges and cross-field rules),
:mod:`~agents.train.config_files` (the packaged configs) and
:mod:`~agents.train.game_hooks` (the game of a config). Their names are
importable from here as before.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from agents.train.config_checks import validate
from agents.train.config_fields import FIELDS, TYPES, TrainConfig, field_docs
from agents.train.config_files import (
    DEFAULT_CONFIGS,
    config_dir,
    default_config_name,
    find_config,
    packaged_configs,
)
from agents.train.config_layers import NUMBER, apply_block, coerce_field, merge_mappings
from agents.train.config_yaml import StrictLoader, parse_override, read_config_file, read_yaml
from agents.train.game_hooks import config_game, train_env_ids
from hydra_env import ConfigError

# The old private names of these helpers, kept for one release.
_apply, _merge, _coerce, _NUMBER, _StrictLoader, _TYPES = (
    apply_block, merge_mappings, coerce_field, NUMBER, StrictLoader, TYPES)


def __getattr__(name: str) -> Any:
    if name == "ENVS":          # the env ids of the registered games, read when asked
        return train_env_ids()
    if name == "DEFAULT_CONFIG":
        return default_config_name()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_config(path: str | Path | None, overrides: list[str] | None = None,
                env: str | None = None) -> TrainConfig:
    """Read a config file (a path or a packaged name, see :func:`find_config`), lay
    the env block over ``default``, apply overrides.

    Raises ConfigError for a missing, unreadable or non-UTF-8 file, a duplicated
    key, unknown fields and wrong types. What the values lead to (the env they
    build, the bots they name, the device) is checked by
    :func:`agents.train.checks.check_config`.
    """
    cfg: dict[str, Any] = {}
    if path is not None:
        path = find_config(path)
        doc = read_config_file(path)
        if not isinstance(doc, dict):
            raise ConfigError(f"{path}: expected a mapping with a 'default' block and env blocks")
        unknown = [k for k in doc if k != "default" and "/" not in str(k)]
        if unknown:
            raise ConfigError(f"{path}: top-level keys must be 'default' or env ids like "
                              f"hydra_env/Solo-v0, got {unknown}")
        apply_block(cfg, doc.get("default"), f"{path} [default]")
        overrides_env = [o for o in overrides or [] if o.split("=", 1)[0].strip() == "env"]
        env_id = env or (parse_override(overrides_env[-1])[1] if overrides_env else None) \
            or cfg.get("env", TrainConfig.env)
        apply_block(cfg, doc.get(env_id), f"{path} [{env_id}]")
        cfg["env"] = env_id
    for text in overrides or []:
        key, value = parse_override(text)
        apply_block(cfg, {key: value}, f"--set {text}")
    config = TrainConfig(**cfg)
    validate(config)
    return config


def dump_config(config: TrainConfig, path: Path) -> None:
    """Write the resolved config as a loadable config file (every field in its
    ``default`` block, each with its doc as a comment)."""
    lines = ["# resolved training config: `hydra-env train THIS_FILE` repeats the run", "default:"]
    for name, value in config.to_dict().items():
        lines.append(f"  # {FIELDS[name].metadata['doc']}")
        text = json.dumps(value)                             # JSON is YAML, but
        if isinstance(value, float) and NUMBER.fullmatch(text) and "." not in text \
                and "e" in text:
            text = text.replace("e", ".0e", 1)               # 3e-05 → 3.0e-05 (YAML 1.1 float)
        lines.append(f"  {name}: {text}")
    tmp = path.with_name(f".{path.name}.partial")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, path)              # a run folder's config.yaml is never half-written


__all__ = ["DEFAULT_CONFIGS", "FIELDS", "TrainConfig", "config_dir", "config_game",
           "dump_config", "field_docs", "find_config", "load_config", "packaged_configs",
           "parse_override", "read_config_file", "read_yaml", "validate"]
