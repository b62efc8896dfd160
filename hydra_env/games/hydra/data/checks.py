"""Generic validation helpers of the loader: where an error is, and typed-value checks.

Every failure raises :class:`~hydra_env.errors.DataError` with a message of the
form ``"<file>: <entry>: <what is wrong>; <how to fix it>"``. The names are
private to :mod:`hydra_env.games.hydra.data` (its parsers import them); they are not part
of its public interface.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from typing import Any, NoReturn

from hydra_env.errors import DataError

_ABOUT = {"about": list}  # free text every file may carry; ignored
_TYPE_NAMES = {int: "an integer", str: "a string", bool: "true or false", list: "a list", dict: "an object"}


@dataclass(frozen=True)
class _Where:
    """File and entry an error message names."""

    file: str
    entry: str = ""

    def at(self, entry: str) -> _Where:
        return _Where(self.file, entry)

    def sub(self, name: str) -> _Where:
        return _Where(self.file, f"{self.entry}.{name}" if self.entry else name)

    def then(self, label: str) -> _Where:
        return _Where(self.file, f"{self.entry}, {label}")

    def fail(self, problem: str) -> NoReturn:
        raise DataError(f"{self.file}: {self.entry or 'top level'}: {problem}")


def _typed(value: Any, kind: type, where: _Where) -> Any:
    """Return ``value`` if it has JSON type ``kind`` (a bool is not an int)."""
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        got = "a boolean" if isinstance(value, bool) else _TYPE_NAMES.get(type(value), type(value).__name__)
        where.fail(f"must be {_TYPE_NAMES[kind]}, not {json.dumps(value)} ({got})")
    return value


def _object(value: Any, where: _Where, required: dict[str, type], optional: dict[str, type] | None = None) -> dict:
    """Check a JSON object: no unknown field, every required field, right types."""
    optional = optional or {}
    _typed(value, dict, where)
    allowed = [*required, *optional]
    for key in value:
        if key not in allowed:
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            where.fail(f"unknown field '{key}'; {hint}(allowed: {', '.join(allowed)})")
    for key in required:
        if key not in value:
            where.fail(f"missing required field '{key}' ({_TYPE_NAMES[required[key]]}); add it")
    for key, kind in {**required, **optional}.items():
        if key in value and key != "about":
            _typed(value[key], kind, where.sub(key))
    return value


def _in_range(value: int, low: int, high: int | None, where: _Where, why: str = "") -> int:
    """Check ``low <= value <= high`` (no upper bound if ``high`` is None)."""
    if value < low or (high is not None and value > high):
        span = f"at least {low}" if high is None else f"between {low} and {high}" if high > low else str(low)
        where.fail(f"is {value}, must be {span}" + (f" ({why})" if why else ""))
    return value


def _index(name: str, choices: tuple[str, ...], what: str, where: _Where) -> int:
    """Index of ``name`` among ``choices``, or an 'unknown <what>' error."""
    if name not in choices:
        where.fail(f"unknown {what} '{name}'; use one of: {', '.join(choices)}")
    return choices.index(name)


def _names(value: list, where: _Where) -> tuple[str, ...]:
    """A non-empty list of distinct non-empty strings."""
    if not value:
        where.fail("must not be empty")
    for i, item in enumerate(value):
        if not _typed(item, str, where.sub(str(i))):
            where.sub(str(i)).fail("must not be an empty string")
        if item in value[:i]:
            where.fail(f"'{item}' is listed twice; names must be distinct")
    return tuple(value)


def _ints(value: list, where: _Where, length: int, low: int, high: int, why: str = "") -> tuple[int, ...]:
    """A list of ``length`` integers, each within ``low..high``."""
    if len(value) != length:
        where.fail(f"has {len(value)} values, needs {length}" + (f" ({why})" if why else ""))
    items = [where.sub(str(i)) for i in range(length)]
    return tuple(_in_range(_typed(v, int, w), low, high, w) for v, w in zip(value, items))


def _check_count(file: str, what: str, found: int, expected: int) -> None:
    if found != expected:
        raise DataError(
            f"{file}: {found} {what}, the rulebook has {expected} (pass counts=None to load a set of another size)"
        )


def _entry_where(file: str, raw: Any, i: int, key: str, label: str) -> _Where:
    """Name an entry by its id/number when it has one, else by its list position."""
    if isinstance(raw, dict) and isinstance(raw.get(key), (str, int)) and not isinstance(raw.get(key), bool):
        return _Where(file, f"{label} {raw[key]}")
    return _Where(file, f"{label} at position {i}")


def _unique(key: Any, seen: dict, where: _Where, what: str) -> None:
    if key in seen:
        where.fail(f"duplicate {what} {key!r} (also at position {seen[key]}); give each entry its own {what}")
    seen[key] = len(seen)
