"""Hydras' part of the replay page (the ``viewer`` hook read by :mod:`agents.viewer.page`).

The game is played again from its seed and decisions (a decision that is not
legal, or a result that differs, is a :class:`ViewerError`). The page shows,
at every decision: each seat's hydra as a grid of cards (necks as lines from
the card's centre, heads as a number, sword and poison-breath icons in the
corner, torches, open ends dashed), the board scores, hand sizes, the deck
and discard, the pending decision and any block chain; the list of
decisions with their texts and the public events each caused
(:mod:`agents.hydras.words`); step buttons, a slider and arrow keys; and the
final scores with their parts (H15). A view selector shows every hand
(omniscient) or only what one seat may see (its own hand; H14): other seats'
cards are then left out of the page's view entirely, and the decision texts
of other seats do not name their hand card.

The page's data is one JSON object in ``<script id="replay-data">``; the
card drawings are stored once and referenced by index. The page's body is the
template ``templates/hydras.html`` (autoescaped, :mod:`agents.viewer.templating`).
"""

from __future__ import annotations

from typing import Any

import hydra_env
from agents.hydras.words import event_text
from agents.viewer.errors import ViewerError
from agents.viewer.page import PageParts, asset, page_html
from agents.viewer.templating import render
from hydra_env import HydraError
from hydra_env.games.hydras.rules import HydrasGame
from hydra_env.games.hydras.rules.hydra import analysis_of
from hydra_env.games.hydras.rules.scoring import seat_scores
from hydra_env.games.hydras.rules.tables import EMPTY, ICON_POISON, ICON_SWORD, Tables

CELL = 22                      # pixels per grid cell
PACKAGE = __package__          # its templates: templates/ beside this module
_NECK = "#7a4b1f"
_SEAT_COLOURS = ("#3c78d8", "#cc4125", "#6aa84f", "#8e7cc3")


def card_svg(code: int, tables: Tables, x: int, y: int) -> str:
    """One card drawn at pixel ``x``, ``y`` (its top-left corner)."""
    half = CELL // 2
    cx, cy = x + half, y + half
    body = code == tables.body_code
    torch = not body and tables.kind_of[code] == tables.torch
    fill = "#f6d7a7" if body else "#f4a259" if torch else "#fffaf0"
    parts = [f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="3" fill="{fill}" '
             f'stroke="#999"/>']
    sides = tables.sides[code]
    for bit, (ex, ey) in enumerate(((cx, y + 1), (x + CELL - 1, cy), (cx, y + CELL - 1), (x + 1, cy))):
        if sides >> bit & 1:
            parts.append(f'<line x1="{cx}" y1="{cy}" x2="{ex}" y2="{ey}" stroke="{_NECK}" stroke-width="4" '
                         f'stroke-linecap="round"/>')
    if body:
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="6" fill="{_NECK}"/>')
    elif torch:
        parts.append(f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="11" font-weight="bold">T</text>')
    elif tables.heads[code]:
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="6" fill="#2e7d32"/><text x="{cx}" y="{cy + 4}" '
                     f'text-anchor="middle" font-size="10" fill="white">{tables.heads[code]}</text>')
    icon = {ICON_SWORD: ("s", "#444"), ICON_POISON: ("p", "#7b1fa2")}.get(tables.icon[code])
    if icon:
        parts.append(f'<text x="{x + 3}" y="{y + 9}" font-size="8" font-weight="bold" '
                     f'fill="{icon[1]}">{icon[0]}</text>')
    kind = "body" if body else "torch" if torch else "card"
    return f'<g class="{kind}" data-heads="{0 if body or torch else tables.heads[code]}">{"".join(parts)}</g>'


def open_end_svg(x: int, y: int) -> str:
    """An open end: a dashed circle in the empty cell."""
    half = CELL // 2
    return (f'<g class="open-end"><circle cx="{x + half}" cy="{y + half}" r="5" fill="none" stroke="#999" '
            f'stroke-dasharray="2 2"/></g>')


class _Pieces:
    """Drawings stored once; frames refer to them by index."""

    def __init__(self) -> None:
        self.table: list[str] = []
        self.index: dict[str, int] = {}

    def ref(self, element: str) -> int:
        k = self.index.get(element)
        if k is None:
            k = self.index[element] = len(self.table)
            self.table.append(element)
        return k


def _hydra(game: HydrasGame, seat: int, pieces: _Pieces, used: set[int]) -> list[int]:
    """The drawings of a seat's hydra (cards and open ends); the cells drawn go to ``used``."""
    tables = game.tables
    grid = game.state.hydras[seat]
    out = []
    for cell, code in enumerate(grid):
        if code != EMPTY:
            row, col = divmod(cell, tables.width)
            out.append(pieces.ref(card_svg(code, tables, col * CELL, row * CELL)))
            used.add(cell)
    for cell, _, _ in analysis_of(game.state, game.tables, seat).open_ends:
        row, col = divmod(cell, tables.width)
        out.append(pieces.ref(open_end_svg(col * CELL, row * CELL)))
        used.add(cell)
    return out


