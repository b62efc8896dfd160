"""Card and token facts the scripted bots read, and a quick way to see what a card's
effects would do.

``tokens_left`` and ``slot_card`` are the engine's rules (R28, R34, R36);
:func:`run_effects` runs the engine's own task handlers on a copy of the state.
"""

from __future__ import annotations

from hydra_env.games.hydra.bots.features.board_facts import danger_mask
from hydra_env.games.hydra.rules.codec import DISPLAY_SLOTS
from hydra_env.games.hydra.rules.engine import HANDLERS
from hydra_env.games.hydra.rules.heroes import do_evade, slot_card
from hydra_env.games.hydra.rules.state import DecisionKind, State
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.games.hydra.rules.tokens import action_tokens_left

__all__ = ["tokens_left", "unused_slots", "slot_card", "card_effects", "pending_row_effects",
           "run_effects"]

# ``slot_card(state, seat, slot)`` is the engine's (hydra_env.games.hydra.rules.heroes), re-exported.


def tokens_left(state: State, rules: Rules, seat: int) -> int:
    """Hero actions the seat still has this round (solo: both action phases)."""
    return action_tokens_left(state, rules, seat, whole_round=True)


def unused_slots(state: State, rules: Rules, seat: int) -> list[int]:
    """Card slots (display, then the seat's hand; codec slot numbers) holding a card
    without a token on it. Solo: R34's one-card-per-column limit of phase I is not
    applied (the cards stay usable in phase II)."""
    out = [slot for slot, card in enumerate(state.display) if card >= 0 and not state.display_token[slot]]
    if not rules.solo and state.action_hands:
        out += [DISPLAY_SLOTS + k for k, used in enumerate(state.action_hand_used[seat]) if not used]
    return out


def card_effects(rules: Rules, card: int, hydra: bool) -> list[tuple]:
    """The effect tasks of an action card's hydra side (``hydra=False``) or of a hydra
    card (``hydra=True``), in the order they are done."""
    tables = rules.tables
    rev = tables.hcard_effects_rev[card] if hydra else tables.card_effects_rev[card]
    return list(reversed(rev))


def pending_row_effects(state: State, rules: Rules) -> list[tuple]:
    """Solo: the effects of the unblocked row C cards, in reading order (R37)."""
    out: list[tuple] = []
    for column, card in enumerate(state.solo_row_c):
        if card >= 0 and not state.solo_row_c_blocked[column]:
            out.extend(reversed(rules.tables.hcard_effects_rev[card]))
    return out


def run_effects(state: State, rules: Rules, effects: list[tuple]) -> State:
    """A copy of ``state`` after ``effects`` (task tuples, in order) are done.

    Decisions the effects raise are taken by a default: an evading or shoved
    hero goes to the first offered space outside :func:`danger_mask` (else the
    first offered space), nobody follows. Used to *estimate* the damage of
    cards, on samples only.
    """
    after = state.clone()
    after.pending = None
    after.tasks = list(reversed(effects))
    board = rules.board
    while after.tasks and not after.game_over:
        task = after.tasks.pop()
        HANDLERS[task[0]](after, rules, task)
        decision = after.pending
        if decision is None:
            continue
        after.pending = None
        if decision.kind in (DecisionKind.EVADE, DecisionKind.SHOVED):
            dest = _safest(after, rules, board.spaces(decision.choices))
            if decision.kind == DecisionKind.EVADE:
                do_evade(after, rules, decision.seat, dest)
            else:
                after.hero_space[decision.seat] = dest
        # DecisionKind.FOLLOW: stay
    after.tasks = []
    after.legal_mask_cache = None
    return after


def _safest(state: State, rules: Rules, spaces: list[int]) -> int:
    """The first of ``spaces`` outside :func:`danger_mask`, else the first one."""
    danger = danger_mask(state, rules)
    for space in spaces:
        if not (danger >> space) & 1:
            return space
    return spaces[0]
