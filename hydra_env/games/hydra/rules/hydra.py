"""Hydra actions (R17–R21) as resumable tasks.

A hydra card's effects are pushed on the task stack; each handler below does
one effect. A movement or bite that needs a hero's choice (an evasion, R13)
sets the pending decision and leaves its continuation on the stack.
"""

from __future__ import annotations

from hydra_env.games.hydra.data import MAX_HEADS
from hydra_env.games.hydra.rules.pieces import barricade_mask, damage_wall, end_game, evade_or_wound, hero_at
from hydra_env.games.hydra.rules.state import EVADE_BITE, EVADE_RUN_OVER, State
from hydra_env.games.hydra.rules.tables import (
    BITE_WALL_DAMAGE,
    MAX_WALL_DAMAGE_PER_EFFECT,
    REGROW_HEADS,
    T_BITE_HEROES,
    T_BITE_WALL,
    T_STEP,
    Rules,
)


def regrow_heads(state: State) -> None:
    """R30 (and the solo option of R38): every counter at 0 becomes 3."""
    state.head_count = [REGROW_HEADS if h == 0 else h for h in state.head_count]


def t_grow(state: State, rules: Rules, task: tuple) -> None:
    """R18: the counter rises by n, to at most 6."""
    _, c, n = task
    h = state.head_count[c] + n
    state.head_count[c] = h if h < MAX_HEADS else MAX_HEADS


def t_move(state: State, rules: Rules, task: tuple) -> None:
    """R17: move n (+1 on the card's landscape) along the path; counter 0 does not move."""
    _, c, n, bonus_area = task
    if state.head_count[c] == 0:
        return
    board = rules.board
    start = board.paths[state.hydra_path[c]][state.head_position[c]]
    _steps(state, rules, c, n + 1 if board.area_of[start] == bonus_area else n, 0)


def t_step(state: State, rules: Rules, task: tuple) -> None:
    """Resume a movement after a protected hero evaded (R13)."""
    _, c, points, wall_done = task
    _steps(state, rules, c, points, wall_done)


def _steps(state: State, rules: Rules, c: int, points: int, wall_done: int) -> None:
    board = rules.board
    p = state.hydra_path[c]
    path = board.paths[p]
    last = board.last_pos
    while points > 0:
        pos = state.head_position[c]
        if pos == last:
            # R17/R20: each further point damages the wall, at most 3 per effect.
            damage_wall(state, min(points, MAX_WALL_DAMAGE_PER_EFFECT - wall_done))
            return
        nxt = path[pos + 1]
        bar = state.barricade_space
        if (barricade_mask(state) >> nxt) & 1:
            # R17: the barricade stops the head, is destroyed, the rest is lost.
            bar[bar.index(nxt)] = -1
            return
        h = hero_at(state, nxt)
        if h >= 0 and evade_or_wound(state, rules, h, nxt, EVADE_RUN_OVER):
            state.tasks.append((T_STEP, c, points, wall_done))  # resumed after the evasion
            return
        # The head advances; the neck follows and heroes on it move with it.
        neck = board.seg_mask[p][pos]
        hero = state.hero_space
        for i in range(len(hero)):
            if (neck >> hero[i]) & 1:
                hero[i] = path[board.pos_of[hero[i]] + 1]
        state.head_position[c] = pos + 1
        points -= 1
        if state.solo and pos + 1 == last and min(state.head_position) == last:
            end_game(state, "lost")  # R39: all four heads in front of the wall
            return


def t_bite(state: State, rules: Rules, task: tuple) -> None:
    """R19: every space around the head is hit; heroes resolved in turn order."""
    c = task[1]
    if state.head_count[c] == 0:
        return
    board = rules.board
    pos = state.head_position[c]
    zone = board.nbr_mask[board.paths[state.hydra_path[c]][pos]]
    bar_mask = barricade_mask(state)
    victims = tuple(h for h in state.turn_order
                    if (zone >> state.hero_space[h]) & 1 and not (bar_mask >> state.hero_space[h]) & 1)
    if bar_mask & zone:
        state.barricade_space = [-1 if s >= 0 and (zone >> s) & 1 else s for s in state.barricade_space]
    if pos == board.last_pos:
        state.tasks.append((T_BITE_WALL, c))
    if victims:
        state.tasks.append((T_BITE_HEROES, c, victims))


def t_bite_heroes(state: State, rules: Rules, task: tuple) -> None:
    """R19/R13: wound the next bitten hero, or let a protected one evade out of the bite."""
    _, c, victims = task
    h = victims[0]
    if len(victims) > 1:
        state.tasks.append((T_BITE_HEROES, c, victims[1:]))
    board = rules.board
    zone = board.nbr_mask[board.paths[state.hydra_path[c]][state.head_position[c]]]
    evade_or_wound(state, rules, h, state.hero_space[h], EVADE_BITE, zone)


def t_bite_wall(state: State, rules: Rules, task: tuple) -> None:
    """R20: a head in front of the wall bites it: 1 for 1–2 heads, 2 for 3–5, 3 for 6."""
    damage_wall(state, BITE_WALL_DAMAGE[state.head_count[task[1]]])
