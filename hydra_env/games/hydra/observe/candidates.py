"""Candidate features: one feature vector per legal action, from its after-state.

A policy over 1,826 action indices must learn what each index does in each
position. With candidate features it does not have to: every legal action is
applied to a copy of the game and described by what it leads to — the
Hydra's threat, walls, the hero's new place and options, the hydra cards
still to come — so the policy scores actions by their consequences (the
after-state idea of TD-Gammon). ``Solo-v0`` / ``Coop-v0`` with
``candidates=K`` add these to the observation (see the env docstrings).

No leak (R41): the copies are made from ``game.determinize(seat, rng)``, which
depends only on what the seat sees, with a fixed ``rng`` — an action that
draws cards (the end of a round) shows a re-deal, never the real deck.

Per candidate, ``float32[N_FEATURES]`` (values about in [−1, 1])::

    block        size  content (after the action unless said otherwise)
    -----------  ----  -------------------------------------------------------
    outcome         3  game lost, game won, solo score / 110 if won
    hydra          12  per colour: head position / last, counter / 6, at the last space
    totals          7  necks / 36, heads / 24, walls / max, Δwalls / 3, Δnecks / 4,
                       Δheads / 6, threat (Σ ((p+1)/L)² · counter / 6) / 4
    harm           14  unused display cards / 10, unblocked face-up row C cards
                       / 5; per colour the move points, growth and bites still
                       to come from both / 10 (12)
    hero           35  area one-hot (4), in the city, on the wall area, on a
                       neck, shield, on a barricade, heads in sword reach / 2,
                       bites reaching it / 2, distance to the nearest live head
                       / 10, in front of a head; row / rows, column / cols;
                       per colour: head row − hero row / rows, head column −
                       hero column / cols, sword reach, bite reach, in front (20)
    tokens          4  actions left this phase / 5; phase one-hot (I / turn, II, other)
    usable          6  unused display cards of each hero kind the hero could
                       still take this phase / 5 (move, sword, harpoon,
                       barricade, portal, protect)
    action         23  the decision's kind one-hot (card move, card portal,
                       sword, harpoon, barricade, protect, city move, city
                       portal, city sword, city harpoon, city protect, pass,
                       block, place, yes, no, play hydra card, end turn);
                       the colour struck or harpooned one-hot (4); damage / 3
    glory           5  Δ own glory / 3, own compass place after one-hot (4)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.games.hydra.native import available as native_available
from hydra_env.games.hydra.native import require as native_require
from hydra_env.games.hydra.observe.encoding.native import native_of
from hydra_env.games.hydra.rules import codec as action_codec
from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules.heroes import attack, slot_card
from hydra_env.games.hydra.rules.result import solo_score
from hydra_env.games.hydra.rules.state import PHASE_ACTIONS, PHASE_ACTIONS_II, State
from hydra_env.games.hydra.rules.tables import HK_BARRICADE, HK_HARPOON, HK_MOVE, HK_PORTAL, HK_PROTECT, HK_SWORD, Rules
from hydra_env.games.hydra.rules.tokens import action_tokens_left

N_FEATURES = 109
FEATURE_BOUND = 5.0      # every feature lies in [−5, 5] (most in [−1, 1])
_KIND_INDEX = {
    action_codec.A_SWORD: 2, action_codec.A_HARPOON: 3, action_codec.A_BARRICADE: 4, action_codec.A_PROTECT: 5,
    action_codec.A_CITY_MOVE: 6, action_codec.A_CITY_PORTAL: 7, action_codec.A_CITY_SWORD: 8,
    action_codec.A_CITY_HARPOON: 9, action_codec.A_CITY_PROTECT: 10, action_codec.A_PASS: 11,
    action_codec.A_BLOCK: 12, action_codec.A_PLACE: 13, action_codec.A_YES: 14, action_codec.A_NO: 15,
    action_codec.A_PLAY_HYDRA: 16, action_codec.A_END_TURN: 17
}
_HK_ORDER = (HK_MOVE, HK_SWORD, HK_HARPOON, HK_BARRICADE, HK_PORTAL, HK_PROTECT)
REDEAL_SEED = 0x5EED


class CandidateEncoder:
    """Feature vectors of the legal actions of one seat (see the module docstring)."""

    def __init__(self, rules: Rules, max_candidates: int) -> None:
        """Rows for at most ``max_candidates`` legal actions (an integer ≥ 1)."""
        self.rules = rules
        self.K = arguments.integer("max_candidates", max_candidates, low=1)
        tables = rules.tables
        comp = rules.components
        # Per action card: (move points, growth, bites) of its hydra side; same for hydra cards.
        nc = len(comp.hydra_colours)
        self.card_harm_c = [self._harm_by_colour(c.hydra, nc) for c in comp.action_cards]
        self.hcard_harm_c = [self._harm_by_colour(h.effects, nc) for h in comp.hydra_cards]
        self.card_kind = tables.card_kind

    @staticmethod
    def _harm_by_colour(effects: Any, n_colours: int) -> tuple[float, ...]:
        """Per colour (move points, growth, bites) of a card's hydra side, flattened."""
        out = [0.0] * (3 * n_colours)
        for e in effects:
            k = {"move": 0, "grow": 1, "bite": 2}[e.op]
            out[3 * e.colour + k] += e.n if e.op != "bite" else 1
        return tuple(out)

    def encode(self, game: Any, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """``(feat float32[K, N_FEATURES], index float32[K])`` of the seat's legal
        actions (index −1 for padding); zeros when the seat is not to decide."""
        if native_of(game) is not None:          # written (zeros and −1 included) natively
            feat = np.empty((self.K, N_FEATURES), np.float32)
            index = np.empty(self.K, np.float32)
            if self.encode_into(game, seat, feat, index):
                return feat, index
        feat = np.zeros((self.K, N_FEATURES), np.float32)
        index = np.full(self.K, -1.0, np.float32)
        if game.current_player != seat:
            return feat, index
        legal = game.legal_actions()[:self.K]
        base = game.determinize(seat, np.random.default_rng(REDEAL_SEED))
        s = base.state
        pre = self._pre(s)
        for k, a in enumerate(legal):
            after = base.clone()
            after.apply(a)
            feat[k] = self._features(s, after.state, seat, a, pre)
            index[k] = a
        return feat, index

    def native_layout(self) -> Any:
        """The native tables of this encoder (cached); None without the native engine."""
        layout = self.__dict__.get("_native_layout", False)
        if layout is False:
            layout = None
            if native_available():
                width = len(self.card_harm_c[0]) if self.card_harm_c else 3 * len(self.rules.components.hydra_colours)
                layout = native_require().make_cand_layout(
                    N_FEATURES, width, [v for c in self.card_harm_c for v in c],
                    [v for c in self.hcard_harm_c for v in c], REDEAL_SEED)
            self._native_layout = layout
        return layout

    def encode_into(self, game: Any, seat: int, feat: np.ndarray, index: np.ndarray) -> bool:
        """:meth:`encode` written natively into ``feat`` (float32[K, N_FEATURES]) and ``index``
        (float32[K]) for a game on the native engine; False (nothing written) otherwise."""
        native = native_of(game)
        if native is None:
            return False
        layout = self.native_layout()
        if layout is None:
            return False
        native_require().encode_candidates(layout, native, seat, feat, index)
        return True

    def _pre(self, s: State) -> tuple[int, int, int, int]:
        return sum(s.head_position), sum(s.head_count), s.walls, s.glory[s.pending.seat] if s.pending else 0

    def _features(self, s: State, t: State, seat: int, a: int, pre: tuple) -> list[float]:
        rules = self.rules
        last = rules.board.last_pos
        f: list[float] = []
        lost = t.game_over and t.outcome == "lost"
        won = t.game_over and t.outcome == "won"
        score = solo_score(t, rules) / 110 if won and rules.solo else 0.0
        f += [float(lost), float(won), score]
        threat = 0.0
        for c in range(len(t.head_position)):
            p, n = t.head_position[c], t.head_count[c]
            f += [p / last, n / 6, float(p == last)]
            threat += ((p + 1) / (last + 1)) ** 2 * n / 6
        necks, heads = sum(t.head_position), sum(t.head_count)
        f += [necks / 36, heads / 24, t.walls / max(1, t.walls_at_start), (t.walls - pre[2]) / 3,
              (necks - pre[0]) / 4, (heads - pre[1]) / 6, threat / 4]
        f += self._harm_features(t)
        f += self._hero_features(t, seat)
        f += self._token_features(t, seat)
        f += self._action_features(s, seat, a)
        place = [0.0] * 4
        if not rules.solo:
            place[compass.ranking(t.glory).index(seat)] = 1.0
        f += [(t.glory[seat] - pre[3]) / 3 if not rules.solo else 0.0] + place
        return f

    def _action_features(self, s: State, seat: int, a: int) -> list[float]:
        codec = self.rules.codec
        kind, slot = codec.kind[a], codec.slot[a]
        onehot = [0.0] * 18
        colour = [0.0] * 4
        if kind == action_codec.A_DEST:
            card = slot_card(s, seat, slot)
            portal = card >= 0 and self.card_kind[card] == HK_PORTAL
            onehot[1 if portal else 0] = 1.0
        else:
            onehot[_KIND_INDEX[kind]] = 1.0
        c, damage = attack(s, self.rules, seat, a)
        if c >= 0:
            colour[c] = 1.0
        return onehot + colour + [damage / 3]

    def _harm_features(self, t: State) -> list[float]:
        per = [0.0] * 12          # per colour: move, grow, bite
        n = rn = 0
        for slot, card in enumerate(t.display):
            if card >= 0 and not t.display_token[slot]:
                n += 1
                for i, v in enumerate(self.card_harm_c[card]):
                    per[i] += v
        if self.rules.solo and t.solo_row_c_face_up:
            for col, card in enumerate(t.solo_row_c):
                if card >= 0 and not t.solo_row_c_blocked[col]:
                    rn += 1
                    for i, v in enumerate(self.hcard_harm_c[card]):
                        per[i] += v
        return [n / 10, rn / 5] + [v / 10 for v in per]

    def _hero_features(self, t: State, seat: int) -> list[float]:
        board = self.rules.board
        sp = t.hero_space[seat]
        area = [0.0] * 4
        area[min(board.area_of[sp], 3)] = 1.0
        bar = any(b == sp for b in t.barricade_space)
        necks = heads_live = 0
        reach = bites = 0
        dist = 10
        front = 0
        r0, c0 = divmod(sp, board.cols) if sp != board.city else (board.rows, (board.cols - 1) / 2)
        per: list[float] = []
        for c in range(len(t.head_position)):
            p, pos = t.hydra_path[c], t.head_position[c]
            hs = board.paths[p][pos]
            necks |= board.seg_mask[p][pos]
            r, cc = divmod(hs, board.cols)
            in_reach = in_bite = in_front = 0.0
            if t.head_count[c] > 0:
                heads_live += 1
                if (board.orth_mask[sp] >> hs) & 1:
                    reach += 1
                    in_reach = 1.0
                if (board.nbr_mask[hs] >> sp) & 1:
                    bites += 1
                    in_bite = 1.0
                dist = min(dist, max(abs(r - r0), abs(cc - c0)))
            if board.front(p, pos) == sp:
                in_front = 1.0
                front = 1
            per += [(r - r0) / board.rows, (cc - c0) / board.cols, in_reach, in_bite, in_front]
        return area + [float(sp == board.city), float((board.wall_mask >> sp) & 1),
                       float((necks >> sp) & 1), float(t.shielded[seat]), float(bar),
                       reach / 2, bites / 2, min(dist, 10) / 10, float(front),
                       r0 / board.rows, c0 / board.cols] + per

    def _token_features(self, t: State, seat: int) -> list[float]:
        rules = self.rules
        phase = [float(t.phase == PHASE_ACTIONS), float(t.phase == PHASE_ACTIONS_II),
                 float(t.phase not in (PHASE_ACTIONS, PHASE_ACTIONS_II))]
        left = action_tokens_left(t, rules, seat)
        usable = [0] * 6
        if t.phase in (PHASE_ACTIONS, PHASE_ACTIONS_II):
            ncols = max(1, len(t.solo_row_c))
            used_cols = t.solo_columns_used if rules.solo and t.phase == PHASE_ACTIONS else 0
            for slot, card in enumerate(t.display):
                if card >= 0 and not t.display_token[slot] and not (used_cols >> (slot % ncols)) & 1:
                    usable[_HK_ORDER.index(self.card_kind[card])] += 1
        return [left / 5] + phase + [u / 5 for u in usable]
