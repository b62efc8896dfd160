"""Solo Heroica as a Markov decision process: turn-start states and the graph of one turn.

A *turn-start state* of one hero class is (space, Health and healing, the Life Potion on the
board / held / used, which goblins stand, the Crystal): :class:`StateCodec` numbers them
(48 × 8 × 3 × 2^5 × 2 = 73,728 on Draida). :class:`TurnGraph` builds, lazily and memoised, the
graph of everything that can happen inside one turn (HR6–HR28): *chance* nodes (a roll: the
faces of the data's die with their frequencies), *choice* nodes (one decision of the engine,
children keyed by the action index of the codec) and leaves: the state the next turn starts
from, or the win. A decision with one legal action is not a node (the engine applies it
itself), so the graph's choice nodes are exactly the engine's decisions.

Movement ends and canonical walks come from the engine's :func:`walks.hero_movements`, moving
back from :func:`rules.move_back`, on a scratch state; the rest is the rules of ``rules.py``
read for one hero (a test replays many turns on the engine under forced rolls and compares
every decision and every end). numpy and the standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from hydra_env.api.rng import CounterRng
from hydra_env.errors import ConfigError
from hydra_env.games.heroica import rules
from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.loader import CLASS_ORDER, Tables
from hydra_env.games.heroica.options import ranged_targets
from hydra_env.games.heroica.state import HeroicaOptions, State
from hydra_env.games.heroica.walks import REENTER_KEY, hero_movements

BOARD, HELD, USED = 0, 1, 2
"""Where the Life Potion is (a map without a potion is always USED)."""
LEAF, WIN, CHANCE, CHOICE = 0, 1, 2, 3
"""Node kinds of the turn graph."""
SHIELD, SWORD, SKULL, SWORD_SKULL = 0, 1, 2, 3
"""Face kinds read for a fight (HR14); movement reads them through ``rules.movement_value``."""


@dataclass(frozen=True)
class Position:
    """A turn-start state of the solo hero (healing heroes have Health 0-3, active ones 1-4)."""

    space: int
    health: int
    healing: bool
    potion: int          # BOARD, HELD or USED
    mask: int            # bit i: the i-th goblin (setup order) stands
    crystal: bool


class StateCodec:
    """Numbers the turn-start states of one map: index = (((space·8 + h)·3 + potion)·2^g + mask)·2 + crystal,
    h = Health − 1 for an active hero, 4 + Health for a healing one."""

    def __init__(self, t: Tables) -> None:
        if len(t.potions) > 1:
            raise ConfigError(f"the solo solver handles at most one Life Potion on the map, got {len(t.potions)}; "
                              "edit the map data")
        if t.max_health != 4:
            raise ConfigError(f"the solo solver assumes 4 Health at most (heroes.json max_health), got {t.max_health}")
        self.t = t
        self.general = next(s for s, k in t.monsters if k == t.boss)
        self.goblins = tuple(s for s, k in t.monsters if k != t.boss)
        self.potion_space = t.potions[0] if t.potions else -1
        self.masks = 1 << len(self.goblins)
        self.size = t.n * 8 * 3 * self.masks * 2

    def index(self, p: Position) -> int:
        """The number of ``p``."""
        h = 4 + p.health if p.healing else p.health - 1
        return (((p.space * 8 + h) * 3 + p.potion) * self.masks + p.mask) * 2 + int(p.crystal)

    def position(self, index: int) -> Position:
        """The state numbered ``index``."""
        rest, crystal = divmod(index, 2)
        rest, mask = divmod(rest, self.masks)
        rest, potion = divmod(rest, 3)
        space, h = divmod(rest, 8)
        healing = h >= 4
        return Position(space, h - 4 if healing else h + 1, healing, potion, mask, bool(crystal))

    def valid(self, p: Position) -> bool:
        """Whether ``p`` can occur: the hero not on a standing monster nor on the potion still on the board."""
        if p.space == self.general or p.space in self.monster_spaces(p.mask):
            return False
        return not (p.potion == BOARD and p.space == self.potion_space) and (self.potion_space >= 0 or p.potion == USED)

    def monster_spaces(self, mask: int) -> tuple[int, ...]:
        """The spaces of the standing monsters (goblins of ``mask`` and the General), sorted."""
        return tuple(sorted([s for i, s in enumerate(self.goblins) if mask >> i & 1] + [self.general]))

    def start(self, crystal: bool = True) -> Position:
        """The solo game's first turn-start state (HR4)."""
        return Position(self.t.start, self.t.max_health, False, BOARD if self.potion_space >= 0 else USED,
                        self.masks - 1, crystal)

    def of_game(self, st: State) -> Position:
        """The engine state's hero, potion, goblins and Crystal as a :class:`Position`."""
        if self.potion_space >= 0 and self.potion_space in st.potions:
            potion = BOARD
        else:
            potion = HELD if st.hero_potions[0] else USED
        mask = sum(1 << i for i, s in enumerate(self.goblins) if s in st.monsters)
        return Position(st.hero_space[0], st.hero_health[0], st.hero_healing[0], potion, mask, st.crystal)


