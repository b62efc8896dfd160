"""The parts of an observation that change rarely, as dense cached blocks.

Three blocks, each cached by the state it shows (see :meth:`Encoder.fill`):

- the game's *template*: the constant planes (portals, maelstroms, areas),
  the paths' colours and what a game fixes at setup (mode, seats, stars,
  scenario, moon phases) — a full observation row;
- the *Hydra*: head, counter and neck planes with the heads features, one
  contiguous slice (the channel layout puts them last, the features first);
- the *cards*: display and row C (solo), or the seat's own hand, hydra hand
  and display (coordinated), one contiguous slice of the features.

Also the card vectors those blocks are made of (43 values per action card, 28
per hydra side; the package docstring lists them). :class:`BlocksMixin` is a
part of :class:`~hydra_env.games.hydra.observe.encoding.encoder.Encoder`: it reads the
encoder's layout attributes (``board``, ``channels``, ``f``, ``P``, ...).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from hydra_env.games.hydra.data import MAX_HEADS, Components
from hydra_env.games.hydra.observe.encoding.layout import DISPLAY_CARD, HAND_CARD, HYDRA_HAND_CARD, ROW_C_CARD
from hydra_env.games.hydra.rules.codec import BLOCK_SLOTS, DISPLAY_SLOTS
from hydra_env.games.hydra.rules.tables import HERO_KINDS


class CardVectors(NamedTuple):
    """The encoded cards: one row per action card and per hydra card."""

    action: np.ndarray       # float32[action cards, action_size]
    hydra: np.ndarray        # float32[hydra cards, hydra_size]
    side_norm: np.ndarray    # the maxima of movement, growth, bites the sides are divided by
    action_size: int         # 43 for the shipped data
    hydra_size: int          # 28 for the shipped data


def hydra_side(effects: Sequence[Any], n_colours: int, n_areas: int) -> np.ndarray:
    """A hydra side, not yet normalised: per colour movement points, growth,
    bites and the movement bonus area one-hot (``float64[n_colours, 3 + n_areas]``)."""
    side = np.zeros((n_colours, 3 + n_areas), np.float64)
    for effect in effects:
        column = {"move": 0, "grow": 1, "bite": 2}[effect.op]
        side[effect.colour, column] += effect.n if effect.op != "bite" else 1
        if effect.op == "move" and effect.bonus_area >= 0:
            side[effect.colour, 3 + effect.bonus_area] = 1
    return side


def card_vectors(components: Components, n_colours: int, n_areas: int) -> CardVectors:
    """Every action card (hero side, then hydra side) and hydra card as a vector;
    movement, growth and bites are divided by their maxima over the data."""
    action_cards, hydra_cards = components.action_cards, components.hydra_cards
    sides = [hydra_side(c.hydra, n_colours, n_areas) for c in action_cards] + \
            [hydra_side(h.effects, n_colours, n_areas) for h in hydra_cards]
    stack = np.stack(sides) if sides else np.zeros((0, n_colours, 3 + n_areas))
    norm = np.maximum(stack[:, :, :3].max(axis=(0, 1)), 1)
    stack[:, :, :3] /= norm
    flat_sides = stack.reshape(len(sides), -1)
    n_kinds = len(HERO_KINDS)
    hydra_size = n_colours * (3 + n_areas)
    action_size = n_kinds + 1 + n_areas + n_colours + hydra_size
    max_strength = max([c.hero.strength for c in action_cards] + [1])
    vectors = np.zeros((len(action_cards), action_size), np.float64)
    for i, card in enumerate(action_cards):
        hero = card.hero
        vectors[i, HERO_KINDS[hero.kind]] = 1
        vectors[i, n_kinds] = hero.strength / max_strength
        if hero.bonus_area >= 0:
            vectors[i, n_kinds + 1 + hero.bonus_area] = 1
        if hero.bonus_colour >= 0:
            vectors[i, n_kinds + 1 + n_areas + hero.bonus_colour] = 1
        vectors[i, n_kinds + 1 + n_areas + n_colours:] = flat_sides[i]
    return CardVectors(vectors.astype(np.float32), flat_sides[len(action_cards):].astype(np.float32),
                       norm, action_size, hydra_size)


def _cache_limit(name: str) -> int:
    """The size limit of cache ``name``, read from the package at call time, so that
    ``hydra_env.games.hydra.observe.encoding.CACHE_LIMIT`` / ``CACHE_LIMITS`` may be tuned (tests do)."""
    package = sys.modules[__package__]
    return package.CACHE_LIMITS.get(name, package.CACHE_LIMIT)


class BlocksMixin:
    """The dense cached blocks of :class:`Encoder` (template, Hydra, cards)."""

    def _init_blocks(self) -> None:
        """The index tables of the blocks and the constant template; needs the
        layout attributes set by :meth:`Encoder.__init__`."""
        board, n_cells, n_colours = self.board, self.n_cells, self.n_colours
        channels, features, f = self.channels, self.features, self.f
        head_ch, neck_ch = channels["head"], channels["neck"]
        path_ch, counter_ch = channels["path"], channels["counter"]
        # Per colour, path, position: head and neck plane cells (binary).
        self.colour_ones = tuple(tuple(tuple(
            ((head_ch + c) * n_cells + path[pos],)
            + tuple((neck_ch + c) * n_cells + path[i] for i in range(pos))
            for pos in range(board.path_len)) for path in board.paths) for c in range(n_colours))
        # The Hydra block: head, counter, neck planes and the heads features, contiguous.
        self.hydra_lo = head_ch * n_cells
        self.hydra_hi = self.P + features["heads"] + features.blocks["heads"][1]
        assert neck_ch == channels.size - n_colours and features["heads"] == 0
        self.path_cells = tuple(tuple(np.asarray([(path_ch + c) * n_cells + s for s in path], np.intp)
                                      for path in board.paths) for c in range(n_colours))
        self.counter_idx = tuple(tuple(tuple((counter_ch + c) * n_cells + s for s in path)
                                       for path in board.paths) for c in range(n_colours))
        heads = f["heads"]
        self.head_feat = tuple(heads + c * (MAX_HEADS + 2) for c in range(n_colours))
        lo = self.hydra_lo                     # the same, relative to the Hydra block
        self.hydra_ones = tuple(tuple(tuple(tuple(i - lo for i in cells) for cells in per_path)
                                      for per_path in per_colour) for per_colour in self.colour_ones)
        self.counter_rel = tuple(tuple(tuple(i - lo for i in cells) for cells in per_colour)
                                 for per_colour in self.counter_idx)
        self.head_feat_rel = tuple(h - lo for h in self.head_feat)
        self.pos_norm = max(1, board.last_pos)
        # The card blocks: (first, past the last) index of each.
        self.solo_cards = (f["display"], f["row_c"] + BLOCK_SLOTS * self.row_block)
        self.coop_cards = (f["hand"], f["display"] + DISPLAY_SLOTS * self.disp_block)
        self._template = self._static_template()

    def _cached(self, name: str, key: Any, build: Callable[[Any], Any]) -> Any:
        """``build(key)``, remembered; a full cache is emptied (bounded memory)."""
        cache = self._caches[name]
        value = cache.get(key)
        if value is None:
            if len(cache) >= _cache_limit(name):
                cache.clear()
            value = cache[key] = build(key)
        return value

    def _static_template(self) -> np.ndarray:
        """The constant planes (portals, maelstroms, areas)."""
        board, n_cells, channels = self.board, self.n_cells, self.channels
        template = np.zeros(self.size, np.float32)
        for s in board.spaces(board.portal_mask & board.cell_mask):
            template[channels["portal"] * n_cells + s] = 1
        for s in board.spaces(board.maelstrom_mask):
            template[channels["maelstrom"] * n_cells + s] = 1
        area = np.asarray(board.area_of[:n_cells])
        template[(channels["area"] + area) * n_cells + np.arange(n_cells)] = 1
        return template

    def _game_template(self, key: tuple) -> np.ndarray:
        """Constant planes plus what a game fixes at setup: its paths' colours, mode,
        seats, stars, scenario and moon phases."""
        number, stars, hydra_path = key
        scenario = self.components.scenario(number)
        template = self._template.copy()
        for c, p in enumerate(hydra_path):
            template[self.path_cells[c][p]] = 1
        f = self.f
        template[f["mode"] + (0 if scenario.solo else 1)] = 1
        template[f["players"] + scenario.players - 1] = 1
        template[f["stars"] + stars - 1] = 1
        template[f["scenario"] + self.scen_index[number]] = 1
        for r, moon in enumerate(scenario.moon):
            template[f["moon"] + 2 * r + (0 if moon == "L" else 1)] = 1
        return template

    def _hydra_block(self, key: tuple) -> np.ndarray:
        """Head, counter and neck planes and the heads features of one Hydra position."""
        hydra_path, head_position, head_count = key
        ones: list[int] = []
        vidx: list[int] = []
        vval: list[float] = []
        for c in range(len(head_position)):
            p, pos, count = hydra_path[c], head_position[c], head_count[c]
            ones.extend(self.hydra_ones[c][p][pos])
            head = self.head_feat_rel[c]
            ones.append(head + count)
            vidx += (self.counter_rel[c][p][pos], head + MAX_HEADS + 1)
            vval += (count / MAX_HEADS, pos / self.pos_norm)
        block = np.zeros(self.hydra_hi - self.hydra_lo, np.float32)
        block[ones] = 1
        block[vidx] = vval
        return block

    @staticmethod
    def _put_cards(block: np.ndarray, base: int, slot: int, offset: int, cards: tuple,
                   table: np.ndarray) -> None:
        """Per card slot (``slot`` values from ``base``): present, and the card's
        vector from ``table`` at ``offset`` in the slot (a negative card: empty)."""
        for k, card in enumerate(cards):
            if card >= 0:
                b = base + k * slot
                block[b] = 1
                block[b + offset:b + slot] = table[card]

    def _solo_cards(self, key: tuple) -> np.ndarray:
        """Display (rows A, B) and row C; row C's cards only once face up (R35, R41)."""
        display, row, face_up = key
        f, lo = self.f, self.solo_cards[0]
        block = np.zeros(self.solo_cards[1] - lo, np.float32)
        self._put_cards(block, f["display"] - lo, self.disp_block, DISPLAY_CARD, display,
                        self.acard_vec)
        r, rb = f["row_c"] - lo, self.row_block
        for j, card in enumerate(row):
            if card >= 0:
                block[r + j * rb] = 1
                if face_up:
                    block[r + j * rb + 1] = 1
                    block[r + j * rb + ROW_C_CARD:r + (j + 1) * rb] = self.hcard_vec[card]
        return block

    def _coop_cards(self, key: tuple) -> np.ndarray:
        """The seat's own hand and hydra hand, and the display."""
        hand, hydra_hand, display = key
        f, lo = self.f, self.coop_cards[0]
        block = np.zeros(self.coop_cards[1] - lo, np.float32)
        self._put_cards(block, f["hand"] - lo, self.hand_block, HAND_CARD, hand, self.acard_vec)
        self._put_cards(block, f["hydra_hand"] - lo, self.hhand_block, HYDRA_HAND_CARD, hydra_hand,
                        self.hcard_vec)
        self._put_cards(block, f["display"] - lo, self.disp_block, DISPLAY_CARD, display,
                        self.acard_vec)
        return block
