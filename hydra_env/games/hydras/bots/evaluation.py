"""What an action does to the hydras, for the one-ply bots: the engine-side
:mod:`hydra_env.games.hydras.rules.outcomes` (also used by the Hydras candidate features),
re-exported under its older name."""

from hydra_env.games.hydras.rules.outcomes import (
                                       Outcome,
                                       Summary,
                                       after_cut,
                                       after_neck,
                                       after_torch,
                                       board_scores,
                                       is_block_offer,
                                       outcomes,
                                       summary_of,
)

__all__ = ["Outcome", "Summary", "after_cut", "after_neck", "after_torch", "board_scores",
           "is_block_offer", "outcomes", "summary_of"]
