"""The engine loop: legal decisions, applying one, and running until the next.

``run`` executes tasks (hydra effects, shoves, follow-ups) and advances the
round flow until a decision is pending or the game is over. ``legal_mask``
gives the legal decisions as an integer bitmask over the action layout;
``apply`` checks an index against it, performs it (``perform``) and runs on.
"""

from __future__ import annotations

from hydra_env.errors import IllegalActionError
from hydra_env.games.hydra.rules import coop, hydra, solo
from hydra_env.games.hydra.rules.codec import A_PLAY_HYDRA, A_PROTECT
from hydra_env.games.hydra.rules.explain import why_illegal
from hydra_env.games.hydra.rules.heroes import do_evade, perform_hero_action, t_follow, t_pushed, t_shove
from hydra_env.games.hydra.rules.state import (
    DECIDE_ACTION,
    DECIDE_AFTER_ACTION,
    DECIDE_BUCKLE_UP,
    DECIDE_EVADE,
    DECIDE_FOLLOW,
    DECIDE_SHOVED,
    State,
)
from hydra_env.games.hydra.rules.tables import Rules


def _t_after(state: State, rules: Rules, task: tuple) -> None:
    (solo if rules.solo else coop).after_action(state, rules, task[1])


# Task handlers, indexed by the task op (hydra_env.games.hydra.rules.tables.T_*).
HANDLERS = (hydra.t_move, hydra.t_grow, hydra.t_bite, hydra.t_step, hydra.t_bite_heroes,
            hydra.t_bite_wall, t_shove, t_pushed, t_follow, _t_after, solo.t_solo_hydra,
            coop.t_coop_hydra)


def start(state: State, rules: Rules, stars: int, seed: int) -> None:
    """Set up a new game and run to its first decision."""
    (solo if rules.solo else coop).setup(state, rules, stars, seed)
    run(state, rules)


def run(state: State, rules: Rules) -> None:
    """Execute tasks and the round flow until a decision is pending or the game ends."""
    tasks = state.tasks
    flow = solo.flow if rules.solo else coop.flow
    while state.pending is None and not state.game_over:
        if tasks:
            task = tasks.pop()
            HANDLERS[task[0]](state, rules, task)
        else:
            flow(state, rules)
    state.legal_mask_cache = None


def legal_mask(state: State, rules: Rules) -> int:
    """The legal decisions now, as a bitmask over the action layout (cached)."""
    m = state.legal_mask_cache
    if m is not None:
        return m
    pd = state.pending
    if pd is None:
        m = 0
    else:
        kind = pd.kind
        if kind == DECIDE_ACTION:
            m = (solo.legal_main if rules.solo else coop.legal_main)(state, rules, pd.seat)
        elif kind == DECIDE_SHOVED or kind == DECIDE_EVADE:
            m = pd.choices << rules.codec.place_base
        elif kind == DECIDE_AFTER_ACTION:
            m = coop.legal_after(state, rules, pd.seat)
        else:  # DECIDE_FOLLOW, DECIDE_BUCKLE_UP
            m = 3 << rules.codec.yes
    state.legal_mask_cache = m
    return m


def apply(state: State, rules: Rules, action: int) -> None:
    """Apply a legal decision and run to the next one.

    Raises IllegalActionError (state unchanged) when ``action`` is not legal.
    """
    perform(state, rules, action)
    run(state, rules)


def perform(state: State, rules: Rules, action: int) -> None:
    """Check and carry out a legal decision, without running on: the tasks it
    pushed and the round flow wait for :func:`run` (a replay viewer steps them
    one by one). ``apply`` is ``perform`` then ``run``.

    Raises IllegalActionError (state unchanged) when ``action`` is not legal.
    """
    if not 0 <= action < rules.codec.size or not (legal_mask(state, rules) >> action) & 1:
        raise IllegalActionError(why_illegal(state, rules, action))
    pd = state.pending
    kind, seat = pd.kind, pd.seat
    state.pending = None
    state.legal_mask_cache = None
    state.history.append(action)
    codec = rules.codec
    if kind == DECIDE_ACTION:
        if codec.kind[action] == A_PLAY_HYDRA:
            coop.play_hydra(state, rules, seat, codec.arg[action])
        else:
            _hero_action(state, rules, seat, action)
    elif kind == DECIDE_SHOVED:
        state.hero_space[seat] = codec.arg[action]
    elif kind == DECIDE_EVADE:
        do_evade(state, rules, seat, codec.arg[action])
    elif kind == DECIDE_FOLLOW:
        if action == codec.yes:
            state.hero_space[seat] = pd.follow_space
    elif kind == DECIDE_BUCKLE_UP:
        if action == codec.yes:
            coop.buckle_up(state, rules, seat)
        state.turn_order_index += 1
    else:  # DECIDE_AFTER_ACTION
        if codec.kind[action] == A_PLAY_HYDRA:
            coop.play_hydra(state, rules, seat, codec.arg[action])
        else:
            coop.end_turn(state, rules)


def _hero_action(state: State, rules: Rules, seat: int, action: int) -> None:
    """A hero action: a card action first takes its card from the slot (solo or
    coordinated rules), then :func:`~hydra_env.games.hydra.rules.heroes.perform_hero_action` does it."""
    card = -1
    if rules.codec.kind[action] <= A_PROTECT:
        card = (solo if rules.solo else coop).use_slot(state, rules, seat, rules.codec.slot[action])
    perform_hero_action(state, rules, seat, action, card)
