"""What Heroica's scripted bots share: the decision context, the choice of a movement end,
the cost of a way to the General (the two-hero player's choice of hero) and the
heuristic Monster Player. numpy and the standard
library only."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import Any

MOVE_CHANCE = {4: 1 / 6, 3: 1 / 3, 2: 1 / 3, 1: 1 / 6}
"""The allowance of a movement roll and its probability (spec 1.1)."""
FIGHT_COST = 3.5
"""Steps a monster on the way is worth (a fight: a turn lost one time in three, Health lost)."""
FAR = 999
"""A distance or cost no way reaches."""
FLEE_DISTANCE = 3
"""The heuristic Monster Player plays the General (it waits in its Fort, or strikes) once an active
hero is this close to it (measured over 2,000 Battles: 2 → 51.5% at 2 seats, 3 → 52.3%, 4 → 50.9%)."""
STRIKE_THRESHOLD = 0.5
"""The least strike value (about 10 × knock-out chance, less the risk of being defeated) worth a strike."""
WAIT_DISTANCE = 6
"""The heuristic hero does not shoot the Crystal while another seat's hero is this close to the General."""


class Ctx:
    """The pending decision of a game as the bots read it."""

    def __init__(self, game: Any, legal: list[int]) -> None:
        self.game, self.legal = game, list(legal)
        self.state, self.tables, self.codec = game.state, game.tables, game.codec
        self.decision = game.decision
        self.options = game._options()
        st = self.state
        self.hero = st.hero
        self.health = st.hero_health[st.hero] if st.hero >= 0 else 0
        self.general = next((s for s, k in st.monsters.items() if k == self.tables.boss), None)
        self._costs: dict[int, float] | None = None

    def general_distance(self, space: int) -> int:
        """HR2 distance from ``space`` to the General (monsters ignored)."""
        return 0 if self.general is None else int(self.tables.dist[space, self.general])

    def hero_of_action(self, action: int) -> int:
        """The hero of a ``HERO[c]`` action."""
        return self.state.hero_class.index(action - self.codec.hero(0))

    def hero_general_distance(self, action: int) -> int:
        """PICK_HERO: the distance of that hero to the General."""
        return self.general_distance(self.state.hero_space[self.hero_of_action(action)])

    def hero_cost(self, action: int) -> float:
        """PICK_HERO: that hero's cheapest cost to the General, plus healing turns."""
        h = self.hero_of_action(action)
        return cheapest_cost(self, self.state.hero_space[h]) + (6.0 if self.state.hero_healing[h] else 0.0)

    def strength_at(self, space: int) -> int:
        """The strength of the monster on ``space``."""
        return self.tables.monster_strength[self.state.monsters[space]]

    def fight_target(self) -> int:
        """FIGHT: the General first, else the lowest id."""
        targets = [a - self.codec.n for a in self.legal if self.codec.n <= a < 2 * self.codec.n]
        return self.general if self.general in targets else min(targets)

    def ranged_targets(self) -> list[int]:
        """MOVE on a Shield: the spaces the ranged skill reaches."""
        n = self.codec.n
        return [a - n for a in self.legal if n <= a < 2 * n]

    def ranged_ahead(self) -> int | None:
        """Greedy: the General, else the monster ahead (nearer the General than the hero) nearest the hero."""
        targets = self.ranged_targets()
        if not targets:
            return None
        if self.general in targets:
            return self.codec.target(self.general)
        here = self.state.hero_space[self.hero]
        ahead = [m for m in targets if self.general_distance(m) < self.general_distance(here)]
        if not ahead:
            return None
        return self.codec.target(min(ahead, key=lambda m: (int(self.tables.dist[here, m]), m)))

    def active_heroes(self) -> list[int]:
        """The spaces of the heroes who are not healing."""
        st = self.state
        return [s for h, s in enumerate(st.hero_space) if not st.hero_healing[h]]

    def nearest_active_hero_distance(self, space: int) -> int:
        """HR2 distance from ``space`` to the nearest active hero (FAR when none)."""
        return min((int(self.tables.dist[space, s]) for s in self.active_heroes()), default=FAR)

    def rival_distances(self, space: int) -> list[int]:
        """HR2 distances from ``space`` to the active heroes of the other seats than the hero
        to play's."""
        st, mine = self.state, self.state.hero_owner[self.hero]
        return [int(self.tables.dist[s, space]) for h, s in enumerate(st.hero_space)
                if st.hero_owner[h] != mine and not st.hero_healing[h]]

    def hero_on(self, space: int) -> int:
        """The active hero on ``space``."""
        st = self.state
        return next(h for h, s in enumerate(st.hero_space) if s == space and not st.hero_healing[h])


