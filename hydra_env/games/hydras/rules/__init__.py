"""Hydras, the 2–4 player card game, on the conventions of Hydra's engine.

Grow the most heads on your own hydra by laying neck cards that match neck
to neck, cut your opponents down with swords, block their necks with
torches, and answer out of turn with poison breath. The rules are
docs/games/hydras/rules.md (H1–H16). numpy and the standard library only.

::

    from hydra_env.games.hydras.rules import HydrasGame
    game = HydrasGame.new(num_players=3, seed=0)
    game.legal_actions(); game.describe(game.legal_actions()[0])
"""

from hydra_env.games.hydras.rules.codec import HydrasCodec
from hydra_env.games.hydras.rules.components import (
           RULEBOOK_COUNTS,
           CardKind,
           CardSet,
           Counts,
           default_cards,
           load_cards,
)
from hydra_env.games.hydras.rules.game import TERMINAL, HydrasGame
from hydra_env.games.hydras.rules.scoring import HydrasResult, SeatScore
from hydra_env.games.hydras.rules.views import HydrasSeatView

__all__ = ["HydrasGame", "HydrasResult", "SeatScore", "HydrasSeatView", "HydrasCodec",
           "CardSet", "CardKind", "Counts", "RULEBOOK_COUNTS", "load_cards", "default_cards",
           "TERMINAL"]
