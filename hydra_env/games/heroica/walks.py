"""The ends of a movement and their canonical walks (HR7–HR12, HR19's step, HR30).

:func:`hero_movements` and :func:`monster_movements` give, for every end the
player may choose, the one *canonical* path the engine carries out: the walk of
0…allowance steps (HR7, stopped by HR8) followed by HR9's forward steps (or the
way back along the walk); among the paths ending on the same space, the one with
most items, then fewest steps, then the smallest list of ids (HR12). The key
:data:`REENTER_KEY` holds the best path of one step or more that ends on the
mover's own space. numpy and the standard library only.
"""

from __future__ import annotations

from collections.abc import Callable

from hydra_env.games.heroica.loader import Tables
from hydra_env.games.heroica.state import State

REENTER_KEY = -1
Path = tuple[int, ...]


def _walks(t: Tables, start: int, allowance: int, can_enter: Callable[[int], bool],
           stops: Callable[[int], bool]) -> list[Path]:
    """Every walk of 1…allowance steps from ``start`` (HR7), ended early by a forced stop (HR8)."""
    found: list[Path] = []
    stack: list[Path] = [(start,)]
    while stack:
        path = stack.pop()
        if len(path) > 1:
            found.append(path)
            if stops(path[-1]):
                continue
        if len(path) - 1 >= allowance:
            continue
        for nb in t.neighbours[path[-1]]:
            if can_enter(nb):
                stack.append((*path, nb))
    return found


def _forward(t: Tables, walk: Path, can_enter: Callable[[int], bool], taken: Callable[[int], bool]) -> list[Path]:
    """HR9: the walk extended by the fewest extra steps to each nearest available space, or,
    when no extension reaches one, taken back along the walk to its nearest available space."""
    base = len(walk)
    frontier = [walk]
    while frontier:
        found, following = [], []
        for path in frontier:
            for nb in t.neighbours[path[-1]]:
                if nb == path[-2] or not can_enter(nb) or nb in path[base:]:
                    continue
                (following if taken(nb) else found).append((*path, nb))
        if found:
            return found
        frontier = following
    for i in range(base - 2, -1, -1):
        if not taken(walk[i]) or i == 0:
            return [walk + tuple(reversed(walk[i:-1]))]
    return [walk]  # pragma: no cover - a walk of one step or more always has its start


def _choose(t: Tables, start: int, walks: list[Path], can_enter: Callable[[int], bool],
            taken: Callable[[int], bool], value: Callable[[Path], int]) -> dict[int, Path]:
    best: dict[int, tuple[tuple, Path]] = {start: ((0, 0, (start,)), (start,))}
    for walk in walks:
        for path in (_forward(t, walk, can_enter, taken) if taken(walk[-1]) else [walk]):
            key = REENTER_KEY if path[-1] == start else path[-1]
            rank = (-value(path), len(path) - 1, path)
            if key not in best or rank < best[key][0]:
                best[key] = (rank, path)
    return {key: path for key, (_, path) in best.items()}


def hero_movements(t: Tables, st: State, hero: int, allowance: int) -> dict[int, Path]:
    """The hero's movement ends (space, or :data:`REENTER_KEY`) and their canonical paths."""
    start = st.hero_space[hero]
    monsters, potions = st.monsters, set(st.potions)
    near = {nb for m in monsters for nb in t.neighbours[m]}
    others = {s for h, s in enumerate(st.hero_space) if h != hero and s != t.start}

    def can_enter(s: int) -> bool:
        return s not in monsters

    def stops(s: int) -> bool:
        return s in near

    def taken(s: int) -> bool:
        return s in others

    def value(path: Path) -> int:
        return len(potions.intersection(path[1:]))

    walks = _walks(t, start, allowance, can_enter, stops)
    return _choose(t, start, walks, can_enter, taken, value)


def monster_movements(t: Tables, st: State, space: int, allowance: int) -> dict[int, Path]:
    """The moving monster's ends and canonical paths (HR30): it never enters a hero, passes
    monsters and items, never ends on either, and stops next to a hero who is not healing."""
    heroes = set(st.hero_space)
    active = {s for h, s in enumerate(st.hero_space) if not st.hero_healing[h]}
    near = {nb for s in active for nb in t.neighbours[s]}
    blocked = (set(st.monsters) - {space}) | set(st.potions)

    def can_enter(s: int) -> bool:
        return s not in heroes

    def stops(s: int) -> bool:
        return s in near

    def taken(s: int) -> bool:
        return s in blocked

    walks = _walks(t, space, allowance, can_enter, stops)
    return _choose(t, space, walks, can_enter, taken, lambda path: 0)


def adjacent_monsters(t: Tables, st: State, space: int) -> list[int]:
    """The spaces of the monsters next to ``space``, in id order."""
    return [nb for nb in t.neighbours[space] if nb in st.monsters]


def adjacent_active_heroes(t: Tables, st: State, space: int) -> list[int]:
    """The spaces of the heroes next to ``space`` who are not healing, in id order."""
    return sorted({s for h, s in enumerate(st.hero_space) if not st.hero_healing[h] and s in t.neighbours[space]})
