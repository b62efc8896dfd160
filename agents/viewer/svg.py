"""The board as SVG, drawn from the same geometry as the ``rgb_array`` image.

Every position, size and colour comes from
:mod:`hydra_env.games.hydra.observe.board_geometry`, which :mod:`hydra_env.games.hydra.envs.image`
draws from too, so the two pictures never disagree. The picture is two
layers: :func:`static_layer` (areas, grid, labels, paths, maelstroms,
portals, the inner city), the same for a whole game, and
:func:`piece_elements` (necks, heads, barricades, wall tokens, heroes), one
SVG element string per piece, which the replay page swaps at every step.

Pieces carry data attributes that say what they show: heads ``data-colour``,
``data-space``, ``data-position``, ``data-count``; necks ``data-colour``,
``data-space``; heroes ``data-seat``, ``data-space``, ``data-shield``;
barricades ``data-index``, ``data-space``; wall tokens ``data-index``,
``data-standing``; the walls label ``data-walls``.
"""

from __future__ import annotations

import math
from html import escape

from hydra_env.games.hydra.observe import board_geometry as geo
from hydra_env.games.hydra.rules.state import State
from hydra_env.games.hydra.rules.tables import Rules

FONT = 'font-family="DejaVu Sans, Verdana, sans-serif"'
_ANCHORS = {"l": "start", "m": "middle", "r": "end"}
_BASELINES = {"m": "central", "d": "text-after-edge", "t": "text-before-edge"}


def geometry(rules: Rules) -> geo.BoardGeometry:
    """The geometry of a game's board."""
    return geo.BoardGeometry(rules.board.rows, rules.board.cols)


def picture_size(rules: Rules) -> tuple[int, int]:
    """Width and height of the board picture (the image's board part, without its text panel)."""
    g = geometry(rules)
    return g.board_only_width, g.city_box[3] + geo.MARGIN // 2


def _c(rgb: geo.RGB) -> str:
    return geo.hex_colour(rgb)


def _rect(box: geo.Box, fill: geo.RGB | None = None, stroke: geo.RGB | None = None, width: int = 1,
          extra: str = "", rx: int = 0) -> str:
    """A rectangle whose outline lies inside ``box``, as Pillow draws it."""
    half = width / 2 if stroke is not None else 0
    x0, y0, x1, y1 = box
    attrs = f'x="{x0 + half:g}" y="{y0 + half:g}" width="{x1 - x0 - 2 * half:g}" height="{y1 - y0 - 2 * half:g}"'
    if rx:
        attrs += f' rx="{rx}"'
    paint = f' fill="{_c(fill)}"' if fill is not None else ' fill="none"'
    if stroke is not None:
        paint += f' stroke="{_c(stroke)}" stroke-width="{width}"'
    return f"<rect {attrs}{paint}{extra}/>"


def _ellipse(box: geo.Box, fill: geo.RGB | None = None, stroke: geo.RGB | None = None, width: int = 1) -> str:
    half = width / 2 if stroke is not None else 0
    x0, y0, x1, y1 = box
    paint = f' fill="{_c(fill)}"' if fill is not None else ' fill="none"'
    if stroke is not None:
        paint += f' stroke="{_c(stroke)}" stroke-width="{width}"'
    return (f'<ellipse cx="{(x0 + x1) / 2:g}" cy="{(y0 + y1) / 2:g}" rx="{(x1 - x0) / 2 - half:g}" '
            f'ry="{(y1 - y0) / 2 - half:g}"{paint}/>')


def _text(xy: tuple[int, int], text: str, size: int, fill: geo.RGB, anchor: str = "la",
          extra: str = "") -> str:
    """Text anchored as Pillow's two-letter anchors (``lm``, ``md``, ``rm``, ``mm``, ``la``)."""
    h = _ANCHORS.get(anchor[0], "start")
    v = _BASELINES.get(anchor[1], "text-before-edge")
    return (f'<text x="{xy[0]}" y="{xy[1]}" font-size="{size}" text-anchor="{h}" '
            f'dominant-baseline="{v}" fill="{_c(fill)}"{extra}>{escape(text)}</text>')


