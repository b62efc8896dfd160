"""The board picture's geometry: where each space, piece and token is drawn, its size and colour.

One source for the two renderers of the board: the ``rgb_array`` image
(:mod:`hydra_env.games.hydra.envs.image`, Pillow) and the replay viewer's SVG
(``agents.viewer.svg``), so that the two never disagree. Boxes are
``(x0, y0, x1, y1)`` in pixels, as Pillow takes them; colours are RGB
tuples. Nothing here draws: it only says where and in which colour.

The layout, top to bottom: a margin, the ``rows × cols`` grid of ``CELL``
pixel cells, the row of wall tokens, the inner city; the text panel
(``PANEL`` pixels wide) to the right of the grid.
"""

from __future__ import annotations

from dataclasses import dataclass

Box = tuple[int, int, int, int]
RGB = tuple[int, int, int]

CELL = 52
MARGIN = 28
PANEL = 560
MIN_HEIGHT = 720
FONT_SMALL, FONT_MID, FONT_BIG = 12, 15, 22

BACKGROUND: RGB = (250, 248, 240)
AREA_FILL: dict[str, RGB] = {"boat": (58, 104, 160), "reef": (72, 150, 150), "beach": (226, 208, 150),
                             "wall": (150, 146, 140)}
UNKNOWN_AREA: RGB = (200, 200, 200)
NAMED: dict[str, RGB] = {"red": (214, 40, 40), "white": (245, 245, 245), "yellow": (240, 200, 30),
                         "blue": (40, 80, 220), "teal": (0, 150, 140), "purple": (130, 60, 170),
                         "green": (40, 160, 60), "orange": (240, 130, 20), "black": (20, 20, 20)}
FALLBACK: list[RGB] = [(200, 60, 60), (230, 230, 230), (230, 190, 40), (60, 90, 210)]
GRID_LINE: RGB = (90, 90, 90)
LABEL: RGB = (60, 60, 60)
TEXT: RGB = (20, 20, 20)
OUTLINE: RGB = (0, 0, 0)

# Paths, maelstroms, portals: insets (pad) of a cell box, line colours and widths.
LANE_PAD, LANE_COLOUR, LANE_WIDTH = 5, (40, 40, 60), 2
MAELSTROM_PAD, MAELSTROM_COLOUR, MAELSTROM_WIDTH = 6, (15, 25, 70), 3
MAELSTROM_ARCS = 3        # arc k is inset 5·k more, from 40·k° over 270° (clockwise from 3 o'clock)
PORTAL_PAD, PORTAL_COLOUR, PORTAL_WIDTH = 9, (150, 60, 200), 4
# Necks (rounded tiles) and heads (discs with the counter).
NECK_PAD, NECK_RADIUS, NECK_OUTLINE_WIDTH = 10, 6, 2
HEAD_PAD, HEAD_OUTLINE_WIDTH = 3, 3
# Barricades: a brown block with a cross.
BARRICADE_PAD, BARRICADE_FILL, BARRICADE_LINE = 12, (125, 80, 35), (60, 35, 10)
BARRICADE_OUTLINE_WIDTH, BARRICADE_CROSS_WIDTH = 2, 3
# Heroes (pawns) and their shields.
HERO_PAD = 4
SHIELD_COLOUR, SHIELD_WIDTH = (90, 200, 255), 4
# Wall tokens (left and lost) and the inner city.
WALL_FILL, WALL_OUTLINE, WALL_LOST = (120, 110, 100), (40, 40, 40), (170, 40, 40)
CITY_FILL, CITY_OUTLINE, CITY_TEXT = (205, 190, 160), (90, 70, 40), (60, 45, 20)
CITY_FIRST_SLOT = 90      # x offset of the first hero in the city


def colour_rgb(name: str, index: int) -> RGB:
    """The colour of a hydra or hero colour name (a fallback by index for unknown names)."""
    return NAMED.get(name, FALLBACK[index % len(FALLBACK)])


def ink(fill: RGB) -> RGB:
    """Black or white text, whichever reads on ``fill``."""
    return (20, 20, 20) if sum(fill) > 420 else (250, 250, 250)


