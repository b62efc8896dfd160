"""Component data of Hydra: board, action cards, hydra cards, scenarios, supply.

The rulebook fixes the counts of the components, not their contents, so the
engine reads every card, coordinate and scenario from five JSON files in one
folder (``manifest.json``, ``board.json``, ``action_cards.json``,
``hydra_cards.json``, ``scenarios.json``; the format is documented in
``hydra_env/data/README.md``). The shipped set lives in ``hydra_env/data``; a
user with the physical game points :func:`load_components` at a folder of
their own.

Loading validates everything and turns names into indices: a colour is an
index into :attr:`Components.hydra_colours`, an area an index into
:attr:`Board.areas`, a card's ``index`` its position in its file. Any problem
raises :class:`~hydra_env.errors.DataError` with a message of the form
``"<file>: <entry>: <what is wrong>; <how to fix it>"``.

The rulebook counts (:data:`RULEBOOK_COUNTS`) are checked unless the caller
passes ``counts=None``; structural checks (board geometry, names, types,
scenario limits) always run.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from hydra_env.errors import ConfigError, DataError

_DATA_DIR = Path(__file__).resolve().parent.parent / "data"
_FILES = ("manifest.json", "board.json", "action_cards.json", "hydra_cards.json", "scenarios.json")
_ABOUT = {"about": list}  # free text every file may carry; ignored
_HERO_KINDS = ("move", "sword", "harpoon", "barricade", "portal", "protect")
_AREA_BONUS_KINDS = ("move",)
_COLOUR_BONUS_KINDS = ("sword", "harpoon")
_EFFECT_OPS = ("move", "grow", "bite")
_DECKS = ("light", "red")
_MOON_DECK = {"L": "light", "R": "red"}
_MODES = ("coop", "solo")
_MAX_HEADS = 6  # R18
_TYPE_NAMES = {int: "an integer", str: "a string", bool: "true or false", list: "a list", dict: "an object"}

LAYOUT_LIMITS: dict[str, int] = {"display": 10, "action_hand": 3, "hydra_hand": 3, "solo_hydra_stack": 5}
"""Capacity of the engine's flat action layout; scenarios must fit in it."""


# --------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Counts:
    """Counts fixed by the rulebook; the loader checks them unless told otherwise."""

    action_cards: int = 44
    hydra_cards: int = 56
    light_cards: int = 28
    red_cards: int = 28
    solo_light: int = 10
    solo_red: int = 20
    scenarios: int = 12
    hydra_colours: int = 4
    hero_colours: int = 4
    neck_tiles_per_colour: int = 10
    wall_tokens: int = 10
    barricades: int = 4
    shields: int = 4
    moon_tokens: int = 6
    compass_spaces: int = 16
    action_tokens_per_hero: int = 6


RULEBOOK_COUNTS = Counts()


@dataclass(frozen=True)
class Effect:
    """One hydra effect: ``op`` ("move" | "grow" | "bite") on one colour.

    ``n`` is the movement points or heads grown (1 for a bite); ``bonus_area``
    the area index of a move's landscape bonus, -1 if none.
    """

    op: str
    colour: int
    n: int
    bonus_area: int


@dataclass(frozen=True)
class HeroAction:
    """The hero side of an action card.

    ``strength``: steps (move) or damage (sword, harpoon), 0 otherwise.
    ``bonus_area``: area index of a move's bonus, else -1.
    ``bonus_colour``: colour index of a sword or harpoon bonus, else -1.
    """

    kind: str
    strength: int
    bonus_area: int
    bonus_colour: int


@dataclass(frozen=True)
class ActionCard:
    """An action card: hero side and hydra side (effects in order); ``label`` "" if none."""

    index: int
    id: str
    hero: HeroAction
    hydra: tuple[Effect, ...]
    label: str


@dataclass(frozen=True)
class HydraCard:
    """A hydra card of deck "light" or "red"; ``solo`` marks the solo deck's cards."""

    index: int
    id: str
    deck: str
    solo: bool
    effects: tuple[Effect, ...]
    label: str


