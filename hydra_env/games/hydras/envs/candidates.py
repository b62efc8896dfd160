"""Candidate features of Hydras: one feature vector per legal action, from its after-state.

``HydrasEnv(candidates=K)`` adds them to the observation, for policies that
score each legal action by what it leads to (``CandidatePolicy`` of
``agents.train.policy``) instead of learning what each of 10,175 indices
means. The after-state is the action's *immediate effect*
(:func:`hydra_env.games.hydras.rules.outcomes.outcomes`: the neck placed, the cut, the
torch placed; on a block offer, the chain's card acting or not), assuming
nobody blocks afterwards. It reads only the hydras, the block chain and the
seat's own hand, so no hidden card leaks (H14; the re-deal test checks it).

Per candidate, ``float32[N_FEATURES]``. Seats are relative to the deciding
seat (0 itself); *position* is the one-ply value the ``heuristic`` bot uses:
board score (H15, hand penalty aside) + ``early``·min(open ends, 4) −
0.5·``late``·(open ends + dangling necks), with ``late`` rising from 0 to 1
over the last 45 % of the deck (1 in the last round) and ``early = 1 − late``::

    index  content
    -----  -----------------------------------------------------------------
     0– 2  late; deck cards / deck size; the last round is running (H13)
     3–10  the decision's kind one-hot: neck, sword, torch, discard, burn,
           no burn, block, pass (the codec's kinds)
    11–14  the target hydra one-hot (relative seat; zeros for none)
    15–18  the card leaving the hand: heads / 3, sword icon, poison icon, torch
    19     the card may be blocked (a sword, torch or slash and burn)
    20–43  after the action, per relative seat (4 × 6): board score / 20,
           open ends / 10, dangling necks / 5, torches / 3, greatest neck / 10,
           complete hydra
    44–47  change of: own board score / 5, best other board score / 5, own
           open ends / 3, best other open ends / 3
    48–52  own position after / 20, best other position after / 20, mean other
           position after / 20, own position now / 20, best other position now / 20
    53–54  heads on the cards kept in hand / 12, the same × late
    55–58  kept poison breaths (at most 2) / 2, kept swords (at most 2) / 2, a kept
           torch, their keeping value (1.6·p + 0.7·s + 0.6·t)·(0.4 + 0.6·early) / 5
    59     the heuristic's value of the action / 20 (own position − best other
           position + keeping value − late·kept heads; blockable effects counted
           0.85 of the way)
    60     the greedy margin / 20 (own score after − best other board score)
    61–62  block offers: poison breaths in the chain after the action / 4; the
           chain's sword or torch then acts
    63–64  unseen poison breaths (deck and other hands) / 10; other seats with
           cards in hand (who could block) / 3

Values lie in [−5, 5] (most in [−1, 1]). When a seat has more than ``K``
legal actions, the ``K`` with the best heuristic value are kept (in index
order) and the env's mask offers only those; ``cand_index`` holds each
row's action index, −1 for padding rows.
"""

from __future__ import annotations

import numpy as np

from hydra_env import arguments
from hydra_env.games.hydras.rules import codec as kinds
from hydra_env.games.hydras.rules.hydra import analysis_of
from hydra_env.games.hydras.rules.outcomes import Summary, board_scores, outcomes, summary_of
from hydra_env.games.hydras.rules.state import State
from hydra_env.games.hydras.rules.tables import Tables

N_FEATURES = 65
FEATURE_BOUND = 5.0
ENDGAME = 0.45                          # the heuristic's share of the deck that is "late"
_BLOCKABLE = (kinds.SWORD, kinds.TORCH, kinds.BURN)
_TRUST = 0.85


def lateness(state: State, tables: Tables) -> float:
    """0 early … 1 in the last round: how far into the last 45 % of the deck the game is."""
    if state.final_turns_left > 0:
        return 1.0
    dealt = tables.cards.deck_size - tables.hand_size * state.players
    left = len(state.deck) / max(dealt, 1)
    return float(min(max((ENDGAME - left) / ENDGAME, 0.0), 1.0))


def positions(summaries: tuple[Summary, ...], late: float) -> list[float]:
    """The heuristic's position value of every seat (see the module docstring)."""
    early = 1.0 - late
    return [score + early * min(x.open_ends, 4) - 0.5 * late * (x.open_ends + x.dangling)
            for score, x in zip(board_scores(summaries), summaries)]


