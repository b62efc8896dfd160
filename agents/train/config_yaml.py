"""Reading YAML for the training configs: safe, UTF-8, no key given twice.

PyYAML's safe loader, refusing a key given twice in one mapping (an error, not
"the last one wins"); every failure is a ConfigError naming where.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from hydra_env import ConfigError


class StrictLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing a key given twice in one mapping."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, Any] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                first = seen.get(key)
            except TypeError:            # an unhashable key: PyYAML's own error follows
                break
            if first is not None:
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping", node.start_mark,
                    f"found the key {key!r} twice (first {first}); give each key once",
                    key_node.start_mark)
            seen[key] = f"at line {key_node.start_mark.line + 1}"
        return super().construct_mapping(node, deep=deep)


def read_yaml(text: str, where: str) -> Any:
    """``text`` parsed as YAML (safe, duplicated keys refused); ConfigError naming ``where``."""
    try:
        return yaml.load(text, Loader=StrictLoader)  # noqa: S506 (a SafeLoader subclass)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{where}: not valid YAML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{where}: not valid YAML: nested too deeply") from None


def read_config_file(path: Path) -> Any:
    """The YAML document of a config file; ConfigError naming the file when it cannot
    be read, is not UTF-8 or is not valid YAML."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"config {path} cannot be read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"config {path} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at "
                          f"offset {exc.start}); save it with the UTF-8 encoding") from None
    return read_yaml(text, str(path))


def parse_override(text: str) -> tuple[str, Any]:
    """``key=value`` from the command line; the value is read as YAML (2e6, true, [1, 2])."""
    if "=" not in text:
        raise ConfigError(f"--set {text!r}: expected key=value, e.g. --set total_timesteps=2e6")
    key, raw = text.split("=", 1)
    key = key.strip()
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
