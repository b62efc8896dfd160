"""The solo optimum's values read for a hero of a race: what the heuristic hero plays by.

A race hero's own turn is the solo game's turn with the other heroes standing around: they
only block movement ends (HR9), move-backs (HR15) and pick up the potion or defeat goblins
first. :func:`hero_values` projects the race position onto the solo model of the hero's
class (:mod:`hydra_env.games.heroica.solver_model`: space, Health, the potion on the board,
held or gone, the goblins standing, the Crystal) and values each legal action as the
expected number of turns the hero still needs to defeat the General with optimal solo play
afterwards (the solved tables of :mod:`hydra_env.games.heroica.solver`). Outside a race they
are read far from the solo turn limit (the untruncated expectation; in a solo game at the
game's own turn, so the hero plays exactly as ``solo-optimal``); in a race at the horizon of
:func:`race_horizon` (the expected turns censored there, which prices the risks a race that
must be won soon is worth taking). An action the solo graph lacks
(a movement end that exists only because another hero stands in the way) is valued from its
canonical walk the way the graph values any end. The graph and the memo are shared by every
bot of the process, so a decision costs a few dictionary look-ups once warm. The first use
of a class loads its table from the solver's cache (about 1 s) or solves it (about 15 s).
:func:`deadline_values` values the same actions by the race's own stake instead, the
estimated chance of losing (the solver's ``unfinished`` tables; measured level with the
heuristic, ``benchmarks/heroica_race_variants.py``). numpy and the standard library only.
"""

from __future__ import annotations

import math
from typing import Any

from hydra_env.games.heroica.loader import CLASS_ORDER
from hydra_env.games.heroica.solver import solution
from hydra_env.games.heroica.solver_bot import _value, turn_graph
from hydra_env.games.heroica.solver_model import BOARD, CHOICE, HELD, USED, Position, TurnGraph

HORIZON_TURN = 1
"""The solo turn the values are read at (the first: 39 turns left, far beyond a race's length)."""
RACE_MARGIN = 2
"""A race hero plays to finish this many turns before its fastest rival's expected finish."""
MIN_HORIZON = 2
"""The shortest horizon (with one turn left every end far from the General would tie)."""
UNREACHABLE = 999.0
"""The value of an action the solo tables cannot value."""
_MEMO: dict[tuple[Any, ...], dict[int, float]] = {}
_MEMO_LIMIT = 2_000_000


def _potion(codes: Any, st: Any, h: int) -> int:
    """The Life Potion as the solo model of hero ``h`` sees it: held (one is enough), else on
    the board, else gone."""
    if st.hero_potions[h]:
        return HELD
    return BOARD if codes.potion_space >= 0 and codes.potion_space in st.potions else USED


def _position(codes: Any, st: Any, h: int) -> Position:
    """The solo model's state of hero ``h`` of the engine state ``st``."""
    mask = sum(1 << i for i, s in enumerate(codes.goblins) if s in st.monsters)
    return Position(st.hero_space[h], st.hero_health[h], st.hero_healing[h], _potion(codes, st, h), mask,
                    st.crystal)


def position_of(c: Any) -> Position:
    """The solo model's state of the hero to play (``c``: a bot_parts.Ctx)."""
    return _position(graph_of(c).codes, c.state, c.hero)


def graph_of(c: Any) -> TurnGraph:
    """The turn graph of the class of the hero to play."""
    return turn_graph(c.tables, CLASS_ORDER[c.state.hero_class[c.hero]])


def _node(graph: TurnGraph, c: Any, p: Position) -> int | None:
    """The graph's node of the pending decision (None: a decision the solo model lacks)."""
    st, d = c.state, c.decision
    args = (p.health, p.potion, p.mask, p.crystal)
    if d == "MOVE":
        return graph.move(p.space, st.move_face, *args)
    if d == "FIGHT":
        return graph.fights(p.space, st.came_from, *args)
    if d == "SHIELD":
        return graph.shield(p.space, st.came_from, *args, st.target)
    if d == "STEP":
        return graph.steps(p.space, st.came_from, *args)
    if d == "HEAL_END":
        return graph.healed(p.space, *args)
    return None


def _end_node(graph: TurnGraph, c: Any, p: Position, path: tuple[int, ...]) -> int:
    """The node after a movement (or the Barbarian's step) along ``path``, as the graph builds it."""
    if len(path) == 1:
        if c.decision == "STEP":
            return graph.fights(p.space, c.state.came_from, p.health, p.potion, p.mask, p.crystal)
        return graph._end(p.space, p.health, False, p.potion, p.mask, p.crystal)
    got = HELD if p.potion == BOARD and graph.codes.potion_space in path[1:] else p.potion
    return graph.fights(path[-1], path[-2], p.health, got, p.mask, p.crystal)


def rival_turns(c: Any) -> float:
    """The fewest expected turns another seat's hero still needs, by its class's solo optimum
    (:data:`UNREACHABLE` when there is none)."""
    st = c.state
    mine = st.hero_owner[c.hero]
    best = UNREACHABLE
    for h, owner in enumerate(st.hero_owner):
        if owner == mine:
            continue
        cls = CLASS_ORDER[st.hero_class[h]]
        solved = solution(cls, tables=c.tables, progress=False)
        codes = solved.codes
        value = float(solved.values[solved.turn_limit - 1, codes.index(_position(codes, st, h))])
        if value == value:
            best = min(best, value)
    return best


