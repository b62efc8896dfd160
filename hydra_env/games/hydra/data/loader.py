"""Loading a component set: reading the five files, strict JSON, the digest, the cache.

:func:`load_components` reads a folder, parses each file with the parsers of
this package and returns a validated :class:`~hydra_env.games.hydra.data.model.Components`;
:func:`default_components` is the shipped set, loaded once.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from hydra_env import arguments
from hydra_env.errors import ConfigError, DataError
from hydra_env.games.hydra.data.checks import _check_count, _in_range, _Where
from hydra_env.games.hydra.data.limits import RULEBOOK_COUNTS, Counts
from hydra_env.games.hydra.data.model import ActionCard, Components
from hydra_env.games.hydra.data.parse_board import _parse_board
from hydra_env.games.hydra.data.parse_cards import (
    _check_card_counts,
    _deck_sizes,
    _parse_action_cards,
    _parse_hydra_cards,
)
from hydra_env.games.hydra.data.parse_manifest import _check_manifest_counts, _parse_manifest
from hydra_env.games.hydra.data.parse_scenarios import _Context, _parse_scenarios

_DATA_DIR = Path(__file__).resolve().parent
_FILES = ("manifest.json", "board.json", "action_cards.json", "hydra_cards.json", "scenarios.json")


def _read_files(folder: Path) -> dict[str, bytes]:
    """The bytes of the five files; DataError if the folder or a file is missing or unreadable."""
    if not folder.is_dir():
        raise DataError(f"{folder}: not a folder; give the folder holding {', '.join(_FILES)}")
    raw = {}
    for name in _FILES:
        path = folder / name
        try:
            raw[name] = path.read_bytes()
        except FileNotFoundError:
            raise DataError(
                f"{name}: file missing in {folder}; a component set needs all of {', '.join(_FILES)}"
            ) from None
        except IsADirectoryError:
            raise DataError(f"{name}: is a folder in {folder}, not a file; put the JSON file {name} there") from None
        except OSError as exc:   # permissions, a broken link, a device error ...
            reason = exc.strerror or type(exc).__name__
            raise DataError(f"{name}: cannot be read in {folder} ({reason}); make it a readable file") from None
    return raw


class _DuplicateKeyError(Exception):
    pass


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKeyError(key)
            seen.add(key)
    return out


def _parse_json(name: str, data: bytes) -> dict:
    """Decode one file: UTF-8 JSON whose top level is an object, no duplicate keys, and an
    optional ``"about"`` list of strings."""
    where = _Where(name)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(f"{name}: not valid UTF-8 (byte {exc.start}); save the file as UTF-8") from None
    try:
        doc = json.loads(text, object_pairs_hook=_reject_duplicates)
    except json.JSONDecodeError as exc:
        raise DataError(
            f"{name}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}; "
            "fix the syntax there (a missing or extra comma, bracket or quote is typical)"
        ) from None
    except _DuplicateKeyError as exc:
        raise DataError(f"{name}: field '{exc}' appears twice in one object; keep one of them") from None
    except RecursionError:
        raise DataError(f"{name}: lists or objects are nested too deeply to read; the data is flat, "
                        "a few levels at most") from None
    except ValueError as exc:   # an integer of more than 4300 digits
        raise DataError(f"{name}: unreadable JSON value ({exc}); use ordinary numbers") from None
    if not isinstance(doc, dict):
        where.fail("the top level must be a JSON object {...}")
    about = doc.get("about", [])
    if not isinstance(about, list) or not all(isinstance(line, str) for line in about):
        where.at("about").fail(f"must be a list of strings (free-text notes), not {json.dumps(about)[:60]}")
    return doc


def _digest(raw: dict[str, bytes]) -> str:
    """sha256 over the files sorted by name, each as name, NUL, 8-byte length, bytes."""
    sha = hashlib.sha256()
    for name in sorted(raw):
        sha.update(name.encode() + b"\0" + len(raw[name]).to_bytes(8, "big"))
        sha.update(raw[name])
    return sha.hexdigest()


def _load_folder(folder: Path, counts: Counts | None) -> Components:
    """Read, validate and build the component set of one folder."""
    raw = _read_files(folder)
    docs = {name: _parse_json(name, data) for name, data in raw.items()}
    name, version, hydra, hero, supply = _parse_manifest(docs["manifest.json"])
    if counts is not None:
        _check_manifest_counts(hydra, hero, supply, counts)
    board = _parse_board(docs["board.json"], len(hydra), supply)
    actions = _parse_action_cards(docs["action_cards.json"], hydra, board.areas)
    hydras = _parse_hydra_cards(docs["hydra_cards.json"], hydra, board.areas)
    _check_strengths(actions, board.rows * board.cols)
    if counts is not None:
        _check_card_counts(actions, hydras, counts)
    ctx = _Context(len(board.paths[0]), len(board.paths), len(hero), len(actions), supply,
                   _deck_sizes(hydras, False), _deck_sizes(hydras, True))
    scenarios = _parse_scenarios(docs["scenarios.json"], ctx)
    if not scenarios:
        _Where("scenarios.json").at("scenarios").fail("lists no scenario; a game needs at least one")
    if counts is not None:
        _check_count("scenarios.json", "scenarios", len(scenarios), counts.scenarios)
    return Components(name, version, hydra, hero, supply, board, actions, hydras, scenarios, str(folder), _digest(raw))


def _check_strengths(actions: tuple[ActionCard, ...], cells: int) -> None:
    """A hero strength is at most the number of board cells: the engine does one step of
    work per point (walk layers, compass steps), so a strength of 10**9 would never end."""
    for card in actions:
        where = _Where("action_cards.json", f"card {card.id}").sub("hero").sub("strength")
        _in_range(card.hero.strength, 0, cells, where, "at most one point per board cell")


@cache
def _load_default(counts: Counts | None) -> Components:
    return _load_folder(_DATA_DIR, counts)


def load_components(path: str | os.PathLike | None = None, *, counts: Counts | None = RULEBOOK_COUNTS) -> Components:
    """Load and validate the component set in folder ``path``.

    ``path`` None loads the shipped data (cached). ``counts`` are the counts to
    enforce; None skips them for a set of another size (structural checks still
    run). Raises DataError naming the file, the entry and the problem.
    """
    if counts is not None and not isinstance(counts, Counts):
        raise ConfigError(f"counts must be a hydra_env.games.hydra.data.Counts or None, got {arguments.show(counts)}; "
                          "pass RULEBOOK_COUNTS (the default), Counts(...) or None to skip the count checks")
    if path is None:
        return _load_default(counts)
    folder = arguments.path_like("path", path,
                                 fix="pass the folder of the five data files, or None for the shipped data")
    return _load_folder(folder.resolve(), counts)


def default_components() -> Components:
    """The shipped component set, loaded once."""
    return load_components()
