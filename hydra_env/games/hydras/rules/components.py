"""Card faces of Hydras: the validated data file ``hydra_env/games/hydras/rules/data/cards.json``.

The rulebook fixes how many cards of each sort there are, its pictures the
faces; the faces are a reconstruction (docs/games/hydras/rules.md), so they live in an
editable JSON file, never as constants in code. The file::

    {"name": "...", "version": "1", "hand_size": 4, "grid_radius": 5,
     "bodies": {"count": 4, "sides": "1101"}, "torches": 6,
     "shapes": [{"name": "turn", "sides": "1100", "heads": 0,
                 "plain": 6, "sword": 5, "poison": 2}, ...],
     "about": [...], "calibration": [...]}          (free text, ignored)

``sides`` lists north, east, south, west; ``1`` is a neck on that side (H1).
Each shape gives up to three *kinds* of card, one per icon (plain, sword,
poison breath) with a non-zero count; the torch is one more kind. Kinds are
numbered in file order (shape by shape, plain before sword before poison),
the torch last.

Every problem raises :class:`~hydra_env.errors.DataError` worded
``"<file>: <entry>: <problem>"``, e.g.
``cards.json: shapes[2] (head I).heads: is 4, must be between 0 and 3``.
The rulebook's counts are checked unless ``counts=None`` is passed.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from hydra_env.errors import DataError

DATA_FILE = Path(__file__).resolve().parent / "data" / "cards.json"
ICONS = ("plain", "sword", "poison")
TORCH_ID = "torch"
MAX_PLAYERS = 4
_TYPE_NAMES = {int: "an integer", str: "a string", list: "a list", dict: "an object"}


@dataclass(frozen=True)
class Counts:
    """Counts fixed by the rulebook; checked on load unless ``counts=None``."""

    bodies: int = 4
    plain: int = 24
    sword: int = 20
    poison: int = 10
    torches: int = 6


RULEBOOK_COUNTS = Counts()


@dataclass(frozen=True)
class CardKind:
    """One kind of card: all cards of a kind are alike.

    ``sides`` is the unrotated neck bitmask (north 1, east 2, south 4, west 8);
    ``icon`` is "plain", "sword", "poison" or "torch" (the torch has no sides
    and no heads).
    """

    index: int
    id: str
    shape: str
    icon: str
    sides: int
    heads: int
    count: int

    @property
    def is_torch(self) -> bool:
        """Whether this is the torch."""
        return self.icon == "torch"


@dataclass(frozen=True)
class CardSet:
    """A validated set of Hydras cards; ``digest`` identifies the file's bytes."""

    name: str
    version: str
    hand_size: int
    grid_radius: int
    body_count: int
    body_sides: int
    kinds: tuple[CardKind, ...]
    source: str
    digest: str

    @property
    def torch(self) -> int:
        """Kind index of the torch."""
        return len(self.kinds) - 1

    @property
    def deck_size(self) -> int:
        """Number of cards in the play deck."""
        return sum(k.count for k in self.kinds)

    def kind_index(self, kind_id: str) -> int:
        """Index of the kind named ``kind_id`` (``"sword turn"``, ``"torch"``)."""
        for kind in self.kinds:
            if kind.id == kind_id:
                return kind.index
        known = ", ".join(k.id for k in self.kinds)
        raise KeyError(f"no card kind {kind_id!r}; kinds: {known}")


def sides_from_text(text: str) -> int:
    """``"1101"`` (N E S W) as a bitmask (north 1, east 2, south 4, west 8)."""
    return sum(1 << i for i, ch in enumerate(text) if ch == "1")


def sides_to_text(sides: int) -> str:
    """Inverse of :func:`sides_from_text`."""
    return "".join("1" if sides >> i & 1 else "0" for i in range(4))


# --------------------------------------------------------------------------- checking


class _Where:
    """The file and entry an error names."""

    def __init__(self, file: str, entry: str = "") -> None:
        self.file, self.entry = file, entry

    def sub(self, name: str) -> _Where:
        return _Where(self.file, f"{self.entry}.{name}" if self.entry else name)

    def fail(self, problem: str) -> NoReturn:
        raise DataError(f"{self.file}: {self.entry or 'top level'}: {problem}")


def _typed(value: Any, kind: type, where: _Where) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        where.fail(f"must be {_TYPE_NAMES[kind]}, not {json.dumps(value)}")
    return value


def _fields(value: Any, where: _Where, required: dict[str, type],
            optional: tuple[str, ...] = ()) -> dict:
    _typed(value, dict, where)
    for key in value:
        if key not in required and key not in optional:
            where.fail(f"unknown field '{key}' (allowed: {', '.join([*required, *optional])})")
    for key, kind in required.items():
        if key not in value:
            where.fail(f"missing required field '{key}' ({_TYPE_NAMES[kind]}); add it")
        _typed(value[key], kind, where.sub(key))
    return value


def _in_range(value: int, low: int, high: int | None, where: _Where, why: str = "") -> int:
    if value < low or (high is not None and value > high):
        span = f"at least {low}" if high is None else f"between {low} and {high}"
        where.fail(f"is {value}, must be {span}" + (f" ({why})" if why else ""))
    return value


