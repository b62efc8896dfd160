"""``greedy``: one-ply lookahead with a documented evaluation.

At each decision the bot draws ONE sample of the game from its seat's view
(hidden cards re-dealt, :meth:`hydra_env.SeatView.sample`), applies every
legal action to a clone of that sample and plays the action whose resulting
position has the highest value; ties are broken by the seeded generator.

Solo value (:func:`hydra_env.games.hydra.bots.features.solo_value`; a won game is worth its R39
score, a lost one −1000)::

    V = 100 − necks − heads + wall·walls                      the score, walls weighted
        − Σ_heads threat(d, counter)                          d: spaces to the wall
        − crowd[heads on their last space]                    4 of them: defeat (R39)
        − low_walls · max(0, 4 − walls)²                      a breach is near
        + damage · Σ potential(unused card)                   best `tokens left` cards
        + use · min(cards usable now, tokens left)
        − leftover · max(0, unused display cards − tokens left)
        + Σ barrier(head) over barricades in front of a head   R17
        − exposed·[unprotected in bite / run-over range] + shield·[protected]
        − 5·[on the wall area in the last round]

    threat(d, h)      = (front[d] + bite·h·[d = 0]) · (1 if h > 0 else dormant)
    potential(card)   = reach[steps to an attack space] × gain of its damage on the
                        colour where it helps most (sword, harpoon; cards shared out so
                        that no threat is counted twice), or the value of a barricade in
                        front of a dangerous head / a wall repair in the city (barricade)
    gain(c, k)        = fall of `necks + heads + threat` when colour c takes k damage

Weights: :class:`hydra_env.games.hydra.bots.features.SoloWeights` — ``wall`` 1; ``front`` 6, 3.5,
2, 1, 0.5, 0.2 for d = 0…5 (0 beyond); ``bite`` 0.5; ``dormant`` 0.3;
``crowd`` 0, 0, 3, 15 for 0…3 heads in front of the wall; ``low_walls`` 2;
``reach`` 1, .7, .45, .25, .1 for 0…4 steps; ``damage`` 0.8; ``use`` 0.3;
``leftover`` 3; ``barrier`` 2 + 0.5·threat one space nearer (0.5 for a head
at 0); ``exposed`` 0.5; ``shield`` 0.3.

With ``row_lookahead`` (the default) the evaluation of a solo position in
action phase II first does, on the clone, the effects of the unblocked
face-up hydra cards of row C (public once revealed, R35) — so blocking a
card and fighting the heads those cards move are valued. The last action of
a round sets off the real Hydra phase on the clone, so it is always seen.

Coordinated value (:func:`hydra_env.games.hydra.bots.features.coop_value`): the same board and
position terms (``city`` weight 1) plus ``glory`` (0.3) × the seat's lead
on the compass; a finished game is worth +200 (won) or −1000 (lost) plus
the seat's final rank. Every decision kind (buckle up, action, play a
hydra card, end turn, shove, evade, follow) is the same one-ply choice.

On a native game the values are computed in C++ (:mod:`hydra_env.games.hydra.bots.native_bots`),
identical to :meth:`GreedyBot.value_after`'s.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from hydra_env.api.bots import make_notes
from hydra_env.games.hydra.bots import features, native_bots
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.views import SeatView


class GreedyBot:
    """One-ply lookahead on one sample per decision (see the module docstring)."""

    name = "greedy"
    keep_notes = False          # hydra_env.api.bots: notes = the one-ply value of every candidate
    last_notes = None

    def __init__(self, seed: int | None = None, *, row_lookahead: bool = True,
                 weights: dict | None = None, coop_weights: dict | None = None) -> None:
        """``seed`` makes the choices reproducible; ``weights`` overrides
        :class:`hydra_env.games.hydra.bots.features.SoloWeights` fields, ``coop_weights``
        :class:`hydra_env.games.hydra.bots.features.CoopWeights` fields."""
        self.rng = np.random.default_rng(seed)
        self.row_lookahead = row_lookahead
        self.w = features.solo_weights(weights)
        self.cw = dataclasses.replace(features.CoopWeights(), **(coop_weights or {}))

    def act(self, view: SeatView, legal_actions: list[int]) -> int:
        """The legal action with the best one-ply value."""
        self.last_notes = None
        if len(legal_actions) == 1:
            return legal_actions[0]
        sample = view.sample(self.rng)
        seat = view.seat
        native = native_bots.game_of(sample)
        if native is not None:
            values = np.array(native_bots.module.greedy_values(
                native, seat, legal_actions, native_bots.weights(self.w), native_bots.coop_weights(self.cw),
                self.row_lookahead))
        else:
            values = np.array([self.value_after(sample, a, seat) for a in legal_actions])
        noise = self.rng.random(len(values)) * 1e-6
        if self.keep_notes:
            self.last_notes = make_notes("values", zip(legal_actions, values), "one-ply value")
        return legal_actions[int(np.argmax(values + noise))]

    def value_after(self, sample: Game, action: int, seat: int) -> float:
        """Value of ``sample`` after ``action`` (the sample itself is not changed)."""
        g = sample.clone()
        g.apply(action)
        if not g.is_solo:
            return features.coop_value(g, seat, self.cw)
        state, rules = g.state, g.rules
        if self.row_lookahead and not state.game_over and state.solo_row_c_face_up:
            after = features.run_effects(state, rules, features.pending_row_effects(state, rules))
            return features.board_value(after, rules, self.w) + features.hero_value(state, rules, seat, self.w)
        return features.solo_value(g, seat, self.w)