@dataclass(frozen=True)
class Scenario:
    """A scenario card; ``heads``/``positions`` have one value per path in board order.

    ``walls`` are the wall tokens at 1, 2 and 3 stars; ``moon`` has one letter per
    round, "L" light or "R" red. In solo scenarios ``tokens`` counts the tokens of
    each of the two action phases, ``display`` the face-up action cards and
    ``hydra_stack`` the face-down hydra row.
    """

    number: int
    name: str
    players: int
    solo: bool
    walls: tuple[int, int, int]
    heads: tuple[int, ...]
    positions: tuple[int, ...]
    moon: str
    hydra_hand: int
    action_hand: int
    display: int
    tokens: int
    hydra_stack: int

    @property
    def rounds(self) -> int:
        """Number of rounds: one per moon token."""
        return len(self.moon)


@dataclass(frozen=True)
class Board:
    """The board grid; cells are (row, col). ``wall_row`` is the last row."""

    rows: int
    cols: int
    areas: tuple[str, ...]
    row_area: tuple[int, ...]
    paths: tuple[tuple[tuple[int, int], ...], ...]
    portals: tuple[tuple[int, int], ...]
    wall_row: int


@dataclass(frozen=True)
class Supply:
    """Pieces in the box beside the board."""

    wall_tokens: int
    barricades: int
    shields: int
    neck_tiles_per_colour: int
    moon_tokens: int
    compass_spaces: int
    action_tokens_per_hero: int


@dataclass(frozen=True)
class Components:
    """A validated component set; ``digest`` identifies the data version."""

    name: str
    version: str
    hydra_colours: tuple[str, ...]
    hero_colours: tuple[str, ...]
    supply: Supply
    board: Board
    action_cards: tuple[ActionCard, ...]
    hydra_cards: tuple[HydraCard, ...]
    scenarios: tuple[Scenario, ...]
    source: str
    digest: str

    def scenario(self, number: int) -> Scenario:
        """The scenario with this number; raises ConfigError listing the available ones."""
        for scenario in self.scenarios:
            if scenario.number == number:
                return scenario
        available = ", ".join(str(s.number) for s in self.scenarios)
        raise ConfigError(f"no scenario {number!r} in component set '{self.name}'; available: {available}")


# --------------------------------------------------------------------------- errors and types


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


# --------------------------------------------------------------------------- files


def _read_files(folder: Path) -> dict[str, bytes]:
    """The bytes of the five files; DataError if the folder or a file is missing."""
    if not folder.is_dir():
        raise DataError(f"{folder}: not a folder; give the folder holding {', '.join(_FILES)}")
    raw = {}
    for name in _FILES:
        try:
            raw[name] = (folder / name).read_bytes()
        except FileNotFoundError:
            raise DataError(
                f"{name}: file missing in {folder}; a component set needs all of {', '.join(_FILES)}"
            ) from None
    return raw


class _DuplicateKey(Exception):
    pass


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    keys = [k for k, _ in pairs]
    for key in keys:
        if keys.count(key) > 1:
            raise _DuplicateKey(key)
    return dict(pairs)


def _parse_json(name: str, data: bytes) -> dict:
    """Decode one file: UTF-8 JSON whose top level is an object, no duplicate keys."""
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
    except _DuplicateKey as exc:
        raise DataError(f"{name}: field '{exc}' appears twice in one object; keep one of them") from None
    if not isinstance(doc, dict):
        where.fail("the top level must be a JSON object {...}")
    return doc


def _digest(raw: dict[str, bytes]) -> str:
    """sha256 over the files sorted by name, each as name, NUL, 8-byte length, bytes."""
    sha = hashlib.sha256()
    for name in sorted(raw):
        sha.update(name.encode() + b"\0" + len(raw[name]).to_bytes(8, "big"))
        sha.update(raw[name])
    return sha.hexdigest()


# --------------------------------------------------------------------------- manifest


