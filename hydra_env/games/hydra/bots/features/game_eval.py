"""A seat's whole evaluation of a sampled game, solo or coordinated.

Solo value: ``B + H`` (:func:`solo_value`; ``B`` is
:func:`~hydra_env.games.hydra.bots.features.board_eval.board_value`, ``H``
:func:`~hydra_env.games.hydra.bots.features.hero_eval.hero_value`). Coordinated value for a seat
(:func:`coop_value`): ``city · B + H + glory · (own compass progress − best
other seat's)``, with the weights of :class:`~hydra_env.games.hydra.bots.features.weights.CoopWeights`
(``board``: ``COOP_BOARD``, which has no four-heads defeat); a finished
coordinated game is worth ``200 · city`` (won) or ``LOSS · city`` (lost) plus a
term for the seat's final rank (R22).
"""

from __future__ import annotations

from hydra_env.games.hydra.bots.features.board_eval import board_value
from hydra_env.games.hydra.bots.features.hero_eval import hero_value
from hydra_env.games.hydra.bots.features.weights import LOSS, CoopWeights, SoloWeights
from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.state import State

__all__ = ["solo_value", "coop_value", "glory_lead"]


def solo_value(game: Game, seat: int = 0, weights: SoloWeights | None = None) -> float:
    """The solo value ``B + H`` of a sampled game (``B`` alone once it is over)."""
    weights = weights or SoloWeights()
    state, rules = game.state, game.rules
    v = board_value(state, rules, weights)
    if state.game_over:
        return v
    return v + hero_value(state, rules, seat, weights)


def coop_value(game: Game, seat: int, weights: CoopWeights | None = None) -> float:
    """A seat's evaluation of a sampled coordinated game (module docstring)."""
    weights = weights or CoopWeights()
    state, rules = game.state, game.rules
    if state.game_over:
        won = state.outcome == "won"
        rank = compass.ranking(state.glory).index(seat)
        own = (len(state.glory) - 1 - rank) * 10.0
        if won:
            return 200.0 * weights.city + own * weights.rank * (3.0 if rank == 0 else 1.0)
        return LOSS * weights.city - (30.0 * weights.rank if rank == len(state.glory) - 1 else 0.0)
    board_weights = weights.board
    v = weights.city * board_value(state, rules, board_weights)
    v += hero_value(state, rules, seat, board_weights)
    v += weights.glory * glory_lead(state, seat)
    return v


def glory_lead(state: State, seat: int) -> float:
    """The seat's compass progress minus the best other seat's (R22); 0 alone."""
    others = [g for s, g in enumerate(state.glory) if s != seat]
    return float(state.glory[seat] - max(others)) if others else 0.0
