"""Reading YAML safely and within bounds: configs, policy records, run folders.

PyYAML's safe loader, refusing a key given twice in one mapping (an error, not
"the last one wins") and any alias before it is expanded (an alias bomb of a few
hundred bytes would fill the memory), on at most :data:`MAX_YAML_BYTES`; every
failure is a :class:`~hydra_env.errors.ConfigError` naming where. The training
configs (:mod:`agents.train.config_yaml`), a policy's provenance record
(:func:`hydra_env.envs.policy_env.recorded_env_args`) and a run's ``config.yaml``
are all read through :func:`read_yaml_file`. :class:`PlainDumper` writes YAML
without anchors, so what this package writes it can read back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from hydra_env.errors import ConfigError

__all__ = ["MAX_YAML_BYTES", "StrictLoader", "PlainDumper", "read_yaml", "read_yaml_file"]

MAX_YAML_BYTES = 1_000_000
"""The largest YAML text read (a config or a policy record is a few kilobytes)."""


class StrictLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing a key given twice in one mapping, and any alias
    (``*name``) as it is met, before anything is expanded: a config never needs one,
    and a few hundred bytes of nested aliases expand to gigabytes."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, f"found the alias *{event.anchor}: aliases (*name) and anchors "
                f"(&name) are not allowed in a config or a record; write the value out",
                event.start_mark)
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


class PlainDumper(yaml.SafeDumper):
    """PyYAML's safe dumper writing a value met twice out again (no ``&id001``/``*id001``),
    so that :class:`StrictLoader` reads back what it wrote."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def read_yaml(text: str, where: str) -> Any:
    """``text`` parsed as YAML (safe; duplicated keys, aliases and more than
    :data:`MAX_YAML_BYTES` refused); ConfigError naming ``where``."""
    if len(text) > MAX_YAML_BYTES:
        raise ConfigError(f"{where}: {len(text):,} characters, more than a config may hold "
                          f"({MAX_YAML_BYTES:,}); give the config file itself")
    try:
        return yaml.load(text, Loader=StrictLoader)  # noqa: S506 (a SafeLoader subclass)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{where}: not valid YAML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{where}: not valid YAML: nested too deeply") from None


def read_yaml_file(path: Path, what: str = "config") -> Any:
    """The YAML document of a file (``what`` names it in errors: "config", "policy record"
    ...); ConfigError naming the file when it is larger than :data:`MAX_YAML_BYTES`,
    cannot be read, is not UTF-8 or is not valid YAML."""
    path = Path(path)
    try:
        if path.exists() and not path.is_file() and not path.is_dir():
            raise ConfigError(f"{what} {path} is not a plain file (a device, a pipe or a socket)")
        size = path.stat().st_size
        if size > MAX_YAML_BYTES:
            raise ConfigError(f"{what} {path} is {size:,} bytes, more than a config may hold "
                              f"({MAX_YAML_BYTES:,}); give the config file itself")
        with open(path, "rb") as fh:
            raw = fh.read(MAX_YAML_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"{what} {path} cannot be read: {exc.strerror or exc}") from None
    if len(raw) > MAX_YAML_BYTES:
        raise ConfigError(f"{what} {path} is more than {MAX_YAML_BYTES:,} bytes, more than a "
                          f"config may hold")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{what} {path} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at "
                          f"offset {exc.start}); save it with the UTF-8 encoding") from None
    return read_yaml(text, str(path))
