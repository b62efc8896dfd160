"""The numeric observation of one seat (H14: public information and its own hand only).

Seats are relative to the observing seat (relative seat ``r`` is seat
``(seat + r) mod players``; 0 is the observer), like the action targets of
the codec, so one policy serves every seat. Seats a game does not have
(fewer than 4 players) are all zeros. Shapes below are for the shipped
cards (``K`` = 22 card kinds, grid 11 × 11, hand of 4).

``board``: ``Box(0, 1, (64, 11, 11), float32)`` — 16 planes per relative seat
``r``, plane ``16·r + c``:

    c  0–3   neck side north, east, south, west of the card in the cell
    c  4     a card (the body included, torches not)
    c  5     the body
    c  6     a torch
    c  7–9   a card with 1, 2, 3 heads
    c 10     sword icon             c 11  poison breath icon
    c 12     an open end (empty, a neck points in, inside the grid)
    c 13     a cell a sword may cut (H7)
    c 14     neck length of the card, /20 (capped at 1)
    c 15     the cell a pending sword/torch targets, or a slash and burn may fill

``hand``: ``Box(0, 1, (4, K), float32)`` — one-hot card kind per hand slot of
the observer (the hand is sorted by kind; empty slots are zeros).

``features``: ``Box(0, 1, (57 + 3·K,), float32)``, in order:

    4   seat present (per relative seat)
    4   turn seat (one-hot relative)          4  star seat (one-hot relative)
    1   deck size / deck cards                1  last round running (H13)
    1   turns left in the last round / 4
    4   hand sizes / hand size
    4   board score (score without the hand penalty) + 10, / 40, clipped
    1   own hand penalty / 12
    4   greatest neck length / 20             4  complete hydra
    4   torches on the hydra / 6              4  open ends / 10, clipped
    K   discard pile count per kind / cards of that kind
    K   unseen cards per kind (deck and other hands) / cards of that kind
    3   pending decision: turn, block offer, slash and burn
    2   card under block: sword, torch        4  its player (relative)
    4   its target hydra (relative)           K  its card kind
    1   it is a slash and burn torch          1  poison breaths in the chain / 4
    1   the chain's sword/torch takes effect if no one else blocks (even chain)
    1   seats still to be offered the block / 3

The flat form (``flatten=True`` in the envs) is ``board``, ``hand`` and
``features`` raveled and joined: ``Box(0, 1, (7955,), float32)``.
"""

from __future__ import annotations

import numpy as np

from hydra_env.games.hydras.rules.hydra import analysis_of
from hydra_env.games.hydras.rules.state import DecisionKind, State
from hydra_env.games.hydras.rules.tables import Tables

PLANES_PER_SEAT = 16
OBS_VERSION = 0
_ENCODERS: dict[int, tuple[Tables, HydrasEncoder]] = {}


def encoder_for(tables: Tables) -> HydrasEncoder:
    """The (cached) encoder of a card set's tables."""
    entry = _ENCODERS.get(id(tables))
    if entry is None or entry[0] is not tables:
        entry = _ENCODERS[id(tables)] = (tables, HydrasEncoder(tables))
    return entry[1]


