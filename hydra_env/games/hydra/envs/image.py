"""The ``rgb_array`` picture of a game, drawn with Pillow.

The board as a person knows it: the 11 × 9 grid coloured by area (boat,
reef, beach, wall), the four paths as lanes with their maelstroms, portals as
rings, necks as tiles in the Hydra's colour, heads as large discs with their
counter, barricades as brown crossed blocks, heroes as pawns in their hero
colour with the seat number (a blue ring when protected), the wall tokens
(left and lost) below the wall area, the inner city with the heroes in it,
and beside the board the game's text: round, moon, phase, the display, the
compass and the observing seat's hand (:func:`hydra_env.Game.render`).

Where everything goes, how large and in which colour is defined once in
:mod:`hydra_env.games.hydra.observe.board_geometry`, which the replay viewer's SVG uses too.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from hydra_env.games.hydra.observe import board_geometry as geo

_PLAIN = str.maketrans({"·": "|", "→": ">", "—": "-", "–": "-", "−": "-", "…": "..."})


@lru_cache(maxsize=8)
def _font(size: int) -> Any:
    try:
        return ImageFont.load_default(size=size)
    except TypeError:            # Pillow without FreeType: the fixed bitmap font
        return ImageFont.load_default()


def draw_board(game: Any, seat: int | None = None) -> np.ndarray:
    """An ``H × W × 3`` uint8 picture of ``game`` (``seat``'s hand in the side panel).

    Positions, sizes and colours come from :mod:`hydra_env.games.hydra.observe.board_geometry`."""
    state, rules = game.state, game.rules
    board, comp = rules.board, rules.components
    rows = board.rows
    g = geo.BoardGeometry(board.rows, board.cols)
    img = Image.new("RGB", (g.width, g.height), geo.BACKGROUND)
    d = ImageDraw.Draw(img)
    small, mid, big = _font(geo.FONT_SMALL), _font(geo.FONT_MID), _font(geo.FONT_BIG)
    box = g.cell_box

    # Areas and grid.
    areas = comp.board.areas
    for s in range(board.n_cells):
        d.rectangle(box(s), fill=geo.AREA_FILL.get(areas[board.area_of[s]], geo.UNKNOWN_AREA),
                    outline=geo.GRID_LINE)
    for r in range(rows):
        d.text(g.row_label(r), areas[comp.board.row_area[r]], fill=geo.LABEL, font=small, anchor="lm")
    for c in range(board.cols):
        d.text(g.column_number(c), f"c{c}", fill=geo.LABEL, font=small, anchor="md")
    for r in range(rows):
        d.text(g.row_number(r), f"r{r}", fill=geo.LABEL, font=small, anchor="rm")
    # Paths: lanes, maelstroms, portals.
    for path in board.paths:
        for s in path:
            d.rectangle(box(s, geo.LANE_PAD), outline=geo.LANE_COLOUR, width=geo.LANE_WIDTH)
    for s in board.spaces(board.maelstrom_mask):
        for arc_box, start, end in g.maelstrom_arcs(s):
            d.arc(arc_box, start, end, fill=geo.MAELSTROM_COLOUR, width=geo.MAELSTROM_WIDTH)
    for s in board.spaces(board.portal_mask & board.cell_mask):
        d.ellipse(box(s, geo.PORTAL_PAD), outline=geo.PORTAL_COLOUR, width=geo.PORTAL_WIDTH)
    # Necks and heads.
    colours = comp.hydra_colours
    for c in range(len(state.head_position)):
        fill = geo.colour_rgb(colours[c], c)
        path = board.paths[state.hydra_path[c]]
        for pos in range(state.head_position[c]):
            d.rounded_rectangle(box(path[pos], geo.NECK_PAD), radius=geo.NECK_RADIUS, fill=fill,
                                outline=geo.OUTLINE, width=geo.NECK_OUTLINE_WIDTH)
        hx0, hy0, hx1, hy1 = box(path[state.head_position[c]], geo.HEAD_PAD)
        d.ellipse((hx0, hy0, hx1, hy1), fill=fill, outline=geo.OUTLINE, width=geo.HEAD_OUTLINE_WIDTH)
        d.text(((hx0 + hx1) // 2, (hy0 + hy1) // 2), str(state.head_count[c]), fill=geo.ink(fill),
               font=big, anchor="mm")
    # Barricades.
    for s in state.barricade_space:
        if s >= 0:
            x0, y0, x1, y1 = box(s, geo.BARRICADE_PAD)
            d.rectangle((x0, y0, x1, y1), fill=geo.BARRICADE_FILL, outline=geo.BARRICADE_LINE,
                        width=geo.BARRICADE_OUTLINE_WIDTH)
            d.line((x0, y0, x1, y1), fill=geo.BARRICADE_LINE, width=geo.BARRICADE_CROSS_WIDTH)
            d.line((x0, y1, x1, y0), fill=geo.BARRICADE_LINE, width=geo.BARRICADE_CROSS_WIDTH)
    # Walls (below the wall area) and the inner city.
    for k in range(state.walls_at_start):
        if k < state.walls:
            d.rectangle(g.wall_token_box(k, state.walls_at_start), fill=geo.WALL_FILL,
                        outline=geo.WALL_OUTLINE, width=2)
        else:
            d.rectangle(g.wall_token_box(k, state.walls_at_start), outline=geo.WALL_LOST, width=2)
            d.line(g.lost_wall_cross(k, state.walls_at_start), fill=geo.WALL_LOST, width=2)
    d.text(g.walls_label, f"walls {state.walls}/{state.walls_at_start}", fill=geo.WALL_OUTLINE,
           font=small, anchor="lm")
    d.rectangle(g.city_box, fill=geo.CITY_FILL, outline=geo.CITY_OUTLINE, width=2)
    d.text(g.city_label, "inner city", fill=geo.CITY_TEXT, font=small)
    heroes = comp.hero_colours
    in_city = 0
    for h, s in enumerate(state.hero_space):
        if s == board.city:
            _pawn(d, g.city_slot_box(in_city), geo.colour_rgb(heroes[h], h), h, bool(state.shielded[h]), mid)
            in_city += 1
        else:
            _pawn(d, box(s, geo.HERO_PAD), geo.colour_rgb(heroes[h], h), h, bool(state.shielded[h]), mid)
    # Side panel: the game's text without its ASCII board.
    lines = game.render(seat).splitlines()
    text = [lines[0]] + [ln for ln in lines[rows + 3:] if not ln.startswith("legend:")]
    text.append("picture: discs = heads (counter), tiles = necks, rings = portals,")
    text.append("    spirals = maelstroms, brown crosses = barricades, pawns = heroes")
    text.append("    (seat + 1; blue ring = shield), bricks = wall tokens")
    text = [ln.translate(_PLAIN) for ln in text]
    px, py = g.panel_origin
    for line in _wrap(text, 70):
        d.text((px, py), line, fill=geo.TEXT, font=small)
        py += 15
    return np.asarray(img, dtype=np.uint8)


def _pawn(d: Any, bbox: tuple[int, int, int, int], fill: tuple[int, int, int], seat: int,
          shield: bool, font: Any) -> None:
    parts = geo.pawn(bbox)
    if shield:
        d.ellipse(parts.shield, outline=geo.SHIELD_COLOUR, width=geo.SHIELD_WIDTH)
    d.polygon(list(parts.body), fill=fill, outline=geo.OUTLINE)
    d.ellipse(parts.head, fill=fill, outline=geo.OUTLINE, width=2)
    d.text(parts.label, str(seat + 1), fill=geo.ink(fill), font=font, anchor="mm")


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
