"""Heroica's scripted bots: ``greedy`` (spec 4.8) and ``heuristic`` (race heroes and the Monster Player).

Both read the game from the view (Heroica hides nothing, HR34) and answer with one of
``legal_actions``. ``random`` comes to every game from the generic bot registry.
numpy and the standard library only.
"""

from __future__ import annotations

import random
from typing import Any

from hydra_env.games.heroica.bot_parts import Ctx, best_end, heuristic_monster, waiting
from hydra_env.games.heroica.bot_values import hero_values, race_horizon
from hydra_env.games.heroica.solver_bot import TIE


class GreedyBot:
    """Spec 4.8's greedy: ends the movement nearest the General (distance with monsters ignored;
    most items on ties), uses a ranged skill on the monster ahead (the General first), always
    ``MELEE``, drinks before a fight roll when its Health is at most the monster's strength; as
    Monster Player it moves the goblin nearest an active hero towards it and fights the hero
    with least Health.

    On a native game it asks the same bot in C++ (``NativeHeroicaGame.greedy_action``: the same
    choice, decision for decision, tested against :func:`greedy_choice`, the reference)."""

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        self.seed = seed                  # greedy draws nothing

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """One of ``legal_actions``."""
        game = view.game
        native = getattr(game, "greedy_action", None)
        if native is not None and (choice := native(legal_actions)) is not None:
            return choice
        return self.python_act(game, legal_actions)

    def python_act(self, game: Any, legal_actions: list[int]) -> int:
        """The reference: :func:`greedy_choice` in Python, whatever the engine."""
        choice = greedy_choice(Ctx(game, legal_actions))
        return choice if choice in legal_actions else legal_actions[0]

    def __repr__(self) -> str:
        return "GreedyBot()"


def greedy_choice(c: Ctx) -> int:
    """The greedy action of the pending decision."""
    d, codec = c.decision, c.codec
    if d == "DRAFT":
        return min(c.legal)
    if d == "PICK_HERO":
        return min(c.legal, key=lambda a: (c.hero_general_distance(a), a))
    if d in ("MONSTER_PICK", "MONSTER_MOVE", "MONSTER_FIGHT"):
        return greedy_monster(c)
    if d == "FIGHT":
        target = c.fight_target()
        if codec.drink in c.legal and c.health <= c.strength_at(target):
            return codec.drink
        return codec.target(target)
    if d == "SHIELD":
        return codec.melee
    if d in ("HEAL_END", "TURN_END"):
        return codec.end_turn
    if d == "MOVE":
        shot = c.ranged_ahead()
        if shot is not None:
            return shot
        if codec.self_heal in c.legal and c.health <= 2:
            return codec.self_heal
    return best_end(c, lambda space: c.general_distance(space))


def greedy_monster(c: Ctx) -> int:
    """Spec 4.8's Monster Player: the goblin nearest an active hero, towards it; the weakest hero."""
    st, t, codec = c.state, c.tables, c.codec
    if c.decision == "MONSTER_PICK":
        goblins = [m for m in st.monsters if st.monsters[m] != t.boss] or list(st.monsters)
        return codec.target(min(goblins, key=lambda m: (c.nearest_active_hero_distance(m), m)))
    if c.decision == "MONSTER_MOVE":
        return best_end(c, lambda space: c.nearest_active_hero_distance(space), items=False)
    return min(c.legal, key=lambda a: (st.hero_health[c.hero_on(a - codec.n)], a))


