"""One save reader for every game: the checks a save's text passes before any game code reads it.

:func:`read_save_text` turns the text of a saved game into its top-level JSON object, or
raises :class:`~hydra_env.errors.SaveError` naming what is wrong: not text, not UTF-8, too
long, nested too deeply (found by a scan of the brackets outside strings, before
``json.loads`` could recurse), an integer too large, ``NaN``/``Infinity``, a key given twice,
not an object, another game's format, or a version that is not exactly this one (``true``
and ``1.0`` are not ``1``). Each game then checks its own fields and invariants.

The standard library only.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from hydra_env import arguments
from hydra_env.errors import SaveError

MAX_BYTES = 64 * 1024 * 1024
"""The longest save text read (UTF-8 bytes)."""
MAX_DEPTH = 64
"""The deepest nesting of JSON arrays and objects read."""
MAX_INT = arguments.MAX_SEED + 1
"""The largest absolute value of an integer in a save (2**256: every seed a game takes,
:data:`hydra_env.arguments.MAX_SEED`, included)."""

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def read_save_text(text: Any, *, game: str, version: int, title: str = "hydra-env",
                   max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
                   max_int: int = MAX_INT) -> dict[str, Any]:
    """The top-level object of the save ``text`` (str, or UTF-8 bytes), its header checked.

    ``game`` is the value its ``format`` field must have, ``version`` the exact integer its
    ``version`` field must have; ``title`` names the game in messages. Raises SaveError
    naming the problem when the text is not a save of this game and version.
    """
    prefix = f"not a saved {title} game"
    raw = _as_bytes(text, prefix)
    if len(raw) > max_bytes:
        raise SaveError(f"{prefix}: the text has {len(raw):,} bytes, more than the {max_bytes:,} a save may have")
    decoded = raw.decode("utf-8") if not isinstance(text, str) else text
    _check_depth(decoded, max_depth, prefix)
    try:
        doc = json.loads(decoded, parse_int=lambda s: _integer(s, max_int, prefix),
                         parse_float=lambda s: _float(s, prefix), parse_constant=lambda s: _constant(s, prefix),
                         object_pairs_hook=lambda pairs: _object(pairs, prefix))
    except SaveError:
        raise
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"{prefix}: not JSON text (invalid JSON: {exc})") from None
    if not isinstance(doc, dict):
        raise SaveError(f"{prefix}: the save must be a JSON object, got {type(doc).__name__}")
    if doc.get("format") != game:
        raise SaveError(f"{prefix}: field 'format' must be {game!r}, got {arguments.show(doc.get('format'))}; "
                        f"this is no saved {title} game")
    got = doc.get("version")
    if type(got) is not int or got != version:
        raise SaveError(f"saved {title} game: field 'version' must be {version} (exactly that integer: this "
                        f"hydra-env reads version {version}), got {arguments.show(got)}")
    return doc


def _as_bytes(text: Any, prefix: str) -> bytes:
    """The UTF-8 bytes of ``text`` (SaveError when it is not text, or not UTF-8)."""
    if isinstance(text, str):
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise SaveError(f"{prefix}: the text holds a character that is not valid UTF-8 "
                            f"(position {exc.start}); pass the text that to_json returned") from None
    if isinstance(text, (bytes, bytearray)):
        raw = bytes(text)
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(f"{prefix}: the bytes are not UTF-8 text (byte {exc.start}); "
                            f"a save is the UTF-8 text that to_json returned") from None
        return raw
    raise SaveError(f"{prefix}: from_json needs the text of a saved game (a str), got {arguments.show(text)}; "
                    "pass the string that to_json returned, e.g. Path(file).read_text()")


def _check_depth(text: str, max_depth: int, prefix: str) -> None:
    """SaveError when arrays and objects nest deeper than ``max_depth`` (strings skipped)."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                raise SaveError(f"{prefix}: its JSON is nested more than {max_depth} levels deep")
        elif token in "]}":
            depth -= 1


def _integer(digits: str, max_int: int, prefix: str) -> int:
    if len(digits) > len(str(max_int)) + 1:
        raise SaveError(f"{prefix}: an integer of {len(digits)} digits is larger than a save holds "
                        f"(at most {max_int:.3g} in size)")
    value = int(digits)
    if abs(value) > max_int:
        raise SaveError(f"{prefix}: the integer {digits[:20]}… is larger than a save holds (at most {max_int:.3g})")
    return value


def _float(digits: str, prefix: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise SaveError(f"{prefix}: the number {digits[:20]} is out of range")
    return value


def _constant(name: str, prefix: str) -> Any:
    raise SaveError(f"{prefix}: {name} is not a JSON number; a save holds finite numbers only")


def _object(pairs: list[tuple[str, Any]], prefix: str) -> dict[str, Any]:
    doc = dict(pairs)
    if len(doc) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise SaveError(f"{prefix}: the field {key[:40]!r} appears twice in one object")
            seen.add(key)
    return doc


def first_difference(a: Any, b: Any, where: str) -> str | None:
    """The path (from ``where``) of the first place two JSON values differ, or None when equal.

    Strict about types: ``true``, ``1.0`` and ``1`` all differ, so a replayed state
    compared with a saved one refuses a value of the wrong type.
    """
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{where}.{key}"
            found = first_difference(a[key], b[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where} (length {len(b)} saved, {len(a)} expected)"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found:
                return found
        return None
    return None if type(a) is type(b) and a == b else where
