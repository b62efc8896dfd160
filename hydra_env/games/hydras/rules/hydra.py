"""One hydra's grid: open ends, adjacency, links to the body, cuts, neck lengths (H2, H3, H5,
H7, H10, H15).

A hydra is a list of cell codes (:mod:`hydra_env.games.hydras.rules.tables`). Every
card on a grid is linked to the body and matches each card beside it (the
rules only ever place matching cards and remove what a cut leaves unlinked),
so two adjacent cards are connected exactly when both touching sides carry
a neck. Torches count as open space (H10): never an adjacent card, never a
side to match.
"""

from __future__ import annotations

from typing import NamedTuple

from hydra_env.games.hydras.rules.tables import EMPTY, ICON_POISON, ICON_SWORD, Tables


class Analysis(NamedTuple):
    """Facts about one hydra that the rules and the score need.

    ``open_ends``: ``(cell, fixed, required)`` per fillable open end (H3):
    the sides beside a card (``fixed``) and which of them must carry a neck
    (``required``, H5). ``dangling``: neck sides pointing out of the grid (open
    ends that cannot be filled). ``sword_targets``: cells of cards (never the
    body) and torches with at most 2 adjacent cards (H7).
    """

    open_ends: tuple[tuple[int, int, int], ...]
    dangling: int
    sword_targets: tuple[int, ...]
    torches: int
    heads: int
    neck: int
    swords: int
    poisons: int
    cards: int
    depth: dict[int, int]
    placements: dict[int, tuple[int, ...]]

    @property
    def complete(self) -> bool:
        """H15: no open end (fillable or not) and no torch."""
        return not self.open_ends and not self.dangling and not self.torches


def empty_hydra(tables: Tables) -> list[int]:
    """A grid holding only the body."""
    grid = [EMPTY] * tables.cell_count
    grid[tables.centre] = tables.body_code
    return grid


def is_card(code: int, tables: Tables) -> bool:
    """Whether a cell code is a card that counts as adjacent (not empty, not a torch)."""
    return code >= 0 and tables.kind_of[code] != tables.torch


def constraint(grid: list[int], tables: Tables, cell: int) -> tuple[int, int]:
    """``(fixed, required)`` of an empty cell: sides facing a card, and which of
    them face a neck (H5, H10)."""
    fixed = required = 0
    sides, torch, kind_of = tables.sides, tables.torch, tables.kind_of  # hot loop aliases
    for direction, other in enumerate(tables.neighbours[cell]):
        if other < 0:
            continue
        code = grid[other]
        if code < 0 or kind_of[code] == torch:
            continue
        fixed |= 1 << direction
        if sides[code] >> ((direction + 2) & 3) & 1:
            required |= 1 << direction
    return fixed, required


def adjacent_cards(grid: list[int], tables: Tables, cell: int) -> int:
    """How many cards (torches excepted, H10) share a side with ``cell``."""
    count = 0
    for other in tables.neighbours[cell]:
        if other >= 0 and is_card(grid[other], tables):
            count += 1
    return count


def neck_lengths(grid: list[int], tables: Tables) -> dict[int, int]:
    """Cards on the shortest chain of connections from the body to each card
    (body 0, not counted), by cell (H15)."""
    sides, torch, kind_of, neighbours = tables.sides, tables.torch, tables.kind_of, tables.neighbours
    depth = {tables.centre: 0}
    frontier = [tables.centre]
    while frontier:
        following = []
        for cell in frontier:
            code = grid[cell]
            for direction, other in enumerate(neighbours[cell]):
                if other < 0 or other in depth or not sides[code] >> direction & 1:
                    continue
                near = grid[other]
                if near < 0 or kind_of[near] == torch or not sides[near] >> ((direction + 2) & 3) & 1:
                    continue
                depth[other] = depth[cell] + 1
                following.append(other)
        frontier = following
    return depth


def linked(grid: list[int], tables: Tables) -> set[int]:
    """Cells linked to the body (H3): cards by chains of connections, and
    torches that such a card's neck points into."""
    cards = neck_lengths(grid, tables)
    out = set(cards)
    sides, torch, kind_of = tables.sides, tables.torch, tables.kind_of
    for cell in cards:
        for direction, other in enumerate(tables.neighbours[cell]):
            if other >= 0 and sides[grid[cell]] >> direction & 1:
                code = grid[other]
                if code >= 0 and kind_of[code] == torch:
                    out.add(other)
    return out


def cut(grid: list[int], tables: Tables, cell: int) -> list[int]:
    """Remove the card or torch at ``cell`` and everything no longer linked to
    the body (H7); the removed codes, the target first."""
    removed = [grid[cell]]
    grid[cell] = EMPTY
    keep = linked(grid, tables)
    for other, code in enumerate(grid):
        if code >= 0 and other not in keep:
            removed.append(code)
            grid[other] = EMPTY
    return removed


def analyse(grid: list[int], tables: Tables) -> Analysis:
    """All :class:`Analysis` facts of one grid."""
    sides, kind_of, torch, neighbours = tables.sides, tables.kind_of, tables.torch, tables.neighbours
    candidates: set[int] = set()
    dangling = torches = heads = swords = poisons = cards = 0
    targets = []
    for cell, code in enumerate(grid):
        if code < 0:
            continue
        if kind_of[code] == torch:
            torches += 1
            if adjacent_cards(grid, tables, cell) <= 2:
                targets.append(cell)
            continue
        if code != tables.body_code:
            cards += 1
            heads += tables.heads[code]
            icon = tables.icon[code]
            swords += icon == ICON_SWORD
            poisons += icon == ICON_POISON
            if adjacent_cards(grid, tables, cell) <= 2:
                targets.append(cell)
        face = sides[code]
        for direction, other in enumerate(neighbours[cell]):
            if face >> direction & 1:
                if other < 0:
                    dangling += 1
                elif grid[other] == EMPTY:
                    candidates.add(other)
    open_ends = tuple((cell, *constraint(grid, tables, cell)) for cell in sorted(candidates))
    depth = neck_lengths(grid, tables)
    return Analysis(open_ends, dangling, tuple(targets), torches, heads, max(depth.values()),
                    swords, poisons, cards, depth, {})


def placements(found: Analysis, tables: Tables, kind: int) -> tuple[int, ...]:
    """``cell·4 + rotation`` of every distinct legal neck play of ``kind`` into
    the open ends of an analysed hydra (H5, H6), ascending; cached."""
    cached = found.placements.get(kind)
    if cached is None:
        table = tables.fits[kind]
        cached = found.placements[kind] = tuple(
            cell * 4 + rotation for cell, fixed, required in found.open_ends
            for rotation in table[fixed * 16 + required])
    return cached


def analysis_of(state, tables: Tables, seat: int) -> Analysis:
    """The (cached) analysis of ``seat``'s hydra in ``state``."""
    cache = state.analysis_cache
    found = cache[seat]
    if found is None:
        found = cache[seat] = analyse(state.hydras[seat], tables)
    return found
