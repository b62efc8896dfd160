"""Digests of a game's data files and code, for caches of what the game's rules and bots produce.

A cache keyed by a game's name and settings alone (the imitation cache of a warm start) goes
stale when the game's data changes (a re-tuned component file), or its rules or scripted bots
do: :func:`game_data_digest` is the sha256 over the JSON files below the folder of the game's
package (where its spec's module lives), path and bytes, in path order;
:func:`game_source_digest` the same over its JSON and Python files.
"""

from __future__ import annotations

import hashlib
import sys
from functools import cache
from pathlib import Path

from hydra_env.api.registry import game_spec


@cache
def game_data_digest(name: str) -> str:
    """The sha256 (hex) of the game ``name``'s data: its package's ``*.json`` files."""
    return _digest(name, ("*.json",))


@cache
def game_source_digest(name: str) -> str:
    """The sha256 (hex) of the game ``name``'s data and Python code (its rules and its scripted
    bots): its package's ``*.json`` and ``*.py`` files."""
    return _digest(name, ("*.json", "*.py"))


def _digest(name: str, patterns: tuple[str, ...]) -> str:
    spec = game_spec(name)
    module = sys.modules.get(getattr(spec.new_game, "__module__", ""))
    folder = _package_folder(Path(module.__file__)) if module is not None and module.__file__ else None
    digest = hashlib.sha256()
    if folder is not None:
        paths = sorted({p for pattern in patterns for p in folder.rglob(pattern)})
        for path in paths:
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _package_folder(module_file: Path) -> Path:
    """The game's package folder: up from the module's folder while the parent is a package,
    stopping below a folder named ``games`` (the plugin layout ``hydra_env/games/<name>/``)."""
    folder = module_file.parent
    while (folder.parent / "__init__.py").is_file() and folder.parent.name != "games":
        folder = folder.parent
    return folder


__all__ = ["game_data_digest", "game_source_digest"]