def _arc(box: geo.Box, start: int, end: int, colour: geo.RGB, width: int) -> str:
    """An elliptic arc from ``start`` to ``end`` degrees, clockwise from 3 o'clock (Pillow's arc)."""
    x0, y0, x1, y1 = box
    half = width / 2
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - half, (y1 - y0) / 2 - half
    a, b = math.radians(start), math.radians(end)
    large = 1 if (end - start) % 360 > 180 else 0
    return (f'<path d="M {cx + rx * math.cos(a):.1f} {cy + ry * math.sin(a):.1f} A {rx:g} {ry:g} 0 {large} 1 '
            f'{cx + rx * math.cos(b):.1f} {cy + ry * math.sin(b):.1f}" fill="none" stroke="{_c(colour)}" '
            f'stroke-width="{width}"/>')


def static_layer(rules: Rules) -> str:
    """Areas, grid, labels, paths, maelstroms, portals and the inner city (no pieces)."""
    board, comp = rules.board, rules.components
    g = geometry(rules)
    areas = comp.board.areas
    parts = []
    for s in range(board.n_cells):
        fill = geo.AREA_FILL.get(areas[board.area_of[s]], geo.UNKNOWN_AREA)
        parts.append(_rect(g.cell_box(s), fill, geo.GRID_LINE, 1,
                           extra=f' class="cell" data-space="{s}" data-area="{areas[board.area_of[s]]}"'))
    for r in range(board.rows):
        parts.append(_text(g.row_label(r), areas[comp.board.row_area[r]], geo.FONT_SMALL, geo.LABEL, "lm"))
        parts.append(_text(g.row_number(r), f"r{r}", geo.FONT_SMALL, geo.LABEL, "rm"))
    for c in range(board.cols):
        parts.append(_text(g.column_number(c), f"c{c}", geo.FONT_SMALL, geo.LABEL, "md"))
    for path in board.paths:
        for s in path:
            parts.append(_rect(g.cell_box(s, geo.LANE_PAD), None, geo.LANE_COLOUR, geo.LANE_WIDTH))
    for s in board.spaces(board.maelstrom_mask):
        for box, start, end in g.maelstrom_arcs(s):
            parts.append(_arc(box, start, end, geo.MAELSTROM_COLOUR, geo.MAELSTROM_WIDTH))
    for s in board.spaces(board.portal_mask & board.cell_mask):
        parts.append(_ellipse(g.cell_box(s, geo.PORTAL_PAD), None, geo.PORTAL_COLOUR, geo.PORTAL_WIDTH))
    parts.append(_rect(g.city_box, geo.CITY_FILL, geo.CITY_OUTLINE, 2, extra=' class="city"'))
    parts.append(_text(g.city_label, "inner city", geo.FONT_SMALL, geo.CITY_TEXT, "la"))
    return "".join(parts)


def _pawn(box: geo.Box, fill: geo.RGB, seat: int, space: int, shield: bool) -> str:
    parts = geo.pawn(box)
    body = " ".join(f"{x},{y}" for x, y in parts.body)
    out = [f'<g class="hero" data-seat="{seat}" data-space="{space}" data-shield="{int(shield)}">']
    if shield:
        out.append(_ellipse(parts.shield, None, geo.SHIELD_COLOUR, geo.SHIELD_WIDTH))
    out.append(f'<polygon points="{body}" fill="{_c(fill)}" stroke="#000000"/>')
    out.append(_ellipse(parts.head, fill, geo.OUTLINE, 2))
    out.append(_text(parts.label, str(seat + 1), geo.FONT_MID, geo.ink(fill), "mm"))
    out.append("</g>")
    return "".join(out)


