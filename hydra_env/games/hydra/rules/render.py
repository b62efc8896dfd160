"""A text board a person can read: paths, heads, necks, barricades, heroes,
portals, walls, the display, the compass and (for one seat) its hand."""

from __future__ import annotations

from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules.describe import slot_label
from hydra_env.games.hydra.rules.state import DECISION_NAMES, PHASE_NAMES, State
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.games.hydra.rules.text import action_card_text, hydra_card_text
from hydra_env.games.hydra.rules.tokens import action_tokens_left

LEGEND = ("legend: R3 head (colour, counter)  r neck  ~ maelstrom  o portal  # barricade  "
          "1-4 hero (seat+1, * shielded)  = wall area")


def _initials(names: tuple[str, ...]) -> list[str]:
    first = [n[0].upper() for n in names]
    if len(set(first)) == len(first):
        return first
    return [n[:2].capitalize() for n in names]


def _cells(state: State, rules: Rules) -> list[str]:
    board, comp = rules.board, rules.components
    ini = _initials(comp.hydra_colours)
    cells = ["." if board.area_of[s] != board.area_of[board.city] else "=" for s in range(board.n_cells)]
    for s in board.spaces(board.portal_mask & board.cell_mask):
        cells[s] = "o"
    for s in board.spaces(board.maelstrom_mask):
        cells[s] = "~"
    for c in range(len(state.head_position)):
        path = board.paths[state.hydra_path[c]]
        for pos in range(state.head_position[c]):
            cells[path[pos]] = ("~" if pos == 0 else "") + ini[c].lower()
        cells[path[state.head_position[c]]] = f"{ini[c]}{state.head_count[c]}"
    for s in state.barricade_space:
        if s >= 0:
            cells[s] = "#"
    for h, s in enumerate(state.hero_space):
        if s != board.city:
            mark = f"{h + 1}{'*' if state.shielded[h] else ''}"
            cells[s] = mark + ("#" if cells[s] == "#" else cells[s] if cells[s] not in ".=o~" else "")
    return cells


def _board_lines(state: State, rules: Rules) -> list[str]:
    board, comp = rules.board, rules.components
    cells = _cells(state, rules)
    lines = ["      " + "".join(f"c{c:<4}" for c in range(board.cols))]
    for r in range(board.rows):
        row = "".join(f"{cells[r * board.cols + c]:<5}" for c in range(board.cols))
        lines.append(f"r{r:<4} {row} {comp.board.areas[comp.board.row_area[r]]}")
    in_city = [str(h + 1) + ("*" if state.shielded[h] else "") for h, s in enumerate(state.hero_space)
               if s == board.city]
    lines.append(f"inner city: {' '.join(in_city) or '-'}   walls {state.walls}/{state.walls_at_start}")
    return lines


def _display_lines(state: State, rules: Rules, seat: int | None) -> list[str]:
    comp = rules.components
    lines = ["display:"]
    for slot, card in enumerate(state.display):
        if card < 0:
            continue
        token = state.display_token[slot]
        mark = ""
        if token:
            mark = f"  [token: {'phase I' if token == 1 else 'phase II'}]" if rules.solo \
                else f"  [token: seat {token - 1}]"
        lines.append(f"  {slot_label(state, rules, slot):<11} {action_card_text(comp, card)}{mark}")
    if rules.solo:
        for col, card in enumerate(state.solo_row_c):
            if card < 0:
                continue
            text = hydra_card_text(comp, card) if state.solo_row_c_face_up else "(face down)"
            block = "  [blocked]" if state.solo_row_c_blocked[col] else ""
            lines.append(f"  display C{col + 1:<2}   {text}{block}")
    return lines


def _coop_lines(state: State, rules: Rules, seat: int | None) -> list[str]:
    comp = rules.components
    colours = comp.hero_colours
    rank = compass.ranking(state.glory)
    lines = ["compass (first to last): " + ", ".join(
        f"seat {s} {colours[s]} {state.glory[s]:+d}" for s in rank)]
    lines.append("turn order: " + " → ".join(f"seat {s}" for s in state.turn_order)
                 + f"   turn {state.turn + 1}/{rules.scenario.tokens}")
    for s in range(state.players):
        used = sum(state.action_hand_used[s])
        lines.append(f"seat {s}: tokens left {action_tokens_left(state, rules, s)}, "
                     f"action cards in hand {len(state.action_hands[s]) - used}, "
                     f"hydra cards {len(state.hydra_hands[s])}"
                     f"{', shield' if state.shielded[s] else ''}")
        for k, card in enumerate(state.action_hands[s]):
            if state.action_hand_used[s][k]:
                lines.append(f"    played: {action_card_text(comp, card)}")
    if seat is not None and 0 <= seat < state.players:
        lines.append(f"hand of seat {seat}:")
        for k, card in enumerate(state.action_hands[seat]):
            if not state.action_hand_used[seat][k]:
                lines.append(f"  hand {k + 1}  {action_card_text(comp, card)}")
        for k, card in enumerate(state.hydra_hands[seat]):
            lines.append(f"  hydra {k + 1} {hydra_card_text(comp, card)}")
    lines.append(f"face-down hydra stack: {len(state.hydra_stack)} cards")
    return lines


def render_text(state: State, rules: Rules, seat: int | None = None) -> str:
    """The board and the public state; ``seat`` adds that seat's hand."""
    scen = rules.scenario
    mode = "solo" if rules.solo else f"{state.players} heroes"
    status = "over: " + str(state.outcome) if state.game_over else PHASE_NAMES[state.phase]
    head = (f"Hydra — scenario {scen.number} {scen.name!r} ({mode}), {state.stars} star(s) · "
            f"round {state.round + 1}/{len(state.moon_tokens)} "
            f"({'light' if state.moon_tokens[state.round] == 'L' else 'red'} moon) · {status}")
    if state.pending is not None:
        head += f" · seat {state.pending.seat} to decide ({DECISION_NAMES[state.pending.kind]})"
    if rules.solo and not state.game_over:
        head += f" · actions done {state.actions_done}/{scen.tokens}"
    lines = [head, *_board_lines(state, rules), *_display_lines(state, rules, seat)]
    if not rules.solo:
        lines += _coop_lines(state, rules, seat)
    lines.append(LEGEND)
    return "\n".join(lines)