def race_horizon(c: Any) -> int | None:
    """The turns the race hero plays for: the fewest a rival still needs on average
    (:func:`rival_turns`, rounded up) less :data:`RACE_MARGIN`, at least :data:`MIN_HORIZON`;
    None outside a race (then the solo values, untruncated)."""
    if c.state.mode != "race" or c.hero < 0:
        return None
    return max(MIN_HORIZON, math.ceil(rival_turns(c)) - RACE_MARGIN)


def _set_up_monsters(graph: TurnGraph, monsters: dict[int, int], boss: int) -> bool:
    """Whether every monster still stands where the map sets it up (a Battle's monsters move,
    and the solo model has no such states)."""
    codes = graph.codes
    return all((kind == boss) == (space == codes.general) and (space == codes.general or space in codes.goblins)
               for space, kind in monsters.items())


def _action_children(c: Any) -> tuple[TurnGraph, dict[int, int]] | None:
    """The turn graph of the hero to play and the graph node each legal action leads to, or None
    when the pending decision is not a hero's own or a Battle's monsters have moved (the solo
    model has no such node)."""
    if c.hero < 0 or c.decision not in ("MOVE", "FIGHT", "SHIELD", "STEP", "HEAL_END"):
        return None
    graph = graph_of(c)
    if not _set_up_monsters(graph, c.state.monsters, c.tables.boss):
        return None
    p = position_of(c)
    node = _node(graph, c, p)
    if node is None or graph.kind[node] != CHOICE:
        return None
    children = dict(graph.children[node])
    found = {}
    for action in c.legal:
        child = children.get(action)
        if child is None:
            path = c.options.get(action)
            if not isinstance(path, tuple):
                continue
            child = _end_node(graph, c, p, path)
        found[action] = child
    return graph, found


def _memo(key: tuple[Any, ...]) -> dict[int, float]:
    memo = _MEMO.setdefault(key, {})
    if len(memo) > _MEMO_LIMIT:
        memo.clear()
    return memo


def hero_values(c: Any, left: int | None = None) -> dict[int, float] | None:
    """Each legal action's expected turns still needed (this turn counted as 0), or None when
    the pending decision is not a hero's own or a Battle's monsters have moved (the solo model
    has no such node). ``left``: the
    turns the hero plays for (the censoring of HR36 at that horizon); None: in a solo game the
    game's own limit (the values of ``solo-optimal``), else far from any limit."""
    found = _action_children(c)
    if found is None:
        return None
    graph, children = found
    solved = solution(CLASS_ORDER[graph.cls], tables=c.tables, progress=False)
    if left is not None:
        turn = max(1, min(solved.turn_limit, solved.turn_limit - left))
    elif c.state.mode == "solo" and 1 <= c.state.turn <= solved.turn_limit:
        turn = c.state.turn                              # solo: the optimum itself, limit and all
    else:
        turn = HORIZON_TURN
    after = solved.continuation(turn)
    memo = _memo((c.tables, graph.cls, turn))
    values = {}
    for action, child in children.items():
        value = _value(graph, child, after, memo)
        values[action] = value if value == value else UNREACHABLE      # NaN: a state solo play never reaches
    return values


DEADLINES = 16
"""The turns ahead the deadline valuation looks (a 4-seat race lasts about 5 rounds)."""


def rival_deadlines(c: Any, within: int = DEADLINES) -> list[float]:
    """``q[k − 1]``: the chance that the first rival to finish does so between the hero's own
    turn k (this one is 1) and its turn k + 1, the last entry holding every later finish; each
    rival's chance to finish within j turns read from its class's ``unfinished`` table (its best
    chance for that deadline; the rivals taken as independent). Every rival plays its j-th turn
    from now between the hero's turns j and j + 1, whatever the seat order."""
    st = c.state
    mine = st.hero_owner[c.hero]
    survive = [1.0] * (within + 1)           # survive[j]: no rival has finished within j turns
    for h, owner in enumerate(st.hero_owner):
        if owner == mine:
            continue
        solved = solution(CLASS_ORDER[st.hero_class[h]], within, c.tables, False, "unfinished")
        index = solved.codes.index(_position(solved.codes, st, h))
        for j in range(1, within + 1):
            left = float(solved.values[j, index])
            survive[j] *= left if left == left else 1.0
    q = [survive[k - 1] - survive[k] for k in range(1, within + 1)]
    q[-1] += survive[within]
    return q


def deadline_values(c: Any, within: int = DEADLINES) -> dict[int, float] | None:
    """Each legal action's estimated chance of losing the race: ``Σ_k q_k · U_k(a)``, with ``q``
    from :func:`rival_deadlines` and ``U_k(a)`` the least chance of not having won within k turns
    after ``a`` (the solver's ``unfinished`` tables, each deadline played for on its own, so the
    estimate is optimistic). None as for :func:`hero_values`, and outside a race."""
    if c.state.mode != "race":
        return None
    found = _action_children(c)
    if found is None:
        return None
    graph, children = found
    solved = solution(CLASS_ORDER[graph.cls], within, c.tables, False, "unfinished")
    values = dict.fromkeys(children, 0.0)
    for k, weight in enumerate(rival_deadlines(c, within), start=1):
        if weight <= 0.0:
            continue
        after, memo = solved.values[k - 1], _memo((c.tables, graph.cls, "unfinished", k))
        for action, child in children.items():
            value = _value(graph, child, after, memo)
            values[action] += weight * (value if value == value else 1.0)
    return values
