"""What one engine step did, in words a person follows: which card, which head, what moved,
who was wounded, which wall token fell.

Texts name public facts only (R41): positions, counters, walls, glory,
revealed cards. The replay page and terminal play show the same texts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hydra_env.games.hydra.rules import tables as tb
from hydra_env.games.hydra.rules.describe import slot_label
from hydra_env.games.hydra.rules.state import DECISION_NAMES, EVADE_CAUSES, PHASE_NAMES, State
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.games.hydra.rules.text import action_card_text, hydra_card_text

PHASE_TEXTS = {"action": "the action phase begins", "action II": "action phase II begins",
               "hydra": "the Hydra phase begins", "buckle up": "buckle up: each hero may redraw"}

if TYPE_CHECKING:
    from agents.viewer.steps import Step

# Tasks that are hydra effects: each is a step of its own on the page, even when nothing changes.
HYDRA_EFFECTS = frozenset({tb.T_MOVE, tb.T_GROW, tb.T_BITE, tb.T_STEP, tb.T_BITE_HEROES, tb.T_BITE_WALL})


def hero_name(seat: int) -> str:
    """``hero 1 (seat 0)``: pawns are numbered seat + 1, as on the board picture."""
    return f"hero {seat + 1} (seat {seat})"


def task_text(before: State, after: State, rules: Rules, task: tuple) -> str | None:
    """A heading for a task: the hydra effect, the card the Hydra phase turns over, … (None: no heading)."""
    comp, board = rules.components, rules.board
    op = task[0]
    if op in (tb.T_MOVE, tb.T_GROW, tb.T_BITE, tb.T_STEP, tb.T_BITE_HEROES, tb.T_BITE_WALL):
        colour = comp.hydra_colours[task[1]]
        if op == tb.T_MOVE:
            bonus = f" (+1 {comp.board.areas[task[3]]})" if task[3] >= 0 else ""
            still = " — its counter is 0, it does not move" if before.head_count[task[1]] == 0 else ""
            return f"move {task[2]} {colour}{bonus}{still}"
        if op == tb.T_GROW:
            return f"grow {task[2]} {colour}"
        if op == tb.T_BITE:
            if before.head_count[task[1]] == 0:
                return f"bite {colour} — its counter is 0, it does not bite"
            space = board.paths[before.hydra_path[task[1]]][before.head_position[task[1]]]
            return f"bite {colour}: every space around {board.name(space)} is hit"
        if op == tb.T_STEP:
            return f"the {colour} head moves on ({task[2]} left)"
        if op == tb.T_BITE_HEROES:
            return f"the {colour} bite reaches {hero_name(task[2][0])}"
        return f"the {colour} head bites the wall"
    if op == tb.T_SOLO_HYDRA:
        return _solo_card(after, rules)
    if op == tb.T_COOP_HYDRA:
        if not before.hydra_queue:
            return None
        x, left = before.hydra_queue[0], len(before.hydra_queue) - 1
        card = action_card_text(comp, x) if x >= 0 else hydra_card_text(comp, ~x)
        kind = "unused action card" if x >= 0 else "stack card"
        return f"Hydra phase: {kind} revealed — {card} ({left} to go)"
    if op == tb.T_SHOVE:
        return f"{hero_name(task[1])} is shoved"
    if op == tb.T_PUSHED:
        return f"{hero_name(task[1])} is pushed onto the maelstrom"
    return None


def _solo_card(after: State, rules: Rules) -> str | None:
    """The card the solo Hydra phase resolves next (R37), found from the continuation it pushed."""
    nxt = [t for t in after.tasks if t[0] == tb.T_SOLO_HYDRA]
    if not nxt:
        return None
    position = nxt[-1][1] - 1
    comp, n_display = rules.components, len(after.display)
    if position < n_display:
        return (f"Hydra phase: {slot_label(after, rules, position)} — "
                f"{action_card_text(comp, after.display[position])}")
    col = position - n_display
    return f"Hydra phase: display C{col + 1} — {hydra_card_text(comp, after.solo_row_c[col])}"


def changes(before: State, after: State, rules: Rules) -> list[str]:
    """The visible changes from ``before`` to ``after``, one short sentence each."""
    comp, board = rules.components, rules.board
    out: list[str] = []
    name = board.name
    for c, colour in enumerate(comp.hydra_colours):
        p0, p1 = before.head_position[c], after.head_position[c]
        if p0 != p1:
            path = board.paths[after.hydra_path[c]]
            verb = "advances" if p1 > p0 else "is driven back"
            out.append(f"the {colour} head {verb} {name(path[p0])} → {name(path[p1])}")
        if before.head_count[c] != after.head_count[c]:
            out.append(f"{colour} counter {before.head_count[c]} → {after.head_count[c]}")
    for h in range(after.players):
        s0, s1 = before.hero_space[h], after.hero_space[h]
        wounded = s1 == board.city and s0 != board.city and after.glory[h] < before.glory[h]
        if wounded:
            out.append(f"{hero_name(h)} is wounded: to the inner city")
        elif s0 != s1:
            out.append(f"{hero_name(h)} {name(s0)} → {name(s1)}")
        if before.shielded[h] != after.shielded[h]:
            out.append(f"{hero_name(h)} {'takes a shield' if after.shielded[h] else 'loses the shield'}")
        if before.glory[h] != after.glory[h]:
            out.append(f"glory of seat {h} {after.glory[h] - before.glory[h]:+d} (now {after.glory[h]:+d})")
    for s0, s1 in zip(before.barricade_space, after.barricade_space):
        if s0 == s1:
            continue
        if s1 < 0:
            out.append(f"the barricade on {name(s0)} is destroyed")
        elif s0 < 0:
            out.append(f"a barricade is raised on {name(s1)}")
        else:
            out.append(f"the barricade moves {name(s0)} → {name(s1)}")
    if before.walls != after.walls:
        lost = before.walls - after.walls
        what = f"{lost} wall token{'s' if lost != 1 else ''} fall{'s' if lost == 1 else ''}" if lost > 0 \
            else f"the wall is repaired (+{-lost})"
        out.append(f"{what}: walls {before.walls} → {after.walls}")
    out += _flow_changes(before, after, rules)
    return out


def _flow_changes(before: State, after: State, rules: Rules) -> list[str]:
    comp = rules.components
    out: list[str] = []
    if rules.solo:
        if after.solo_row_c_face_up and not before.solo_row_c_face_up:
            cards = [hydra_card_text(comp, c) for c in after.solo_row_c if c >= 0]
            out.append("oracle phase: row C is turned face up — " + "; ".join(cards))
        for col, (b0, b1) in enumerate(zip(before.solo_row_c_blocked, after.solo_row_c_blocked)):
            if b1 and not b0:
                out.append(f"display C{col + 1} is blocked: it will not act")
    if before.round != after.round:
        moon = "light" if after.moon_tokens[after.round] == "L" else "red"
        out.append(f"round {after.round + 1} of {len(after.moon_tokens)} begins ({moon} moon): "
                   f"cleanup, new cards")
    elif before.phase != after.phase and not after.game_over:
        out.append(PHASE_TEXTS.get(PHASE_NAMES[after.phase], f"{PHASE_NAMES[after.phase]} phase"))
    if not rules.solo and before.turn_order != after.turn_order:
        out.append("turn order: " + " → ".join(f"seat {s}" for s in after.turn_order))
    if not rules.solo and after.victory and not before.victory:
        out.append("every counter is at 0: the Hydra is beaten once the turn is over (R31)")
    if after.game_over and not before.game_over:
        out.append("the city stands: the game is won" if after.outcome == "won"
                   else "the city falls: the game is lost")
    if after.pending is not None and after.pending != before.pending:
        pd = after.pending
        if DECISION_NAMES[pd.kind] in ("shoved", "evade", "follow"):
            why = f" ({EVADE_CAUSES[pd.cause]})" if DECISION_NAMES[pd.kind] == "evade" else ""
            out.append(f"{hero_name(pd.seat)} must decide: {DECISION_NAMES[pd.kind]}{why}")
    return [x for x in out if x]


def describe_step(step: Step, rules: Rules) -> tuple[str | None, list[str]]:
    """What a step shows: its kind ("decision", "effect" or "flow"; None when nothing visible
    changed, so it may be folded into the step before) and its texts, a heading first.

    A decision step's texts are only its changes: the caller puts the decision's own
    description (``describe``) before them. Each hydra effect and each card the Hydra
    phase turns over is an "effect", even when it changes nothing."""
    seen = changes(step.before, step.after, rules)
    if step.kind == "decision":
        return "decision", seen
    if step.task is None:
        return ("flow", seen) if seen else (None, [])
    op = step.task[0]
    heading = task_text(step.before, step.after, rules, step.task)
    effect = op in HYDRA_EFFECTS or (op in (tb.T_SOLO_HYDRA, tb.T_COOP_HYDRA) and heading is not None)
    if not effect and not seen:
        return None, []
    texts = ([heading] if heading else []) + (seen or (["nothing changes"] if op in HYDRA_EFFECTS else []))
    return ("effect" if effect else "flow"), texts
