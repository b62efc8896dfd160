"""The entries of an observation that change during a game, as index lists.

After the dense blocks (:mod:`.blocks`) are copied, an observation needs a few
dozen more entries: round, phase, walls, the pending decision, barricades, the
heroes, the display tokens and the piles. :meth:`EntriesMixin.entries` returns
them as (indices set to 1, indices, values), gathered from small cached tuples
where the state they show repeats; the encoder writes them with fancy-index
writes (one scatter for a whole batch). :class:`EntriesMixin` is a part of
:class:`~hydra_env.games.hydra.observe.encoding.encoder.Encoder` and reads its layout
attributes (``board``, ``channels``, ``f``, ``P``, ...).
"""

from __future__ import annotations

import numpy as np

from hydra_env.games.hydra.observe.encoding.layout import HERO_BLOCK, MAX_SEATS, PHASES, QUEUE_NORM
from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules.codec import BLOCK_SLOTS, DISPLAY_SLOTS, HAND_SLOTS, HYDRA_HAND_SLOTS
from hydra_env.games.hydra.rules.state import (
    DECIDE_EVADE,
    DECIDE_FOLLOW,
    DECIDE_SHOVED,
    PHASE_ACTIONS,
    PHASE_ACTIONS_II,
    PendingDecision,
    State,
)
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.games.hydra.rules.tokens import action_tokens_left

Entries = tuple[list[int], list[int], list[float]]   # (indices set to 1, indices, values)


