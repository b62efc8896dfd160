"""Shared evaluation for the scripted bots: board facts, card facts, the board and
hero values and their weights.

Every function here reads a *sampled* game (``SeatView.sample``), never the
real one, so what it computes depends only on the seat's information (R41):
hidden cards in a sample are random but consistent with the seat's view.
Functions take the raw ``State`` and ``Rules`` of the sample (fast reads).

Modules, one job each (importers use this package: ``from hydra_env.games.hydra.bots import features as F``):

- :mod:`~hydra_env.games.hydra.bots.features.board_facts` — where the heads are, danger to a hero,
  distances to the spaces a hero could act from.
- :mod:`~hydra_env.games.hydra.bots.features.card_facts` — unused cards, tokens left, a card's
  effects and what they would do (:func:`run_effects`).
- :mod:`~hydra_env.games.hydra.bots.features.weights` — :class:`SoloWeights`, :data:`COOP_BOARD`,
  :class:`CoopWeights`, :data:`LOSS`.
- :mod:`~hydra_env.games.hydra.bots.features.board_eval` — the board value ``B`` (the Hydra and the
  walls) and what a change of the board is worth.
- :mod:`~hydra_env.games.hydra.bots.features.hero_eval` — the hero value ``H`` (position and cards).
- :mod:`~hydra_env.games.hydra.bots.features.game_eval` — the solo value ``B + H`` and a seat's
  coordinated value.
"""

from __future__ import annotations

from hydra_env.games.hydra.bots.features.board_eval import (
                                        barrier_value,
                                        board_value,
                                        damage_gains,
                                        effect_harm,
                                        head_threat,
                                        wall_gain,
)
from hydra_env.games.hydra.bots.features.board_facts import (
                                        attack_masks,
                                        danger_mask,
                                        distance_layers,
                                        distance_to_wall,
                                        first_layer,
                                        front_space,
                                        head_space,
                                        hero_exposed,
                                        neck_masks,
)
from hydra_env.games.hydra.bots.features.card_facts import (
                                        card_effects,
                                        pending_row_effects,
                                        run_effects,
                                        slot_card,
                                        tokens_left,
                                        unused_slots,
)
from hydra_env.games.hydra.bots.features.game_eval import coop_value, glory_lead, solo_value
from hydra_env.games.hydra.bots.features.hero_eval import barricade_gain, card_potential, hero_value, value_at
from hydra_env.games.hydra.bots.features.weights import COOP_BOARD, LOSS, CoopWeights, SoloWeights, solo_weights

__all__ = ["LOSS", "SoloWeights", "COOP_BOARD", "CoopWeights", "solo_weights", "solo_value",
           "coop_value", "board_value", "hero_value", "value_at", "head_threat", "damage_gains",
           "barrier_value", "wall_gain", "card_potential", "barricade_gain", "effect_harm",
           "run_effects", "pending_row_effects", "card_effects", "tokens_left", "unused_slots",
           "slot_card", "danger_mask", "hero_exposed", "front_space", "distance_to_wall",
           "head_space", "distance_layers", "first_layer", "attack_masks", "neck_masks",
           "glory_lead"]