class TurnGraph:
    """The graph of one turn of a solo hero of class ``hero`` (see the module docstring).

    Nodes are numbered as they are made, children before parents; ``kind[i]``, ``leaf[i]``
    (the state index of a LEAF), ``children[i]`` (CHANCE: ``(probability, child)``; CHOICE:
    ``(action, child)``, by increasing action).
    """

    def __init__(self, t: Tables, hero: str) -> None:
        if hero not in CLASS_ORDER:
            raise ConfigError(f"hero {hero!r} is not a class; use one of {', '.join(CLASS_ORDER)}")
        self.t, self.codes, self.codec = t, StateCodec(t), Codec(t.n)
        self.cls = CLASS_ORDER.index(hero)
        self.skill, self.step = t.class_skill[self.cls], t.class_step[self.cls]
        self.kind_at = dict(t.monsters)
        self.faces = tuple((f, t.faces.count(f) / len(t.faces)) for f in sorted(set(t.faces)))
        self.kind: list[int] = []
        self.leaf: list[int] = []
        self.children: list[tuple[tuple[float, int], ...]] = []
        self._memo: dict[tuple, int] = {}
        self._ends: dict[tuple, tuple[tuple[int, tuple[int, ...]], ...]] = {}
        self._back: dict[tuple, tuple[int, bool]] = {}
        self.win = self._node(("win",), WIN, -1, ())
        self._scratch = State("solo", 1, 0, HeroicaOptions(), CounterRng(0))
        rules.add_hero(t, self._scratch, self.cls, 0)

    # ------------------------------------------------------------ nodes
    def _node(self, key: tuple, kind: int, leaf: int, children: tuple) -> int:
        node = len(self.kind)
        self.kind.append(kind)
        self.leaf.append(leaf)
        self.children.append(children)
        self._memo[key] = node
        return node

    def _end(self, space: int, health: int, healing: bool, potion: int, mask: int, crystal: bool) -> int:
        index = self.codes.index(Position(space, health, healing, potion, mask, crystal))
        key = ("end", index)
        return self._memo.get(key) if key in self._memo else self._node(key, LEAF, index, ())

    def _choice(self, key: tuple, options: list[tuple[int, int]]) -> int:
        if len(options) == 1:          # the engine applies a single legal action itself
            node = options[0][1]
            self._memo[key] = node
            return node
        return self._node(key, CHOICE, -1, tuple(sorted(options)))

    def _chance(self, key: tuple, outcome) -> int:
        children = tuple((p, outcome(face)) for face, p in self.faces)
        return self._node(key, CHANCE, -1, children)

    # ------------------------------------------------------------ engine helpers (walks, moving back)
    def _set_scratch(self, space: int, mask: int, potion: int) -> State:
        st = self._scratch
        st.hero_space[0] = space
        st.monsters = {s: 0 for s in self.codes.monster_spaces(mask)}
        st.potions = [self.codes.potion_space] if potion == BOARD else []
        st.hero_potions[0], st.log = 0, []
        return st

    def ends(self, space: int, allowance: int, mask: int, potion: int, reenter: bool) -> tuple:
        """The movement ends as ``(action, canonical path)`` (HR7–HR12), from the engine's walks."""
        key = (space, allowance, mask, potion == BOARD, reenter)
        if key not in self._ends:
            moves = hero_movements(self.t, self._set_scratch(space, mask, potion), 0, allowance)
            out = [(self.codec.move_to(k), p) for k, p in moves.items() if k >= 0]
            if reenter and REENTER_KEY in moves and self.adjacent(space, mask):
                out.append((self.codec.reenter, moves[REENTER_KEY]))
            self._ends[key] = tuple(out)
        return self._ends[key]

    def moved_back(self, space: int, monster: int, came_from: int, mask: int, potion: int) -> tuple[int, bool]:
        """HR15 by the engine's ``move_back``: the space reached and whether it held the potion."""
        key = (space, monster, came_from, mask, potion == BOARD)
        if key not in self._back:
            st = self._set_scratch(space, mask, potion)
            st.came_from = came_from
            rules.move_back(self.t, st, 0, monster, came_from)
            self._back[key] = (st.hero_space[0], st.hero_potions[0] > 0)
        return self._back[key]

    def adjacent(self, space: int, mask: int) -> list[int]:
        """The standing monsters next to ``space``, in id order."""
        monsters = self.codes.monster_spaces(mask)
        return [nb for nb in self.t.neighbours[space] if nb in monsters]

    def defeat(self, space: int, mask: int, crystal: bool) -> tuple[int, bool, bool]:
        """HR17, HR27: ``(mask, crystal, won)`` after the monster on ``space`` is defeated."""
        if space == self.codes.general:
            return (mask, False, False) if crystal else (mask, crystal, True)
        return mask & ~(1 << self.codes.goblins.index(space)), crystal, False

    def _drunk(self, health: int) -> int:
        return min(self.t.max_health, health + self.t.potion_heal)

    def _may_drink(self, health: int, potion: int) -> bool:
        return potion == HELD and health < self.t.max_health

    # ------------------------------------------------------------ a turn
    def root(self, index: int) -> int:
        """The node of a whole turn from the turn-start state numbered ``index``: its first roll."""
        key = ("root", index)
        if key in self._memo:
            return self._memo[key]
        p = self.codes.position(index)
        if p.healing:
            return self._chance(key, lambda face: self.heal_end(p, face))
        return self._chance(key, lambda face: self.move(p.space, face, p.health, p.potion, p.mask, p.crystal))

    def heal_end(self, p: Position, face: int) -> int:
        """HR24, HR25: after a healing roll (HEAL_END when a potion could still be drunk)."""
        top = self.t.max_health
        health = min(top, p.health + (top if face == SHIELD else rules.movement_value(self.t, face)))
        return self.healed(p.space, health, p.potion, p.mask, p.crystal)

    def healed(self, space: int, health: int, potion: int, mask: int, crystal: bool) -> int:
        """HR24, HR25: the end of a healing turn at ``health``: HEAL_END (end or drink) when a
        potion could still be drunk, else the next turn."""
        key = ("heal", space, health, potion, mask, crystal)
        if key in self._memo:
            return self._memo[key]
        top = self.t.max_health
        options = [(self.codec.end_turn, self._end(space, health, health < top, potion, mask, crystal))]
        if self._may_drink(health, potion):
            drunk = self._drunk(health)
            options.append((self.codec.drink, self._end(space, drunk, drunk < top, USED, mask, crystal)))
        return self._choice(key, options)

    def move(self, space: int, face: int, health: int, potion: int, mask: int, crystal: bool) -> int:
        """The MOVE decision after the movement roll ``face`` (HR6, HR12, HR18–HR22, HR25)."""
        key = ("move", space, face, health, potion, mask, crystal)
        if key in self._memo:
            return self._memo[key]
        options = []
        allowance = rules.movement_value(self.t, face)
        for action, path in self.ends(space, allowance, mask, potion, True):
            if len(path) == 1:
                options.append((action, self._end(space, health, False, potion, mask, crystal)))
                continue
            got = HELD if potion == BOARD and self.codes.potion_space in path[1:] else potion
            options.append((action, self.fights(path[-1], path[-2], health, got, mask, crystal)))
        if face == SHIELD:
            for target in ranged_targets(self.t, self._set_scratch(space, mask, potion), 0):
                m, c, won = self.defeat(target, mask, crystal)
                options.append((self.codec.target(target),
                                self.win if won else self._end(space, health, False, potion, m, c)))
            if self.skill == "heal_self_full" and health < self.t.max_health:
                healed = self._end(space, self.t.max_health, False, potion, mask, crystal)
                options.append((self.codec.self_heal, healed))
        if self._may_drink(health, potion):
            options.append((self.codec.drink, self.move(space, face, self._drunk(health), USED, mask, crystal)))
        return self._choice(key, options)

    def fights(self, space: int, came: int, health: int, potion: int, mask: int, crystal: bool) -> int:
        """HR13, HR16: the FIGHT decision while a monster is adjacent, else the turn's end."""
        adjacent = self.adjacent(space, mask)
        if not adjacent:
            return self._end(space, health, False, potion, mask, crystal)
        key = ("fight", space, came, health, potion, mask, crystal)
        if key in self._memo:
            return self._memo[key]
        options = [(self.codec.target(m), self.fight(space, came, health, potion, mask, crystal, m)) for m in adjacent]
        if self._may_drink(health, potion):
            options.append((self.codec.drink, self.fights(space, came, self._drunk(health), USED, mask, crystal)))
        return self._choice(key, options)

    def fight(self, space: int, came: int, health: int, potion: int, mask: int, crystal: bool, target: int) -> int:
        """HR14, HR28: the fight roll against the monster on ``target``."""
        key = ("roll", space, came, health, potion, mask, crystal, target)
        if key in self._memo:
            return self._memo[key]
        strength = self.t.monster_strength[self.kind_at[target]]

        def outcome(face: int) -> int:
            if face == SHIELD and self.skill == "melee_all_then_step":
                return self.shield(space, came, health, potion, mask, crystal, target)
            if face in (SHIELD, SWORD):
                m, c, won = self.defeat(target, mask, crystal)
                return self.win if won else self.fights(space, came, health, potion, m, c)
            m, c = mask, crystal
            if face == SWORD_SKULL:
                m, c, won = self.defeat(target, mask, crystal)
                if won:
                    return self.win
            to, picked = self.moved_back(space, target, came, m, potion)
            left = max(0, health - strength)
            return self._end(to, left, left == 0, HELD if picked else potion, m, c)

        return self._chance(key, outcome)

    def shield(self, space: int, came: int, health: int, potion: int, mask: int, crystal: bool, target: int) -> int:
        """HR14, HR19: the Barbarian's fight Shield: PLAIN, MELEE (then the step), or a drink."""
        key = ("shield", space, came, health, potion, mask, crystal, target)
        if key in self._memo:
            return self._memo[key]
        m, c, won = self.defeat(target, mask, crystal)
        plain = self.win if won else self.fights(space, came, health, potion, m, c)
        m, c, won = mask, crystal, False
        for monster in self.adjacent(space, mask):
            m, c, won = self.defeat(monster, m, c)
            if won:
                break
        options = [(self.codec.plain, plain),
                   (self.codec.melee, self.win if won else self.steps(space, came, health, potion, m, c))]
        if self._may_drink(health, potion):
            options.append((self.codec.drink, self.shield(space, came, self._drunk(health), USED, mask, crystal,
                                                          target)))
        return self._choice(key, options)

    def steps(self, space: int, came: int, health: int, potion: int, mask: int, crystal: bool) -> int:
        """HR19: the STEP of up to the class's step after MELEE, then the fight sequence (HR8, HR16)."""
        key = ("step", space, came, health, potion, mask, crystal)
        if key in self._memo:
            return self._memo[key]
        options = []
        for action, path in self.ends(space, self.step, mask, potion, False):
            if len(path) == 1:
                options.append((action, self.fights(space, came, health, potion, mask, crystal)))
                continue
            got = HELD if potion == BOARD and self.codes.potion_space in path[1:] else potion
            options.append((action, self.fights(path[-1], path[-2], health, got, mask, crystal)))
        if self._may_drink(health, potion):
            options.append((self.codec.drink, self.steps(space, came, self._drunk(health), USED, mask, crystal)))
        return self._choice(key, options)
