"""Laying blocks of config fields over each other: the values checked, mappings merged.

A block is a mapping of field → value (a config file's ``default`` or env block,
or one ``--set``). Plain fields are replaced; mapping fields (``env_kwargs``)
are merged key by key, ``null`` removing a key; ``field.key`` sets one entry.
Every value is checked (and gently converted) against its field's type; a
wrong one is a ConfigError naming the field and what it expects.
"""

from __future__ import annotations

import re
from typing import Any

from agents.train.config_fields import FIELDS, TYPES
from hydra_env import ConfigError, arguments

NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")
"""A number as YAML 1.1 may leave it as text (``1e-5``, without a dot)."""


def coerce_field(name: str, value: Any, where: str) -> Any:
    """Check (and gently convert) one field's value, or raise ConfigError naming it.

    The checks are :mod:`hydra_env.arguments`' (no bool for a number, no float for
    an integer); YAML's spellings of numbers (``2e6``, ``1e-5`` read as text) are
    taken as the numbers they are first."""
    kind = TYPES[name]
    label = f"{where}: field {name!r}"
    fix = f"see `hydra-env train --help-fields` ({FIELDS[name].metadata['doc']})"
    if kind in (int, float) and isinstance(value, str) and NUMBER.fullmatch(value.strip()):
        value = float(value)            # PyYAML reads 1e-5 (no dot) as a string (YAML 1.1)
    if kind is bool:
        value = arguments.boolean(label, value, fix=f"write true or false; {fix}")
    elif kind is int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)          # 2e6 in YAML or --set is a float
        value = arguments.integer(label, value, fix=f"write a whole number; {fix}")
    elif kind is float:
        value = arguments.number(label, value, fix=f"write a number; {fix}")
    elif kind is str:
        value = arguments.text(label, "" if value is None else value, empty=True,
                               fix=f"write a text; {fix}")
    elif kind is list:
        if not isinstance(value, list):
            raise ConfigError(f"{label} must be a list, got {arguments.show(value)}; write "
                              f"[a, b, ...]; {fix}")
    elif kind is dict:
        value = arguments.mapping(label, value, fix=f"write {{key: value, ...}}; {fix}")
    choices = FIELDS[name].metadata.get("choices")
    if choices:
        value = arguments.choice(label, value, choices)
    return value


def _type_word(kind: type) -> str:
    return {bool: "true or false", int: "an integer", float: "a number", str: "a string",
            list: "a list", dict: "a mapping"}[kind]


def apply_block(cfg: dict[str, Any], block: Any, where: str) -> None:
    """Lay ``block`` (field → value) over ``cfg``: plain fields are replaced, mapping
    fields merged key by key (``null`` removes a key); ``field.key`` sets one entry."""
    if block is None:
        return
    if not isinstance(block, dict):
        raise ConfigError(f"{where}: expected a mapping of fields, got {type(block).__name__}")
    for key, value in block.items():
        head, dot, path = str(key).partition(".")
        if head not in FIELDS:
            close = [n for n in FIELDS if n.startswith(head[:3])]
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise ConfigError(f"{where}: unknown field {key!r}{hint} "
                              f"(known fields: see `hydra-env train --help-fields`)")
        if dot:
            if TYPES[head] is not dict:
                mappings = [n for n in FIELDS if TYPES[n] is dict]
                raise ConfigError(f"{where}: {key!r}: a dotted key sets one entry of a mapping "
                                  f"field ({', '.join(mappings)}), and {head!r} is "
                                  f"{_type_word(TYPES[head])}; write {head}=VALUE")
            parts = path.split(".")
            if not all(parts):
                raise ConfigError(f"{where}: {key!r}: empty part in the dotted key; write "
                                  f"{head}.NAME=VALUE")
            for part in reversed(parts):
                value = {part: value}
        value = coerce_field(head, value, where)
        if TYPES[head] is dict:
            value = merge_mappings(cfg.get(head, FIELDS[head].default_factory()), value)
        cfg[head] = value


def merge_mappings(base: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """``update`` laid over ``base`` key by key (nested mappings too); a None value
    removes its key."""
    out = dict(base)
    for key, value in update.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge_mappings(out[key], value)
        else:
            out[key] = value
    return out
