"""Observation encoder: what one seat may see (R41), as numpy arrays.

One layout serves every scenario (solo and coordinated), so one policy can
play any seat of any scenario. Seats are encoded *relative to the observing
seat*: relative seat 0 is the observer's own hero, 1 the next seat, and so on
(``(seat + k) % players``). Hydra colours keep the data's order (red, white,
yellow, blue for the shipped data): cards name colours, not seats.

Only public information and the observer's own hand are read: never the deck
orders, other seats' unused cards, face-down hydra cards (solo row C before
the oracle phase, the coordinated stack), the order of the Hydra-phase queue,
or the seed. Re-dealing what a seat cannot see (``Game.determinize``) leaves
its observation bit-identical (tested).

Board planes, ``float32[29, 11, 9]`` (channel, row, column; values in [0, 1])::

    channel  name       meaning
    -------  ---------  -------------------------------------------------------
     0 –  3  path       1 on every space of colour c's path (dealt at random)
     4       barricade  1 on each barricade
     5 –  8  hero       1 on the space of the hero of relative seat k (0 = own)
     9       shield     1 where a protected hero stands
    10       portal     1 on the portal spaces (constant)
    11       maelstrom  1 on the maelstrom spaces, path position 0 (constant)
    12 – 15  area       one-hot area of the space: boat, reef, beach, wall (constant)
    16       target     spaces the pending decision offers (where a shoved or
                        evading hero may go; the space a follow leads to)
    17 – 20  head       1 on the space of colour c's head
    21 – 24  counter    head counter / 6 on the space of colour c's head
    25 – 28  neck       1 on colour c's neck tiles (path positions 0 … p−1)

Heroes in the inner city (off the grid) appear in the features only.

Feature vector, ``float32[1096]`` (values in [0, 1]); blocks in order, with
their sizes for the shipped data (:meth:`Encoder.layout_table` prints this
table from the code, and a test checks it matches)::

    offset  size  block            content
    ------  ----  ---------------  ----------------------------------------------
         0    32  heads            per colour: counter one-hot 0–6, path position / 9
        32     2  mode             solo, coordinated
        34     4  players          one-hot number of seats 1–4
        38     3  stars            one-hot difficulty 1–3
        41    12  scenario         one-hot scenario number
        53     6  round            one-hot current round
        59    12  moon             per round: light, red (zeros past the last round)
        71     5  phase            one-hot: buckle up, action, action II, hydra, over
        76     6  decision         one-hot pending kind: action, after action,
                                   shoved, evade, follow, buckle up
        82     4  decider          one-hot relative seat of the deciding hero
        86     3  evade_cause      one-hot: bite, run over, maelstrom
        89     1  target_city      the pending decision offers the inner city
        90    10  walls            thermometer of wall tokens left
       100    10  walls_missing    thermometer of wall tokens lost (max − left)
       110    84  heroes           per relative seat (21 each): seated, in city,
                                   shield, on the wall area, city move / sword /
                                   harpoon / protect used, action tokens left / max,
                                   unused action cards / 3, hydra cards held / 3,
                                   compass place one-hot (4), glory relative to own
                                   ((Δ/16 + 1) / 2, clipped), turn-order place
                                   one-hot (4), it is this seat's turn
       194   135  hand             per own hand slot (45 each): present, used,
                                   action card (43)
       329    87  hydra_hand       per own hydra hand slot (29 each): present,
                                   hydra card (28)
       416   500  display          per display slot (50 each): card present, token
                                   of phase I, token of phase II (solo), token of
                                   relative seat 0–3 (coordinated), action card (43)
       916   155  row_c            per solo row C column (31 each): present, face
                                   up, blocked, hydra card (28, zeros while face down)
      1071    11  solo             actions done this phase one-hot 0–5, display
                                   columns used in phase I (5)
      1082     8  coop             turn one-hot 0–5, face-down stack size / 5,
                                   Hydra-phase cards left / 32
      1090     6  decks            action deck / 44, action discard / 44, light
                                   and red hydra deck / 28, their discards / 28

An action card (43 values): hero kind one-hot (move, sword, harpoon,
barricade, portal, protect), strength / 2, bonus area one-hot (4), bonus
colour one-hot (4), then its hydra side (28). A hydra side (28 values), per
colour: movement points / max, growth / max, bites / max, movement bonus area
one-hot (4); the maxima are taken over the component data (2, 2, 1 shipped).

The flat variant (``flatten=True``) is the planes raveled in C order followed
by the features: ``float32[29·99 + 1096] = float32[3967]``.

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

from typing import Any, Sequence

import numpy as np

from hydra_env.core import compass
from hydra_env.core.tokens import action_tokens_left
from hydra_env.core.codec import BLOCK_SLOTS, DISPLAY_SLOTS, HAND_SLOTS, HYDRA_HAND_SLOTS
from hydra_env.data import Components, default_components
from hydra_env.core.state import (DECIDE_EVADE, DECIDE_FOLLOW, DECIDE_SHOVED, DECISION_NAMES, EVADE_CAUSES,
                                  PHASE_ACTIONS, PHASE_ACTIONS_II, PHASE_BUCKLE_UP, PHASE_HYDRA, PHASE_OVER, State)
from hydra_env.core.tables import HERO_KINDS, MAX_HEADS, Rules, tables_for

OBS_VERSION = 0
MAX_SEATS = 4
PHASES = (PHASE_BUCKLE_UP, PHASE_ACTIONS, PHASE_ACTIONS_II, PHASE_HYDRA, PHASE_OVER)
HERO_BLOCK = 21
QUEUE_NORM = 32.0
CACHE_LIMIT = 20000          # entries of a cache of small tuples
CACHE_LIMITS = {"tmpl": 256, "hydra": 2048, "cards": 2048}   # caches of dense blocks (≤ 10 MB each)


class Layout:
    """Named consecutive blocks of a vector (offset, size, one-line doc)."""

    def __init__(self) -> None:
        self.blocks: dict[str, tuple[int, int, str]] = {}
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """Append a block; return its offset."""
        off = self.size
        self.blocks[name] = (off, size, doc)
        self.size += size
        return off

    def __getitem__(self, name: str) -> int:
        return self.blocks[name][0]


class Encoder:
    """Encodes a seat's view of a game (see the module docstring for the layout).

    One encoder per component set (:func:`encoder_for` caches them); it holds
    only lookup tables, no game.
    """

    def __init__(self, components: Components | None = None) -> None:
        comp = components or default_components()
        tables = tables_for(comp)
        board = tables.board
        self.components, self.tables, self.board = comp, tables, board
        self.rows, self.cols, self.n_cells = board.rows, board.cols, board.n_cells
        nc = self.n_colours = tables.n_colours
        areas = comp.board.areas
        self.n_areas = len(areas)
        # ---- planes (head, counter, neck last: contiguous with the heads features)
        ch = Layout()
        ch.add("path", nc, "path of colour c")
        ch.add("barricade", 1, "barricades")
        ch.add("hero", MAX_SEATS, "hero of relative seat k")
        ch.add("shield", 1, "protected heroes")
        ch.add("portal", 1, "portal spaces")
        ch.add("maelstrom", 1, "maelstrom spaces")
        ch.add("area", self.n_areas, "area one-hot")
        ch.add("target", 1, "spaces offered by the pending decision")
        ch.add("head", nc, "head of colour c")
        ch.add("counter", nc, "counter / 6 on colour c's head")
        ch.add("neck", nc, "neck tiles of colour c")
        self.channels = ch
        self.n_channels = ch.size
        self.board_shape = (ch.size, board.rows, board.cols)
        P = self.plane_size = ch.size * board.n_cells
        # ---- card tables (hero side, hydra side)
        self._build_card_tables()
        # ---- features
        scen = comp.scenarios
        self.max_rounds = max(len(s.moon) for s in scen)
        self.max_tokens = max(s.tokens for s in scen)
        self.max_stack = max(1, max(s.hydra_stack for s in scen))
        self.n_wall_tokens = comp.supply.wall_tokens
        self.scen_index = {s.number: i for i, s in enumerate(scen)}
        L = Layout()
        L.add("heads", nc * (MAX_HEADS + 2), "per colour: counter one-hot, position")
        L.add("mode", 2, "solo, coordinated")
        L.add("players", MAX_SEATS, "one-hot number of seats")
        L.add("stars", 3, "one-hot difficulty")
        L.add("scenario", len(scen), "one-hot scenario")
        L.add("round", self.max_rounds, "one-hot current round")
        L.add("moon", 2 * self.max_rounds, "per round: light, red")
        L.add("phase", len(PHASES), "one-hot phase")
        L.add("decision", len(DECISION_NAMES), "one-hot pending kind")
        L.add("decider", MAX_SEATS, "relative seat deciding")
        L.add("evade_cause", len(EVADE_CAUSES), "one-hot evade cause")
        L.add("target_city", 1, "the inner city is offered")
        L.add("walls", self.n_wall_tokens, "thermometer of walls left")
        L.add("walls_missing", self.n_wall_tokens, "thermometer of walls lost")
        L.add("heroes", MAX_SEATS * HERO_BLOCK, "per relative seat")
        # Own hand, hydra hand, display, row C: consecutive, so that the cards of
        # a coordinated seat (hands + display) and of solo (display + row C) are
        # one block each.
        self.hand_block = 2 + self.acard_size
        L.add("hand", HAND_SLOTS * self.hand_block, "per own hand slot")
        self.hhand_block = 1 + self.hcard_size
        L.add("hydra_hand", HYDRA_HAND_SLOTS * self.hhand_block, "per own hydra hand slot")
        self.disp_block = 3 + MAX_SEATS + self.acard_size
        L.add("display", DISPLAY_SLOTS * self.disp_block, "per display slot")
        self.row_block = 3 + self.hcard_size
        L.add("row_c", BLOCK_SLOTS * self.row_block, "per solo row C column")
        L.add("solo", self.max_tokens + 1 + BLOCK_SLOTS, "actions done, columns used")
        L.add("coop", self.max_tokens + 1 + 2, "turn, stack, queue")
        L.add("decks", 6, "deck and discard sizes")
        self.features = L
        self.n_features = L.size
        self.size = P + L.size
        self._build_index_tables(P)
        self._template = self._static_template()

    # ------------------------------------------------------------ tables
    def _hydra_side(self, effects: Sequence[Any]) -> np.ndarray:
        nc, na = self.n_colours, self.n_areas
        v = np.zeros((nc, 3 + na), np.float64)
        for e in effects:
            col = {"move": 0, "grow": 1, "bite": 2}[e.op]
            v[e.colour, col] += e.n if e.op != "bite" else 1
            if e.op == "move" and e.bonus_area >= 0:
                v[e.colour, 3 + e.bonus_area] = 1
        return v

    def _build_card_tables(self) -> None:
        comp, nc, na = self.components, self.n_colours, self.n_areas
        acards, hcards = comp.action_cards, comp.hydra_cards
        sides = [self._hydra_side(c.hydra) for c in acards] + \
                [self._hydra_side(h.effects) for h in hcards]
        stack = np.stack(sides) if sides else np.zeros((0, nc, 3 + na))
        norm = np.maximum(stack[:, :, :3].max(axis=(0, 1)), 1)
        stack[:, :, :3] /= norm
        self.side_norm = norm
        sides = stack.reshape(len(sides), -1)
        nk = len(HERO_KINDS)
        self.hcard_size = nc * (3 + na)
        self.acard_size = nk + 1 + na + nc + self.hcard_size
        max_strength = max([c.hero.strength for c in acards] + [1])
        avec = np.zeros((len(acards), self.acard_size), np.float64)
        for i, c in enumerate(acards):
            h = c.hero
            avec[i, HERO_KINDS[h.kind]] = 1
            avec[i, nk] = h.strength / max_strength
            if h.bonus_area >= 0:
                avec[i, nk + 1 + h.bonus_area] = 1
            if h.bonus_colour >= 0:
                avec[i, nk + 1 + na + h.bonus_colour] = 1
            avec[i, nk + 1 + na + nc:] = sides[i]
        self.acard_vec = avec.astype(np.float32)
        self.hcard_vec = sides[len(acards):].astype(np.float32)

    def _build_index_tables(self, P: int) -> None:
        board, NC, nc = self.board, self.n_cells, self.n_colours
        ch, L = self.channels, self.features
        self.P = P
        # Per colour, path, position: head, neck and path plane cells (binary).
        head_ch, neck_ch, path_ch, cnt_ch = ch["head"], ch["neck"], ch["path"], ch["counter"]
        self.colour_ones = tuple(tuple(tuple(
            ((head_ch + c) * NC + path[pos],)
            + tuple((neck_ch + c) * NC + path[i] for i in range(pos))
            for pos in range(board.path_len)) for path in board.paths) for c in range(nc))
        # The Hydra block: head, counter, neck planes and the heads features, contiguous.
        self.hydra_lo = head_ch * NC
        self.hydra_hi = P + L["heads"] + L.blocks["heads"][1]
        assert neck_ch == ch.size - nc and L["heads"] == 0
        self.path_cells = tuple(tuple(np.asarray([(path_ch + c) * NC + s for s in path], np.intp)
                                      for path in board.paths) for c in range(nc))
        self.counter_idx = tuple(tuple(tuple((cnt_ch + c) * NC + s for s in path)
                                       for path in board.paths) for c in range(nc))
        hb = P + L["heads"]
        self.head_feat = tuple(hb + c * (MAX_HEADS + 2) for c in range(nc))
        lo = self.hydra_lo                     # the same, relative to the Hydra block
        self.hydra_ones = tuple(tuple(tuple(tuple(i - lo for i in cells) for cells in per_path)
                                      for per_path in per_colour) for per_colour in self.colour_ones)
        self.counter_rel = tuple(tuple(tuple(i - lo for i in cells) for cells in per_colour)
                                 for per_colour in self.counter_idx)
        self.head_feat_rel = tuple(h - lo for h in self.head_feat)
        self.pos_norm = max(1, board.last_pos)
        # Heroes: plane cells by relative seat and space (the city is off the grid).
        hero_ch, sh_ch = ch["hero"], ch["shield"]
        self.hero_cell = tuple(tuple((hero_ch + k) * NC + s for s in range(NC))
                               for k in range(MAX_SEATS))
        self.shield_cell = tuple(sh_ch * NC + s for s in range(NC))
        self.bar_cell = tuple(ch["barricade"] * NC + s for s in range(NC))
        self.target_ch = ch["target"] * NC
        self.wall_row_mask = board.wall_mask
        # Feature offsets.
        self.f = {name: P + off for name, (off, _, _) in L.blocks.items()}
        f = self.f
        W = self.n_wall_tokens
        self.walls_ones = tuple(tuple(f["walls"] + i for i in range(min(w, W))) for w in range(W + 1))
        self.missing_ones = tuple(tuple(f["walls_missing"] + i for i in range(min(w, W)))
                                  for w in range(W + 1))
        # Caches of the blocks and entry chunks, by the state they show.
        self._caches: dict[str, dict] = {name: {} for name in (
            "tmpl", "hydra", "cards", "state", "bar", "hero1", "tokens", "coop")}
        self.solo_cards = (f["display"], f["row_c"] + BLOCK_SLOTS * self.row_block)
        self.coop_cards = (f["hand"], f["display"] + DISPLAY_SLOTS * self.disp_block)
        self.phase_pos = {ph: P + L["phase"] + i for i, ph in enumerate(PHASES)}
        # Solo display tokens (1: phase I, 2: phase II) and display columns used.
        self.token_ones = tuple((0, f["display"] + i * self.disp_block + 1,
                                 f["display"] + i * self.disp_block + 2)
                                for i in range(DISPLAY_SLOTS))
        self.cols_ones = tuple(tuple(f["solo"] + self.max_tokens + 1 + j for j in range(BLOCK_SLOTS)
                                     if (m >> j) & 1) for m in range(1 << BLOCK_SLOTS))
        self.city_bits = tuple(tuple(b for b in range(4) if (m >> b) & 1) for m in range(16))
        self.n_acards = max(1, len(self.components.action_cards))
        deck_of = self.tables.hcard_deck
        self.n_hdeck = (max(1, deck_of.count(0)), max(1, deck_of.count(1)))

    def _static_template(self) -> np.ndarray:
        """The constant planes (portals, maelstroms, areas)."""
        board, NC, ch = self.board, self.n_cells, self.channels
        t = np.zeros(self.size, np.float32)
        for s in board.spaces(board.portal_mask & board.cell_mask):
            t[ch["portal"] * NC + s] = 1
        for s in board.spaces(board.maelstrom_mask):
            t[ch["maelstrom"] * NC + s] = 1
        area = np.asarray(board.area_of[:NC])
        t[(ch["area"] + area) * NC + np.arange(NC)] = 1
        return t

    # ------------------------------------------------------------ spaces
    def layout_table(self) -> str:
        """The feature blocks as a table (offset, size, name), from the code."""
        lines = [f"{off:>6}  {size:>4}  {name}" for name, (off, size, _) in self.features.blocks.items()]
        return "\n".join(lines)

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Views ``{"board": (..., C, R, Cols), "features": (..., F)}`` of flat encodings."""
        lead = flat.shape[:-1]
        return {"board": flat[..., :self.P].reshape(lead + self.board_shape),
                "features": flat[..., self.P:]}

    # ------------------------------------------------------------ encoding
    def _cached(self, name: str, key: Any, build: Any) -> Any:
        """``build(key)``, remembered; a full cache is emptied (bounded memory)."""
        cache = self._caches[name]
        v = cache.get(key)
        if v is None:
            if len(cache) >= CACHE_LIMITS.get(name, CACHE_LIMIT):
                cache.clear()
            v = cache[key] = build(key)
        return v

    def _game_template(self, key: tuple) -> np.ndarray:
        """Constant planes plus what a game fixes at setup: its paths' colours, mode,
        seats, stars, scenario and moon phases."""
        scenario, stars, colour_path = key
        scen = self.components.scenario(scenario)
        t = self._template.copy()
        for c, p in enumerate(colour_path):
            t[self.path_cells[c][p]] = 1
        f = self.f
        t[f["mode"] + (0 if scen.solo else 1)] = 1
        t[f["players"] + scen.players - 1] = 1
        t[f["stars"] + stars - 1] = 1
        t[f["scenario"] + self.scen_index[scenario]] = 1
        for r, m in enumerate(scen.moon):
            t[f["moon"] + 2 * r + (0 if m == "L" else 1)] = 1
        return t

    def _hydra_block(self, key: tuple) -> np.ndarray:
        """Head, counter and neck planes and the heads features of one Hydra position."""
        cp, hp, heads = key
        ones: list[int] = []
        vidx: list[int] = []
        vval: list[float] = []
        for c in range(len(hp)):
            p, pos, cnt = cp[c], hp[c], heads[c]
            ones.extend(self.hydra_ones[c][p][pos])
            hf = self.head_feat_rel[c]
            ones.append(hf + cnt)
            vidx += (self.counter_rel[c][p][pos], hf + MAX_HEADS + 1)
            vval += (cnt / MAX_HEADS, pos / self.pos_norm)
        v = np.zeros(self.hydra_hi - self.hydra_lo, np.float32)
        v[ones] = 1
        v[vidx] = vval
        return v

    def _put_cards(self, v: np.ndarray, base: int, block: int, offset: int, cards: tuple,
                   table: np.ndarray, present: bool = True) -> None:
        for k, c in enumerate(cards):
            if c >= 0:
                b = base + k * block
                if present:
                    v[b] = 1
                v[b + offset:b + block] = table[c]

    def _solo_cards(self, key: tuple) -> np.ndarray:
        """Display (rows A, B) and row C; row C's cards only once face up (R35, R41)."""
        display, row, revealed = key
        f, lo = self.f, self.solo_cards[0]
        v = np.zeros(self.solo_cards[1] - lo, np.float32)
        self._put_cards(v, f["display"] - lo, self.disp_block, 3 + MAX_SEATS, display,
                        self.acard_vec)
        r, rb = f["row_c"] - lo, self.row_block
        for j, c in enumerate(row):
            if c >= 0:
                v[r + j * rb] = 1
                if revealed:
                    v[r + j * rb + 1] = 1
                    v[r + j * rb + 3:r + (j + 1) * rb] = self.hcard_vec[c]
        return v

    def _coop_cards(self, key: tuple) -> np.ndarray:
        """The seat's own hand and hydra hand, and the display."""
        hand, hhand, display = key
        f, lo = self.f, self.coop_cards[0]
        v = np.zeros(self.coop_cards[1] - lo, np.float32)
        self._put_cards(v, f["hand"] - lo, self.hand_block, 2, hand, self.acard_vec)
        self._put_cards(v, f["hydra_hand"] - lo, self.hhand_block, 1, hhand, self.hcard_vec)
        self._put_cards(v, f["display"] - lo, self.disp_block, 3 + MAX_SEATS, display,
                        self.acard_vec)
        return v

    def fill(self, out: np.ndarray, state: State, rules: Rules,
             seat: int) -> tuple[list[int], list[int], list[float]]:
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
            key = (tuple(state.action_hands[seat]), tuple(state.hydra_hands[seat]), tuple(state.display))
            lo, hi = self.coop_cards
            build = self._coop_cards
        v = caches["cards"].get(key)
        out[lo:hi] = v if v is not None else self._cached("cards", key, build)
        return self.entries(state, rules, seat, out)

    def entries(self, state: State, rules: Rules, seat: int,
                out: np.ndarray) -> tuple[list[int], list[int], list[float]]:
        """The entries that change during a game (see :meth:`fill`), from cached chunks;
        the pile sizes and (solo) the hero's features are written into ``out``."""
        key = (state.round, state.phase, state.walls, state.walls_at_start, state.pending, seat, state.players,
               len(state.action_deck), len(state.action_discard), len(state.hydra_decks[0]), len(state.hydra_decks[1]),
               len(state.hydra_discards[0]), len(state.hydra_discards[1]))
        chunk = self._caches["state"].get(key)
        if chunk is None:
            chunk = self._cached("state", key, self._state_chunk)
        ones = list(chunk[0])
        d = self.f["decks"]
        out[d:d + 6] = chunk[1]
        bar = tuple(state.barricade_space)
        v = self._caches["bar"].get(bar)
        ones.extend(v if v is not None else self._cached("bar", bar, self._bar_chunk))
        vidx: list[int] = []
        vval: list[float] = []
        if state.players == 1:                      # solo: one hero, a cached chunk
            key = self.solo_hero_key(state, rules)
            h = self._caches["hero1"].get(key)
            if h is None:
                h = self._cached("hero1", key, self._solo_hero_chunk)
            ones.extend(h[0])
            b = self.f["heroes"]
            out[b:b + HERO_BLOCK] = h[1]
        else:
            self._heroes(state, rules, seat, ones, vidx, vval)
        self._tokens(state, rules, seat, ones, vidx, vval)
        return ones, vidx, vval

    def _state_chunk(self, key: tuple) -> tuple[tuple[int, ...], np.ndarray]:
        """Round, phase, walls, the pending decision; the sizes of the piles (dense)."""
        rnd, phase, walls, walls_max, pd, seat, n = key[:7]
        f = self.f
        ones = [f["round"] + rnd, self.phase_pos[phase]]
        ones += self.walls_ones[walls] + self.missing_ones[walls_max - walls]
        if pd is not None:
            self._pending(pd, n, seat, ones)
        na, nh = self.n_acards, self.n_hdeck
        norms = (na, na, nh[0], nh[1], nh[0], nh[1])
        decks = np.array([x / norm for x, norm in zip(key[7:], norms)], np.float32)
        return tuple(ones), decks

    def _pending(self, pd: tuple, n: int, seat: int, ones: list) -> None:
        """The pending decision: kind, decider, evade cause, offered spaces."""
        board, f = self.board, self.f
        add = ones.append
        kind = pd.kind
        add(f["decision"] + kind)
        add(f["decider"] + (pd.seat - seat) % n)
        if kind == DECIDE_SHOVED or kind == DECIDE_EVADE:
            m = pd.choices
            if m & board.city_bit:
                add(f["target_city"])
                m &= board.cell_mask
            ones.extend(self.target_ch + s for s in board.spaces(m))
            if kind == DECIDE_EVADE:
                add(f["evade_cause"] + pd.cause)
        elif kind == DECIDE_FOLLOW:
            add(f["target_city"] if pd.follow_space == board.city else self.target_ch + pd.follow_space)

    def _bar_chunk(self, barricades: tuple) -> tuple[int, ...]:
        return tuple(self.bar_cell[s] for s in barricades if s >= 0)

    def _heroes(self, state: State, rules: Rules, seat: int, ones: list, vidx: list,
                vval: list) -> None:
        """Per relative seat: where the hero is, shield, city actions, tokens, cards,
        compass (any number of seats; solo uses the cached :meth:`_solo_hero_chunk`)."""
        n = state.players
        add = ones.append
        city = self.board.city
        hbase = self.f["heroes"]
        glory = state.glory
        rank = compass.ranking(glory) if n > 1 else [0]
        own_glory = glory[seat]
        order = state.turn_order
        tokens = rules.scenario.tokens
        phase = state.phase
        solo = rules.solo
        turn_seat = -1
        if solo:
            if phase == PHASE_ACTIONS or phase == PHASE_ACTIONS_II:
                turn_seat = 0
        elif phase == PHASE_ACTIONS and state.turn_order_index < n:
            turn_seat = order[state.turn_order_index]
        for k in range(n):
            s = (seat + k) % n
            b = hbase + k * HERO_BLOCK
            add(b)
            sp = state.hero_space[s]
            shield = state.shielded[s]
            if sp == city:
                add(b + 1)
            else:
                add(self.hero_cell[k][sp])
                if shield:
                    add(self.shield_cell[sp])
                if (self.wall_row_mask >> sp) & 1:
                    add(b + 3)
            if shield:
                add(b + 2)
            for bit in self.city_bits[state.city_actions_used[s] & 15]:
                add(b + 4 + bit)
            left = action_tokens_left(state, rules, s)
            if not solo:
                unused = len(state.action_hands[s]) - sum(state.action_hand_used[s])
                if unused:
                    vidx.append(b + 9)
                    vval.append(unused / HAND_SLOTS)
                if state.hydra_hands[s]:
                    vidx.append(b + 10)
                    vval.append(len(state.hydra_hands[s]) / HYDRA_HAND_SLOTS)
            if left:
                vidx.append(b + 8)
                vval.append(left / tokens)
            add(b + 11 + rank.index(s))
            gap = (glory[s] - own_glory) / 16.0
            vidx.append(b + 15)
            vval.append((min(1.0, max(-1.0, gap)) + 1.0) / 2.0)
            add(b + 16 + order.index(s))
            if s == turn_seat:
                add(b + 20)

    @staticmethod
    def solo_hero_key(state: State, rules: Rules) -> tuple:
        """What the solo hero's features depend on (the cache key of :meth:`_solo_hero_chunk`)."""
        return (state.hero_space[0], state.shielded[0], state.city_actions_used[0], state.phase,
                action_tokens_left(state, rules, 0), rules.scenario.tokens)

    def _solo_hero_chunk(self, key: tuple) -> tuple[tuple[int, ...], np.ndarray]:
        """The solo hero: its plane cells, and its 21 features as a dense block."""
        hero, shield, used, phase, left, tokens = key
        v = np.zeros(HERO_BLOCK, np.float32)
        v[[0, 11, 16]] = 1                    # seated, compass place 1, turn order 1
        v[15] = 0.5                           # glory relative to its own: 0
        ones = []
        if hero == self.board.city:
            v[1] = 1
        else:
            ones.append(self.hero_cell[0][hero])
            if shield:
                ones.append(self.shield_cell[hero])
            if (self.wall_row_mask >> hero) & 1:
                v[3] = 1
        if shield:
            v[2] = 1
        for bit in self.city_bits[used & 15]:
            v[4 + bit] = 1
        if phase == PHASE_ACTIONS or phase == PHASE_ACTIONS_II:
            v[20] = 1
            v[8] = left / tokens
        return tuple(ones), v

    def _tokens(self, state: State, rules: Rules, seat: int, ones: list, vidx: list, vval: list) -> None:
        """Display tokens, row C blocks, hand cards used, round progress."""
        f = self.f
        if rules.solo:
            key = (tuple(state.display_token), state.solo_columns_used)
            v = self._caches["tokens"].get(key)
            ones.extend(v if v is not None else self._cached("tokens", key, self._solo_tokens))
            if state.phase == PHASE_ACTIONS or state.phase == PHASE_ACTIONS_II:
                ones.append(f["solo"] + state.actions_done)
            if 1 in state.solo_row_c_blocked:              # blocked row C cards (phase II on)
                rb, row = self.row_block, f["row_c"]
                ones.extend([row + j * rb + 2 for j, b in enumerate(state.solo_row_c_blocked) if b])
            return
        ones.extend(self._cached("coop", (tuple(state.display_token), seat, state.players), self._coop_chunk))
        hand, hb = f["hand"], self.hand_block
        for k, u in enumerate(state.action_hand_used[seat]):
            if u:
                ones.append(hand + k * hb + 1)
        co = f["coop"]
        ones.append(co + min(state.turn, self.max_tokens))
        if state.hydra_stack:
            vidx.append(co + self.max_tokens + 1)
            vval.append(min(1.0, len(state.hydra_stack) / self.max_stack))
        if state.hydra_queue:
            vidx.append(co + self.max_tokens + 2)
            vval.append(min(1.0, len(state.hydra_queue) / QUEUE_NORM))

    def _solo_tokens(self, key: tuple) -> tuple[int, ...]:
        """Solo display tokens (1: phase I, 2: phase II) and the columns used in phase I."""
        dtoken, cols = key
        tok = self.token_ones
        return tuple(tok[i][t] for i, t in enumerate(dtoken) if t) + self.cols_ones[cols]

    def _coop_chunk(self, key: tuple) -> tuple[int, ...]:
        """Display tokens by the relative seat that placed them (token t: seat t − 1)."""
        dtoken, seat, n = key
        disp, db = self.f["display"], self.disp_block
        return tuple(disp + i * db + 3 + (t - 1 - seat) % n for i, t in enumerate(dtoken) if t)

    def encode(self, game: Any, seat: int) -> np.ndarray:
        """The flat observation of ``seat`` (``float32[size]``), a new array."""
        out = np.empty(self.size, np.float32)
        ones, vidx, vval = self.fill(out, game.state, game.rules, seat)
        out.put(ones, 1.0)
        if vidx:
            out.put(vidx, vval)
        return out

    def encode_dict(self, game: Any, seat: int) -> dict[str, np.ndarray]:
        """The observation of ``seat`` as ``{"board", "features"}`` (views of one new array)."""
        return self.split(self.encode(game, seat))

    def encode_batch(self, games: Sequence[Any], seats: Sequence[int] | int) -> np.ndarray:
        """Observations of many games at once: ``float32[len(games), size]``.

        ``seats`` is one seat for every game or one per game. Equal, row by
        row, to :meth:`encode` (tested); the changing entries of all rows are
        written by one scatter.
        """
        N = len(games)
        if isinstance(seats, (int, np.integer)):
            seats = [int(seats)] * N
        if len(seats) != N:
            raise ValueError(f"{N} games but {len(seats)} seats")
        size = self.size
        out = np.empty((N, size), np.float32)
        ones_all, vidx_all, vval_all = [], [], []
        for r, (g, s) in enumerate(zip(games, seats)):
            ones, vidx, vval = self.fill(out[r], g.state, g.rules, s)
            ones_all.append(np.asarray(ones, np.intp) + r * size)
            vidx_all.append(np.asarray(vidx, np.intp) + r * size)
            vval_all.append(np.asarray(vval, np.float32))
        if N:
            flat = out.reshape(-1)
            flat[np.concatenate(ones_all)] = 1.0
            flat[np.concatenate(vidx_all)] = np.concatenate(vval_all)
        return out

    # ------------------------------------------------------------ masks
    @staticmethod
    def mask(game: Any, seat: int) -> np.ndarray:
        """Legal actions of ``seat`` (bool[action_size]); all False unless it decides."""
        if game.current_player == seat:
            return game.legal_mask()
        return np.zeros(game.action_size, bool)

    @staticmethod
    def mask_batch(games: Sequence[Any], seats: Sequence[int] | int) -> np.ndarray:
        """:meth:`mask` of many games: ``bool[len(games), action_size]``."""
        N = len(games)
        if isinstance(seats, (int, np.integer)):
            seats = [int(seats)] * N
        if not N:
            return np.zeros((0, 0), bool)
        size = games[0].action_size
        nbytes = (size + 7) // 8
        raw = bytearray(N * nbytes)
        for r, (g, s) in enumerate(zip(games, seats)):
            if g.current_player == s:
                raw[r * nbytes:(r + 1) * nbytes] = g.legal_mask_int().to_bytes(nbytes, "little")
        bits = np.unpackbits(np.frombuffer(bytes(raw), np.uint8).reshape(N, nbytes),
                             axis=1, count=size, bitorder="little")
        return bits.view(bool)


_ENCODERS: dict[int, Encoder] = {}


def encoder_for(components: Components | None = None) -> Encoder:
    """The (cached) encoder of a component set (the shipped data when None)."""
    comp = components or default_components()
    enc = _ENCODERS.get(id(comp))
    if enc is None or enc.components is not comp:
        enc = _ENCODERS[id(comp)] = Encoder(comp)
    return enc
