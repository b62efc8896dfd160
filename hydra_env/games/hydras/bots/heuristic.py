"""``heuristic``: grows its own hydra early, completes it near the end, and spends
swords, torches and poison breath against the leader.

Like ``greedy`` it looks one ply ahead (:mod:`hydra_env.games.hydras.bots.evaluation`), but
values a position with more than the score. With ``late`` rising from 0 to 1
over the last ``endgame`` share of the deck (1 in the last round, H13) and
``early = 1 − late``, the value for the bot's seat is

    V = own − (leader·best other + (1 − leader)·mean other) + hand

    own, other = board score (H15, hand penalty aside)
                 + grow·early·min(open ends, 4)        room to grow
                 − close·late·(open ends + dangling)   unfinished necks at the end
    own        −= late·(heads on the cards kept in hand)
    hand        = poison·min(poison breaths kept, 2) + sword·min(swords kept, 2)
                  + torch·min(torches kept, 1), all × (0.4 + 0.6·early)

A sword or torch on another seat's hydra counts its effect × ``trust``
(it may be blocked). So it caps necks with heads late rather than early,
keeps poison breath to block (and blocks a cut or torch on its hydra when the
loss outweighs the card), and cuts and burns whoever leads. Default
weights: ``grow`` 1.0, ``close`` 0.5, ``poison`` 1.6, ``sword`` 0.7,
``torch`` 0.6, ``leader`` 1.0, ``trust`` 0.85, ``endgame`` 0.45 (tuned against two greedy seats).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from hydra_env.games.hydras.bots.evaluation import Outcome, Summary, board_scores, outcomes, summary_of
from hydra_env.games.hydras.rules import HydrasSeatView
from hydra_env.games.hydras.rules import codec as actions
from hydra_env.games.hydras.rules.hydra import analysis_of
from hydra_env.games.hydras.rules.state import State
from hydra_env.games.hydras.rules.tables import Tables


@dataclass(frozen=True)
class HeuristicWeights:
    """The weights of the module docstring's value."""

    grow: float = 1.0
    close: float = 0.5
    poison: float = 1.6
    sword: float = 0.7
    torch: float = 0.6
    leader: float = 1.0
    trust: float = 0.85
    endgame: float = 0.45


class HydrasHeuristicBot:
    """Rule-based one-ply player (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, *, weights: dict | None = None) -> None:
        """``seed`` breaks ties reproducibly; ``weights`` overrides :class:`HeuristicWeights`."""
        self.rng = np.random.default_rng(seed)
        self.weights = replace(HeuristicWeights(), **(weights or {}))

    def act(self, view: HydrasSeatView, legal_actions: list[int] | None = None) -> int:
        """The legal action with the best value."""
        legal = view.legal_actions() if legal_actions is None else legal_actions
        if len(legal) == 1:
            return legal[0]
        sample = view.sample(self.rng)       # hidden cards re-dealt: nothing to peek at
        state, tables = sample.state, sample.tables
        late = self._late(state, tables)
        now = tuple(summary_of(analysis_of(state, tables, s)) for s in range(state.players))
        standing = self._positions(now, late)
        values = [self._value(state, tables, view.seat, action, outcome, late, standing)
                  for action, outcome in zip(legal, outcomes(state, tables, legal))]
        noise = self.rng.random(len(values)) * 1e-6
        return legal[int(np.argmax(np.asarray(values) + noise))]

    def _late(self, state: State, tables: Tables) -> float:
        if state.final_turns_left > 0:
            return 1.0
        dealt = tables.cards.deck_size - tables.hand_size * state.players
        left = len(state.deck) / max(dealt, 1)
        return float(min(max((self.weights.endgame - left) / self.weights.endgame, 0.0), 1.0))

    def _positions(self, summaries: tuple[Summary, ...], late: float) -> list[float]:
        """Board score plus room to grow minus unfinished necks, by seat."""
        w = self.weights
        early = 1.0 - late
        return [score + w.grow * early * min(x.open_ends, 4) - w.close * late * (x.open_ends + x.dangling)
                for score, x in zip(board_scores(summaries), summaries)]

    def _value(self, state: State, tables: Tables, seat: int, action: int, outcome: Outcome,
               late: float, standing: list[float]) -> float:
        w = self.weights
        values = self._positions(outcome.summaries, late)
        if tables.codec.decode(action).kind in _BLOCKABLE:
            # The card may be blocked: its effect counts `trust` of the way.
            values = [w.trust * v + (1.0 - w.trust) * u for v, u in zip(values, standing)]
        hand = list(state.hands[seat])
        if outcome.card >= 0 and outcome.card in hand:
            hand.remove(outcome.card)
        own = values[seat] - late * sum(tables.kind_heads[c] for c in hand)
        others = [v for s, v in enumerate(values) if s != seat]
        rival = w.leader * max(others) + (1.0 - w.leader) * sum(others) / len(others)
        keep = (w.poison * min(sum(tables.is_poison[c] for c in hand), 2)
                + w.sword * min(sum(tables.is_sword[c] for c in hand), 2)
                + w.torch * min(hand.count(tables.torch), 1)) * (0.4 + 0.6 * (1.0 - late))
        return own - rival + keep


_BLOCKABLE = (actions.SWORD, actions.TORCH, actions.BURN)