def _sides(value: str, where: _Where) -> int:
    if len(value) != 4 or set(value) - {"0", "1"}:
        where.fail(f"is {value!r}; give four characters 0/1 for north, east, south, west")
    if value == "0000":
        where.fail("has no neck side; a card needs at least one")
    return sides_from_text(value)


def _shape(entry: Any, index: int, file: str) -> tuple[str, int, int, dict[str, int]]:
    where = _Where(file, f"shapes[{index}]")
    required = {"name": str, "sides": str, "heads": int, **{icon: int for icon in ICONS}}
    _fields(entry, where, required, ("about",))
    name = entry["name"].strip()
    if not name:
        where.sub("name").fail("must not be empty")
    where = _Where(file, f"shapes[{index}] ({name})")
    sides = _sides(entry["sides"], where.sub("sides"))
    heads = _in_range(entry["heads"], 0, 3, where.sub("heads"), "a neck card shows 0 to 3 heads")
    if heads and bin(sides).count("1") != 1:
        where.sub("sides").fail(f"is {entry['sides']!r} but the card has {heads} heads; a card "
                                f"with heads has exactly one neck side (H6)")
    counts = {icon: _in_range(entry[icon], 0, None, where.sub(icon)) for icon in ICONS}
    return name, sides, heads, counts


def parse_cards(doc: Any, file: str = "cards.json", *, counts: Counts | None = RULEBOOK_COUNTS,
                digest: str = "") -> CardSet:
    """Validate a decoded card file and build its :class:`CardSet`."""
    where = _Where(file)
    required = {"name": str, "version": str, "hand_size": int, "grid_radius": int,
                "bodies": dict, "torches": int, "shapes": list}
    _fields(doc, where, required, ("about", "calibration"))
    if not doc["name"].strip():
        where.sub("name").fail("must not be empty")
    hand_size = _in_range(doc["hand_size"], 1, 8, where.sub("hand_size"))
    radius = _in_range(doc["grid_radius"], 1, 10, where.sub("grid_radius"))
    bodies = doc["bodies"]
    body_where = where.sub("bodies")
    _fields(bodies, body_where, {"count": int, "sides": str}, ("about",))
    body_count = _in_range(bodies["count"], MAX_PLAYERS, None, body_where.sub("count"),
                           f"one body per player, up to {MAX_PLAYERS} players")
    body_sides = _sides(bodies["sides"], body_where.sub("sides"))
    torches = _in_range(doc["torches"], 0, None, where.sub("torches"))
    if not doc["shapes"]:
        where.sub("shapes").fail("must list at least one shape")
    kinds: list[CardKind] = []
    seen: set[str] = set()
    totals = dict.fromkeys(ICONS, 0)
    for i, entry in enumerate(doc["shapes"]):
        name, sides, heads, per_icon = _shape(entry, i, file)
        if name in seen:
            _Where(file, f"shapes[{i}] ({name})").sub("name").fail(
                "is used by an earlier shape; shape names must be distinct")
        seen.add(name)
        for icon in ICONS:
            totals[icon] += per_icon[icon]
            if per_icon[icon]:
                kinds.append(CardKind(len(kinds), f"{icon} {name}", name, icon, sides, heads,
                                      per_icon[icon]))
    if TORCH_ID in seen:
        where.sub("shapes").fail(f"a shape may not be called '{TORCH_ID}' (the torch's name)")
    kinds.append(CardKind(len(kinds), TORCH_ID, TORCH_ID, "torch", 0, 0, torches))
    deck = sum(k.count for k in kinds)
    if deck < hand_size * MAX_PLAYERS + 1:
        where.sub("shapes").fail(f"the deck has {deck} cards; it needs more than "
                                 f"{hand_size * MAX_PLAYERS} to deal {MAX_PLAYERS} hands")
    if counts is not None:
        found = {"bodies": body_count, "torches": torches, **totals}
        for key, value in found.items():
            expected = getattr(counts, key)
            if value != expected:
                what = f"{key} cards" if key in ICONS else key
                raise DataError(f"{file}: {'shapes' if key in ICONS else key}: {value} {what}, "
                                f"the rulebook has {expected} (pass counts=None to load a set "
                                f"of another size)")
    return CardSet(doc["name"], doc["version"], hand_size, radius, body_count, body_sides,
                   tuple(kinds), file, digest)


def load_cards(path: str | os.PathLike | None = None, *,
               counts: Counts | None = RULEBOOK_COUNTS) -> CardSet:
    """Load and validate a card file (the shipped one when ``path`` is None).

    ``path`` may be the file or a folder holding ``cards.json``.
    """
    file = DATA_FILE if path is None else Path(path)
    if file.is_dir():
        file = file / "cards.json"
    name = file.name
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise DataError(f"{name}: cannot read {file} ({exc.strerror}); give the path of a "
                        f"Hydras card file") from None
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise DataError(f"{name}: not valid UTF-8 (byte {exc.start}); save it as UTF-8") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"{name}: invalid JSON at line {exc.lineno}, column {exc.colno}: "
                        f"{exc.msg}") from None
    return parse_cards(doc, name, counts=counts, digest=hashlib.sha256(raw).hexdigest())


@lru_cache(maxsize=1)
def default_cards() -> CardSet:
    """The shipped card set (loaded once)."""
    return load_cards()
