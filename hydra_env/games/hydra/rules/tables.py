"""Lookup tables built once per component set, and the per-game rule context.

:class:`Tables` turns the loaded component data into flat tuples the rules
read in their hot paths (hero action kind of each card, hydra effects as task
tuples, board bitboards, the action codec). :class:`Rules` adds the scenario
and the rule options of one game; it is shared by a game and all its clones.
"""

from __future__ import annotations

from hydra_env.games.hydra.data import Components, Effect, Scenario
from hydra_env.games.hydra.rules.board import BoardTables
from hydra_env.games.hydra.rules.codec import CARD_SLOTS, ActionCodec
from hydra_env.games.hydra.rules.options import RuleOptions

# Hero action kinds of action cards.
HK_MOVE, HK_SWORD, HK_HARPOON, HK_BARRICADE, HK_PORTAL, HK_PROTECT = range(6)
HERO_KINDS = {"move": HK_MOVE, "sword": HK_SWORD, "harpoon": HK_HARPOON,
              "barricade": HK_BARRICADE, "portal": HK_PORTAL, "protect": HK_PROTECT}

# Task operations (``State.tasks`` entries are tuples whose first item is one of these).
T_MOVE = 0          # (T_MOVE, colour, n, bonus_area): hydra movement effect (R17)
T_GROW = 1          # (T_GROW, colour, n): hydra growth (R18)
T_BITE = 2          # (T_BITE, colour): hydra bite (R19)
T_STEP = 3          # (T_STEP, colour, points_left, wall_damage_done): movement resumed
T_BITE_HEROES = 4   # (T_BITE_HEROES, colour, victims): heroes bitten, in turn order
T_BITE_WALL = 5     # (T_BITE_WALL, colour): bite damage to the wall (R20)
T_SHOVE = 6         # (T_SHOVE, hero, excluded_mask): a shoved hero moves away (R4)
T_PUSHED = 7        # (T_PUSHED, hero): a hero pushed onto the maelstrom (R9)
T_FOLLOW = 8        # (T_FOLLOW, colour, old_front_space): offer to follow a retreat (R10)
T_AFTER = 9         # (T_AFTER, seat): a hero action is complete
T_SOLO_HYDRA = 10   # (T_SOLO_HYDRA, index): solo Hydra phase from reading position index (R37)
T_COOP_HYDRA = 11   # (T_COOP_HYDRA,): coordinated Hydra phase, next card of the queue (R29)

_EFFECT_OPS = {"move": T_MOVE, "grow": T_GROW, "bite": T_BITE}

# R20: wall damage of a bite by head count (MAX_HEADS, R18, comes from hydra_env.games.hydra.data).
BITE_WALL_DAMAGE = (0, 1, 1, 2, 2, 2, 3)
REGROW_HEADS = 3  # R30: at cleanup, a counter at 0 becomes 3 (solo: rule option, R38)
MAX_WALL_DAMAGE_PER_EFFECT = 3


def effect_task(effect: Effect) -> tuple:
    """The task tuple that performs one hydra effect."""
    op = _EFFECT_OPS[effect.op]
    if op == T_MOVE:
        return (T_MOVE, effect.colour, effect.n, effect.bonus_area)
    if op == T_GROW:
        return (T_GROW, effect.colour, effect.n)
    return (T_BITE, effect.colour)


class Tables:
    """Flat lookup tables for one component set (built once, shared)."""

    def __init__(self, comp: Components) -> None:
        self.components = comp
        self.board = BoardTables(comp.board)
        self.n_colours = len(comp.hydra_colours)
        self.n_barricades = comp.supply.barricades
        self.codec = ActionCodec(self.board.n_spaces, self.n_colours, self.n_barricades,
                                 self.board.name, comp.hydra_colours)
        self.slot_shift = tuple(self.codec.card_base(s) for s in range(CARD_SLOTS))
        cards = comp.action_cards
        self.card_kind = tuple(HERO_KINDS[c.hero.kind] for c in cards)
        self.card_strength = tuple(c.hero.strength for c in cards)
        self.card_barea = tuple(c.hero.bonus_area for c in cards)
        self.card_bcol = tuple(c.hero.bonus_colour for c in cards)
        self.card_key = tuple((k, s, a, b) for k, s, a, b in zip(
            self.card_kind, self.card_strength, self.card_barea, self.card_bcol))
        # Effects reversed, so that ``tasks.extend`` leaves the first effect on top (R21).
        self.card_effects_rev = tuple(tuple(effect_task(e) for e in reversed(c.hydra)) for c in cards)
        hcards = comp.hydra_cards
        self.hcard_effects_rev = tuple(tuple(effect_task(e) for e in reversed(h.effects)) for h in hcards)
        self.hcard_deck = tuple(0 if h.deck == "light" else 1 for h in hcards)


_TABLES: dict[int, Tables] = {}


def tables_for(components: Components) -> Tables:
    """The (cached) tables of a component set."""
    t = _TABLES.get(id(components))
    if t is None or t.components is not components:
        t = _TABLES[id(components)] = Tables(components)
    return t


class Rules:
    """Everything constant during one game: tables, scenario, options."""

    def __init__(self, comp: Components, scenario: Scenario, options: RuleOptions) -> None:
        self.components = comp
        self.tables = tables_for(comp)
        self.board = self.tables.board
        self.codec = self.tables.codec
        self.scenario = scenario
        self.options = options
        self.solo = scenario.solo
