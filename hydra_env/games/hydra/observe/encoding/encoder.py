"""The :class:`Encoder`: a seat's observation (R41) in the layout of :mod:`.layout`.

The encoder is composed of three parts, one module each: the dense cached
blocks (:mod:`.blocks`), the changing entries (:mod:`.entries`), and the masks
and batch encoding (:mod:`.batch`); this module builds the layout and the
lookup tables they share and puts an observation together (:meth:`Encoder.fill`).

Speed: every index is precomputed at construction (per colour, path and
position; per slot and card; per seat and space). The parts of an observation
that change rarely are dense blocks cached by the state they show: the game's
template (constant planes, paths, scenario), the Hydra (head, counter and neck
planes with the heads features: one contiguous block) and the cards (display
and row C, or own hand and display: one contiguous block). An observation is
a template copy, two block copies and two fancy-index writes of a few dozen
entries; no Python loop runs over board cells. :meth:`Encoder.encode_batch`
encodes many games into one ``(N, size)`` array with a single scatter.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env.games.hydra.data import Components, default_components
from hydra_env.games.hydra.observe.encoding.batch import BatchMixin
from hydra_env.games.hydra.observe.encoding.blocks import BlocksMixin, card_vectors
from hydra_env.games.hydra.observe.encoding.entries import Entries, EntriesMixin
from hydra_env.games.hydra.observe.encoding.layout import (
    DISPLAY_CARD,
    HAND_CARD,
    HYDRA_HAND_CARD,
    ROW_C_CARD,
    channel_layout,
    feature_layout,
)
from hydra_env.games.hydra.observe.encoding.native import encode_into
from hydra_env.games.hydra.rules.state import State
from hydra_env.games.hydra.rules.tables import Rules, tables_for

CACHES = ("tmpl", "hydra", "cards", "state", "bar", "hero1", "tokens", "coop")


class Encoder(BlocksMixin, EntriesMixin, BatchMixin):
    """Encodes a seat's view of a game (the package docstring lists the layout).

    One encoder per component set (:func:`encoder_for` caches them); it holds
    only lookup tables and caches, no game.
    """

    def __init__(self, components: Components | None = None) -> None:
        components = components or default_components()
        tables = tables_for(components)
        board = tables.board
        self.components, self.tables, self.board = components, tables, board
        self.rows, self.cols, self.n_cells = board.rows, board.cols, board.n_cells
        self.n_colours = tables.n_colours
        self.n_areas = len(components.board.areas)
        # ---- planes
        self.channels = channel_layout(self.n_colours, self.n_areas)
        self.n_channels = self.channels.size
        self.board_shape = (self.channels.size, board.rows, board.cols)
        self.P = self.plane_size = self.channels.size * board.n_cells
        # ---- cards (hero side, hydra side)
        cards = card_vectors(components, self.n_colours, self.n_areas)
        self.acard_vec, self.hcard_vec, self.side_norm = cards.action, cards.hydra, cards.side_norm
        self.acard_size, self.hcard_size = cards.action_size, cards.hydra_size
        # ---- features
        scenarios = components.scenarios
        self.max_rounds = max(len(s.moon) for s in scenarios)
        self.max_tokens = max(s.tokens for s in scenarios)
        self.max_stack = max(1, max(s.hydra_stack for s in scenarios))
        self.n_wall_tokens = components.supply.wall_tokens
        self.scen_index = {s.number: i for i, s in enumerate(scenarios)}
        self.hand_block = HAND_CARD + self.acard_size
        self.hhand_block = HYDRA_HAND_CARD + self.hcard_size
        self.disp_block = DISPLAY_CARD + self.acard_size
        self.row_block = ROW_C_CARD + self.hcard_size
        self.features = feature_layout(
            n_colours=self.n_colours, n_scenarios=len(scenarios), max_rounds=self.max_rounds,
            max_tokens=self.max_tokens, n_wall_tokens=self.n_wall_tokens,
            hand_block=self.hand_block, hydra_hand_block=self.hhand_block,
            display_block=self.disp_block, row_block=self.row_block)
        self.n_features = self.features.size
        self.size = self.P + self.features.size
        # Feature offsets in the flat observation.
        self.f = {name: self.P + offset for name, (offset, _, _) in self.features.blocks.items()}
        # ---- lookup tables of the parts, and the caches of their blocks and chunks
        self._init_blocks()
        self._init_entries()
        self._caches: dict[str, dict] = {name: {} for name in CACHES}

    # ------------------------------------------------------------ layout
    def layout_table(self) -> str:
        """The feature blocks as a table (offset, size, name), from the code."""
        lines = [f"{offset:>6}  {size:>4}  {name}"
                 for name, (offset, size, _) in self.features.blocks.items()]
        return "\n".join(lines)

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Views ``{"board": (..., C, R, Cols), "features": (..., F)}`` of flat encodings."""
        if flat.ndim == 1:                         # one observation (an env step): the short way
            return {"board": flat[:self.P].reshape(self.board_shape), "features": flat[self.P:]}
        lead = flat.shape[:-1]
        return {"board": flat[..., :self.P].reshape(lead + self.board_shape),
                "features": flat[..., self.P:]}

    # ------------------------------------------------------------ encoding
    def fill(self, out: np.ndarray, state: State, rules: Rules, seat: int) -> Entries:
        """Write ``seat``'s template, Hydra and card blocks into ``out`` (one row of
        ``size``) and return the remaining entries: (indices set to 1, indices, values)."""
        caches = self._caches
        key = (state.scenario, state.stars, tuple(state.hydra_path))
        v = caches["tmpl"].get(key)
        out[:] = v if v is not None else self._cached("tmpl", key, self._game_template)
        key = (key[2], tuple(state.head_position), tuple(state.head_count))
        v = caches["hydra"].get(key)
        out[self.hydra_lo:self.hydra_hi] = v if v is not None else \
            self._cached("hydra", key, self._hydra_block)
        if rules.solo:
            key = (tuple(state.display), tuple(state.solo_row_c), state.solo_row_c_face_up)
            lo, hi = self.solo_cards
            build = self._solo_cards
        else:
            key = (tuple(state.action_hands[seat]), tuple(state.hydra_hands[seat]),
                   tuple(state.display))
            lo, hi = self.coop_cards
            build = self._coop_cards
        v = caches["cards"].get(key)
        out[lo:hi] = v if v is not None else self._cached("cards", key, build)
        return self.entries(state, rules, seat, out)

    def encode(self, game: Any, seat: int) -> np.ndarray:
        """The flat observation of ``seat`` (``float32[size]``), a new array."""
        out = np.empty(self.size, np.float32)
        if encode_into(self, game, seat, out):     # a native game: written by the C++ encoder
            return out
        ones, vidx, vval = self.fill(out, game.state, game.rules, seat)
        out.put(ones, 1.0)
        if vidx:
            out.put(vidx, vval)
        return out

    def encode_dict(self, game: Any, seat: int) -> dict[str, np.ndarray]:
        """The observation of ``seat`` as ``{"board", "features"}`` (views of one new array)."""
        return self.split(self.encode(game, seat))


_ENCODERS: dict[int, Encoder] = {}


def encoder_for(components: Components | None = None) -> Encoder:
    """The (cached) encoder of a component set (the shipped data when None)."""
    components = components or default_components()
    encoder = _ENCODERS.get(id(components))
    if encoder is None or encoder.components is not components:
        encoder = _ENCODERS[id(components)] = Encoder(components)
    return encoder