class HeuristicBot:
    """A stronger scripted player for the race (and the solo game) and the Monster Player.

    Hero: plays by the exact solo optimum of its class (:mod:`~hydra_env.games.heroica.bot_values`:
    every legal action valued as the expected turns still needed, by the solver's tables, the
    turn's own graph and the canonical walks; lowest action on ties). That alone is the best
    route by expected turns, fights taken or avoided by their cost, skills, potions and healing
    as the optimum uses them (0.4–0.9 turns a game faster than greedy). In a race it plays for
    a horizon instead of the plain expectation: to be done :data:`~bot_values.RACE_MARGIN`
    turns before the fastest rival's expected finish (the rivals' classes' own solo values), so
    it takes the risks of a race it must win soon (a race is decided by who finishes first, not
    by the mean: with no horizon it won only 22% of 4-seat races against three greedy players,
    with it 27%). It does not shoot the Crystal off the General while another seat's hero stands
    ready to fight it (the next defeat, which wins, would be that hero's, HR27).

    With ``spare=True`` (not the default; the teacher of the race policy ``ppo:heroica-race``)
    a race hero also spares a goblin that a rival's active hero stands nearer to than its own:
    it does not shoot it (ranged skill) but takes its best action that is no shot, since the
    shot would clear that rival's way more than its own (measured over 200,000 races against
    three plain ``heuristic``: a gain of about 0.19 points of win share, the docs' tools page).

    Monster Player: strikes with the monster likeliest to knock a hero out, else harasses the
    nearest hero; once a hero comes within :data:`~bot_parts.FLEE_DISTANCE` of the General it
    plays the General, which waits in its Fort (a hero who fights it loses 3 Health on a Skull)
    unless it can strike a weak hero (knock-outs win the Battle, HR32). The first decision of
    a class loads the solver's table (:func:`~hydra_env.games.heroica.solver.solution`: about
    1 s from its cache, else about 15 s to solve); then a decision costs well under 1 ms.
    """

    def __init__(self, seed: int | None = None, spare: bool = False) -> None:
        self.rng = random.Random(seed)
        self.spare = spare

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """One of ``legal_actions``."""
        ctx = Ctx(view.game, legal_actions)
        choice = heuristic_choice(ctx, spare=self.spare)
        return choice if choice in legal_actions else legal_actions[0]

    def __repr__(self) -> str:
        return f"HeuristicBot(spare={self.spare})" if self.spare else "HeuristicBot()"


def heuristic_choice(c: Ctx, spare: bool = False) -> int:
    """The heuristic action of the pending decision (``spare``: see :class:`HeuristicBot`)."""
    d, codec = c.decision, c.codec
    if d in ("MONSTER_PICK", "MONSTER_MOVE", "MONSTER_FIGHT"):
        return heuristic_monster(c)
    if d == "PICK_HERO":
        return min(c.legal, key=lambda a: (c.hero_cost(a), a))
    if d == "TURN_END":
        return codec.drink if codec.drink in c.legal and c.health <= 2 else codec.end_turn
    values = hero_values(c, race_horizon(c))
    if not values:
        return greedy_choice(c)                            # DRAFT, and anything the solo model lacks
    choice = least_valued(c, values)
    if spare and clears_rival_way(c, choice):
        rest = {a: v for a, v in values.items() if not c.codec.n <= a < 2 * c.codec.n}
        return least_valued(c, rest, hold=False) if rest else choice
    return choice


def clears_rival_way(c: Ctx, action: int) -> bool:
    """Whether ``action`` is a race hero's shot (ranged skill, MOVE) at a goblin that an active
    hero of another seat stands nearer to (HR2 distance) than the shooter."""
    st, codec = c.state, c.codec
    if c.decision != "MOVE" or st.mode != "race" or not codec.n <= action < 2 * codec.n:
        return False
    goblin = action - codec.n
    if goblin == c.general:
        return False
    rivals = c.rival_distances(goblin)
    return bool(rivals) and min(rivals) < int(c.tables.dist[st.hero_space[c.hero], goblin])


def least_valued(c: Ctx, values: dict[int, float], hold: bool = True, tie: float = TIE) -> int:
    """The action of least value in ``values`` (not empty; the lowest of those within ``tie`` of
    it). With ``hold``, as the heuristic plays, not the shot at the Crystal while another seat's
    hero waits near the General (:func:`~.bot_parts.waiting`: its fall would serve that rival),
    unless it is the only action valued."""
    if hold and c.general is not None and len(values) > 1 and waiting(c):
        values = {a: v for a, v in values.items() if a != c.codec.target(c.general)}
    best = min(values.values())
    return min(a for a in values if values[a] <= best + tie)
