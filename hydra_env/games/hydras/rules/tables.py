"""Lookup tables of a card set: the grid, rotations and card faces (shared by all clones).

Cells
    Each hydra has a square grid of ``width = 2·radius + 1`` cells per side
    around its body (H3). A cell is one integer, ``(row + radius)·width +
    (column + radius)``; the body sits at row 0, column 0 (:attr:`Tables.centre`).
    North is row − 1, east column + 1. Cells are named ``r-1c+2`` (row −1,
    column +2).

Directions and sides
    North 0, east 1, south 2, west 3; a face's sides are a 4-bit mask (bit d
    set: a neck on side d). Rotation ``r`` turns a card ``r`` quarter turns
    clockwise (H1): north goes to east.

Cell contents (a hydra is a list with one int per cell)
    ``EMPTY`` (−1); ``kind·4 + rotation`` for a card or a torch; ``body_code``
    (``4·len(kinds)``) for the body. :attr:`Tables.sides`, :attr:`Tables.heads`
    and :attr:`Tables.icon` are indexed by that code.
"""

from __future__ import annotations

from hydra_env.games.hydras.rules.components import MAX_PLAYERS, CardSet

EMPTY = -1
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTION_NAMES = ("north", "east", "south", "west")
ROTATION_NAMES = ("0°", "90°", "180°", "270°")
ICON_PLAIN, ICON_SWORD, ICON_POISON, ICON_TORCH, ICON_BODY = 0, 1, 2, 3, 4
_ICON_CODES = {"plain": ICON_PLAIN, "sword": ICON_SWORD, "poison": ICON_POISON,
               "torch": ICON_TORCH}


def rotate(sides: int, rotation: int) -> int:
    """``sides`` turned ``rotation`` quarter turns clockwise."""
    rotation %= 4
    return ((sides << rotation) | (sides >> (4 - rotation))) & 15


def opposite(direction: int) -> int:
    """The direction facing ``direction``."""
    return (direction + 2) % 4


class Tables:
    """Everything derived from a :class:`CardSet` that the rules need, computed once."""

    def __init__(self, cards: CardSet) -> None:
        """Build the tables of ``cards`` (the codec is attached by :func:`tables_for`)."""
        self.cards = cards
        self.radius = radius = cards.grid_radius
        self.width = width = 2 * radius + 1
        self.cell_count = width * width
        self.centre = radius * width + radius
        self.hand_size = cards.hand_size
        self.max_players = MAX_PLAYERS
        self.kind_count = len(cards.kinds)
        self.torch = cards.torch
        self.body_code = 4 * self.kind_count
        self.neighbours: tuple[tuple[int, int, int, int], ...] = tuple(
            self._neighbours(cell) for cell in range(self.cell_count))
        codes = self.body_code + 1
        self.sides = [0] * codes
        self.heads = [0] * codes
        self.icon = [ICON_PLAIN] * codes
        self.kind_of = [-1] * codes
        for kind in cards.kinds:
            for rotation in range(4):
                code = 4 * kind.index + rotation
                self.sides[code] = rotate(kind.sides, rotation)
                self.heads[code] = kind.heads
                self.icon[code] = _ICON_CODES[kind.icon]
                self.kind_of[code] = kind.index
        self.sides[self.body_code] = cards.body_sides
        self.icon[self.body_code] = ICON_BODY
        self.kind_heads = tuple(k.heads for k in cards.kinds)
        self.is_sword = tuple(k.icon == "sword" for k in cards.kinds)
        self.is_poison = tuple(k.icon == "poison" for k in cards.kinds)
        # Distinct rotations of each kind (H6: each distinct rotation once).
        self.distinct_rotations: tuple[tuple[int, ...], ...] = tuple(
            self._distinct(k.sides) for k in cards.kinds)
        # fits[kind][fixed * 16 + required]: the distinct rotations whose sides
        # match `required` on the sides in `fixed` (H5).
        self.fits: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            self._fits(kind.index) for kind in cards.kinds)
        self.codec = None  # set by tables_for (the codec needs the tables' sizes)

    def _neighbours(self, cell: int) -> tuple[int, int, int, int]:
        row, col = divmod(cell, self.width)
        out = []
        for d_row, d_col in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            r, c = row + d_row, col + d_col
            out.append(r * self.width + c if 0 <= r < self.width and 0 <= c < self.width else -1)
        return tuple(out)  # type: ignore[return-value]

    @staticmethod
    def _distinct(sides: int) -> tuple[int, ...]:
        seen, out = set(), []
        for rotation in range(4):
            turned = rotate(sides, rotation)
            if turned not in seen:
                seen.add(turned)
                out.append(rotation)
        return tuple(out)

    def _fits(self, kind: int) -> tuple[tuple[int, ...], ...]:
        if kind == self.torch:
            return tuple(() for _ in range(256))
        sides = self.cards.kinds[kind].sides
        rotations = self.distinct_rotations[kind]
        table = []
        for fixed in range(16):
            for required in range(16):
                table.append(tuple(r for r in rotations
                                   if rotate(sides, r) & fixed == required & fixed))
        return tuple(table)

    # ------------------------------------------------------------ names
    def cell_of(self, row: int, column: int) -> int:
        """The cell at ``row``, ``column`` (body at 0, 0); ValueError outside the grid."""
        if not (-self.radius <= row <= self.radius and -self.radius <= column <= self.radius):
            raise ValueError(f"row {row}, column {column} is outside the grid "
                             f"(−{self.radius}…{self.radius})")
        return (row + self.radius) * self.width + column + self.radius

    def row_column(self, cell: int) -> tuple[int, int]:
        """(row, column) of ``cell``, body at (0, 0)."""
        row, col = divmod(cell, self.width)
        return row - self.radius, col - self.radius

    def cell_name(self, cell: int) -> str:
        """``r-1c+2``: row −1 (north of the body), column +2 (east)."""
        row, col = self.row_column(cell)
        return f"r{row:+d}c{col:+d}"

    def kind_name(self, kind: int) -> str:
        """The id of a card kind (``"sword turn"``)."""
        return self.cards.kinds[kind].id


_CACHE: dict[str, Tables] = {}


def tables_for(cards: CardSet) -> Tables:
    """The (cached) tables of a card set, with its codec."""
    key = f"{cards.digest}:{id(cards)}"
    tables = _CACHE.get(key)
    if tables is None:
        from hydra_env.games.hydras.rules.codec import HydrasCodec
        tables = Tables(cards)
        tables.codec = HydrasCodec(tables.hand_size, tables.max_players, tables.width,
                                   tables.cell_name)
        _CACHE[key] = tables
    return tables
