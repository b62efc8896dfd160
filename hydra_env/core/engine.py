"""The engine loop: legal decisions, applying one, and running until the next.

``run`` executes tasks (hydra effects, shoves, follow-ups) and advances the
round flow until a decision is pending or the game is over. ``legal_mask``
gives the legal decisions as an integer bitmask over the action layout;
``apply`` checks an index against it, performs it and runs on.
"""

from __future__ import annotations

from hydra_env.core import coop, hydra, solo
from hydra_env.core.codec import (A_BARRICADE, A_BLOCK, A_CITY_HARPOON, A_CITY_MOVE,
                                  A_CITY_PORTAL, A_CITY_PROTECT, A_CITY_SWORD, A_DEST,
                                  A_HARPOON, A_PLAY_HYDRA, A_PROTECT, A_SWORD)
from hydra_env.errors import IllegalActionError
from hydra_env.core.explain import why_illegal
from hydra_env.core.heroes import (attack, do_barricade, do_evade, do_harpoon, do_move,
                                   do_portal, do_sword, t_follow, t_pushed, t_shove)
from hydra_env.core.state import (CITY_HARPOON_BIT, CITY_MOVE_BIT, CITY_PROTECT_BIT,
                                  CITY_SWORD_BIT, D_ACTION, D_AFTER, D_BUCKLE, D_EVADE,
                                  D_FOLLOW, D_SHOVE, State)
from hydra_env.core.tables import HK_MOVE, T_AFTER, Rules


def _t_after(st: State, R: Rules, task: tuple) -> None:
    (solo if R.solo else coop).after_action(st, R, task[1])


# Task handlers, indexed by the task op (hydra_env.core.tables.T_*).
HANDLERS = (hydra.t_move, hydra.t_grow, hydra.t_bite, hydra.t_step, hydra.t_bite_heroes,
            hydra.t_bite_wall, t_shove, t_pushed, t_follow, _t_after, solo.t_solo_hydra,
            coop.t_coop_hydra)


def start(st: State, R: Rules, stars: int, seed: int) -> None:
    """Set up a new game and run to its first decision."""
    (solo if R.solo else coop).setup(st, R, stars, seed)
    run(st, R)


def run(st: State, R: Rules) -> None:
    """Execute tasks and the round flow until a decision is pending or the game ends."""
    tasks = st.tasks
    flow = solo.flow if R.solo else coop.flow
    while st.pending is None and not st.over:
        if tasks:
            task = tasks.pop()
            HANDLERS[task[0]](st, R, task)
        else:
            flow(st, R)
    st._legal = None


def legal_mask(st: State, R: Rules) -> int:
    """The legal decisions now, as a bitmask over the action layout (cached)."""
    m = st._legal
    if m is not None:
        return m
    pd = st.pending
    if pd is None:
        m = 0
    else:
        kind = pd[0]
        if kind == D_ACTION:
            m = (solo.legal_main if R.solo else coop.legal_main)(st, R, pd[1])
        elif kind == D_SHOVE or kind == D_EVADE:
            m = pd[2] << R.codec.place_base
        elif kind == D_AFTER:
            m = coop.legal_after(st, R, pd[1])
        else:  # D_FOLLOW, D_BUCKLE
            m = 3 << R.codec.yes
    st._legal = m
    return m


def apply(st: State, R: Rules, action: int) -> None:
    """Apply a legal decision and run to the next one.

    Raises IllegalActionError (state unchanged) when ``action`` is not legal.
    """
    if not 0 <= action < R.codec.size or not (legal_mask(st, R) >> action) & 1:
        raise IllegalActionError(why_illegal(st, R, action))
    pd = st.pending
    kind, seat = pd[0], pd[1]
    st.pending = None
    st._legal = None
    st.history.append(action)
    codec = R.codec
    if kind == D_ACTION:
        if codec.kind[action] == A_PLAY_HYDRA:
            coop.play_hydra(st, R, seat, codec.arg[action])
        else:
            hero_action(st, R, seat, action)
    elif kind == D_SHOVE:
        st.hero[seat] = codec.arg[action]
    elif kind == D_EVADE:
        do_evade(st, R, seat, codec.arg[action])
    elif kind == D_FOLLOW:
        if action == codec.yes:
            st.hero[seat] = pd[2]
    elif kind == D_BUCKLE:
        if action == codec.yes:
            coop.buckle_up(st, R, seat)
        st.oidx += 1
    else:  # D_AFTER
        if codec.kind[action] == A_PLAY_HYDRA:
            coop.play_hydra(st, R, seat, codec.arg[action])
        else:
            coop.end_turn(st, R)
    run(st, R)


def hero_action(st: State, R: Rules, seat: int, action: int) -> None:
    """Perform a hero action (a card with its target, a city action, a block)."""
    codec, T = R.codec, R.T
    kind, slot, arg = codec.kind[action], codec.slot[action], codec.arg[action]
    st.tasks.append((T_AFTER, seat))
    if kind <= A_PROTECT:
        card = (solo if R.solo else coop).use_slot(st, R, seat, slot)
        strength = T.card_strength[card]
        if kind == A_DEST:
            if T.card_kind[card] == HK_MOVE:
                do_move(st, R, seat, arg, strength, T.card_barea[card])
            else:
                do_portal(st, R, seat, arg)
        elif kind == A_SWORD:
            do_sword(st, R, seat, *attack(st, R, seat, action))
        elif kind == A_HARPOON:
            do_harpoon(st, R, seat, *attack(st, R, seat, action))
        elif kind == A_BARRICADE:
            do_barricade(st, R, seat, arg)
        else:
            st.shield[seat] = 1
        return
    used = st.city_used
    if kind == A_CITY_PORTAL:
        do_portal(st, R, seat, arg)
    elif kind == A_CITY_MOVE:
        used[seat] |= CITY_MOVE_BIT
        do_move(st, R, seat, arg, 1, -1)
    elif kind == A_CITY_SWORD:
        used[seat] |= CITY_SWORD_BIT
        do_sword(st, R, seat, *attack(st, R, seat, action))
    elif kind == A_CITY_HARPOON:
        used[seat] |= CITY_HARPOON_BIT
        do_harpoon(st, R, seat, *attack(st, R, seat, action))
    elif kind == A_CITY_PROTECT:
        used[seat] |= CITY_PROTECT_BIT
        st.shield[seat] = 1
    elif kind == A_BLOCK:
        st.row_block[arg] = 1
    # A_PASS: nothing (R15)

