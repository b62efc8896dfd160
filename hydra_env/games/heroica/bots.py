"""Heroica's scripted bots: ``greedy`` (spec 4.8) and ``heuristic`` (race heroes and the Monster Player).

Both read the game from the view (Heroica hides nothing, HR34) and answer with one of
``legal_actions``. ``random`` comes to every game from the generic bot registry.
numpy and the standard library only.
"""

from __future__ import annotations

import random
from typing import Any

from hydra_env.games.heroica.bot_parts import (
    Ctx,
    best_end,
    heuristic_monster,
    ko_risk,
    nearest_general,
    waiting,
)


class GreedyBot:
    """Spec 4.8's greedy: ends the movement nearest the General (distance with monsters ignored;
    most items on ties), uses a ranged skill on the monster ahead (the General first), always
    ``MELEE``, drinks before a fight roll when its Health is at most the monster's strength; as
    Monster Player it moves the goblin nearest an active hero towards it and fights the hero
    with least Health."""

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """One of ``legal_actions``."""
        ctx = Ctx(view.game, legal_actions)
        choice = greedy_choice(ctx)
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
    """A stronger scripted player for the race and the Monster Player.

    Hero: moves as greedy (the end nearest the General); does not shoot the Crystal off the
    General while another seat's hero stands ready to fight it (whoever removes the Crystal
    hands the second defeat to the next hero, HR27); shoots the monster whose defeat shortens
    its way most; drinks when a fight could knock it out, and after a healing roll that left it
    short of full Health (the healing then ends at once). Monster Player:
    strikes with the monster likeliest to knock a hero out, else harasses the nearest hero;
    the General waits in its Fort unless it can strike a weak hero next to it.
    """

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """One of ``legal_actions``."""
        ctx = Ctx(view.game, legal_actions)
        choice = heuristic_choice(ctx)
        return choice if choice in legal_actions else legal_actions[0]

    def __repr__(self) -> str:
        return "HeuristicBot()"


def heuristic_choice(c: Ctx) -> int:
    """The heuristic action of the pending decision."""
    d, codec = c.decision, c.codec
    if d in ("MONSTER_PICK", "MONSTER_MOVE", "MONSTER_FIGHT"):
        return heuristic_monster(c)
    if d in ("DRAFT", "SHIELD"):
        return greedy_choice(c)
    if d == "PICK_HERO":
        return min(c.legal, key=lambda a: (c.hero_cost(a), a))
    if d == "HEAL_END":
        return codec.drink if codec.drink in c.legal else codec.end_turn
    if d == "TURN_END":
        return codec.drink if codec.drink in c.legal and c.health <= 2 else codec.end_turn
    if d == "FIGHT":
        target = c.fight_target()
        if codec.drink in c.legal and ko_risk(c.health, c.strength_at(target)):
            return codec.drink
        return codec.target(target)
    if d == "MOVE":
        general = nearest_general(c)
        if general is not None and not waiting(c):
            return codec.target(general)
        shot = c.ranged_on_way()
        if shot is not None and shot != codec.target(c.general):
            return shot
        if codec.self_heal in c.legal and c.health <= 2:
            return codec.self_heal
    return best_end(c, c.general_distance)
