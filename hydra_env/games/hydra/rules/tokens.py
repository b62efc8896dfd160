"""Action tokens: how many hero actions a seat has left (R28, R34, R36).

The one definition used by the engine, the views, the encoders and the bots.
"""

from __future__ import annotations

from hydra_env.games.hydra.rules.state import PHASE_ACTIONS, PHASE_ACTIONS_II, PHASE_BUCKLE_UP, State
from hydra_env.games.hydra.rules.tables import Rules


def action_tokens_left(state: State, rules: Rules, seat: int, *, whole_round: bool = False) -> int:
    """Hero actions ``seat`` still has.

    Coordinated game (R28): the seat's action tokens left this round (all of them
    while buckling up, none outside phases 1–2). Solo game (R34, R36): the actions
    left in the current action phase; with ``whole_round``, phase II's actions are
    counted too while in phase I.
    """
    tokens = rules.scenario.tokens
    phase = state.phase
    if state.solo:
        if phase == PHASE_ACTIONS:
            return tokens - state.actions_done + (tokens if whole_round else 0)
        if phase == PHASE_ACTIONS_II:
            return tokens - state.actions_done
        return 0
    if phase == PHASE_BUCKLE_UP:
        return tokens
    if phase != PHASE_ACTIONS:
        return 0
    place = state.turn_order.index(seat)
    index = state.turn_order_index
    acted = place < index or (place == index and state.turn_acted == 1)
    return tokens - state.turn - (1 if acted else 0)
