"""The flat action space of Hydras: its layout, encode, decode and describe.

Every decision — a turn's play, a block offer, a slash and burn — is one
integer of a fixed-size space. The layout for the shipped cards (hand of 4,
grid radius 5: 121 cells, up to 4 seats)::

    index range     block      offset inside the block
    -------------   ---------  ------------------------------------------------
        0 –  7743   neck       ((slot·4 + target)·121 + cell)·4 + rotation   H5
     7744 –  9679   sword      (slot·4 + target)·121 + cell                  H7
     9680 – 10163   torch      target·121 + cell                             H9
    10164 – 10167   discard    slot                                          H4
    10168           burn       slash and burn: a torch into the cell cut     H8
    10169           no burn    decline the slash and burn
    10170 – 10173   block      poison breath from hand slot 0 … 3            H11
    10174           pass       do not block
    size 10175

``slot`` is a position in the deciding seat's hand, which is kept sorted by
card kind (so equal cards sit side by side and only the first of them is
offered). ``target`` is relative to the deciding seat: 0 its own hydra, 1 the
next seat to its left, and so on (so one policy fits every seat); ``cell``
and ``rotation`` follow :mod:`hydra_env.games.hydras.rules.tables`. A torch needs no
slot (all torches are alike). With other card data the block sizes follow
the hand size and grid width.

Decoding never looks at a game: :meth:`HydrasCodec.describe` names any index;
``HydrasGame.describe`` adds the card and the seats.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

NECK, SWORD, TORCH, DISCARD, BURN, NO_BURN, BLOCK, PASS = range(8)
KIND_NAMES = ("neck", "sword", "torch", "discard", "burn", "no-burn", "block", "pass")
_ROTATIONS = ("0°", "90°", "180°", "270°")


class Decoded(NamedTuple):
    """An action index split into its parts (−1 where a part does not apply)."""

    kind: int       # NECK, SWORD, TORCH, DISCARD, BURN, NO_BURN, BLOCK or PASS
    slot: int       # hand slot
    target: int     # target hydra, relative to the deciding seat
    cell: int       # grid cell
    rotation: int   # quarter turns clockwise


class HydrasCodec:
    """Owns the flat action layout (see the module docstring)."""

    def __init__(self, hand_size: int = 4, max_players: int = 4, width: int = 11,
                 cell_name: Callable[[int], str] | None = None) -> None:
        """The layout for ``hand_size`` slots, ``max_players`` targets and a
        ``width`` × ``width`` grid."""
        self.hand_size = hand_size
        self.max_players = max_players
        self.cells = width * width
        self.cell_name = cell_name or (lambda cell: f"cell {cell}")
        self.neck_base = 0
        self.sword_base = hand_size * max_players * self.cells * 4
        self.torch_base = self.sword_base + hand_size * max_players * self.cells
        self.discard_base = self.torch_base + max_players * self.cells
        self.burn = self.discard_base + hand_size
        self.no_burn = self.burn + 1
        self.block_base = self.no_burn + 1
        self.pass_ = self.block_base + hand_size
        self.size = self.pass_ + 1

    # ------------------------------------------------------------ encode
    def neck(self, slot: int, target: int, cell: int, rotation: int) -> int:
        """Index of playing hand slot ``slot`` as a neck (H5)."""
        return ((slot * self.max_players + target) * self.cells + cell) * 4 + rotation

    def sword(self, slot: int, target: int, cell: int) -> int:
        """Index of playing hand slot ``slot`` as a sword on ``cell`` (H7)."""
        return self.sword_base + (slot * self.max_players + target) * self.cells + cell

    def torch(self, target: int, cell: int) -> int:
        """Index of playing a torch into ``cell`` of hydra ``target`` (H9)."""
        return self.torch_base + target * self.cells + cell

    def discard(self, slot: int) -> int:
        """Index of discarding hand slot ``slot`` (H4)."""
        return self.discard_base + slot

    def block(self, slot: int) -> int:
        """Index of blocking with the poison breath in hand slot ``slot`` (H11)."""
        return self.block_base + slot

    # ------------------------------------------------------------ decode
    def decode(self, index: int) -> Decoded:
        """Split ``index`` into its parts; ValueError outside the space."""
        if not isinstance(index, int) or not 0 <= index < self.size:
            raise ValueError(f"action {index!r} is outside the action space 0..{self.size - 1}")
        cells, players = self.cells, self.max_players
        if index < self.sword_base:
            rest, rotation = divmod(index, 4)
            rest, cell = divmod(rest, cells)
            slot, target = divmod(rest, players)
            return Decoded(NECK, slot, target, cell, rotation)
        if index < self.torch_base:
            rest, cell = divmod(index - self.sword_base, cells)
            slot, target = divmod(rest, players)
            return Decoded(SWORD, slot, target, cell, -1)
        if index < self.discard_base:
            target, cell = divmod(index - self.torch_base, cells)
            return Decoded(TORCH, -1, target, cell, -1)
        if index < self.burn:
            return Decoded(DISCARD, index - self.discard_base, -1, -1, -1)
        if index == self.burn:
            return Decoded(BURN, -1, -1, -1, -1)
        if index == self.no_burn:
            return Decoded(NO_BURN, -1, -1, -1, -1)
        if index < self.pass_:
            return Decoded(BLOCK, index - self.block_base, -1, -1, -1)
        return Decoded(PASS, -1, -1, -1, -1)

    @staticmethod
    def target_name(target: int) -> str:
        """``own hydra`` or ``the hydra 2 seats to the left``."""
        if target == 0:
            return "own hydra"
        return f"the hydra {target} seat{'s' if target > 1 else ''} to the left"

    def describe(self, index: int) -> str:
        """A human-readable description of any index, independent of a game."""
        kind, slot, target, cell, rotation = self.decode(index)
        where = f"{self.target_name(target)}, {self.cell_name(cell)}" if target >= 0 else ""
        if kind == NECK:
            return f"hand slot {slot}: play as a neck on {where}, rotated {_ROTATIONS[rotation]}"
        if kind == SWORD:
            return f"hand slot {slot}: play as a sword on {where}"
        if kind == TORCH:
            return f"play a torch on {where}"
        if kind == DISCARD:
            return f"discard hand slot {slot}"
        if kind == BURN:
            return "slash and burn: put a torch into the cell just cut"
        if kind == NO_BURN:
            return "no slash and burn"
        if kind == BLOCK:
            return f"block with the poison breath in hand slot {slot}"
        return "pass (do not block)"

    def layout_table(self) -> str:
        """An ASCII table of the block boundaries of this layout."""
        rows = (("neck", self.neck_base, self.sword_base - 1), ("sword", self.sword_base, self.torch_base - 1),
                ("torch", self.torch_base, self.discard_base - 1),
                ("discard", self.discard_base, self.burn - 1), ("burn", self.burn, self.burn),
                ("no burn", self.no_burn, self.no_burn), ("block", self.block_base, self.pass_ - 1),
                ("pass", self.pass_, self.pass_))
        lines = [f"{name:<8} {low:>6} – {high:<6}" for name, low, high in rows]
        return "\n".join(lines + [f"size {self.size}"])
