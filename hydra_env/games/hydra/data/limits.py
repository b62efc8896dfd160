"""Numbers the component data must respect: the rulebook counts and the engine's limits.

:data:`RULEBOOK_COUNTS` are the counts the loader enforces unless told otherwise;
:data:`LAYOUT_LIMITS` and :data:`MAX_HEADS` bound what a scenario may ask of the
engine. The engine reads the same constants from here, so each is written once.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_HEADS = 6  # R18: a head counter never exceeds 6

LAYOUT_LIMITS: dict[str, int] = {"display": 10, "action_hand": 3, "hydra_hand": 3, "solo_hydra_stack": 5}
"""Capacity of the engine's flat action layout; scenarios must fit in it."""


@dataclass(frozen=True)
class Counts:
    """Counts fixed by the rulebook; the loader checks them unless told otherwise."""

    action_cards: int = 44
    hydra_cards: int = 56
    light_cards: int = 28
    red_cards: int = 28
    solo_light: int = 10
    solo_red: int = 20
    scenarios: int = 12
    hydra_colours: int = 4
    hero_colours: int = 4
    neck_tiles_per_colour: int = 10
    wall_tokens: int = 10
    barricades: int = 4
    shields: int = 4
    moon_tokens: int = 6
    compass_spaces: int = 16
    action_tokens_per_hero: int = 6


RULEBOOK_COUNTS = Counts()
