"""Reading YAML for the training configs: safe, UTF-8, no key given twice, bounded.

The loader itself is generic (:mod:`hydra_env.envs.yaml_limits`: PyYAML's safe
loader refusing a key given twice and any alias before it is expanded, on at
most :data:`MAX_CONFIG_BYTES`), shared with the policy records that
``hydra_env`` reads; this module adds the ``--set key=value`` overrides. Every
failure is a ConfigError naming where.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from hydra_env import ConfigError
from hydra_env.envs.yaml_limits import MAX_YAML_BYTES, PlainDumper, StrictLoader, read_yaml, read_yaml_file

__all__ = ["MAX_CONFIG_BYTES", "PlainDumper", "StrictLoader", "read_yaml", "read_config_file",
           "parse_override"]

MAX_CONFIG_BYTES = MAX_YAML_BYTES
"""The largest config file (and ``--set`` value) read: a config is a few kilobytes."""


def read_config_file(path: Path) -> Any:
    """The YAML document of a config file; ConfigError naming the file when it cannot
    be read, is not UTF-8 or is not valid YAML."""
    return read_yaml_file(path, "config")


def parse_override(text: str) -> tuple[str, Any]:
    """``key=value`` from the command line; the value is read as YAML (2e6, true, [1, 2])."""
    if "=" not in text:
        raise ConfigError(f"--set {text!r}: expected key=value, e.g. --set total_timesteps=2e6")
    key, raw = text.split("=", 1)
    key = key.strip()
    if len(raw) > MAX_CONFIG_BYTES:
        raise ConfigError(f"--set {key}=...: the value is {len(raw):,} characters, more than a "
                          f"config may hold ({MAX_CONFIG_BYTES:,})")
    try:
        value = yaml.load(raw, Loader=StrictLoader)  # noqa: S506 (a SafeLoader subclass)
    except (yaml.YAMLError, RecursionError) as exc:
        raise ConfigError(f"--set {text!r}: the value is not valid YAML ({exc})") from None
    if isinstance(value, str):
        try:
            value = float(value) if any(c in value for c in ".eE") else int(value)
        except ValueError:
            pass
    return key, value
