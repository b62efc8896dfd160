"""A text board a person can read: paths, heads, necks, barricades, heroes,
portals, walls, the display, the compass and (for one seat) its hand."""

from __future__ import annotations

from hydra_env.core import compass, coop
from hydra_env.core.describe import slot_label
from hydra_env.core.state import DECISION_NAMES, PHASE_NAMES, State
from hydra_env.core.tables import Rules
from hydra_env.core.text import action_card_text, hydra_card_text

LEGEND = ("legend: R3 head (colour, counter)  r neck  ~ maelstrom  o portal  # barricade  "
          "1-4 hero (seat+1, * shielded)  = wall area")


def _initials(names: tuple[str, ...]) -> list[str]:
    first = [n[0].upper() for n in names]
    if len(set(first)) == len(first):
        return first
    return [n[:2].capitalize() for n in names]


def _cells(st: State, R: Rules) -> list[str]:
    B, comp = R.B, R.comp
    ini = _initials(comp.hydra_colours)
    cells = ["." if B.area_of[s] != B.area_of[B.city] else "=" for s in range(B.n_cells)]
    for s in B.spaces(B.portal_mask & B.cell_mask):
        cells[s] = "o"
    for s in B.spaces(B.maelstrom_mask):
        cells[s] = "~"
    for c in range(len(st.head_pos)):
        path = B.paths[st.colour_path[c]]
        for pos in range(st.head_pos[c]):
            cells[path[pos]] = ("~" if pos == 0 else "") + ini[c].lower()
        cells[path[st.head_pos[c]]] = f"{ini[c]}{st.heads[c]}"
    for s in st.barricades:
        if s >= 0:
            cells[s] = "#"
    for h, s in enumerate(st.hero):
        if s != B.city:
            mark = f"{h + 1}{'*' if st.shield[h] else ''}"
            cells[s] = mark + ("#" if cells[s] == "#" else cells[s] if cells[s] not in ".=o~" else "")
    return cells


def _board_lines(st: State, R: Rules) -> list[str]:
    B, comp = R.B, R.comp
    cells = _cells(st, R)
    lines = ["      " + "".join(f"c{c:<4}" for c in range(B.cols))]
    for r in range(B.rows):
        row = "".join(f"{cells[r * B.cols + c]:<5}" for c in range(B.cols))
        lines.append(f"r{r:<4} {row} {comp.board.areas[comp.board.row_area[r]]}")
    in_city = [str(h + 1) + ("*" if st.shield[h] else "") for h, s in enumerate(st.hero)
               if s == B.city]
    lines.append(f"inner city: {' '.join(in_city) or '-'}   walls {st.walls}/{st.walls_max}")
    return lines


def _display_lines(st: State, R: Rules, seat: int | None) -> list[str]:
    comp = R.comp
    lines = ["display:"]
    for slot, card in enumerate(st.display):
        if card < 0:
            continue
        token = st.dtoken[slot]
        mark = ""
        if token:
            mark = f"  [token: {'phase I' if token == 1 else 'phase II'}]" if R.solo \
                else f"  [token: seat {token - 1}]"
        lines.append(f"  {slot_label(st, R, slot):<11} {action_card_text(comp, card)}{mark}")
    if R.solo:
        for col, card in enumerate(st.row):
            if card < 0:
                continue
            text = hydra_card_text(comp, card) if st.revealed else "(face down)"
            block = "  [blocked]" if st.row_block[col] else ""
            lines.append(f"  display C{col + 1:<2}   {text}{block}")
    return lines


def _coop_lines(st: State, R: Rules, seat: int | None) -> list[str]:
    comp = R.comp
    colours = comp.hero_colours
    rank = compass.ranking(st.glory)
    lines = ["compass (first to last): " + ", ".join(
        f"seat {s} {colours[s]} {st.glory[s]:+d}" for s in rank)]
    lines.append("turn order: " + " → ".join(f"seat {s}" for s in st.order)
                 + f"   turn {st.turn + 1}/{R.scen.tokens}")
    for s in range(st.n):
        used = sum(st.hand_used[s])
        lines.append(f"seat {s}: tokens left {coop.tokens_left(st, R, s)}, action cards in hand {len(st.hands[s]) - used}, hydra cards {len(st.hhands[s])}"
                     f"{', shield' if st.shield[s] else ''}")
        for k, card in enumerate(st.hands[s]):
            if st.hand_used[s][k]:
                lines.append(f"    played: {action_card_text(comp, card)}")
    if seat is not None and 0 <= seat < st.n:
        lines.append(f"hand of seat {seat}:")
        for k, card in enumerate(st.hands[seat]):
            if not st.hand_used[seat][k]:
                lines.append(f"  hand {k + 1}  {action_card_text(comp, card)}")
        for k, card in enumerate(st.hhands[seat]):
            lines.append(f"  hydra {k + 1} {hydra_card_text(comp, card)}")
    lines.append(f"face-down hydra stack: {len(st.stack)} cards")
    return lines


def render_text(st: State, R: Rules, seat: int | None = None) -> str:
    """The board and the public state; ``seat`` adds that seat's hand."""
    scen = R.scen
    mode = "solo" if R.solo else f"{st.n} heroes"
    status = "over: " + str(st.outcome) if st.over else PHASE_NAMES[st.phase]
    head = (f"Hydra — scenario {scen.number} {scen.name!r} ({mode}), {st.stars} star(s) · "
            f"round {st.round + 1}/{len(st.moon)} ({'light' if st.moon[st.round] == 'L' else 'red'} moon) · {status}")
    if st.pending is not None:
        head += f" · seat {st.pending[1]} to decide ({DECISION_NAMES[st.pending[0]]})"
    if R.solo and not st.over:
        head += f" · actions done {st.done}/{scen.tokens}"
    lines = [head, *_board_lines(st, R), *_display_lines(st, R, seat)]
    if not R.solo:
        lines += _coop_lines(st, R, seat)
    lines.append(LEGEND)
    return "\n".join(lines)