def hex_colour(rgb: RGB) -> str:
    """``#rrggbb`` of an RGB tuple (for SVG and CSS)."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def inset(box: Box, pad: int) -> Box:
    """``box`` shrunk by ``pad`` on every side."""
    x0, y0, x1, y1 = box
    return (x0 + pad, y0 + pad, x1 - pad, y1 - pad)


@dataclass(frozen=True)
class Pawn:
    """A hero pawn in its box: a triangle body, a round head, the seat label."""

    body: tuple[tuple[int, int], ...]   # triangle corners
    head: Box                           # the round head's box
    label: tuple[int, int]              # centre of the seat number
    shield: Box                         # the shield ring's box


def pawn(box: Box) -> Pawn:
    """The parts of a pawn drawn in ``box``."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx = (x0 + x1) // 2
    r = w // 5
    return Pawn(body=((cx, y0 + w // 3), (x0 + w // 6, y1 - 3), (x1 - w // 6, y1 - 3)),
                head=(cx - r, y0 + 4, cx + r, y0 + 4 + 2 * r), label=(cx, y1 - w // 4),
                shield=(x0 - 1, y0 - 1, x1 + 1, y1 + 1))


@dataclass(frozen=True)
class BoardGeometry:
    """Pixel positions of one board of ``rows × cols`` cells (space ``r·cols + c``)."""

    rows: int
    cols: int

    @property
    def board_width(self) -> int:
        """Width of the grid in pixels."""
        return self.cols * CELL

    @property
    def board_height(self) -> int:
        """Height of the grid in pixels."""
        return self.rows * CELL

    @property
    def width(self) -> int:
        """Width of the whole picture (grid, margins, text panel)."""
        return MARGIN + self.board_width + MARGIN + PANEL

    @property
    def height(self) -> int:
        """Height of the whole picture (at least ``MIN_HEIGHT``)."""
        return max(MARGIN + self.board_height + 2 * CELL + MARGIN, MIN_HEIGHT)

    @property
    def board_only_width(self) -> int:
        """Width of the grid with its margins and row labels (the picture without the panel)."""
        return MARGIN + self.board_width + 80

    def cell_box(self, space: int, pad: int = 0) -> Box:
        """The box of grid space ``space``, inset by ``pad``."""
        r, c = divmod(space, self.cols)
        x, y = MARGIN + c * CELL, MARGIN + r * CELL
        return (x + pad, y + pad, x + CELL - pad, y + CELL - pad)

    def cell_centre(self, space: int) -> tuple[int, int]:
        """The centre of grid space ``space``."""
        x0, y0, x1, y1 = self.cell_box(space)
        return ((x0 + x1) // 2, (y0 + y1) // 2)

    def row_label(self, row: int) -> tuple[int, int]:
        """Anchor of a row's area name (left-middle), right of the grid."""
        return (MARGIN + self.board_width + 4, MARGIN + row * CELL + CELL // 2)

    def column_number(self, col: int) -> tuple[int, int]:
        """Anchor of ``c<col>`` (middle-bottom), above the grid."""
        return (MARGIN + col * CELL + CELL // 2, MARGIN - 4)

    def row_number(self, row: int) -> tuple[int, int]:
        """Anchor of ``r<row>`` (right-middle), left of the grid."""
        return (MARGIN - 4, MARGIN + row * CELL + CELL // 2)

    def maelstrom_arcs(self, space: int) -> list[tuple[Box, int, int]]:
        """The spiral of a maelstrom: (box, start degrees, end degrees) of each arc."""
        x0, y0, x1, y1 = self.cell_box(space, MAELSTROM_PAD)
        return [((x0 + 5 * k, y0 + 5 * k, x1 - 5 * k, y1 - 5 * k), 40 * k, 40 * k + 270)
                for k in range(MAELSTROM_ARCS)]

    @property
    def walls_top(self) -> int:
        """Top of the row of wall tokens."""
        return MARGIN + self.board_height + 6

    def wall_token_box(self, k: int, walls_at_start: int) -> Box:
        """The box of wall token ``k`` of ``walls_at_start``."""
        tw = self.board_width // max(1, walls_at_start)
        x0, wy = MARGIN + k * tw, self.walls_top
        return (x0 + 2, wy, x0 + tw - 2, wy + CELL // 2 - 8)

    def lost_wall_cross(self, k: int, walls_at_start: int) -> Box:
        """The line across a lost wall token (from its top left to its bottom right)."""
        tw = self.board_width // max(1, walls_at_start)
        x0, wy = MARGIN + k * tw, self.walls_top
        return (x0 + 4, wy + 2, x0 + tw - 4, wy + CELL // 2 - 10)

    @property
    def walls_label(self) -> tuple[int, int]:
        """Anchor of ``walls n/m`` (left-middle)."""
        return (MARGIN + self.board_width + 4, self.walls_top + CELL // 4 - 4)

    @property
    def city_box(self) -> Box:
        """The inner city's box, below the wall tokens."""
        cy = self.walls_top + CELL // 2
        return (MARGIN, cy, MARGIN + self.board_width, cy + CELL + 6)

    @property
    def city_label(self) -> tuple[int, int]:
        """Top-left anchor of ``inner city``."""
        return (MARGIN + 6, self.city_box[1] + 4)

    def city_slot_box(self, index: int) -> Box:
        """The box of the ``index``-th hero standing in the inner city."""
        cy = self.city_box[1]
        x0 = MARGIN + CITY_FIRST_SLOT + index * (CELL + 6)
        return (x0, cy + 5, x0 + CELL - 4, cy + CELL + 1)

    @property
    def panel_origin(self) -> tuple[int, int]:
        """Top-left of the text panel."""
        return (MARGIN + self.board_width + 60, MARGIN)
