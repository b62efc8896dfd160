"""Why an action index is illegal: the message of ``IllegalActionError``.

Only called on the error path, so it favours clear words over speed.
"""

from __future__ import annotations

from hydra_env.api.explain import illegal_action_message
from hydra_env.games.hydras.rules import codec as actions
from hydra_env.games.hydras.rules.components import sides_to_text
from hydra_env.games.hydras.rules.hydra import adjacent_cards, analysis_of
from hydra_env.games.hydras.rules.state import DECISION_NAMES, DecisionKind, State
from hydra_env.games.hydras.rules.tables import DIRECTION_NAMES, EMPTY, ROTATION_NAMES, Tables, rotate

_TAKES = {DecisionKind.TURN: "a neck, sword or torch play or a discard",
          DecisionKind.BLOCK: "a block with a poison breath or a pass",
          DecisionKind.BURN: "burn (a torch into the cell cut) or no burn"}
_KIND_OF_DECISION = {actions.NECK: DecisionKind.TURN, actions.SWORD: DecisionKind.TURN,
                     actions.TORCH: DecisionKind.TURN, actions.DISCARD: DecisionKind.TURN,
                     actions.BLOCK: DecisionKind.BLOCK, actions.PASS: DecisionKind.BLOCK,
                     actions.BURN: DecisionKind.BURN, actions.NO_BURN: DecisionKind.BURN}


def why_illegal(state: State, tables: Tables, action: object) -> str:
    """A sentence naming the action and why it is not legal now."""
    return illegal_action_message(action, tables.codec, state.game_over,
                                  lambda index: _reason(state, tables, index))


def _reason(state: State, tables: Tables, action: int) -> str:
    kind, slot, target, cell, rotation = tables.codec.decode(action)
    pending = state.pending
    seat, hand = pending.seat, state.hands[pending.seat]
    if _KIND_OF_DECISION[kind] != pending.kind:
        return (f"the pending decision is seat {seat}'s {DECISION_NAMES[pending.kind]}, "
                f"which takes {_TAKES[pending.kind]}")
    if slot >= 0:
        if slot >= len(hand):
            return f"hand slot {slot} is empty (seat {seat} holds {len(hand)} cards)"
        if slot > 0 and hand[slot - 1] == hand[slot]:
            first = hand.index(hand[slot])
            return (f"hand slot {slot} holds the same card as slot {first} "
                    f"({tables.kind_name(hand[slot])}); equal cards are offered from the first slot")
    if kind == actions.BLOCK:
        return f"{tables.kind_name(hand[slot])} has no poison breath icon (H11)"
    if kind in (actions.BURN, actions.PASS, actions.NO_BURN, actions.DISCARD):
        return "this decision is not offered now"  # pragma: no cover (always legal when offered)
    if target >= state.players:
        return (f"there is no seat {target} to the left in a {state.players}-player game "
                f"(targets are relative: 0 own hydra, 1 the next seat to the left)")
    owner = (seat + target) % state.players
    grid = state.hydras[owner]
    where = f"cell {tables.cell_name(cell)} of seat {owner}'s hydra"
    if kind == actions.TORCH:
        if tables.torch not in hand:
            return f"seat {seat} holds no torch"
        if target == 0:
            return "a torch is played on an opponent's hydra, not on your own (H9)"
        return f"{where} is {_not_open(state, tables, owner, cell)} (H9)"
    card = hand[slot]
    name = tables.kind_name(card)
    if kind == actions.SWORD:
        if not tables.is_sword[card]:
            return f"{name} has no sword icon (H7)"
        if grid[cell] == EMPTY:
            return f"{where} is empty; a sword cuts a card or a torch (H7)"
        if grid[cell] == tables.body_code:
            return "a sword can never cut the body (H7)"
        adjacent = adjacent_cards(grid, tables, cell)
        return f"{where} has {adjacent} adjacent cards; a sword needs at most 2 (H7, H10)"
    if card == tables.torch:
        return "a torch is not a neck card; play it with a torch action (H9)"
    if rotation not in tables.distinct_rotations[card]:
        same = next(r for r in tables.distinct_rotations[card]
                    if rotate(tables.cards.kinds[card].sides, r) ==
                    rotate(tables.cards.kinds[card].sides, rotation))
        return (f"{name} rotated {ROTATION_NAMES[rotation]} is the same card as rotated "
                f"{ROTATION_NAMES[same]}; each distinct rotation is offered once (H6)")
    found = next((end for end in analysis_of(state, tables, owner).open_ends if end[0] == cell), None)
    if found is None:
        return f"{where} is {_not_open(state, tables, owner, cell)} (H5)"
    _, fixed, required = found
    sides = rotate(tables.cards.kinds[card].sides, rotation)
    wrong = [DIRECTION_NAMES[d] for d in range(4)
             if fixed >> d & 1 and (sides >> d & 1) != (required >> d & 1)]
    return (f"rotated {ROTATION_NAMES[rotation]}, {name} has sides {sides_to_text(sides)} (N E S W) "
            f"and does not match neck to neck on its {', '.join(wrong)} side (H5)")


def _not_open(state: State, tables: Tables, owner: int, cell: int) -> str:
    code = state.hydras[owner][cell]
    if code == tables.body_code:
        return "the body, not an open end"
    if code >= 0:
        return f"filled ({tables.kind_name(tables.kind_of[code])}), not an open end"
    return "empty but no neck points into it, so it is not an open end"