class HydrasCandidateEncoder:
    """Feature rows of the legal actions of the deciding seat (module docstring)."""

    def __init__(self, tables: Tables, max_candidates: int) -> None:
        """Rows for at most ``max_candidates`` legal actions (an integer ≥ 1)."""
        self.tables = tables
        self.K = arguments.integer("candidates", max_candidates, low=1)
        self.seats = tables.max_players
        poison_total = sum(k.count for k, p in zip(tables.cards.kinds, tables.is_poison) if p)
        self._poison_total = poison_total

    def encode(self, state: State, seat: int, legal: list[int] | tuple[int, ...]) \
            -> tuple[np.ndarray, np.ndarray]:
        """``(feat float32[K, N_FEATURES], index float32[K])`` of ``legal`` (the legal
        actions of ``seat``, which decides now); zeros and −1 when ``legal`` is empty."""
        feat = np.zeros((self.K, N_FEATURES), np.float32)
        index = np.full(self.K, -1.0, np.float32)
        if not legal:
            return feat, index
        rows = self.rows(state, seat, list(legal))
        if len(rows) > self.K:
            best = sorted(range(len(rows)), key=lambda i: -rows[i][59])[:self.K]
            keep = sorted(best)
            rows = [rows[i] for i in keep]
            legal = [legal[i] for i in keep]
        feat[:len(rows)] = np.asarray(rows, np.float32)
        index[:len(rows)] = legal
        np.clip(feat, -FEATURE_BOUND, FEATURE_BOUND, out=feat)
        return feat, index

    def rows(self, state: State, seat: int, legal: list[int]) -> list[list[float]]:
        """The feature row of every action of ``legal`` (unclipped, all of them)."""
        tables = self.tables
        players = state.players
        late = lateness(state, tables)
        early = 1.0 - late
        now = tuple(summary_of(analysis_of(state, tables, s)) for s in range(players))
        pos_now = positions(now, late)
        score_now = board_scores(now)
        order = [(seat + r) % players for r in range(players)]
        others = order[1:]
        best_pos_now = max(pos_now[s] for s in others)
        best_score_now = max(score_now[s] for s in others)
        best_open_now = max(now[s].open_ends for s in others)
        hand = state.hands[seat]
        unseen_poison = self._poison_total - sum(
            1 for c in state.discard if tables.is_poison[c]) - sum(
            1 for c in hand if tables.is_poison[c]) - sum(
            1 for _, c in state.blocks if tables.is_poison[c])
        for s in range(players):
            found = analysis_of(state, tables, s)
            unseen_poison -= found.poisons
        blockers = sum(1 for s in others if state.hands[s])
        context = [late, len(state.deck) / max(tables.cards.deck_size, 1),
                   float(state.final_turns_left > 0)]
        tail_context = [max(unseen_poison, 0) / 10, blockers / 3]
        decode = tables.codec.decode
        heads, is_sword, is_poison = tables.kind_heads, tables.is_sword, tables.is_poison
        hand_heads = sum(heads[c] for c in hand)
        hand_poison = sum(is_poison[c] for c in hand)
        hand_sword = sum(is_sword[c] for c in hand)
        hand_torch = hand.count(tables.torch)
        out = []
        for action, outcome in zip(legal, outcomes(state, tables, legal)):
            kind, _, target, _, _ = decode(action)
            card = outcome.card
            row = context + [0.0] * 8 + [0.0] * 4
            row[3 + kind] = 1.0
            if target >= 0:
                row[11 + target] = 1.0
            blockable = kind in _BLOCKABLE
            if card >= 0:
                row += [heads[card] / 3, float(is_sword[card]), float(is_poison[card]),
                        float(card == tables.torch)]
            else:
                row += [0.0, 0.0, 0.0, 0.0]
            row.append(float(blockable))
            after = outcome.summaries
            scores = board_scores(after)
            for r in range(self.seats):
                if r < players:
                    x = after[order[r]]
                    row += [scores[order[r]] / 20, x.open_ends / 10, x.dangling / 5,
                            x.torches / 3, x.neck / 10, float(x.complete)]
                else:
                    row += [0.0] * 6
            best_score = max(scores[s] for s in others)
            row += [(scores[seat] - score_now[seat]) / 5, (best_score - best_score_now) / 5,
                    (after[seat].open_ends - now[seat].open_ends) / 3,
                    (max(after[s].open_ends for s in others) - best_open_now) / 3]
            pos = positions(after, late)
            if blockable:
                pos = [_TRUST * v + (1.0 - _TRUST) * u for v, u in zip(pos, pos_now)]
            other_pos = [pos[s] for s in others]
            row += [pos[seat] / 20, max(other_pos) / 20, sum(other_pos) / len(other_pos) / 20,
                    pos_now[seat] / 20, best_pos_now / 20]
            kept_heads = hand_heads - (heads[card] if card >= 0 else 0)
            poison = min(hand_poison - (card >= 0 and is_poison[card]), 2)
            sword = min(hand_sword - (card >= 0 and is_sword[card]), 2)
            torch = min(hand_torch - (card == tables.torch), 1)
            keep = (1.6 * poison + 0.7 * sword + 0.6 * torch) * (0.4 + 0.6 * early)
            row += [kept_heads / 12, late * kept_heads / 12, poison / 2, sword / 2, float(torch),
                    keep / 5]
            row.append((pos[seat] - late * kept_heads - max(other_pos) + keep) / 20)
            row.append((scores[seat] - kept_heads - best_score) / 20)
            if kind in (kinds.BLOCK, kinds.PASS):
                chain = len(state.blocks) + (kind == kinds.BLOCK)
                row += [chain / 4, float(chain % 2 == 0)]
            else:
                row += [0.0, 0.0]
            out.append(row + tail_context)
        return out
