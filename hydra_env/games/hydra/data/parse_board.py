"""Parsing of ``board.json``: grid, areas by row, paths and portals, with geometry checks."""

from __future__ import annotations

import json
from typing import Any

from hydra_env.games.hydra.data.checks import _ABOUT, _in_range, _index, _names, _object, _typed, _Where
from hydra_env.games.hydra.data.model import Board, Supply


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
