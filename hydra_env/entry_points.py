"""The package's entry points (games, bots, policies), read from the installed metadata or,
on a machine where this package is not installed, from a table handed over by the driver.

Every registry of ``hydra_env`` (games, bots, shipped policies) finds its entries through
:func:`entry_points`. Installed (``pip install hydra-env``), they come from the package's
metadata (``[project.entry-points]`` of ``pyproject.toml``). A Ray node that runs this
package's code shipped by the driver (``runtime_env`` ``py_modules``) has the code but not the
metadata; the driver then passes its own table (:func:`snapshot`) in the environment variable
``HYDRA_ENV_ENTRY_POINTS`` (JSON ``{group: {name: "module:attr"}}``), and the node's
registries read it. Entries of the metadata win where both name one.

The standard library only.
"""

from __future__ import annotations

import json
import os
from importlib import metadata

ENV_VARIABLE = "HYDRA_ENV_ENTRY_POINTS"
"""The environment variable holding the driver's entry points (JSON), for nodes without them."""

PREFIX = "hydra_env."
"""The entry-point groups of this project start with it."""


def _handed_over() -> dict[str, dict[str, str]]:
    """The table of :data:`ENV_VARIABLE` (empty when unset or not a table of texts)."""
    text = os.environ.get(ENV_VARIABLE, "")
    if not text:
        return {}
    try:
        table = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(table, dict):
        return {}
    return {group: {name: value for name, value in entries.items()
                    if isinstance(name, str) and isinstance(value, str)}
            for group, entries in table.items()
            if isinstance(group, str) and isinstance(entries, dict)}


def entry_points(group: str) -> list[metadata.EntryPoint]:
    """The entry points of ``group``: the installed ones, then those handed over by a driver
    (:data:`ENV_VARIABLE`) that the metadata does not name."""
    found = list(metadata.entry_points(group=group))
    names = {entry.name for entry in found}
    for name, value in _handed_over().get(group, {}).items():
        if name not in names:
            found.append(metadata.EntryPoint(name, value, group))
    return found


def snapshot() -> dict[str, dict[str, str]]:
    """Every entry point of this project's groups (those starting with ``hydra_env.``) that this
    process sees, as ``{group: {name: value}}``: the table to hand to a node without the metadata."""
    table: dict[str, dict[str, str]] = {}
    for distribution in metadata.distributions():
        for entry in distribution.entry_points:
            if entry.group.startswith(PREFIX):
                table.setdefault(entry.group, {}).setdefault(entry.name, entry.value)
    for group, entries in _handed_over().items():
        if group.startswith(PREFIX):
            for name, value in entries.items():
                table.setdefault(group, {}).setdefault(name, value)
    return table


__all__ = ["ENV_VARIABLE", "entry_points", "snapshot"]
