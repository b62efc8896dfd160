"""``heuristic``: a rule-based player; in the coordinated game ``defender`` / ``glory``.

Solo (scenarios 10–12): the rules of :mod:`hydra_env.games.hydra.bots.heuristic_solo` — block
the most harmful face-up hydra card when that beats using a card, strike a
head about to reach the wall, barricade in front of fast heads, take the
attack that lowers the Hydra's threat most, keep a shield in bite range,
use moves and portals to reach the threats, and never leave a display card
unused when a token could take it.

Coordinated (scenarios 1–9): the rules of :mod:`hydra_env.games.hydra.bots.heuristic_coop` in
one of two styles. ``heuristic`` plays the ``defender`` style (the city
first) unless ``style="glory"`` is given; the registry also names the two
styles ``defender`` and ``glory``.

Both read only a sample of the game from the seat's view
(:meth:`hydra_env.SeatView.sample`): hidden cards there are re-dealt, so the
bot never peeks (R41). The seed drives that sampling only.

On a native game the rules run in C++ (:mod:`hydra_env.games.hydra.bots.native_bots`), with the
same decisions as the Python rules.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env.api.bots import make_notes
from hydra_env.games.hydra.bots import features, native_bots
from hydra_env.games.hydra.bots.heuristic_coop import STYLES, CoopRules
from hydra_env.games.hydra.bots.heuristic_solo import SoloRules
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.state import DECIDE_ACTION
from hydra_env.games.hydra.rules.views import SeatView


class HeuristicBot:
    """Rule-based player (module docstring)."""

    name = "heuristic"
    keep_notes = False          # hydra_env.api.bots: notes = the rules' score of each hero action
    last_notes = None

    def __init__(self, seed: int | None = None, *, style: str = "defender",
                 weights: dict | None = None, block_margin: float | None = None,
                 name: str | None = None) -> None:
        """``style``: ``"defender"`` or ``"glory"`` (coordinated game only);
        ``weights`` overrides :class:`hydra_env.games.hydra.bots.features.SoloWeights` fields;
        ``name`` the bot's name in reports (default: ``heuristic``)."""
        self.name = name or "heuristic"
        self.rng = np.random.default_rng(seed)
        self.style = style
        self.w = features.solo_weights(weights)
        margin = {} if block_margin is None else {"block_margin": block_margin}
        self.solo = SoloRules(self.w, **margin)
        self.coop = CoopRules(features.solo_weights(weights, features.COOP_BOARD), style)

    def act(self, view: SeatView, legal_actions: list[int]) -> int:
        """The action the rules pick."""
        self.last_notes = None
        if len(legal_actions) == 1:
            return legal_actions[0]
        g = view.sample(self.rng)
        native = native_bots.game_of(g)
        if native is not None:
            action = native_bots.module.heuristic_decide(native, view.seat, legal_actions, self.native_policy())
        else:
            action = (self.solo if g.is_solo else self.coop).decide(g, view.seat, legal_actions)
        if self.keep_notes and g.state.pending.kind == DECIDE_ACTION:
            self.last_notes = self.notes(g, view.seat, legal_actions)
        return action

    def notes(self, game: Game, seat: int, legal_actions: list[int]) -> dict | None:
        """The scored candidates of a hero-action decision (uses no randomness)."""
        native = native_bots.game_of(game)
        if native is not None:
            scored = native_bots.module.heuristic_scores(native, seat, legal_actions, self.native_policy())
        elif game.is_solo:
            scored = self.solo.scored(game, seat, legal_actions)
        else:
            scored = self.coop.score_actions(game, seat, legal_actions)
        label = ("rule score (a priority rule — block, strike at the wall, barricade — may pick first)"
                 if game.is_solo else f"rule score ({self.style})")
        return make_notes("values", [(a, v) for v, a in scored], label)

    def native_policy(self) -> Any:
        """The rules' parameters for the native code (:func:`hydra_env.games.hydra.bots.native_bots.policy`)."""
        return native_bots.policy(self.solo, self.coop)

    def ranked(self, game: Game, seat: int, legal_actions: list[int]) -> list[int]:
        """The legal actions best first, for a sampled game ``g`` (used by ``rollout``)."""
        native = native_bots.game_of(game)
        if native is not None:
            return native_bots.module.heuristic_ranked(native, seat, legal_actions, self.native_policy())
        kind = game.state.pending.kind
        if game.is_solo and kind == DECIDE_ACTION:
            return self.solo.ranked(game, seat, legal_actions, full=True)
        if not game.is_solo and kind == DECIDE_ACTION:
            first = self.coop.decide(game, seat, legal_actions)
            scored = sorted(self.coop.score_actions(game, seat, legal_actions), key=lambda x: -x[0])
            rest = [a for _, a in scored if a != first]
            return [first] + rest + [a for a in legal_actions if a != first and a not in rest]
        first = (self.solo if game.is_solo else self.coop).decide(game, seat, legal_actions)
        return [first] + [a for a in legal_actions if a != first]

    def coop_weights(self) -> features.CoopWeights:
        """The coordinated evaluation weights of this bot's style."""
        city, glory, _ = STYLES[self.style]
        return features.CoopWeights(city=city, glory=glory)
