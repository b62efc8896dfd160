"""``solo-optimal``: the bot that plays the exact solo optimum (spec 4.7), and the regret of any action.

At each decision it looks up the node of the turn graph the engine's state stands on
(:func:`decision_node`), values every legal action as the expected censored T of the game
if play is optimal from there (the turn's own graph, with the solved tables of
:mod:`hydra_env.games.heroica.solver` for the turns after it) and takes the least, the lowest
action index on ties. :func:`action_values` and :func:`regret` give the same figures to
evaluation tools: an action's regret is the expected turns it loses against the best one.
numpy and the standard library only.
"""

from __future__ import annotations

from typing import Any

from hydra_env.errors import ConfigError
from hydra_env.games.heroica.loader import CLASS_ORDER, Tables
from hydra_env.games.heroica.solver import solution
from hydra_env.games.heroica.solver_model import CHANCE, CHOICE, LEAF, WIN, TurnGraph

TIE = 1e-5
"""Values closer than this (in turns) are a tie; the lowest action index wins."""
_GRAPHS: dict[tuple[Tables, str], TurnGraph] = {}


def turn_graph(t: Tables, hero: str) -> TurnGraph:
    """The (lazily built) turn graph of ``hero`` on ``t``, shared by every bot of this process."""
    key = (t, hero)
    if key not in _GRAPHS:
        _GRAPHS[key] = TurnGraph(t, hero)
    return _GRAPHS[key]


def decision_node(graph: TurnGraph, st: Any) -> int:
    """The node of ``graph`` for the engine state ``st`` pending a hero decision of a solo game."""
    p = graph.codes.of_game(st)
    kind = st.pending.kind if st.pending is not None else None
    if kind == "MOVE":
        return graph.move(p.space, st.move_face, p.health, p.potion, p.mask, p.crystal)
    if kind == "FIGHT":
        return graph.fights(p.space, st.came_from, p.health, p.potion, p.mask, p.crystal)
    if kind == "SHIELD":
        return graph.shield(p.space, st.came_from, p.health, p.potion, p.mask, p.crystal, st.target)
    if kind == "STEP":
        return graph.steps(p.space, st.came_from, p.health, p.potion, p.mask, p.crystal)
    if kind == "HEAL_END":
        return graph.healed(p.space, p.health, p.potion, p.mask, p.crystal)
    raise ConfigError(f"the solo optimum has no decision {kind!r}; it plays solo games only")


def _value(graph: TurnGraph, node: int, after: Any, memo: dict[int, float]) -> float:
    """The node's expected censored turns still to play after this one (leaves: ``after``)."""
    if node in memo:
        return memo[node]
    kind = graph.kind[node]
    if kind == LEAF:
        value = float(after[graph.leaf[node]])
    elif kind == WIN:
        value = 0.0
    elif kind == CHANCE:
        value = sum(p * _value(graph, child, after, memo) for p, child in graph.children[node])
    else:
        value = min(_value(graph, child, after, memo) for _, child in graph.children[node])
    memo[node] = value
    return value


class SoloOptimalBot:
    """The optimal solo player (see the module docstring). ``hero``: the class it expects
    (None: the class of the game it is given); ``seed`` is unused (it never draws)."""

    def __init__(self, seed: int | None = None, hero: str | None = None, **params: Any) -> None:
        if hero is not None and hero not in CLASS_ORDER:
            raise ConfigError(f"solo-optimal: hero {hero!r} is not a class; use one of {', '.join(CLASS_ORDER)}")
        if params:
            raise ConfigError(f"solo-optimal takes the parameters seed and hero, got {sorted(params)}")
        self.seed, self.hero = seed, hero
        self._memo: dict[tuple[Tables, int, int, int], dict[int, float]] = {}

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The optimal one of ``legal_actions`` (the lowest index on ties)."""
        values = self.action_values(view.game)
        best = min(values.values())
        return min(a for a in legal_actions if values[a] <= best + TIE)

    def action_values(self, game: Any) -> dict[int, float]:
        """Each legal action's expected censored T (HR36) when play is optimal afterwards."""
        if getattr(game, "engine", "python") != "python":      # a native twin: its save, on the reference engine
            from hydra_env.games.heroica.game import HeroicaGame
            game = HeroicaGame.from_json(game.to_json(), engine="python")
        st = game.state
        if st.mode != "solo":
            raise ConfigError(f"solo-optimal plays solo games only, got a {st.mode} game")
        hero = CLASS_ORDER[st.hero_class[0]]
        if self.hero is not None and hero != self.hero:
            raise ConfigError(f"solo-optimal was made for the {self.hero}, the game's hero is the {hero}")
        limit = st.options.solo_turn_limit
        solved = solution(hero, limit, tables=game.tables)
        graph = turn_graph(game.tables, hero)
        node = decision_node(graph, st)
        legal = game.legal_actions()
        if graph.kind[node] != CHOICE or [a for a, _ in graph.children[node]] != legal:
            raise RuntimeError(f"solo-optimal: the turn graph's actions differ from the engine's {legal} "
                               f"at decision {st.pending.kind} (a model bug)")
        key = (game.tables, CLASS_ORDER.index(hero), limit, st.turn)
        if len(self._memo.get(key, ())) > 1_000_000:
            self._memo[key] = {}
        memo = self._memo.setdefault(key, {})
        after = solved.continuation(st.turn)
        return {a: st.turn + _value(graph, child, after, memo) for a, child in graph.children[node]}


_JUDGES: dict[int, SoloOptimalBot] = {}


def action_values(game: Any) -> dict[int, float]:
    """Each legal action's expected censored T with optimal play afterwards (a shared bot)."""
    return _JUDGES.setdefault(0, SoloOptimalBot()).action_values(game)


def regret(game: Any, action: int) -> float:
    """The expected turns ``action`` loses against the best action of this solo decision."""
    values = action_values(game)
    return values[action] - min(values.values())
