"""Board geometry as lookup tables and bitboards, built once from the board data.

Spaces are numbered ``row * cols + col`` for the grid cells (``0 … rows·cols−1``)
and ``rows·cols`` for the inner city, which is one space holding any number of
heroes (rules R1, R2). A *mask* is a Python ``int`` whose bit ``s`` stands for
space ``s``; set operations on masks are single integer operations, and the
8-neighbourhood of a whole set is a handful of shifts (:meth:`BoardTables.
neighbours`). The engine keeps every geometric question (adjacency, paths,
areas, portals, necks) in these tables; nothing about the board is hard-coded.
"""

from __future__ import annotations

from hydra_env.games.hydra.data import Board


class BoardTables:
    """Precomputed geometry of one board (R1: 8-way adjacency, the inner city
    adjacent to every wall-area space)."""

    def __init__(self, board: Board) -> None:
        rows, cols = board.rows, board.cols
        self.board = board
        self.rows = rows
        self.cols = cols
        self.n_cells = rows * cols
        self.city = rows * cols
        self.n_spaces = rows * cols + 1
        self.cell_mask = (1 << self.n_cells) - 1
        self.city_bit = 1 << self.city
        self.all_mask = self.cell_mask | self.city_bit
        col0 = sum(1 << (r * cols) for r in range(rows))
        col_last = sum(1 << (r * cols + cols - 1) for r in range(rows))
        self._not_col0 = self.cell_mask & ~col0
        self._not_col_last = self.cell_mask & ~col_last
        self.wall_row = board.wall_row
        self.wall_mask = sum(1 << (board.wall_row * cols + c) for c in range(cols))
        wall_area = board.areas.index("wall")
        # R3: the inner city counts as the wall area for area bonuses.
        self.area_of = tuple(board.row_area[s // cols] for s in range(self.n_cells)) + (wall_area,)
        self.nbr_mask = tuple(self.neighbours(1 << s) for s in range(self.n_spaces))
        self.nbrs = tuple(tuple(self.spaces(m)) for m in self.nbr_mask)
        self.orth_mask = tuple(self._orthogonal(s) for s in range(self.n_spaces))
        self.paths = tuple(tuple(r * cols + c for r, c in path) for path in board.paths)
        self.path_len = len(self.paths[0])
        self.last_pos = self.path_len - 1
        self.gate = tuple(self._gate(p) for p in self.paths)
        self.path_of = [-1] * self.n_spaces
        self.pos_of = [-1] * self.n_spaces
        for p, path in enumerate(self.paths):
            for pos, s in enumerate(path):
                self.path_of[s] = p
                self.pos_of[s] = pos
        self.maelstrom_mask = sum(1 << path[0] for path in self.paths)
        self.head_bit = tuple(tuple(1 << s for s in path) for path in self.paths)
        # seg_mask[p][k]: path cells at positions 0 … k−1 (the neck of a head at k).
        self.seg_mask = tuple(
            tuple(sum(1 << path[i] for i in range(k)) for k in range(self.path_len + 1))
            for path in self.paths
        )
        self.portal_mask = sum(1 << (r * cols + c) for r, c in board.portals) | self.city_bit

    def neighbours(self, mask: int) -> int:
        """Mask of every space adjacent (R1) to some space of ``mask``.

        The open neighbourhood: a space of ``mask`` is included only when it
        is itself adjacent to another space of ``mask``.
        """
        x = mask & self.cell_mask
        row = ((x << 1) & self._not_col0) | ((x >> 1) & self._not_col_last)
        hx = x | row
        out = (row | (hx << self.cols) | (hx >> self.cols)) & self.cell_mask
        if x & self.wall_mask:
            out |= self.city_bit
        if mask & self.city_bit:
            out |= self.wall_mask
        return out

    def _orthogonal(self, s: int) -> int:
        if s == self.city:
            return 0
        r, c = divmod(s, self.cols)
        out = 0
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.rows and 0 <= cc < self.cols:
                out |= 1 << (rr * self.cols + cc)
        return out

    def _gate(self, path: tuple[int, ...]) -> int:
        """The wall-area space directly in front of a path's last space."""
        (r1, c1), (r2, c2) = divmod(path[-2], self.cols), divmod(path[-1], self.cols)
        return (2 * r2 - r1) * self.cols + (2 * c2 - c1)

    def front(self, path: int, pos: int) -> int:
        """The space directly in front of position ``pos`` of ``path`` (R10)."""
        if pos + 1 < self.path_len:
            return self.paths[path][pos + 1]
        return self.gate[path]

    def name(self, space: int) -> str:
        """Human-readable name of a space: ``r4c2`` or ``city``."""
        if space == self.city:
            return "city"
        if not 0 <= space < self.city:
            return f"space {space}?"
        r, c = divmod(space, self.cols)
        return f"r{r}c{c}"

    def spaces(self, mask: int) -> list[int]:
        """The spaces of a mask, in increasing order."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