def piece_elements(state: State, rules: Rules) -> list[str]:
    """The pieces of ``state``, one SVG element string each (drawn in this order)."""
    board, comp = rules.board, rules.components
    g = geometry(rules)
    out: list[str] = []
    colours = comp.hydra_colours
    for c in range(len(state.head_position)):
        fill = geo.colour_rgb(colours[c], c)
        path = board.paths[state.hydra_path[c]]
        for pos in range(state.head_position[c]):
            out.append(_rect(g.cell_box(path[pos], geo.NECK_PAD), fill, geo.OUTLINE, geo.NECK_OUTLINE_WIDTH,
                             extra=f' class="neck" data-colour="{colours[c]}" data-space="{path[pos]}"',
                             rx=geo.NECK_RADIUS))
        space = path[state.head_position[c]]
        box = g.cell_box(space, geo.HEAD_PAD)
        centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
        out.append(f'<g class="head" data-colour="{colours[c]}" data-space="{space}" '
                   f'data-position="{state.head_position[c]}" data-count="{state.head_count[c]}">'
                   + _ellipse(box, fill, geo.OUTLINE, geo.HEAD_OUTLINE_WIDTH)
                   + _text(centre, str(state.head_count[c]), geo.FONT_BIG, geo.ink(fill), "mm") + "</g>")
    for k, s in enumerate(state.barricade_space):
        if s >= 0:
            x0, y0, x1, y1 = g.cell_box(s, geo.BARRICADE_PAD)
            line = f'stroke="{_c(geo.BARRICADE_LINE)}" stroke-width="{geo.BARRICADE_CROSS_WIDTH}"'
            out.append(f'<g class="barricade" data-index="{k}" data-space="{s}">'
                       + _rect((x0, y0, x1, y1), geo.BARRICADE_FILL, geo.BARRICADE_LINE,
                               geo.BARRICADE_OUTLINE_WIDTH)
                       + f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" {line}/>'
                       + f'<line x1="{x0}" y1="{y1}" x2="{x1}" y2="{y0}" {line}/></g>')
    total = state.walls_at_start
    for k in range(total):
        box = g.wall_token_box(k, total)
        if k < state.walls:
            out.append(_rect(box, geo.WALL_FILL, geo.WALL_OUTLINE, 2,
                             extra=f' class="wall-token" data-index="{k}" data-standing="1"'))
        else:
            x0, y0, x1, y1 = g.lost_wall_cross(k, total)
            out.append(f'<g class="wall-token" data-index="{k}" data-standing="0">'
                       + _rect(box, None, geo.WALL_LOST, 2)
                       + f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="{_c(geo.WALL_LOST)}" '
                         f'stroke-width="2"/></g>')
    out.append(_text(g.walls_label, f"walls {state.walls}/{total}", geo.FONT_SMALL, geo.WALL_OUTLINE, "lm",
                     extra=f' class="walls-label" data-walls="{state.walls}"'))
    heroes = comp.hero_colours
    in_city = 0
    for h, s in enumerate(state.hero_space):
        fill = geo.colour_rgb(heroes[h], h)
        if s == board.city:
            out.append(_pawn(g.city_slot_box(in_city), fill, h, s, bool(state.shielded[h])))
            in_city += 1
        else:
            out.append(_pawn(g.cell_box(s, geo.HERO_PAD), fill, h, s, bool(state.shielded[h])))
    return out


def board_svg(state: State, rules: Rules) -> str:
    """A standalone SVG of the board in ``state`` (the root carries ``data-walls``)."""
    width, height = picture_size(rules)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" {FONT} data-walls="{state.walls}">'
            f'<rect width="{width}" height="{height}" fill="{_c(geo.BACKGROUND)}"/>'
            f'<g class="static">{static_layer(rules)}</g>'
            f'<g class="pieces">{"".join(piece_elements(state, rules))}</g></svg>')
