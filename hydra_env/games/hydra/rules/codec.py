"""The flat action space: its size, encode, decode and a description of any index.

Every decision of the game — a hero action with its target, a sub-decision
such as where an evading hero goes — is one integer of a fixed-size space.
The layout below is for the shipped board (100 spaces: 99 cells and the inner
city, ``S = 100``), 4 Hydra colours and 4 barricades; with other component
data the block sizes follow the data (``ActionCodec(n_spaces, ...)``).

::

    index range   block           meaning of the offset inside the block
    ------------  --------------  ------------------------------------------------
       0 –  115   card slot 0     a card used from display slot 0 (solo: row A col 1)
     116 –  231   card slot 1       ... one block of 116 per card slot ...
      ...         card slots 2–9  display slots (solo: 0–4 row A, 5–9 row B)
    1160 – 1507   card slots 10–12  hand slots 0–2 (coordinated game)
                  per card block:   +0 … +99    destination space (move or portal card)
                                    +100 … +107 sword: colour·2 + (0 full | 1 forgo bonus)
                                    +108, +109  harpoon: 0 full | 1 forgo bonus
                                    +110        barricade: new one (or wall repair in the city)
                                    +111 … +114 barricade: move barricade token 0 … 3
                                    +115        protect (take a shield)
    1508 – 1607   city move 1     destination space
    1608 – 1707   city portal     destination space
    1708 – 1711   city sword 1    colour
    1712          city harpoon 1
    1713          city protect
    1714          pass
    1715 – 1719   block           solo phase II: block the hydra card of row C column 1 … 5
    1720 – 1819   place           put a shoved or evading hero on space s
    1820, 1821    yes / no        follow a retreating head; buckle up
    1822 – 1824   play hydra      play the hydra card in hand slot 0 … 2 (coordinated game)
    1825          end turn        end the turn without playing the held hydra card(s)
    size 1826

Spaces are numbered ``row·cols + col``; the inner city is ``rows·cols`` (99).
Decoding never looks at the game: :meth:`ActionCodec.describe` names the
block and the target; ``Game.describe`` adds the card and the hero.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from hydra_env import arguments
from hydra_env.errors import ConfigError
from hydra_env.games.hydra.data import LAYOUT_LIMITS

# Decision kinds of an index (ActionCodec.kind[a]).
A_DEST = 0          # card move or portal to a space
A_SWORD = 1         # card sword: arg = colour*2 + forgo
A_HARPOON = 2       # card harpoon: arg = forgo
A_BARRICADE = 3     # card barricade: arg = -1 new / wall repair, k = move token k
A_PROTECT = 4       # card protect
A_CITY_MOVE = 5
A_CITY_PORTAL = 6
A_CITY_SWORD = 7    # arg = colour
A_CITY_HARPOON = 8
A_CITY_PROTECT = 9
A_PASS = 10
A_BLOCK = 11        # arg = column
A_PLACE = 12        # arg = space
A_YES = 13
A_NO = 14
A_PLAY_HYDRA = 15   # arg = hydra hand slot
A_END_TURN = 16

KIND_NAMES = (
    "card-destination", "card-sword", "card-harpoon", "card-barricade", "card-protect",
    "city-move", "city-portal", "city-sword", "city-harpoon", "city-protect", "pass",
    "block", "place", "yes", "no", "play-hydra", "end-turn",
)

DISPLAY_SLOTS = LAYOUT_LIMITS["display"]
HAND_SLOTS = LAYOUT_LIMITS["action_hand"]
HYDRA_HAND_SLOTS = LAYOUT_LIMITS["hydra_hand"]
BLOCK_SLOTS = LAYOUT_LIMITS["solo_hydra_stack"]
CARD_SLOTS = DISPLAY_SLOTS + HAND_SLOTS


class Decoded(NamedTuple):
    """An action index split into its parts."""

    kind: int   # one of the A_* constants
    slot: int   # card slot (0–9 display, 10–12 hand) or -1
    arg: int    # space, colour, forgo flag, token or column; -1 if none


class ActionCodec:
    """Owns the flat action layout (see the module docstring)."""

    def __init__(self, n_spaces: int = 100, n_colours: int = 4, n_barricades: int = 4,
                 space_name: Callable[[int], str] | None = None,
                 colour_names: tuple[str, ...] | None = None) -> None:
        self.n_spaces = spaces = n_spaces
        self.n_colours = nc = n_colours
        self.n_barricades = nb = n_barricades
        self.space_name = space_name or (lambda s: f"space {s}")
        self.colour_names = colour_names or tuple(f"colour {c}" for c in range(nc))
        # Offsets inside a card block.
        self.off_sword = spaces
        self.off_harpoon = spaces + 2 * nc
        self.off_barricade = self.off_harpoon + 2
        self.off_protect = self.off_barricade + 1 + nb
        self.card_block = self.off_protect + 1
        self.city_base = CARD_SLOTS * self.card_block
        self.city_move = self.city_base
        self.city_portal = self.city_move + spaces
        self.city_sword = self.city_portal + spaces
        self.city_harpoon = self.city_sword + nc
        self.city_protect = self.city_harpoon + 1
        self.pass_ = self.city_protect + 1
        self.block_base = self.pass_ + 1
        self.place_base = self.block_base + BLOCK_SLOTS
        self.yes = self.place_base + spaces
        self.no = self.yes + 1
        self.play_base = self.no + 1
        self.end_turn = self.play_base + HYDRA_HAND_SLOTS
        self.size = self.end_turn + 1
        self._build_tables()

    def _build_tables(self) -> None:
        kind, slot, arg = [], [], []

        def add(k: int, s: int, a: int) -> None:
            kind.append(k)
            slot.append(s)
            arg.append(a)

        for sl in range(CARD_SLOTS):
            for sp in range(self.n_spaces):
                add(A_DEST, sl, sp)
            for c in range(self.n_colours):
                add(A_SWORD, sl, 2 * c)
                add(A_SWORD, sl, 2 * c + 1)
            add(A_HARPOON, sl, 0)
            add(A_HARPOON, sl, 1)
            add(A_BARRICADE, sl, -1)
            for k in range(self.n_barricades):
                add(A_BARRICADE, sl, k)
            add(A_PROTECT, sl, -1)
        for sp in range(self.n_spaces):
            add(A_CITY_MOVE, -1, sp)
        for sp in range(self.n_spaces):
            add(A_CITY_PORTAL, -1, sp)
        for c in range(self.n_colours):
            add(A_CITY_SWORD, -1, c)
        add(A_CITY_HARPOON, -1, -1)
        add(A_CITY_PROTECT, -1, -1)
        add(A_PASS, -1, -1)
        for col in range(BLOCK_SLOTS):
            add(A_BLOCK, -1, col)
        for sp in range(self.n_spaces):
            add(A_PLACE, -1, sp)
        add(A_YES, -1, -1)
        add(A_NO, -1, -1)
        for k in range(HYDRA_HAND_SLOTS):
            add(A_PLAY_HYDRA, -1, k)
        add(A_END_TURN, -1, -1)
        assert len(kind) == self.size
        self._index = {(k, s, a): i for i, (k, s, a) in enumerate(zip(kind, slot, arg))}
        self.kind = tuple(kind)
        self.slot = tuple(slot)
        self.arg = tuple(arg)

    # -- encode ---------------------------------------------------------
    def card_base(self, slot: int) -> int:
        """First index of the block of card slot ``slot`` (display 0–9, hand 10–12)."""
        return slot * self.card_block

    def encode(self, kind: int, slot: int = -1, arg: int = -1) -> int:
        """The index of a decision given by its parts (inverse of :meth:`decode`).

        Raises ConfigError (a ValueError) for parts that name no index of this layout.
        """
        index = self._index.get((kind, slot, arg))
        if index is None:
            kind = arguments.integer("kind", kind, low=0, high=len(KIND_NAMES) - 1,
                                     fix="pass one of the A_* kinds of hydra_env.games.hydra.rules.codec")
            slot = arguments.integer("slot", slot, low=-1)
            arg = arguments.integer("arg", arg, low=-1)
            index = self._index.get((kind, slot, arg))     # numpy integers: looked up as int
            if index is None:
                raise ConfigError(f"no action of kind {KIND_NAMES[kind]} with slot={slot} "
                                  f"arg={arg} in this layout")
        return index

    # -- decode ---------------------------------------------------------
    def decode(self, index: int) -> Decoded:
        """Split an index into (kind, slot, arg); raises ConfigError (a ValueError) when
        ``index`` is no integer ``0 … size−1`` (bools and floats included)."""
        if type(index) is not int or not 0 <= index < self.size:
            index = arguments.integer("action", index, low=0, high=self.size - 1,
                                      fix="pass an index of the action space")
        return Decoded(self.kind[index], self.slot[index], self.arg[index])

    def slot_name(self, slot: int) -> str:
        """Name of a card slot: ``display 3`` or ``hand 1`` (0-based)."""
        if slot < DISPLAY_SLOTS:
            return f"display slot {slot}"
        return f"hand slot {slot - DISPLAY_SLOTS}"

    def describe(self, index: int) -> str:
        """A human-readable description of any index, independent of the game state
        (ConfigError for an index outside the action space)."""
        kind, slot, arg = self.decode(index)
        sn, cn = self.space_name, self.colour_names
        if kind == A_DEST:
            return f"{self.slot_name(slot)}: move/portal to {sn(arg)}"
        if kind == A_SWORD:
            bonus = "without the bonus" if arg & 1 else "full strength"
            return f"{self.slot_name(slot)}: sword against {cn[arg // 2]} ({bonus})"
        if kind == A_HARPOON:
            strength = "without the bonus" if arg else "full strength"
            return f"{self.slot_name(slot)}: harpoon the neck underfoot ({strength})"
        if kind == A_BARRICADE:
            what = "new barricade (or wall repair in the city)" if arg < 0 else f"move barricade {arg}"
            return f"{self.slot_name(slot)}: barricade, {what}"
        if kind == A_PROTECT:
            return f"{self.slot_name(slot)}: protect (take a shield)"
        simple = {
            A_CITY_MOVE: lambda: f"city action: move 1 to {sn(arg)}",
            A_CITY_PORTAL: lambda: f"city action: portal to {sn(arg)}",
            A_CITY_SWORD: lambda: f"city action: sword 1 against {cn[arg]}",
            A_CITY_HARPOON: lambda: "city action: harpoon 1 the neck underfoot",
            A_CITY_PROTECT: lambda: "city action: protect (take a shield)",
            A_PASS: lambda: "city action: pass",
            A_BLOCK: lambda: f"block the hydra card of row C, column {arg + 1}",
            A_PLACE: lambda: f"put the hero on {sn(arg)}",
            A_YES: lambda: "yes (follow the head / buckle up)",
            A_NO: lambda: "no (stay / keep the hand)",
            A_PLAY_HYDRA: lambda: f"play the hydra card in hand slot {arg}",
            A_END_TURN: lambda: "end the turn",
        }
        return simple[kind]()

    def layout_table(self) -> str:
        """An ASCII table of the block boundaries of this layout."""
        rows = [("card slots", 0, self.city_base - 1, f"{CARD_SLOTS} blocks of {self.card_block}"),
                ("city move", self.city_move, self.city_portal - 1, "destination space"),
                ("city portal", self.city_portal, self.city_sword - 1, "destination space"),
                ("city sword", self.city_sword, self.city_harpoon - 1, "colour"),
                ("city harpoon", self.city_harpoon, self.city_harpoon, ""),
                ("city protect", self.city_protect, self.city_protect, ""),
                ("pass", self.pass_, self.pass_, ""),
                ("block", self.block_base, self.place_base - 1, "row C column"),
                ("place", self.place_base, self.yes - 1, "space"),
                ("yes/no", self.yes, self.no, ""),
                ("play hydra", self.play_base, self.end_turn - 1, "hydra hand slot"),
                ("end turn", self.end_turn, self.end_turn, "")]
        lines = [f"{name:<13} {lo:>5} – {hi:<5} {what}" for name, lo, hi, what in rows]
        return "\n".join(lines + [f"size {self.size}"])
