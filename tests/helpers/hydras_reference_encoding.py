"""The observation encoder as it was before it was made incremental: the reference
that ``test_hydras_encoding_speedup`` compares the fast one against, value by value."""

from __future__ import annotations

from array import array

import numpy as np

from hydra_env.games.hydras.rules.hydra import analysis_of
from hydra_env.games.hydras.rules.state import DecisionKind, State


def reference_encode_flat(self, state: State, seat: int) -> np.ndarray:  # noqa: ANN001 (an encoder)
        """The observation of ``seat`` as one vector: board, hand, features."""
        tables = self.tables
        players, k = state.players, self.kinds
        attack, burn = state.attack, state.burn_cell
        marked = (attack.target, attack.cell) if attack is not None else burn
        seen = self._zero_kinds.copy()
        found = []
        pieces = []
        for relative in range(players):
            owner = (seat + relative) % players
            planes, cards = self._hydra(state, owner)[:2]
            if marked is not None and marked[0] == owner:
                planes = planes.copy()
                planes[15 * tables.cell_count + marked[1]] = 1.0
            pieces.append(planes)
            found.append(analysis_of(state, tables, owner))
            seen += cards
        pieces.extend([np.zeros(self.seat_size, np.float32)] * (self.seats - players))
        own = state.hands[seat]
        hand = np.zeros(tables.hand_size * k, np.float32)
        for slot, kind in enumerate(own):
            hand[slot * k + kind] = 1.0
        public = own + [kind for _, kind in state.blocks]
        if attack is not None:          # cards in flight in a block chain are public
            public.append(attack.card)
        if public:
            seen += np.bincount(public, minlength=k)
        discard = (np.bincount(state.discard, minlength=k).astype(np.float32) if state.discard
                   else self._zero_kinds)
        f = [0.0] * 40
        for r in range(players):
            f[r] = 1.0
        f[4 + (state.turn_seat - seat) % players] = 1.0
        f[8 + (state.star_seat - seat) % players] = 1.0
        f[12] = len(state.deck) / max(tables.cards.deck_size, 1)
        f[13] = float(state.final_turns_left > 0)
        f[14] = max(state.final_turns_left, 0) / 4
        best = max(a.neck for a in found)
        for r, a in enumerate(found):
            owner = (seat + r) % players
            board_score = (a.heads + 3 * a.complete + 3 * (best > 0 and a.neck == best)
                           - 2 * a.torches)
            f[15 + r] = len(state.hands[owner]) / tables.hand_size
            f[19 + r] = min(max((board_score + 10) / 40, 0.0), 1.0)
            f[24 + r] = min(a.neck / 20, 1.0)
            f[28 + r] = float(a.complete)
            f[32 + r] = min(a.torches / 6, 1.0)
            f[36 + r] = min(len(a.open_ends) / 10, 1.0)
        heads = tables.kind_heads
        f[23] = min(sum(heads[c] for c in own) / 12, 1.0)
        tail = np.zeros(17 + k, np.float32)
        if state.pending is not None:
            tail[state.pending.kind] = 1.0
        if attack is not None:
            tail[3 + attack.kind] = 1.0
            tail[5 + (attack.seat - seat) % players] = 1.0
            tail[9 + (attack.target - seat) % players] = 1.0
            tail[13 + attack.card] = 1.0
            tail[13 + k] = float(attack.burn)
            tail[14 + k] = min(len(state.blocks) / 4, 1.0)
            tail[15 + k] = float(len(state.blocks) % 2 == 0)
            tail[16 + k] = len(state.offers) / 3
        elif state.pending is not None and state.pending.kind == DecisionKind.BURN:
            tail[13 + k] = 1.0
        pieces += [hand, np.frombuffer(array("f", f), np.float32), discard * self._weights,
                   np.maximum((self._counts - discard - seen) * self._weights, 0.0), tail]
        return np.concatenate(pieces)       # every piece is float32

