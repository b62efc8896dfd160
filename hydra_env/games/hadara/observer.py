"""Hadara's observation (HD32): one float32 vector of 4,223 values in [0, 1], seats relative.

Row 0 of every per-seat block is the observer itself, row r the seat r places
clockwise from it; rows of absent seats (fewer than 5 players) are zero. Values
are scaled as written and clipped to [0, 1]. Only what the observer may know
(HD29) is read: its own pair, never another seat's pair, choice or phase-A sales.

Card row F (21): present 1, colour one-hot 5, epoch one-hot 3, cost/10, the four
track values/5, points/10, coins-effect n/10, boost colour one-hot 4, sell bonus n/2.
Offered rows (the pair, the piles) add the observer's price/10 (22).

Parts, in order:

``game`` (74)
    players one-hot 4 (2-5) · epoch one-hot 3 · decision kind one-hot 9 (WHEEL, DRAFT,
    COLONY, COLONY_MODE, STATUE, TILE, PICK, REMOVE, MEDAL; zero once over) · draft
    round one-hot 5 (during the draft) · wheel one-hot 5 (once set) · colour at each
    board position 5×5 · first player of the epoch, relative one-hot 5 · phase-B picks
    done/5n 1 · this epoch's silver and gold price/30 2 · pending colony (COLONY_MODE:
    level one-hot 5, plunder/20, cost/10, points/20) 8 · pending statue (TILE) one-hot 6
    · own cards still to remove/10 1.
``seats`` (5 × 56)
    present 1 · coins/20 1 · tracks/20 4 · cards per colour/10 5 · sets/5 1 · card
    points/50 1 · sell bonus/3 1 · colony level taken 5 · colony level integrated 5 ·
    colony points/30 1 · statues carved 6 · face-down bonus/10 1 · unused tiles per
    track colour/2 4 · silver tiles per track colour/2 4 · gold/2 1 · initiative rank
    one-hot 5 · first player 1 · phase-A sales this epoch/5 1 · removed cards/10 1 ·
    score now by category (cards, colonies, statues, silver, gold, coins)/50 6 · chose
    this draft round 1.
``tableaux`` (5 × 30 × 21)
    each seat's tableau in canonical order (colour, epoch, card index): row 0 slot j
    is the card REMOVE[j] removes.
``pair`` (2 × 22)
    the observer's own drawn pair, sorted by card index (while it holds one).
``piles`` (5 × 5 × 22)
    per colour the discard pile, top first (with option ``piles="top"`` the top only).
``colonies`` (125)
    per level 1-5: stack size/5, top's requirement/20, plunder/10, cost/10, points/20
    (25) · per seat (relative) and level: the integrated colony's back values/5 (100).

numpy and the standard library only.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from hydra_env.games.hadara.components import EFFECT_BOOST, EFFECT_COINS, EFFECT_SELL_BONUS, Components
from hydra_env.games.hadara.rules import price, sell_bonus
from hydra_env.games.hadara.scoring import CATEGORIES, breakdown
from hydra_env.games.hadara.state import S_DRAFT, State

SEATS, SLOTS, CARD, OFFER = 5, 30, 21, 22
PARTS: dict[str, tuple[int, ...]] = {"game": (74,), "seats": (SEATS, 56), "tableaux": (SEATS, SLOTS, CARD),
                                     "pair": (2, OFFER), "piles": (5, 5, OFFER), "colonies": (125,)}
SIZE = sum(math.prod(shape) for shape in PARTS.values())


def card_row(comps: Components, card: int, row: np.ndarray) -> None:
    """Write card row F of ``card`` into ``row`` (21 values)."""
    c = comps.cards[card]
    row[0] = 1.0
    row[1 + c.colour] = 1.0
    row[6 + c.epoch - 1] = 1.0
    row[9] = c.cost / 10
    row[10:14] = [v / 5 for v in c.tracks]
    row[14] = c.points / 10
    if c.effect == EFFECT_COINS:
        row[15] = c.effect_arg / 10
    elif c.effect == EFFECT_BOOST:
        row[16 + c.effect_arg] = 1.0
    elif c.effect == EFFECT_SELL_BONUS:
        row[20] = c.effect_arg / 2


_TABLES: dict[int, tuple[Components, np.ndarray]] = {}


def card_table(comps: Components) -> np.ndarray:
    """Card row F of every card of ``comps`` (float32[cards, 21]), built once per component set."""
    entry = _TABLES.get(id(comps))
    if entry is None or entry[0] is not comps:
        table = np.zeros((len(comps.cards), CARD), dtype=np.float32)
        for card in range(len(comps.cards)):
            card_row(comps, card, table[card])
        entry = _TABLES[id(comps)] = (comps, table)
    return entry[1]


def _game_block(state: State, comps: Components, seat: int, out: np.ndarray) -> None:
    n = state.players
    out[state.players - 2] = 1.0
    out[4 + state.epoch] = 1.0
    if state.pending is not None:
        out[7 + state.pending.kind] = 1.0
    if state.step == S_DRAFT:
        out[16 + state.round] = 1.0
    if state.wheel >= 0:
        out[21 + state.wheel] = 1.0
    for position, colour in enumerate(state.board_order):
        out[26 + 5 * position + colour] = 1.0
    out[51 + (state.first[state.epoch] - seat) % n] = 1.0
    out[56] = state.picks / (5 * n)
    out[57] = comps.silver_price[state.epoch] / 30
    out[58] = comps.gold_price[state.epoch] / 30
    if state.pending_colony >= 0:
        colony = comps.colonies[state.pending_colony]     # its coin side only: the level's shared side
        out[59 + colony.level - 1] = 1.0
        out[64:67] = [colony.plunder / 20, colony.cost / 10, colony.points / 20]
    if state.pending_statue >= 0:
        out[67 + state.pending_statue] = 1.0
    out[73] = max(0, len(state.tableau[seat]) - state.tracks[seat][3]) / 10


def _seat_row(state: State, comps: Components, other: int, out: np.ndarray) -> None:
    row = [0.0] * 56
    row[0] = 1.0
    row[1] = state.coins[other] / 20
    row[2:6] = [v / 20 for v in state.tracks[other]]
    counts = [0] * 5
    for card in state.tableau[other]:
        counts[comps.cards[card].colour] += 1
    row[6:11] = [c / 10 for c in counts]
    row[11] = min(counts) / 5
    parts = breakdown(state, comps, other)
    row[12] = parts["cards"] / 50
    row[13] = sell_bonus(state, comps, other) / 3
    for colony, done in zip(state.colonies[other], state.integrated[other]):
        level = comps.colonies[colony].level
        row[14 + level - 1] = 1.0
        row[19 + level - 1] = float(done)
    row[24] = parts["colonies"] / 30
    down = 0
    for index, placed in enumerate(state.statues[other]):
        if placed >= 0:
            row[25 + index] = 1.0
            down += comps.statues[index].bonus if placed % 2 else 0
    row[31] = down / 10
    row[32:36] = [t / 2 for t in state.tiles[other]]
    for track in state.silver[other]:
        row[36 + track] += 0.5
    row[40] = state.gold[other] / 2
    row[41 + state.rank[other] - 1] = 1.0
    row[46] = float(state.first[state.epoch] == other)
    row[47] = state.sales_a[other] / 5
    row[48] = len(state.removed[other]) / 10
    row[49:55] = [parts[name] / 50 for name in CATEGORIES]
    row[55] = float(state.choices[other] >= 0)
    out[:] = row


def encode_state(state: State, comps: Components, seat: int, out: np.ndarray, piles_top: bool = False) -> None:
    """Write ``seat``'s observation of ``state`` into ``out`` (float32[SIZE], zeroed here);
    ``piles_top``: only each pile's top card (position 0), as with option ``piles="top"``."""
    out[:] = 0.0
    n = state.players
    _game_block(state, comps, seat, out[0:74])
    seats = out[74:74 + SEATS * 56].reshape(SEATS, 56)
    start = 74 + SEATS * 56
    tableaux = out[start:start + SEATS * SLOTS * CARD].reshape(SEATS, SLOTS, CARD)
    start += SEATS * SLOTS * CARD
    pair = out[start:start + 2 * OFFER].reshape(2, OFFER)
    start += 2 * OFFER
    piles = out[start:start + 25 * OFFER].reshape(5, 5, OFFER)
    start += 25 * OFFER
    colonies = out[start:start + 125]
    table = card_table(comps)
    for r in range(n):
        other = (seat + r) % n
        _seat_row(state, comps, other, seats[r])
        if state.tableau[other]:
            tableaux[r, :len(state.tableau[other])] = table[state.tableau[other]]
        for colony, done in zip(state.colonies[other], state.integrated[other]):
            if done:
                c = comps.colonies[colony]
                colonies[25 + r * 20 + 4 * (c.level - 1):25 + r * 20 + 4 * c.level] = [v / 5 for v in c.back]
    owned = [0] * 5
    for card in state.tableau[seat]:
        owned[comps.cards[card].colour] += 1
    for k, card in enumerate(state.pairs[seat]):
        pair[k, :CARD] = table[card]
        pair[k, CARD] = price(state, comps, seat, card) / 10
    for colour, pile in enumerate(state.piles):
        for position, card in enumerate(reversed(pile[-1:] if piles_top else pile[-5:])):
            piles[colour, position, :CARD] = table[card]
            piles[colour, position, CARD] = max(0, comps.cards[card].cost - owned[colour]) / 10
    for level in range(5):
        stack = state.stacks[level]
        base = 5 * level
        colonies[base] = len(stack) / 5
        top = comps.colonies[comps.level_colonies(level + 1)[0]]      # the level's shared coin side
        colonies[base + 1:base + 5] = [top.requirement / 20, top.plunder / 10, top.cost / 10, top.points / 20]
    np.clip(out, 0.0, 1.0, out=out)


class HadaraObserver:
    """The HD32 observer: ``parts``, ``size`` and ``encode`` into a caller's float32 buffer."""

    def __init__(self) -> None:
        self.parts = dict(PARTS)
        self.size = SIZE

    def encode(self, game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """``seat``'s observation of ``game`` (written into ``out`` when given, and returned)."""
        if out is None:
            out = np.zeros(SIZE, dtype=np.float32)
        elif out.shape != (SIZE,) or out.dtype != np.float32:
            raise ValueError(f"the buffer must be float32 of shape ({SIZE},), got {out.dtype} {out.shape}")
        encode_state(game.state, game.components, int(seat), out, game.piles_top)
        return out

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Views of the parts of a flat observation (leading axes kept)."""
        lead, start, views = flat.shape[:-1], 0, {}
        for name, shape in self.parts.items():
            stop = start + math.prod(shape)
            views[name] = flat[..., start:stop].reshape(lead + shape)
            start = stop
        return views


def observer(game: Any = None) -> HadaraObserver:
    """The observer of Hadara games (the same for every setting)."""
    return HadaraObserver()
