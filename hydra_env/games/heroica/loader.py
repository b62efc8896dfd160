"""The one validating loader of Heroica's component data (die, heroes, monsters, items, map).

:func:`load_tables` reads the JSON files of ``data/`` (or another folder) once into a
frozen :class:`Tables` and refuses a bad file with :class:`hydra_env.errors.DataError`
naming the file, the entry and the rule broken. It computes once the space ids
(reading order), the neighbour table, the all-pairs distance table (HR2) and the
straight-line table (HR21). numpy and the standard library only.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from hydra_env.errors import DataError

DATA_DIR = Path(__file__).resolve().parent / "data"
FACE_KINDS = ("shield", "three_sword", "two_skull", "one_sword_skull")
"""The four kinds of tile; a roll is stored as the index of its kind (0 = shield ... 3 = one)."""
MOVE_RESULTS = {"shield": "shield", "three_sword": 3, "two_skull": 2, "one_sword_skull": 1}
FIGHT_RESULTS = {"shield": "shield", "three_sword": "sword", "two_skull": "skull",
                 "one_sword_skull": "sword_skull"}
SKILL_KINDS = ("melee_all_then_step", "ranged_path", "ranged_line", "heal_self_full")
CLASS_ORDER = ("barbarian", "wizard", "ranger", "druid")
MAP_KEYS = {"name", "rows", "legend", "crystal_on", "areas", "source"}
MAP_OPTIONAL = {"calibration"}
MAX_SPACES = 128


@dataclass(frozen=True, eq=False)
class Tables:
    """Every component and precomputed table of one map (shared by all games on it)."""

    faces: tuple[int, ...]                 # the die's six tiles, as face kinds (data order)
    shield_move: int
    max_health: int
    class_names: tuple[str, ...]
    class_skill: tuple[str, ...]
    class_range: tuple[int, ...]
    class_step: tuple[int, ...]
    monster_names: tuple[str, ...]
    monster_strength: tuple[int, ...]
    boss: int                              # the monster kind that carries the Crystal
    potion_heal: int
    map_name: str
    rows: tuple[str, ...]
    width: int
    height: int
    coords: tuple[tuple[int, int], ...]    # space id -> (x, y)
    cell_space: np.ndarray                 # int16[height, width], -1 where no space
    start: int
    monsters: tuple[tuple[int, int], ...]  # (space, kind) at setup
    potions: tuple[int, ...]               # spaces of the Life Potions at setup
    neighbours: tuple[tuple[int, ...], ...]
    dist: np.ndarray                       # int16[n, n], steps between spaces (HR2)
    line: np.ndarray                       # int16[n, n], straight-line squares, 0 when blocked (HR21)
    area_of: tuple[str, ...]

    @property
    def n(self) -> int:
        """The number of spaces."""
        return len(self.coords)


def _fail(file: str, entry: str, rule: str) -> DataError:
    return DataError(f"{file}: {entry}: {rule}")


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"{path.name}: cannot be read ({exc}); restore the data file") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"{path.name}: is not JSON ({exc})") from None


def _die(data: Any, file: str) -> tuple[tuple[int, ...], int]:
    faces = data.get("faces") if isinstance(data, dict) else None
    if not isinstance(faces, list) or len(faces) != 6:
        raise _fail(file, "faces", f"the die must have exactly 6 faces, got {faces!r}")
    for i, face in enumerate(faces):
        if face not in FACE_KINDS:
            raise _fail(file, f"faces[{i}]", f"{face!r} is not a tile; tiles are {', '.join(FACE_KINDS)}")
    for name, res in data.get("results", {}).items():
        if name not in FACE_KINDS or not isinstance(res, dict):
            raise _fail(file, f"results.{name}", "unknown tile")
        if res.get("movement") != MOVE_RESULTS[name] or res.get("fight") != FIGHT_RESULTS[name]:
            raise _fail(file, f"results.{name}", f"the results must be movement {MOVE_RESULTS[name]!r} "
                        f"and fight {FIGHT_RESULTS[name]!r}")
    shield = data.get("shield_movement", 4)
    if not isinstance(shield, int) or shield < 1:
        raise _fail(file, "shield_movement", "must be a whole number >= 1")
    return tuple(FACE_KINDS.index(f) for f in faces), shield


def _heroes(data: Any, file: str) -> tuple[int, tuple, tuple, tuple, tuple]:
    classes = data.get("classes") if isinstance(data, dict) else None
    if not isinstance(classes, list) or [c.get("id") for c in classes] != list(CLASS_ORDER):
        raise _fail(file, "classes", f"must list the classes {', '.join(CLASS_ORDER)} in that order")
    health = data.get("max_health", 4)
    if not isinstance(health, int) or health < 1:
        raise _fail(file, "max_health", "must be a whole number >= 1")
    skills, ranges, steps = [], [], []
    for c in classes:
        if c.get("skill") not in SKILL_KINDS:
            raise _fail(file, f"classes.{c['id']}.skill", f"unknown skill kind {c.get('skill')!r}; "
                        f"kinds are {', '.join(SKILL_KINDS)}")
        rng, step = c.get("range", 0), c.get("step", 0)
        if c["skill"].startswith("ranged") and (not isinstance(rng, int) or rng < 1):
            raise _fail(file, f"classes.{c['id']}.range", f"a ranged skill needs a range >= 1, got {rng!r}")
        if c["skill"] == "melee_all_then_step" and (not isinstance(step, int) or step < 0):
            raise _fail(file, f"classes.{c['id']}.step", f"the step must be >= 0, got {step!r}")
        skills.append(c["skill"])
        ranges.append(int(rng))
        steps.append(int(step))
    return health, tuple(CLASS_ORDER), tuple(skills), tuple(ranges), tuple(steps)


def _monsters(data: Any, file: str) -> tuple[tuple[str, ...], tuple[int, ...], int]:
    kinds = data.get("kinds") if isinstance(data, dict) else None
    if not isinstance(kinds, list) or not kinds:
        raise _fail(file, "kinds", "must be a non-empty list")
    names, strengths, bosses = [], [], []
    for i, k in enumerate(kinds):
        if not isinstance(k.get("strength"), int) or k["strength"] < 1:
            raise _fail(file, f"kinds.{k.get('id', i)}.strength",
                        f"strength must be >= 1, got {k.get('strength')!r}")
        names.append(str(k["id"]))
        strengths.append(k["strength"])
        if k.get("boss"):
            bosses.append(i)
    if len(bosses) != 1:
        raise _fail(file, "kinds", f"exactly one kind must be the boss, got {len(bosses)}")
    return tuple(names), tuple(strengths), bosses[0]


def _potion_heal(data: Any, file: str) -> int:
    items = data.get("items") if isinstance(data, dict) else None
    found = [i for i in items or [] if i.get("id") == "life_potion"]
    if len(found) != 1 or not isinstance(found[0].get("heal"), int) or found[0]["heal"] < 1:
        raise _fail(file, "items.life_potion", "one life_potion with a heal >= 1 is needed")
    return int(found[0]["heal"])


def _grid(data: Any, file: str, monsters: tuple[str, ...]) -> tuple:
    if not isinstance(data, dict) or not MAP_KEYS <= set(data) or set(data) - MAP_KEYS - MAP_OPTIONAL:
        got = ", ".join(sorted(data)) if isinstance(data, dict) else repr(data)
        raise _fail(file, "keys", f"the map must have exactly the keys {', '.join(sorted(MAP_KEYS))}"
                    f" (and optionally calibration), got {got}")
    rows, legend = data["rows"], data["legend"]
    if not rows or any(not isinstance(r, str) or len(r) != len(rows[0]) for r in rows):
        raise _fail(file, "rows", "every row must be a text of the same length")
    allowed = {None, "mission_start", "life_potion", *monsters}
    for ch, meaning in legend.items():
        if meaning not in allowed:
            raise _fail(file, f"legend.{ch}", f"{meaning!r} is not a component; use one of {sorted(map(str, allowed))}")
    coords, monster_at, potions, start = [], [], [], []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == " ":
                continue
            if ch not in legend:
                raise _fail(file, f"rows[{y}][{x}]", f"character {ch!r} is not in the legend")
            space, meaning = len(coords), legend[ch]
            coords.append((x, y))
            if meaning == "mission_start":
                start.append(space)
            elif meaning == "life_potion":
                potions.append(space)
            elif meaning is not None:
                monster_at.append((space, monsters.index(meaning)))
    if len(start) != 1:
        raise _fail(file, "rows", f"exactly one Mission Start is needed, got {len(start)}")
    if len(coords) > MAX_SPACES:
        raise _fail(file, "rows", f"{len(coords)} spaces; at most {MAX_SPACES} (the action space bound)")
    return rows, coords, monster_at, potions, start[0]


def _tables_of_grid(coords: list[tuple[int, int]], file: str) -> tuple:
    index = {c: i for i, c in enumerate(coords)}
    neighbours = tuple(tuple(sorted(index[(x + dx, y + dy)] for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                                    if (x + dx, y + dy) in index)) for x, y in coords)
    n = len(coords)
    dist = np.full((n, n), -1, np.int16)
    for s in range(n):
        dist[s, s] = 0
        queue = deque([s])
        while queue:
            a = queue.popleft()
            for b in neighbours[a]:
                if dist[s, b] < 0:
                    dist[s, b] = dist[s, a] + 1
                    queue.append(b)
    if (dist < 0).any():
        lone = int(np.argwhere(dist[0] < 0)[0][0])
        raise _fail(file, "rows", f"the spaces are not all connected (space {lone} at {coords[lone]} cannot be "
                    f"reached from space 0)")
    line = np.zeros((n, n), np.int16)
    for s, (x, y) in enumerate(coords):
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            k = 1
            while (x + k * dx, y + k * dy) in index:
                line[s, index[(x + k * dx, y + k * dy)]] = k
                k += 1
    return neighbours, dist, line


def load_tables(folder: str | Path | None = None, map_name: str = "draida") -> Tables:
    """The tables of the data files in ``folder`` (default: the shipped ``data/``), checked."""
    base = DATA_DIR if folder is None else Path(folder)
    faces, shield = _die(_read(base / "die.json"), "die.json")
    health, names, skills, ranges, steps = _heroes(_read(base / "heroes.json"), "heroes.json")
    m_names, strengths, boss = _monsters(_read(base / "monsters.json"), "monsters.json")
    heal = _potion_heal(_read(base / "items.json"), "items.json")
    file = f"maps/{map_name}.json"
    data = _read(base / "maps" / f"{map_name}.json")
    rows, coords, monster_at, potions, start = _grid(data, file, m_names)
    if sum(1 for _, k in monster_at if k == boss) != 1:
        raise _fail(file, "rows", f"exactly one {m_names[boss]} (the boss) is needed")
    if data["crystal_on"] != m_names[boss]:
        raise _fail(file, "crystal_on", f"the Crystal sits on the boss {m_names[boss]!r}")
    neighbours, dist, line = _tables_of_grid(coords, file)
    for space, kind in monster_at:
        if dist[space, start] == 1:
            raise _fail(file, f"{m_names[kind]} on space {space}", "a monster may not stand next to the Mission Start")
    area_of = ["" for _ in coords]
    for area, spaces in data["areas"].items():
        for s in spaces:
            if not isinstance(s, int) or not 0 <= s < len(coords):
                raise _fail(file, f"areas.{area}", f"{s!r} is not a space id (0..{len(coords) - 1})")
            area_of[s] = area
    cell = np.full((len(rows), len(rows[0])), -1, np.int16)
    for s, (x, y) in enumerate(coords):
        cell[y, x] = s
    dist.setflags(write=False)
    line.setflags(write=False)
    cell.setflags(write=False)
    return Tables(faces, shield, health, names, skills, ranges, steps, m_names, strengths, boss, heal,
                  str(data["name"]), tuple(rows), len(rows[0]), len(rows), tuple(coords), cell, start,
                  tuple(monster_at), tuple(potions), neighbours, dist, line, tuple(area_of))


@cache
def default_tables() -> Tables:
    """The shipped Draida tables (loaded once)."""
    return load_tables()
