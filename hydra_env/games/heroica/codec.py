"""The flat action space of Heroica (spec 4.4), for a map of ``n`` spaces (48 on Draida)::

    0 … n-1        MOVE_TO[s]   end the current movement on space s (s = own space: stay)
    n … 2n-1       TARGET[s]    the piece on space s (monster to fight, ranged target,
                                monster to move, hero to fight)
    2n             REENTER      end the movement on the own space after leaving it
    2n+1           PLAIN        fight Shield: plain defeat
    2n+2           MELEE        fight Shield: the melee skill
    2n+3           SELF         the Druid's skill
    2n+4           DRINK        drink a Life Potion
    2n+5           END_TURN     end the turn (HEAL_END, TURN_END)
    2n+6 … 2n+9    HERO[c]      barbarian, wizard, ranger, druid

Size 2n + 10 (106 on Draida). numpy and the standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from hydra_env.games.heroica.loader import CLASS_ORDER, Tables

SPECIALS = ("REENTER", "PLAIN", "MELEE", "SELF", "DRINK", "END_TURN")


@dataclass(frozen=True)
class Codec:
    """The action layout of a map of ``n`` spaces."""

    n: int

    @property
    def size(self) -> int:
        """The number of actions, 2n + 10."""
        return 2 * self.n + 10

    def move_to(self, space: int) -> int:
        """``MOVE_TO[space]``."""
        return space

    def target(self, space: int) -> int:
        """``TARGET[space]``."""
        return self.n + space

    def hero(self, cls: int) -> int:
        """``HERO[cls]``."""
        return 2 * self.n + 6 + cls

    @property
    def reenter(self) -> int:
        return 2 * self.n

    @property
    def plain(self) -> int:
        return 2 * self.n + 1

    @property
    def melee(self) -> int:
        return 2 * self.n + 2

    @property
    def self_heal(self) -> int:
        return 2 * self.n + 3

    @property
    def drink(self) -> int:
        return 2 * self.n + 4

    @property
    def end_turn(self) -> int:
        return 2 * self.n + 5

    def split(self, action: int) -> tuple[str, int]:
        """(kind, argument): ``("MOVE_TO", s)``, ``("TARGET", s)``, ``("HERO", c)`` or a special with −1."""
        n = self.n
        if action < n:
            return "MOVE_TO", action
        if action < 2 * n:
            return "TARGET", action - n
        if action < 2 * n + 6:
            return SPECIALS[action - 2 * n], -1
        return "HERO", action - 2 * n - 6

    def describe(self, action: int, tables: Tables | None = None) -> str:
        """The action in words, without a position (``move to 28 (Quay)``)."""
        if not 0 <= action < self.size:
            return f"no action {action}"
        kind, arg = self.split(action)
        where = ""
        if tables is not None and kind in ("MOVE_TO", "TARGET") and tables.area_of[arg]:
            where = f" ({tables.area_of[arg]})"
        if kind == "MOVE_TO":
            return f"move to {arg}{where}"
        if kind == "TARGET":
            return f"target {arg}{where}"
        if kind == "HERO":
            return f"hero {CLASS_ORDER[arg]}"
        return {"REENTER": "re-enter the own space", "PLAIN": "plain defeat", "MELEE": "melee skill",
                "SELF": "heal self to full", "DRINK": "drink a Life Potion", "END_TURN": "end the turn"}[kind]