def _parse_manifest(doc: dict) -> tuple[str, str, tuple[str, ...], tuple[str, ...], Supply]:
    """Name, version, hydra colours, hero colours and supply."""
    where = _Where("manifest.json")
    required = {"name": str, "version": str, "hydra_colours": list, "hero_colours": list, "supply": dict}
    _object(doc, where, required, _ABOUT)
    hydra = _names(doc["hydra_colours"], where.at("hydra_colours"))
    hero = _names(doc["hero_colours"], where.at("hero_colours"))
    supply_where = where.at("supply")
    _object(doc["supply"], supply_where, {f.name: int for f in fields(Supply)})
    for key, value in doc["supply"].items():
        _in_range(value, 0 if key in ("barricades", "shields") else 1, None, supply_where.sub(key))
    return doc["name"], doc["version"], hydra, hero, Supply(**doc["supply"])


def _check_manifest_counts(hydra: tuple[str, ...], hero: tuple[str, ...], supply: Supply, counts: Counts) -> None:
    _check_count("manifest.json", "hydra colours", len(hydra), counts.hydra_colours)
    _check_count("manifest.json", "hero colours", len(hero), counts.hero_colours)
    for f in fields(Supply):
        found, expected = getattr(supply, f.name), getattr(counts, f.name)
        if found != expected:
            raise DataError(
                f"manifest.json: supply.{f.name} is {found}, the rulebook has {expected} "
                "(pass counts=None to load a set of another size)"
            )


# --------------------------------------------------------------------------- board


def _parse_board(doc: dict, n_colours: int, supply: Supply) -> Board:
    """The board: grid size, areas by row, paths and portals, with geometry checks."""
    where = _Where("board.json")
    required = {"rows": int, "cols": int, "areas": list, "row_areas": list, "paths": list, "portals": list}
    _object(doc, where, required, _ABOUT)
    rows = _in_range(doc["rows"], 2, None, where.at("rows"))
    cols = _in_range(doc["cols"], 1, None, where.at("cols"))
    areas = _names(doc["areas"], where.at("areas"))
    if "wall" not in areas:
        where.at("areas").fail("must include 'wall' (the area of the last row and the inner city)")
    row_area = _row_areas(doc["row_areas"], rows, areas, where.at("row_areas"))
    grid = (rows, cols, rows - 1)
    paths = _paths(doc["paths"], grid, where, n_colours, supply.neck_tiles_per_colour)
    portals = _portals(doc["portals"], grid, {p[0] for p in paths}, where.at("portals"))
    return Board(rows, cols, areas, row_area, paths, portals, rows - 1)


def _row_areas(value: list, rows: int, areas: tuple[str, ...], where: _Where) -> tuple[int, ...]:
    """Area index per row; 'wall' exactly on the last row."""
    if len(value) != rows:
        where.fail(f"has {len(value)} entries but rows is {rows}; give one area per row")
    rows_where = [where.sub(str(r)) for r in range(rows)]
    found = tuple(_index(_typed(v, str, w), areas, "area", w) for v, w in zip(value, rows_where))
    wall = areas.index("wall")
    if found[-1] != wall:
        where.sub(str(rows - 1)).fail("the last row must be 'wall' (the wall area in front of the city)")
    if wall in found[:-1]:
        where.sub(str(found.index(wall))).fail("only the last row may be 'wall'")
    return found


def _cell(value: Any, grid: tuple[int, int, int], where: _Where) -> tuple[int, int]:
    """A [row, col] cell on the board and off the wall row."""
    rows, cols, wall_row = grid
    if not isinstance(value, list) or len(value) != 2:
        where.fail(f"must be a cell [row, col], not {json.dumps(value)}")
    row, col = (_typed(v, int, where) for v in value)
    if not (0 <= row < rows and 0 <= col < cols):
        where.fail(f"cell [{row}, {col}] is off the board (rows 0..{rows - 1}, cols 0..{cols - 1})")
    if row == wall_row:
        where.fail(f"cell [{row}, {col}] is on the wall row {wall_row}; use a field space")
    return row, col


