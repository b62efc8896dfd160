"""Hydra actions (R17–R21) as resumable tasks.

A hydra card's effects are pushed on the task stack; each handler below does
one effect. A movement or bite that needs a hero's choice (an evasion, R13)
sets the pending decision and leaves its continuation on the stack.
"""

from __future__ import annotations

from hydra_env.core.pieces import (barricade_mask, damage_wall, end_game, evade_targets,
                                   hero_at, wound)
from hydra_env.core.state import D_EVADE, EV_BITE, EV_RUN_OVER, State
from hydra_env.core.tables import (BITE_WALL_DAMAGE, MAX_HEADS, MAX_WALL_DAMAGE_PER_EFFECT,
                                   T_BITE_HEROES, T_BITE_WALL, T_STEP, Rules)


def t_grow(st: State, R: Rules, task: tuple) -> None:
    """R18: the counter rises by n, to at most 6."""
    _, c, n = task
    h = st.heads[c] + n
    st.heads[c] = h if h < MAX_HEADS else MAX_HEADS


def t_move(st: State, R: Rules, task: tuple) -> None:
    """R17: move n (+1 on the card's landscape) along the path; counter 0 does not move."""
    _, c, n, bonus_area = task
    if st.heads[c] == 0:
        return
    B = R.B
    start = B.paths[st.colour_path[c]][st.head_pos[c]]
    _steps(st, R, c, n + 1 if B.area_of[start] == bonus_area else n, 0)


def t_step(st: State, R: Rules, task: tuple) -> None:
    """Resume a movement after a protected hero evaded (R13)."""
    _, c, points, wall_done = task
    _steps(st, R, c, points, wall_done)


def _steps(st: State, R: Rules, c: int, points: int, wall_done: int) -> None:
    B = R.B
    p = st.colour_path[c]
    path = B.paths[p]
    last = B.last_pos
    while points > 0:
        pos = st.head_pos[c]
        if pos == last:
            # R17/R20: each further point damages the wall, at most 3 per effect.
            damage_wall(st, min(points, MAX_WALL_DAMAGE_PER_EFFECT - wall_done))
            return
        nxt = path[pos + 1]
        bar = st.barricades
        if (barricade_mask(st) >> nxt) & 1:
            # R17: the barricade stops the head, is destroyed, the rest is lost.
            bar[bar.index(nxt)] = -1
            return
        h = hero_at(st, nxt)
        if h >= 0:
            if st.shield[h]:
                targets = evade_targets(st, R, h, nxt)
                if targets:
                    st.tasks.append((T_STEP, c, points, wall_done))
                    st.pending = (D_EVADE, h, targets, EV_RUN_OVER)
                    return
                st.shield[h] = 0
            wound(st, R, h)
        # The head advances; the neck follows and heroes on it move with it.
        neck = B.seg_mask[p][pos]
        hero = st.hero
        for i in range(len(hero)):
            if (neck >> hero[i]) & 1:
                hero[i] = path[B.pos_of[hero[i]] + 1]
        st.head_pos[c] = pos + 1
        points -= 1
        if st.solo and pos + 1 == last and min(st.head_pos) == last:
            end_game(st, "lost")  # R39: all four heads in front of the wall
            return


def t_bite(st: State, R: Rules, task: tuple) -> None:
    """R19: every space around the head is hit; heroes resolved in turn order."""
    c = task[1]
    if st.heads[c] == 0:
        return
    B = R.B
    pos = st.head_pos[c]
    zone = B.nbr_mask[B.paths[st.colour_path[c]][pos]]
    bar_mask = barricade_mask(st)
    victims = tuple(h for h in st.order
                    if (zone >> st.hero[h]) & 1 and not (bar_mask >> st.hero[h]) & 1)
    if bar_mask & zone:
        st.barricades = [-1 if s >= 0 and (zone >> s) & 1 else s for s in st.barricades]
    if pos == B.last_pos:
        st.tasks.append((T_BITE_WALL, c))
    if victims:
        st.tasks.append((T_BITE_HEROES, c, victims))


def t_bite_heroes(st: State, R: Rules, task: tuple) -> None:
    """R19/R13: wound the next bitten hero, or let a protected one evade out of the bite."""
    _, c, victims = task
    h = victims[0]
    if len(victims) > 1:
        st.tasks.append((T_BITE_HEROES, c, victims[1:]))
    if st.shield[h]:
        B = R.B
        zone = B.nbr_mask[B.paths[st.colour_path[c]][st.head_pos[c]]]
        targets = evade_targets(st, R, h, st.hero[h], zone)
        if targets:
            st.pending = (D_EVADE, h, targets, EV_BITE)
            return
        st.shield[h] = 0
    wound(st, R, h)


def t_bite_wall(st: State, R: Rules, task: tuple) -> None:
    """R20: a head in front of the wall bites it: 1 for 1–2 heads, 2 for 3–5, 3 for 6."""
    damage_wall(st, BITE_WALL_DAMAGE[st.heads[task[1]]])
