"""The ``rgb_array`` picture of a game, drawn with Pillow.

The board as a person knows it: the 11 × 9 grid coloured by area (boat,
reef, beach, wall), the four paths as lanes with their maelstroms, portals as
rings, necks as tiles in the Hydra's colour, heads as large discs with their
counter, barricades as brown crossed blocks, heroes as pawns in their hero
colour with the seat number (a blue ring when protected), the wall tokens
(left and lost) below the wall area, the inner city with the heroes in it,
and beside the board the game's text: round, moon, phase, the display, the
compass and the observing seat's hand (:func:`hydra_env.Game.render`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

CELL = 52
MARGIN = 28
PANEL = 560
AREA_FILL = {"boat": (58, 104, 160), "reef": (72, 150, 150), "beach": (226, 208, 150),
             "wall": (150, 146, 140)}
NAMED = {"red": (214, 40, 40), "white": (245, 245, 245), "yellow": (240, 200, 30),
         "blue": (40, 80, 220), "teal": (0, 150, 140), "purple": (130, 60, 170),
         "green": (40, 160, 60), "orange": (240, 130, 20), "black": (20, 20, 20)}
_PLAIN = str.maketrans({"·": "|", "→": ">", "—": "-", "–": "-", "−": "-", "…": "..."})
FALLBACK = [(200, 60, 60), (230, 230, 230), (230, 190, 40), (60, 90, 210)]


@lru_cache(maxsize=8)
def _font(size: int) -> Any:
    try:
        return ImageFont.load_default(size=size)
    except TypeError:            # Pillow without FreeType: the fixed bitmap font
        return ImageFont.load_default()


def _rgb(name: str, k: int) -> tuple[int, int, int]:
    return NAMED.get(name, FALLBACK[k % len(FALLBACK)])


def _ink(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white text, whichever reads on ``fill``."""
    return (20, 20, 20) if sum(fill) > 420 else (250, 250, 250)


