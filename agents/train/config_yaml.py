"""Reading YAML for the training configs: safe, UTF-8, no key given twice, bounded.

PyYAML's safe loader, refusing a key given twice in one mapping (an error, not
"the last one wins") and any alias before it is expanded (an alias bomb of a few
hundred bytes would fill the memory), on at most :data:`MAX_CONFIG_BYTES`; every
failure is a ConfigError naming where.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from hydra_env import ConfigError

MAX_CONFIG_BYTES = 1_000_000
"""The largest config file (and ``--set`` value) read: a config is a few kilobytes."""


class StrictLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing a key given twice in one mapping, and any alias
    (``*name``) as it is met, before anything is expanded: a config never needs one,
    and a few hundred bytes of nested aliases expand to gigabytes."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, f"found the alias *{event.anchor}: aliases (*name) and anchors "
                f"(&name) are not allowed in a config; write the value out", event.start_mark)
        return super().compose_node(parent, index)

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
    """``text`` parsed as YAML (safe; duplicated keys, aliases and more than
    :data:`MAX_CONFIG_BYTES` refused); ConfigError naming ``where``."""
    if len(text) > MAX_CONFIG_BYTES:
        raise ConfigError(f"{where}: {len(text):,} characters, more than a config may hold "
                          f"({MAX_CONFIG_BYTES:,}); give the config file itself")
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
        size = path.stat().st_size
        if size > MAX_CONFIG_BYTES:
            raise ConfigError(f"config {path} is {size:,} bytes, more than a config may hold "
                              f"({MAX_CONFIG_BYTES:,}); give the config file itself")
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