class EntriesMixin:
    """The changing entries of :class:`Encoder` (see :meth:`entries`)."""

    def _init_entries(self) -> None:
        """The index tables of the changing entries; needs the layout attributes
        set by :meth:`Encoder.__init__`."""
        n_cells, channels, f = self.n_cells, self.channels, self.f
        # Heroes: plane cells by relative seat and space (the city is off the grid).
        hero_ch, shield_ch = channels["hero"], channels["shield"]
        self.hero_cell = tuple(tuple((hero_ch + k) * n_cells + s for s in range(n_cells))
                               for k in range(MAX_SEATS))
        self.shield_cell = tuple(shield_ch * n_cells + s for s in range(n_cells))
        self.bar_cell = tuple(channels["barricade"] * n_cells + s for s in range(n_cells))
        self.target_ch = channels["target"] * n_cells
        self.wall_row_mask = self.board.wall_mask
        walls = self.n_wall_tokens
        self.walls_ones = tuple(tuple(f["walls"] + i for i in range(min(w, walls)))
                                for w in range(walls + 1))
        self.missing_ones = tuple(tuple(f["walls_missing"] + i for i in range(min(w, walls)))
                                  for w in range(walls + 1))
        self.phase_pos = {phase: f["phase"] + i for i, phase in enumerate(PHASES)}
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

    def entries(self, state: State, rules: Rules, seat: int, out: np.ndarray) -> Entries:
        """The entries that change during a game (see :meth:`Encoder.fill`), from cached
        chunks; the pile sizes and (solo) the hero's features are written into ``out``."""
        key = (state.round, state.phase, state.walls, state.walls_at_start, state.pending, seat,
               state.players, len(state.action_deck), len(state.action_discard),
               len(state.hydra_decks[0]), len(state.hydra_decks[1]),
               len(state.hydra_discards[0]), len(state.hydra_discards[1]))
        chunk = self._caches["state"].get(key)
        if chunk is None:
            chunk = self._cached("state", key, self._state_chunk)
        ones = list(chunk[0])
        d = self.f["decks"]
        out[d:d + 6] = chunk[1]
        barricades = tuple(state.barricade_space)
        v = self._caches["bar"].get(barricades)
        ones.extend(v if v is not None else self._cached("bar", barricades, self._bar_chunk))
        vidx: list[int] = []
        vval: list[float] = []
        if state.players == 1:                      # solo: one hero, a cached chunk
            key = self.solo_hero_key(state, rules)
            hero = self._caches["hero1"].get(key)
            if hero is None:
                hero = self._cached("hero1", key, self._solo_hero_chunk)
            ones.extend(hero[0])
            b = self.f["heroes"]
            out[b:b + HERO_BLOCK] = hero[1]
        else:
            self._heroes(state, rules, seat, ones, vidx, vval)
        self._tokens(state, rules, seat, ones, vidx, vval)
        return ones, vidx, vval

    def _state_chunk(self, key: tuple) -> tuple[tuple[int, ...], np.ndarray]:
        """Round, phase, walls, the pending decision; the sizes of the piles (dense)."""
        round_, phase, walls, walls_at_start, pending, seat, players = key[:7]
        f = self.f
        ones = [f["round"] + round_, self.phase_pos[phase]]
        ones += self.walls_ones[walls] + self.missing_ones[walls_at_start - walls]
        if pending is not None:
            self._pending(pending, players, seat, ones)
        n_action, n_hydra = self.n_acards, self.n_hdeck
        norms = (n_action, n_action, n_hydra[0], n_hydra[1], n_hydra[0], n_hydra[1])
        decks = np.array([x / norm for x, norm in zip(key[7:], norms)], np.float32)
        return tuple(ones), decks

    def _pending(self, pending: PendingDecision, players: int, seat: int, ones: list[int]) -> None:
        """The pending decision: kind, decider, evade cause, offered spaces."""
        board, f = self.board, self.f
        add = ones.append
        kind = pending.kind
        add(f["decision"] + kind)
        add(f["decider"] + (pending.seat - seat) % players)
        if kind == DECIDE_SHOVED or kind == DECIDE_EVADE:
            choices = pending.choices
            if choices & board.city_bit:
                add(f["target_city"])
                choices &= board.cell_mask
            ones.extend(self.target_ch + s for s in board.spaces(choices))
            if kind == DECIDE_EVADE:
                add(f["evade_cause"] + pending.cause)
        elif kind == DECIDE_FOLLOW:
            add(f["target_city"] if pending.follow_space == board.city
                else self.target_ch + pending.follow_space)

    def _bar_chunk(self, barricades: tuple) -> tuple[int, ...]:
        """The barricade plane cells."""
        return tuple(self.bar_cell[s] for s in barricades if s >= 0)

    def _heroes(self, state: State, rules: Rules, seat: int, ones: list[int], vidx: list[int],
                vval: list[float]) -> None:
        """Per relative seat: where the hero is, shield, city actions, tokens, cards,
        compass (any number of seats; solo uses the cached :meth:`_solo_hero_chunk`)."""
        players = state.players
        add = ones.append                      # hot loop alias
        city = self.board.city
        heroes = self.f["heroes"]
        glory = state.glory
        rank = compass.ranking(glory) if players > 1 else [0]
        own_glory = glory[seat]
        order = state.turn_order
        tokens = rules.scenario.tokens
        phase = state.phase
        solo = rules.solo
        turn_seat = -1
        if solo:
            if phase == PHASE_ACTIONS or phase == PHASE_ACTIONS_II:
                turn_seat = 0
        elif phase == PHASE_ACTIONS and state.turn_order_index < players:
            turn_seat = order[state.turn_order_index]
        for k in range(players):
            s = (seat + k) % players
            b = heroes + k * HERO_BLOCK
            add(b)
            space = state.hero_space[s]
            shield = state.shielded[s]
            if space == city:
                add(b + 1)
            else:
                add(self.hero_cell[k][space])
                if shield:
                    add(self.shield_cell[space])
                if (self.wall_row_mask >> space) & 1:
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
        space, shield, used, phase, left, tokens = key
        v = np.zeros(HERO_BLOCK, np.float32)
        v[[0, 11, 16]] = 1                    # seated, compass place 1, turn order 1
        v[15] = 0.5                           # glory relative to its own: 0
        ones = []
        if space == self.board.city:
            v[1] = 1
        else:
            ones.append(self.hero_cell[0][space])
            if shield:
                ones.append(self.shield_cell[space])
            if (self.wall_row_mask >> space) & 1:
                v[3] = 1
        if shield:
            v[2] = 1
        for bit in self.city_bits[used & 15]:
            v[4 + bit] = 1
        if phase == PHASE_ACTIONS or phase == PHASE_ACTIONS_II:
            v[20] = 1
            v[8] = left / tokens
        return tuple(ones), v

    def _tokens(self, state: State, rules: Rules, seat: int, ones: list[int], vidx: list[int],
                vval: list[float]) -> None:
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
        ones.extend(self._cached("coop", (tuple(state.display_token), seat, state.players),
                                 self._coop_chunk))
        hand, hb = f["hand"], self.hand_block
        for k, used in enumerate(state.action_hand_used[seat]):
            if used:
                ones.append(hand + k * hb + 1)
        coop = f["coop"]
        ones.append(coop + min(state.turn, self.max_tokens))
        if state.hydra_stack:
            vidx.append(coop + self.max_tokens + 1)
            vval.append(min(1.0, len(state.hydra_stack) / self.max_stack))
        if state.hydra_queue:
            vidx.append(coop + self.max_tokens + 2)
            vval.append(min(1.0, len(state.hydra_queue) / QUEUE_NORM))

    def _solo_tokens(self, key: tuple) -> tuple[int, ...]:
        """Solo display tokens (1: phase I, 2: phase II) and the columns used in phase I."""
        display_token, columns_used = key
        token_ones = self.token_ones
        return tuple(token_ones[i][t] for i, t in enumerate(display_token) if t) \
            + self.cols_ones[columns_used]

    def _coop_chunk(self, key: tuple) -> tuple[int, ...]:
        """Display tokens by the relative seat that placed them (token t: seat t − 1)."""
        display_token, seat, players = key
        display, db = self.f["display"], self.disp_block
        return tuple(display + i * db + 3 + (t - 1 - seat) % players
                     for i, t in enumerate(display_token) if t)