def draw_board(game: Any, seat: int | None = None) -> np.ndarray:
    """An ``H × W × 3`` uint8 picture of ``game`` (``seat``'s hand in the side panel)."""
    state, rules = game.state, game.rules
    board, comp = rules.board, rules.components
    rows, cols = board.rows, board.cols
    board_w, board_h = cols * CELL, rows * CELL
    height = MARGIN + board_h + 2 * CELL + MARGIN
    width = MARGIN + board_w + MARGIN + PANEL
    img = Image.new("RGB", (width, max(height, 720)), (250, 248, 240))
    d = ImageDraw.Draw(img)
    small, mid, big = _font(12), _font(15), _font(22)

    def box(s: int, pad: int = 0) -> tuple[int, int, int, int]:
        r, c = divmod(s, cols)
        x, y = MARGIN + c * CELL, MARGIN + r * CELL
        return (x + pad, y + pad, x + CELL - pad, y + CELL - pad)

    # Areas and grid.
    areas = comp.board.areas
    for s in range(board.n_cells):
        d.rectangle(box(s), fill=AREA_FILL.get(areas[board.area_of[s]], (200, 200, 200)),
                    outline=(90, 90, 90))
    for r in range(rows):
        d.text((MARGIN + board_w + 4, MARGIN + r * CELL + CELL // 2), areas[comp.board.row_area[r]],
               fill=(60, 60, 60), font=small, anchor="lm")
    for c in range(cols):
        d.text((MARGIN + c * CELL + CELL // 2, MARGIN - 4), f"c{c}", fill=(60, 60, 60),
               font=small, anchor="md")
    for r in range(rows):
        d.text((MARGIN - 4, MARGIN + r * CELL + CELL // 2), f"r{r}", fill=(60, 60, 60),
               font=small, anchor="rm")
    # Paths: lanes, maelstroms, portals.
    for path in board.paths:
        for s in path:
            d.rectangle(box(s, 5), outline=(40, 40, 60), width=2)
    for s in board.spaces(board.maelstrom_mask):
        x0, y0, x1, y1 = box(s, 6)
        for k in range(3):
            d.arc((x0 + 5 * k, y0 + 5 * k, x1 - 5 * k, y1 - 5 * k), 40 * k, 40 * k + 270,
                  fill=(15, 25, 70), width=3)
    for s in board.spaces(board.portal_mask & board.cell_mask):
        d.ellipse(box(s, 9), outline=(150, 60, 200), width=4)
    # Necks and heads.
    colours = comp.hydra_colours
    for c in range(len(state.head_position)):
        fill = _rgb(colours[c], c)
        path = board.paths[state.hydra_path[c]]
        for pos in range(state.head_position[c]):
            d.rounded_rectangle(box(path[pos], 10), radius=6, fill=fill, outline=(0, 0, 0), width=2)
        hx0, hy0, hx1, hy1 = box(path[state.head_position[c]], 3)
        d.ellipse((hx0, hy0, hx1, hy1), fill=fill, outline=(0, 0, 0), width=3)
        d.text(((hx0 + hx1) // 2, (hy0 + hy1) // 2), str(state.head_count[c]), fill=_ink(fill),
               font=big, anchor="mm")
    # Barricades.
    for s in state.barricade_space:
        if s >= 0:
            x0, y0, x1, y1 = box(s, 12)
            d.rectangle((x0, y0, x1, y1), fill=(125, 80, 35), outline=(60, 35, 10), width=2)
            d.line((x0, y0, x1, y1), fill=(60, 35, 10), width=3)
            d.line((x0, y1, x1, y0), fill=(60, 35, 10), width=3)
    # Walls (below the wall area) and the inner city.
    wy = MARGIN + board_h + 6
    tw = board_w // max(1, state.walls_at_start)
    for k in range(state.walls_at_start):
        x0 = MARGIN + k * tw
        if k < state.walls:
            d.rectangle((x0 + 2, wy, x0 + tw - 2, wy + CELL // 2 - 8), fill=(120, 110, 100),
                        outline=(40, 40, 40), width=2)
        else:
            d.rectangle((x0 + 2, wy, x0 + tw - 2, wy + CELL // 2 - 8), outline=(170, 40, 40), width=2)
            d.line((x0 + 4, wy + 2, x0 + tw - 4, wy + CELL // 2 - 10), fill=(170, 40, 40), width=2)
    d.text((MARGIN + board_w + 4, wy + CELL // 4 - 4), f"walls {state.walls}/{state.walls_at_start}",
           fill=(40, 40, 40), font=small, anchor="lm")
    cy = wy + CELL // 2
    d.rectangle((MARGIN, cy, MARGIN + board_w, cy + CELL + 6), fill=(205, 190, 160),
                outline=(90, 70, 40), width=2)
    d.text((MARGIN + 6, cy + 4), "inner city", fill=(60, 45, 20), font=small)
    heroes = comp.hero_colours
    in_city = 0
    for h, s in enumerate(state.hero_space):
        if s == board.city:
            x0 = MARGIN + 90 + in_city * (CELL + 6)
            _pawn(d, (x0, cy + 5, x0 + CELL - 4, cy + CELL + 1), _rgb(heroes[h], h), h,
                  bool(state.shielded[h]), mid)
            in_city += 1
        else:
            _pawn(d, box(s, 4), _rgb(heroes[h], h), h, bool(state.shielded[h]), mid)
    # Side panel: the game's text without its ASCII board.
    lines = game.render(seat).splitlines()
    text = [lines[0]] + [ln for ln in lines[rows + 3:] if not ln.startswith("legend:")]
    text.append("picture: discs = heads (counter), tiles = necks, rings = portals,")
    text.append("    spirals = maelstroms, brown crosses = barricades, pawns = heroes")
    text.append("    (seat + 1; blue ring = shield), bricks = wall tokens")
    text = [ln.translate(_PLAIN) for ln in text]
    px, py = MARGIN + board_w + 60, MARGIN
    for line in _wrap(text, 70):
        d.text((px, py), line, fill=(20, 20, 20), font=small)
        py += 15
    return np.asarray(img, dtype=np.uint8)


def _pawn(d: Any, bbox: tuple[int, int, int, int], fill: tuple[int, int, int], seat: int,
          shield: bool, font: Any) -> None:
    x0, y0, x1, y1 = bbox
    w = x1 - x0
    cx = (x0 + x1) // 2
    if shield:
        d.ellipse((x0 - 1, y0 - 1, x1 + 1, y1 + 1), outline=(90, 200, 255), width=4)
    d.polygon([(cx, y0 + w // 3), (x0 + w // 6, y1 - 3), (x1 - w // 6, y1 - 3)], fill=fill,
              outline=(0, 0, 0))
    r = w // 5
    d.ellipse((cx - r, y0 + 4, cx + r, y0 + 4 + 2 * r), fill=fill, outline=(0, 0, 0), width=2)
    d.text((cx, y1 - w // 4), str(seat + 1), fill=_ink(fill), font=font, anchor="mm")


def _wrap(lines: list[str], width: int) -> list[str]:
    out = []
    for line in lines:
        while len(line) > width:
            cut = line.rfind(" ", 0, width)
            cut = cut if cut > 20 else width
            out.append(line[:cut])
            line = "    " + line[cut:].lstrip()
        out.append(line)
    return out