class HydrasEncoder:
    """Encodes a seat's view into numpy arrays (see the module docstring)."""

    def __init__(self, tables: Tables) -> None:
        """The encoder of one card set's tables."""
        self.tables = tables
        self.seats = tables.max_players
        self.kinds = tables.kind_count
        self.board_shape = (PLANES_PER_SEAT * self.seats, tables.width, tables.width)
        self.hand_shape = (tables.hand_size, self.kinds)
        self.feature_count = 57 + 3 * self.kinds
        self.seat_size = PLANES_PER_SEAT * tables.cell_count
        self.board_size = self.seat_size * self.seats
        self.hand_offset = self.board_size
        self.feature_offset = self.board_size + tables.hand_size * self.kinds
        self.size = self.feature_offset + self.feature_count
        self._counts = np.array([k.count for k in tables.cards.kinds], np.float32)
        self._weights = np.array([1.0 / max(k.count, 1) for k in tables.cards.kinds], np.float32)
        self._zero_kinds = np.zeros(self.kinds, np.float32)
        self._kind_of = np.array([tables.kind_of[code] for code in range(tables.body_code)]
                                 + [self.kinds], np.int64)
        # Planes 0–11 of each cell code (necks by side, card, body, torch, heads, icons).
        self._faces = np.zeros((tables.body_code + 1, 12), np.float32)
        for code in range(tables.body_code + 1):
            row = self._faces[code]
            if code == tables.body_code:
                row[5] = 1.0
            elif tables.kind_of[code] == tables.torch:
                row[6] = 1.0
                continue
            for direction in range(4):
                row[direction] = tables.sides[code] >> direction & 1
            row[4] = 1.0
            if tables.heads[code]:
                row[6 + tables.heads[code]] = 1.0
            row[10] = tables.icon[code] == 1
            row[11] = tables.icon[code] == 2
        # Planes of a hydra depend only on its grid: cached by its Analysis (which the
        # engine replaces whenever the grid changes; clones share it).
        self._cache: dict[int, tuple] = {}

    @property
    def faces(self) -> np.ndarray:
        """float32[codes, 12]: planes 0–11 of each cell code (read only; the native encoder's too)."""
        return self._faces

    @property
    def card_counts(self) -> np.ndarray:
        """float32[K]: cards of each kind (read only)."""
        return self._counts

    @property
    def card_weights(self) -> np.ndarray:
        """float32[K]: 1 / cards of each kind, the scale of the discard and unseen features (read only)."""
        return self._weights

    def encode(self, state: State, seat: int) -> dict[str, np.ndarray]:
        """The ``board``, ``hand`` and ``features`` arrays of ``seat`` (views of
        one new buffer)."""
        return self.split(self.encode_flat(state, seat))

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """The flat vector cut into ``board``, ``hand`` and ``features`` (views)."""
        return {"board": flat[:self.board_size].reshape(self.board_shape),
                "hand": flat[self.hand_offset:self.feature_offset].reshape(self.hand_shape),
                "features": flat[self.feature_offset:]}

    def flatten(self, parts: dict[str, np.ndarray]) -> np.ndarray:
        """``board``, ``hand`` and ``features`` raveled into one vector."""
        return np.concatenate([parts["board"].ravel(), parts["hand"].ravel(), parts["features"]])

    def encode_flat(self, state: State, seat: int) -> np.ndarray:
        """The observation of ``seat`` as one vector: board, hand, features.

        Filled into one zeroed buffer: each hydra's planes 0–14 and its per-hydra
        figures are cached with its analysis (:meth:`_hydra`), so a step copies
        four cached blocks and computes only the few features that change."""
        tables = self.tables
        players, k = state.players, self.kinds
        out = np.zeros(self.size, np.float32)
        attack, burn = state.attack, state.burn_cell
        marked = (attack.target, attack.cell) if attack is not None else burn
        seat_size, cells = self.seat_size, tables.cell_count
        seen = None
        figures = []
        for relative in range(players):
            owner = (seat + relative) % players
            planes, cards, fig = self._hydra(state, owner)
            at = relative * seat_size
            out[at:at + seat_size] = planes
            if marked is not None and marked[0] == owner:
                out[at + 15 * cells + marked[1]] = 1.0
            figures.append(fig)
            seen = cards if seen is None else seen + cards
        own = state.hands[seat]
        hand_at = self.hand_offset
        for slot, kind in enumerate(own):
            out[hand_at + slot * k + kind] = 1.0
        public = own + [kind for _, kind in state.blocks]
        if attack is not None:          # cards in flight in a block chain are public
            public.append(attack.card)
        if public:
            seen = seen + np.bincount(public, minlength=k)
        f = [0.0] * 40
        for r in range(players):
            f[r] = 1.0
        f[4 + (state.turn_seat - seat) % players] = 1.0
        f[8 + (state.star_seat - seat) % players] = 1.0
        f[12] = len(state.deck) / max(tables.cards.deck_size, 1)
        f[13] = float(state.final_turns_left > 0)
        f[14] = max(state.final_turns_left, 0) / 4
        best = max(fig[0] for fig in figures)
        hand_size = tables.hand_size
        for r, (neck, base, f24, f28, f32, f36) in enumerate(figures):
            f[15 + r] = len(state.hands[(seat + r) % players]) / hand_size
            f[19 + r] = min(max((base + 3 * (best > 0 and neck == best) + 10) / 40, 0.0), 1.0)
            f[24 + r], f[28 + r], f[32 + r], f[36 + r] = f24, f28, f32, f36
        heads = tables.kind_heads
        f[23] = min(sum(heads[c] for c in own) / 12, 1.0)
        fo = self.feature_offset
        out[fo:fo + 40] = f
        weights = self._weights
        if state.discard:
            discard = np.bincount(state.discard, minlength=k)
            out[fo + 40:fo + 40 + k] = discard * weights
            unseen = self._counts - discard - seen
        else:
            unseen = self._counts - seen
        out[fo + 40 + k:fo + 40 + 2 * k] = np.maximum(unseen * weights, 0.0)
        t = fo + 40 + 2 * k            # the tail: pending decision and block chain
        pending = state.pending
        if pending is not None:
            out[t + pending.kind] = 1.0
        if attack is not None:
            out[t + 3 + attack.kind] = 1.0
            out[t + 5 + (attack.seat - seat) % players] = 1.0
            out[t + 9 + (attack.target - seat) % players] = 1.0
            out[t + 13 + attack.card] = 1.0
            out[t + 13 + k] = float(attack.burn)
            out[t + 14 + k] = min(len(state.blocks) / 4, 1.0)
            out[t + 15 + k] = float(len(state.blocks) % 2 == 0)
            out[t + 16 + k] = len(state.offers) / 3
        elif pending is not None and pending.kind == DecisionKind.BURN:
            out[t + 13 + k] = 1.0
        return out

    def _hydra(self, state: State, owner: int) -> tuple[np.ndarray, np.ndarray, tuple]:
        """Planes 0–14 of ``owner``'s hydra (raveled), its cards by kind and its figures
        (greatest neck, board score without the longest-neck bonus, features 24, 28,
        32 and 36 of the module docstring), cached with its analysis."""
        found = analysis_of(state, self.tables, owner)
        entry = self._cache.get(id(found))
        if entry is not None and entry[0] is found:
            return entry[1], entry[2], entry[3]
        tables = self.tables
        cells = tables.cell_count
        planes = np.zeros((PLANES_PER_SEAT, cells), np.float32)
        grid = np.array(state.hydras[owner], np.int64)
        filled = np.flatnonzero(grid >= 0)
        codes = grid[filled]
        planes[:12, filled] = self._faces[codes].T
        # Cards by kind, the body in an extra bin that is dropped.
        counts = np.bincount(self._kind_of[codes], minlength=self.kinds + 1)[:self.kinds] \
            .astype(np.float32)
        if found.open_ends:
            planes[12, [end[0] for end in found.open_ends]] = 1.0
        if found.sword_targets:
            planes[13, list(found.sword_targets)] = 1.0
        depth = found.depth
        planes[14, list(depth)] = np.minimum(np.fromiter(depth.values(), np.float32, len(depth)) / 20,
                                             1.0)
        planes = planes.ravel()
        figures = (found.neck, found.heads + 3 * found.complete - 2 * found.torches,
                   min(found.neck / 20, 1.0), float(found.complete), min(found.torches / 6, 1.0),
                   min(len(found.open_ends) / 10, 1.0))
        if len(self._cache) > 512:
            self._cache.clear()
        self._cache[id(found)] = (found, planes, counts, figures)
        return planes, counts, figures