def view_box(used: set[int], tables: Tables) -> list[int]:
    """x, y, width, height (pixels) around the cells a hydra ever used, one cell of margin,
    at least 5 × 5 cells."""
    rows = [cell // tables.width for cell in used] or [tables.radius]
    cols = [cell % tables.width for cell in used] or [tables.radius]
    top, bottom = min(min(rows) - 1, tables.radius - 2), max(max(rows) + 1, tables.radius + 2)
    left, right = min(min(cols) - 1, tables.radius - 2), max(max(cols) + 1, tables.radius + 2)
    return [left * CELL, top * CELL, (right - left + 1) * CELL, (bottom - top + 1) * CELL]


def _frame(game: HydrasGame, pieces: _Pieces, used: list[set[int]]) -> dict[str, Any]:
    state, tables = game.state, game.tables
    scores = seat_scores(state, tables)
    status = f"turn {state.turns_taken}, seat {state.turn_seat}'s turn"
    if state.final_turns_left > 0:
        status += f"; last round: {state.final_turns_left} turns left"
    chain = ""
    if state.attack is not None:
        a = state.attack
        blocks = ", ".join(f"seat {s}" for s, _ in state.blocks) or "none yet"
        chain = (f"seat {a.seat}'s {tables.kind_name(a.card)} on seat {a.target}'s "
                 f"{tables.cell_name(a.cell)}; blocks: {blocks}")
    pending = game.pending
    return {"hydras": [_hydra(game, s, pieces, used[s]) for s in range(state.players)],
            "board": [s.board for s in scores], "necks": [s.neck for s in scores],
            "complete": [int(s.complete) for s in scores], "hand_sizes": [len(h) for h in state.hands],
            "hands": [[tables.kind_name(c) for c in h] for h in state.hands],
            "deck": len(state.deck), "discard": len(state.discard), "status": status, "chain": chain,
            "pending": None if pending is None else f"seat {pending['seat']}: {pending['kind']}"}


def page_data(doc: dict[str, Any]) -> tuple[dict[str, Any], HydrasGame]:
    """The JSON object the page's script reads, and the game played to its end."""
    try:
        game = HydrasGame.new(doc["players"], seed=doc["seed"])
    except (HydraError, KeyError, TypeError) as exc:
        raise ViewerError(f"cannot set the Hydras game up: {exc}") from None
    pieces = _Pieces()
    used: list[set[int]] = [set() for _ in range(game.num_players)]
    frames, decisions = [_frame(game, pieces, used)], []
    for step, action in enumerate(doc["decisions"], 1):
        if not game.is_legal(action):
            raise ViewerError(f"step {step}: decision {action!r} is not legal in the replayed game")
        seat, seen = game.current_player, len(game.state.log)
        text, public = game.describe(action), game.describe(action, viewer=(seat + 1) % game.num_players)
        game.apply(action)
        decisions.append({"s": seat, "x": text, "px": public,
                          "e": [event_text(e, game.tables) for e in game.state.log[seen:]]})
        frames.append(_frame(game, pieces, used))
    if not game.is_over:
        raise ViewerError(f"the decisions end after step {len(doc['decisions'])} but the game is not over")
    result = game.result()
    if doc.get("result") and list(doc["result"].get("scores", [])) != list(result.scores):
        raise ViewerError("the replayed game's scores differ from the replay's result")
    seats = doc.get("seats") or ["?"] * game.num_players
    return {"players": game.num_players, "boxes": [view_box(u, game.tables) for u in used],
            "pieces": pieces.table, "frames": frames,
            "decisions": decisions,
            "seats": [{"label": str(seats[s]), "colour": _SEAT_COLOURS[s]} for s in range(game.num_players)]
            }, game


def page_parts(doc: dict[str, Any]) -> PageParts:
    """The parts of the replay page of a Hydras replay ``doc`` (ViewerError when it cannot be shown)."""
    data, game = page_data(doc)
    r = game.result()
    title = f"Hydras replay — {game.num_players} players"
    subtitle = (f"seed {doc.get('seed')} · seats: {', '.join(s['label'] for s in data['seats'])} · scores "
                f"{' '.join(map(str, r.scores))} · {len(data['decisions'])} decisions · re-played with "
                f"hydra-env {hydra_env.__version__}")
    body = render("hydras.html", PACKAGE, data=data, result=r)
    return PageParts(title=title, subtitle=subtitle, css=asset("replay.css") + asset("hydras.css"), body=body,
                     data=data, script=asset("stepper.js") + asset("hydras.js"),
                     body_attributes={"data-game": "hydras"})


def replay_page(doc: dict[str, Any]) -> str:
    """The HTML text of the replay page of a Hydras replay ``doc``."""
    return page_html(page_parts(doc))