def _paths(
    value: list, grid: tuple[int, int, int], where: _Where, n_colours: int, neck_tiles: int
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """All paths: one per colour, equal length, disjoint, each ending in front of the wall."""
    if len(value) != n_colours:
        where.at("paths").fail(
            f"{len(value)} paths, but manifest.json has {n_colours} hydra colours; give one path per colour"
        )
    paths, owner = [], {}
    for i, raw in enumerate(value):
        path_where = where.at(f"path {i}")
        path = _path(_typed(raw, list, path_where), grid, path_where)
        if paths and len(path) != len(paths[0]):
            path_where.fail(f"has {len(path)} cells, path 0 has {len(paths[0])}; all paths must be equally long")
        if len(path) - 1 > neck_tiles:
            path_where.fail(
                f"has {len(path)} cells, needing {len(path) - 1} neck tiles, but manifest.json supply has "
                f"{neck_tiles} per colour; shorten the path or raise neck_tiles_per_colour"
            )
        for pos, cell in enumerate(path):
            if cell in owner:
                path_where.then(f"position {pos}").fail(
                    f"cell {list(cell)} is already on path {owner[cell]}; paths must not share cells"
                )
            owner[cell] = i
        paths.append(path)
    return tuple(paths)


def _path(value: list, grid: tuple[int, int, int], where: _Where) -> tuple[tuple[int, int], ...]:
    """One path: from maelstrom to the space in front of the wall, cells 8-adjacent."""
    if len(value) < 2:
        where.fail(f"has {len(value)} cells; a path needs at least 2 (maelstrom and the space in front of the wall)")
    cells = tuple(_cell(v, grid, where.then(f"position {p}")) for p, v in enumerate(value))
    for pos in range(1, len(cells)):
        (r0, c0), (r1, c1) = cells[pos - 1], cells[pos]
        if max(abs(r1 - r0), abs(c1 - c0)) != 1:
            where.then(f"position {pos}").fail(
                f"cell [{r1}, {c1}] is not adjacent to the previous cell [{r0}, {c0}]; "
                "consecutive path cells must touch (8-adjacent, R1)"
            )
    (rp, cp), (rl, cl) = cells[-2], cells[-1]
    gate = (2 * rl - rp, 2 * cl - cp)
    if gate[0] != grid[2] or not 0 <= gate[1] < grid[1]:
        where.fail(
            f"the space beyond the last cell [{rl}, {cl}] is [{gate[0]}, {gate[1]}], not a wall-row space; "
            f"a path must end directly in front of the wall (row {grid[2]})"
        )
    return cells


def _portals(value: list, grid: tuple[int, int, int], maelstroms: set, where: _Where) -> tuple[tuple[int, int], ...]:
    """Portal cells: on the field, not a maelstrom, each once."""
    portals: list[tuple[int, int]] = []
    for i, raw in enumerate(value):
        cell = _cell(raw, grid, where.sub(str(i)))
        if cell in maelstroms:
            where.sub(str(i)).fail(f"cell {list(cell)} is a maelstrom (path position 0); no hero may stand there (R2)")
        if cell in portals:
            where.sub(str(i)).fail(f"cell {list(cell)} is listed twice; list each portal once")
        portals.append(cell)
    return tuple(portals)


# --------------------------------------------------------------------------- cards


def _entry_where(file: str, raw: Any, i: int, key: str, label: str) -> _Where:
    """Name an entry by its id/number when it has one, else by its list position."""
    if isinstance(raw, dict) and isinstance(raw.get(key), (str, int)) and not isinstance(raw.get(key), bool):
        return _Where(file, f"{label} {raw[key]}")
    return _Where(file, f"{label} at position {i}")


def _unique(key: Any, seen: dict, where: _Where, what: str) -> None:
    if key in seen:
        where.fail(f"duplicate {what} {key!r} (also at position {seen[key]}); give each entry its own {what}")
    seen[key] = len(seen)


def _parse_effects(value: list, where: _Where, colours: tuple[str, ...], areas: tuple[str, ...]) -> tuple[Effect, ...]:
    """A non-empty list of hydra effects, done in order (R21)."""
    if not value:
        where.fail("must list at least one effect")
    return tuple(_parse_effect(raw, where.sub(str(j)), colours, areas) for j, raw in enumerate(value))


def _parse_effect(raw: Any, where: _Where, colours: tuple[str, ...], areas: tuple[str, ...]) -> Effect:
    _object(raw, where, {"op": str, "colour": str}, {"n": int, "bonus": str})
    op = _EFFECT_OPS[_index(raw["op"], _EFFECT_OPS, "effect op", where.sub("op"))]
    colour = _index(raw["colour"], colours, "hydra colour", where.sub("colour"))
    if op == "bite":
        if "n" in raw:
            where.sub("n").fail("a bite takes no 'n'; list one bite effect per bite (R19)")
        n = 1
    elif "n" not in raw:
        where.fail(f"missing required field 'n' (an integer): the {op} points")
    else:
        n = _in_range(raw["n"], 1, None, where.sub("n"))
    bonus = -1
    if "bonus" in raw:
        if op != "move":
            where.sub("bonus").fail(f"only move effects take a landscape bonus, not {op}; remove it")
        bonus = _index(raw["bonus"], areas, "area", where.sub("bonus"))
    return Effect(op, colour, n, bonus)


def _parse_hero(raw: Any, where: _Where, colours: tuple[str, ...], areas: tuple[str, ...]) -> HeroAction:
    """The hero side: kind, strength (move/sword/harpoon) and bonus."""
    _object(raw, where, {"action": str}, {"strength": int, "bonus": str})
    kind = _HERO_KINDS[_index(raw["action"], _HERO_KINDS, "hero action", where.sub("action"))]
    strong = kind in _AREA_BONUS_KINDS + _COLOUR_BONUS_KINDS
    if strong and "strength" not in raw:
        where.fail(f"missing required field 'strength' (an integer) for {kind}")
    strength = raw.get("strength", 0)
    if strong:
        _in_range(strength, 1, None, where.sub("strength"))
    elif strength:
        where.sub("strength").fail(f"{kind} has no strength; remove the field or write 0")
    bonus_area = bonus_colour = -1
    if "bonus" in raw:
        if kind in _AREA_BONUS_KINDS:
            bonus_area = _index(raw["bonus"], areas, "area", where.sub("bonus"))
        elif kind in _COLOUR_BONUS_KINDS:
            bonus_colour = _index(raw["bonus"], colours, "hydra colour", where.sub("bonus"))
        else:
            where.sub("bonus").fail(f"{kind} takes no bonus; remove it")
    return HeroAction(kind, strength, bonus_area, bonus_colour)


def _parse_action_cards(doc: dict, colours: tuple[str, ...], areas: tuple[str, ...]) -> tuple[ActionCard, ...]:
    file = "action_cards.json"
    _object(doc, _Where(file), {"cards": list}, _ABOUT)
    cards, seen = [], {}
    for i, raw in enumerate(doc["cards"]):
        where = _entry_where(file, raw, i, "id", "card")
        _object(raw, where, {"id": str, "hero": dict, "hydra": list}, {"label": str})
        _unique(raw["id"], seen, where, "id")
        hero = _parse_hero(raw["hero"], where.sub("hero"), colours, areas)
        hydra = _parse_effects(raw["hydra"], where.sub("hydra"), colours, areas)
        cards.append(ActionCard(i, raw["id"], hero, hydra, raw.get("label", "")))
    return tuple(cards)


def _parse_hydra_cards(doc: dict, colours: tuple[str, ...], areas: tuple[str, ...]) -> tuple[HydraCard, ...]:
    file = "hydra_cards.json"
    _object(doc, _Where(file), {"cards": list}, _ABOUT)
    cards, seen = [], {}
    for i, raw in enumerate(doc["cards"]):
        where = _entry_where(file, raw, i, "id", "card")
        _object(raw, where, {"id": str, "deck": str, "solo": bool, "effects": list}, {"label": str})
        _unique(raw["id"], seen, where, "id")
        deck = _DECKS[_index(raw["deck"], _DECKS, "deck", where.sub("deck"))]
        effects = _parse_effects(raw["effects"], where.sub("effects"), colours, areas)
        cards.append(HydraCard(i, raw["id"], deck, raw["solo"], effects, raw.get("label", "")))
    return tuple(cards)


def _deck_sizes(cards: tuple[HydraCard, ...], solo: bool) -> dict[str, int]:
    """Cards per deck ('light', 'red'), all or only the solo-marked ones."""
    return {deck: sum(c.deck == deck and (c.solo or not solo) for c in cards) for deck in _DECKS}


def _check_card_counts(actions: tuple[ActionCard, ...], hydras: tuple[HydraCard, ...], counts: Counts) -> None:
    _check_count("action_cards.json", "cards", len(actions), counts.action_cards)
    _check_count("hydra_cards.json", "cards", len(hydras), counts.hydra_cards)
    decks, solo = _deck_sizes(hydras, False), _deck_sizes(hydras, True)
    _check_count("hydra_cards.json", "light cards", decks["light"], counts.light_cards)
    _check_count("hydra_cards.json", "red cards", decks["red"], counts.red_cards)
    _check_count("hydra_cards.json", "solo-marked light cards", solo["light"], counts.solo_light)
    _check_count("hydra_cards.json", "solo-marked red cards", solo["red"], counts.solo_red)


# --------------------------------------------------------------------------- scenarios


@dataclass(frozen=True)
class _Context:
    """What scenario checks need from the other files."""

    path_length: int
    n_paths: int
    n_heroes: int
    n_action_cards: int
    supply: Supply
    decks: dict[str, int]
    solo_decks: dict[str, int]


_SCENARIO_FIELDS = {
    "number": int, "name": str, "players": int, "walls": list, "heads": list, "positions": list, "moon": str,
    "hydra_hand": int, "action_hand": int, "display": int, "tokens": int, "hydra_stack": int,
}


def _parse_scenarios(doc: dict, ctx: _Context) -> tuple[Scenario, ...]:
    file = "scenarios.json"
    _object(doc, _Where(file), {"scenarios": list}, _ABOUT)
    scenarios, seen = [], {}
    for i, raw in enumerate(doc["scenarios"]):
        where = _entry_where(file, raw, i, "number", "scenario")
        _object(raw, where, _SCENARIO_FIELDS, {"mode": str})
        _unique(raw["number"], seen, where, "number")
        scenarios.append(_parse_scenario(raw, where, ctx))
    return tuple(scenarios)


def _parse_scenario(raw: dict, where: _Where, ctx: _Context) -> Scenario:
    _in_range(raw["number"], 1, None, where.sub("number"))
    solo = _index(raw.get("mode", "coop"), _MODES, "mode", where.sub("mode")) == _MODES.index("solo")
    players = _in_range(raw["players"], 1, ctx.n_heroes, where.sub("players"), "one hero colour each")
    if solo != (players == 1):
        where.sub("mode").fail(
            'a one-player scenario is the solo game: set "mode": "solo" exactly when players is 1'
        )
    walls = _ints(raw["walls"], where.sub("walls"), 3, 1, ctx.supply.wall_tokens, "one per star level 1, 2, 3")
    heads = _ints(raw["heads"], where.sub("heads"), ctx.n_paths, 0, _MAX_HEADS, "one per path")
    positions = _ints(raw["positions"], where.sub("positions"), ctx.n_paths, 0, ctx.path_length - 1, "one per path")
    moon = _moon(raw["moon"], where.sub("moon"), ctx.supply.moon_tokens, solo)
    sizes = ("hydra_hand", "action_hand", "display", "tokens", "hydra_stack")
    values = {k: _in_range(raw[k], 0, None, where.sub(k)) for k in sizes}
    scenario = Scenario(raw["number"], raw["name"], players, solo, walls, heads, positions, moon, **values)
    (_check_solo if solo else _check_coop)(scenario, where, ctx)
    return scenario


def _moon(moon: str, where: _Where, moon_tokens: int, solo: bool) -> str:
    """Moon letters: L/R only, 1..moon_tokens rounds; solo lists all L before R (R32)."""
    if not 1 <= len(moon) <= moon_tokens:
        where.fail(f"has {len(moon)} rounds, must have 1 to {moon_tokens} (the moon tokens in the supply)")
    bad = sorted(set(moon) - set(_MOON_DECK))
    if bad:
        where.fail(f"unknown letter(s) {', '.join(bad)}; use L (light) and R (red) only")
    if solo and "RL" in moon:
        where.fail("a solo moon lists every L before every R (one deck, light cards on top, R32)")
    return moon


def _check_coop(s: Scenario, where: _Where, ctx: _Context) -> None:
    """Coordinated game: tokens, hands and display fit the supply, layout and decks."""
    _in_range(s.tokens, 1, ctx.supply.action_tokens_per_hero - 1, where.sub("tokens"), "one token marks the compass")
    for key in ("hydra_hand", "action_hand", "display"):
        _in_range(getattr(s, key), 0, LAYOUT_LIMITS[key], where.sub(key), "the engine's action layout")
    if s.display + s.players * s.action_hand > ctx.n_action_cards:
        where.fail(
            f"display {s.display} + {s.players} hands of {s.action_hand} need more than the "
            f"{ctx.n_action_cards} action cards; lower display or action_hand"
        )
    need = s.players * s.hydra_hand + s.hydra_stack
    for letter in sorted(set(s.moon)):
        deck = _MOON_DECK[letter]
        if need > ctx.decks[deck]:
            where.fail(
                f"a round draws {need} hydra cards but the {deck} deck has {ctx.decks[deck]}; "
                "lower hydra_hand or hydra_stack"
            )


def _check_solo(s: Scenario, where: _Where, ctx: _Context) -> None:
    """Solo game (R32-R37): no hands, display of two rows over the hydra row, enough solo cards."""
    for key in ("hydra_hand", "action_hand"):
        _in_range(getattr(s, key), 0, 0, where.sub(key), "the solo game has no hands")
    _in_range(s.tokens, 1, ctx.supply.action_tokens_per_hero, where.sub("tokens"))
    limit = LAYOUT_LIMITS["solo_hydra_stack"]
    _in_range(s.hydra_stack, 1, limit, where.sub("hydra_stack"), "the engine's action layout")
    if s.display != 2 * s.hydra_stack:
        where.sub("display").fail(
            f"is {s.display}, must be 2 x hydra_stack = {2 * s.hydra_stack} (two rows of action cards, R33)"
        )
    if s.display > ctx.n_action_cards:
        where.sub("display").fail(f"is {s.display}, more than the {ctx.n_action_cards} action cards")
    for letter, deck in _MOON_DECK.items():
        need = s.moon.count(letter) * s.hydra_stack
        if need > ctx.solo_decks[deck]:
            where.sub("moon").fail(
                f"{s.moon.count(letter)} {deck} rounds x {s.hydra_stack} cards need {need} solo-marked {deck} cards, "
                f"hydra_cards.json has {ctx.solo_decks[deck]}; shorten the moon or mark more cards solo"
            )


# --------------------------------------------------------------------------- loading


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
    if counts is not None:
        _check_card_counts(actions, hydras, counts)
    ctx = _Context(len(board.paths[0]), len(board.paths), len(hero), len(actions), supply,
                   _deck_sizes(hydras, False), _deck_sizes(hydras, True))
    scenarios = _parse_scenarios(docs["scenarios.json"], ctx)
    if counts is not None:
        _check_count("scenarios.json", "scenarios", len(scenarios), counts.scenarios)
    return Components(name, version, hydra, hero, supply, board, actions, hydras, scenarios, str(folder), _digest(raw))


@lru_cache(maxsize=None)
def _load_default(counts: Counts | None) -> Components:
    return _load_folder(_DATA_DIR, counts)


def load_components(path: str | os.PathLike | None = None, *, counts: Counts | None = RULEBOOK_COUNTS) -> Components:
    """Load and validate the component set in folder ``path``.

    ``path`` None loads the shipped data (cached). ``counts`` are the counts to
    enforce; None skips them for a set of another size (structural checks still
    run). Raises DataError naming the file, the entry and the problem.
    """
    if path is None:
        return _load_default(counts)
    return _load_folder(Path(path).resolve(), counts)


def default_components() -> Components:
    """The shipped component set, loaded once."""
    return load_components()
