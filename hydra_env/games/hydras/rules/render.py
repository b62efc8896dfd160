"""Text drawings of hydras and of a whole game.

Each cell is drawn as 3 × 3 characters::

    s|      corner: s sword icon, p poison breath icon; top middle: | neck north
    -2-     middle: - neck west / east; centre: B body, T torch, + no heads,
     |              1-3 heads, o an open end, . an empty cell
                    bottom middle: | neck south

so a turn (north and east) with a sword icon is ``s| `` / `` +-`` / ``   ``.
The same drawing is read back by :func:`hydra_env.games.hydras.rules.testing.parse_hydra`,
which is how the tests draw hand-built hydras.
"""

from __future__ import annotations

from hydra_env.games.hydras.rules.hydra import analysis_of
from hydra_env.games.hydras.rules.scoring import seat_scores
from hydra_env.games.hydras.rules.state import DECISION_NAMES, State
from hydra_env.games.hydras.rules.tables import ICON_POISON, ICON_SWORD, Tables

_CORNER = {ICON_SWORD: "s", ICON_POISON: "p"}


def draw_cell(code: int, tables: Tables, open_end: bool = False) -> tuple[str, str, str]:
    """The three text rows of one cell."""
    if code < 0:
        return ("   ", f" {'o' if open_end else '.'} ", "   ")
    sides = tables.sides[code]
    if code == tables.body_code:
        centre = "B"
    elif tables.kind_of[code] == tables.torch:
        centre = "T"
    else:
        heads = tables.heads[code]
        centre = str(heads) if heads else "+"
    corner = _CORNER.get(tables.icon[code], " ")
    north, east = "|" if sides & 1 else " ", "-" if sides & 2 else " "
    south, west = "|" if sides & 4 else " ", "-" if sides & 8 else " "
    return (f"{corner}{north} ", f"{west}{centre}{east}", f" {south} ")


def draw_hydra(grid: list[int], tables: Tables, open_ends: tuple[int, ...] = ()) -> str:
    """A hydra cropped to its cards (and the ``open_ends`` cells), 3 × 3 per cell."""
    shown = [cell for cell, code in enumerate(grid) if code >= 0] + list(open_ends)
    rows = [cell // tables.width for cell in shown]
    cols = [cell % tables.width for cell in shown]
    marked = set(open_ends)
    lines = []
    for row in range(min(rows), max(rows) + 1):
        parts = [draw_cell(grid[row * tables.width + col], tables,
                           row * tables.width + col in marked)
                 for col in range(min(cols), max(cols) + 1)]
        for k in range(3):
            lines.append("".join(p[k] for p in parts).rstrip())
    return "\n".join(lines)


def render_text(state: State, tables: Tables, seat: int | None = None) -> str:
    """The whole table as text; with ``seat``, also that seat's hand."""
    scores = seat_scores(state, tables)
    pending = state.pending
    if pending is None:
        status = "game over"
    else:
        status = f"seat {pending.seat} to decide ({DECISION_NAMES[pending.kind]})"
    lines = [f"Hydras, {state.players} players — turn {state.turns_taken}, seat "
             f"{state.turn_seat}'s turn; {status}",
             f"deck {len(state.deck)} cards, discard {len(state.discard)}"
             + (f", last round: {state.final_turns_left} turns left"
                if state.final_turns_left > 0 else "")]
    if state.attack is not None:
        a = state.attack
        blocks = ", ".join(f"seat {s} ({tables.kind_name(c)})" for s, c in state.blocks) or "none"
        lines.append(f"under block: seat {a.seat}'s {tables.kind_name(a.card)} on seat "
                     f"{a.target}'s {tables.cell_name(a.cell)}; blocks so far: {blocks}")
    for s in range(state.players):
        analysis = analysis_of(state, tables, s)
        star = " (star)" if s == state.star_seat else ""
        lines.append("")
        lines.append(f"seat {s}{star}: {len(state.hands[s])} cards in hand, board score "
                     f"{scores[s].board}, neck {analysis.neck}"
                     + (", complete" if analysis.complete else ""))
        lines.append(draw_hydra(state.hydras[s], tables,
                                tuple(cell for cell, _, _ in analysis.open_ends)))
    if seat is not None:
        hand = ", ".join(f"{k}: {tables.kind_name(c)}" for k, c in enumerate(state.hands[seat]))
        lines += ["", f"seat {seat}'s hand: {hand or 'empty'}"]
    return "\n".join(lines)