def costs_to_general(c: Ctx, without: int | None = None) -> dict[int, float]:
    """Cost from every space to the General: 1 a step, plus :data:`FIGHT_COST` for each
    monster passed (``without``: as if that monster were gone)."""
    if c.general is None:
        return dict.fromkeys(range(c.tables.n), 0.0)
    if without is None and c._costs is not None:
        return c._costs
    st, t = c.state, c.tables
    monsters = set(st.monsters) - {without, c.general}
    best = {c.general: 0.0}
    queue = [(0.0, c.general)]
    while queue:
        cost, s = heapq.heappop(queue)
        if cost > best.get(s, FAR):
            continue
        step = 1.0 + (FIGHT_COST if s in monsters else 0.0)
        for nb in t.neighbours[s]:
            if cost + step < best.get(nb, FAR):
                best[nb] = cost + step
                heapq.heappush(queue, (cost + step, nb))
    if without is None:
        c._costs = best
    return best


def cheapest_cost(c: Ctx, space: int) -> float:
    """The cost of ``space``'s cheapest way to the General (:func:`costs_to_general`)."""
    return costs_to_general(c).get(space, FAR)


def best_end(c: Ctx, score: Callable[[int], float], items: bool = True, reenter: bool = True) -> int:
    """The movement end (``MOVE_TO`` or ``REENTER``) of lowest score; then most items; then a fight
    rather than staying put; then the lowest action."""
    st, codec = c.state, c.codec
    best, best_key = None, None
    for action, path in c.options.items():
        if not isinstance(path, tuple) or (action == codec.reenter and not reenter):
            continue
        end = path[-1]
        value = score(end)
        picked = len(set(st.potions).intersection(path[1:])) if items else 0
        key = (value, -picked, len(path) == 1, action)
        if best_key is None or key < best_key:
            best, best_key = action, key
    return best if best is not None else c.legal[0]


def waiting(c: Ctx) -> bool:
    """Whether another seat's active hero stands ready to fight the General that still carries
    its Crystal (the heuristic then leaves the Crystal alone)."""
    if c.general is None or not c.state.crystal or c.hero < 0:
        return False
    rivals = c.rival_distances(c.general)
    return bool(rivals) and min(rivals) <= WAIT_DISTANCE


def _knock_out_chance(strength: int, health: int) -> float:
    """The chance that one monster fight knocks out a hero (Shield: strength + 1; Skull, Sword & Skull: strength)."""
    return (1 / 6) * (strength + 1 >= health) + (1 / 2) * (strength >= health)


def _strike_value(c: Ctx, monster: int) -> float:
    st, t = c.state, c.tables
    strength = c.strength_at(monster)
    value = 0.0
    for h, s in enumerate(st.hero_space):
        if st.hero_healing[h]:
            continue
        steps = int(t.dist[monster, s]) - 1
        reach = 1.0 if steps <= 0 else sum(p for a, p in MOVE_CHANCE.items() if a >= steps)
        loss = -12.0 if st.monsters[monster] == t.boss and not st.crystal else -1.0
        value = max(value, reach * (10 * _knock_out_chance(strength, st.hero_health[h]) + 0.5 * loss))
    return value


def _general_threat(c: Ctx) -> int:
    """The distance from the General to the nearest active hero (FAR without General or heroes)."""
    return FAR if c.general is None else c.nearest_active_hero_distance(c.general)


def heuristic_monster(c: Ctx) -> int:
    """The heuristic Monster Player: the General keeps away from the heroes (a long game gives the
    monsters more knock-outs); a goblin strikes where a knock-out is likeliest, else harasses the
    nearest hero."""
    st, t, codec = c.state, c.tables, c.codec
    if c.decision == "MONSTER_PICK":
        if c.general is not None and _general_threat(c) <= FLEE_DISTANCE and FLEE_DISTANCE > 0:
            return codec.target(c.general)
        goblins = [m for m in st.monsters if st.monsters[m] != t.boss] or list(st.monsters)
        values = {m: _strike_value(c, m) for m in goblins}
        best = max(values, key=lambda m: (values[m], -m))
        if values[best] > STRIKE_THRESHOLD:
            return codec.target(best)
        return codec.target(min(goblins, key=lambda m: (c.nearest_active_hero_distance(m), m)))
    if c.decision == "MONSTER_FIGHT":
        strength = c.strength_at(st.monster)
        return max(c.legal, key=lambda a: (_knock_out_chance(strength, st.hero_health[c.hero_on(a - codec.n)]),
                                           -st.hero_health[c.hero_on(a - codec.n)], -a))
    if st.monsters.get(st.monster) == t.boss and _strike_value(c, st.monster) <= STRIKE_THRESHOLD:
        return codec.move_to(st.monster)        # the General waits in its Fort

    def score(space: int) -> float:
        heroes = [(h, s) for h, s in enumerate(st.hero_space) if not st.hero_healing[h]]
        fights = [h for h, s in heroes if space in t.neighbours[s]]
        if fights:
            return -10 * max(_knock_out_chance(c.strength_at(st.monster), st.hero_health[h]) for h in fights) - 5
        return float(c.nearest_active_hero_distance(space))
    return best_end(c, score, items=False)
