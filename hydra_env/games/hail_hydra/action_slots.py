"""The action slots of Hail Hydra's summary observation: the actions that name one other seat
(``TARGET + k - 1`` names relative seat k = 1..7) and, for each, where the observation describes
that seat. A policy with a pointer head (a score per slot from the slot's own features, one
network shared by all slots) reads them as the observer's ``action_slots``.

The features of relative seat k, all from the seat's information set (HH33):

- the ``game`` part: known loyalty (3), hero (14), ability used, revealed, knocked out,
  immune (4), token holder, hand size, "a verdict may save it" (3);
- the ``summary`` part: public and private posterior (2); in the latest offensive, the seat's
  block (20: active, out, revealed, cards, claim, face-up cards, gifts, ability); in the
  latest vote round, who nominated it and who voted for it (8 + 8), whether it went out (1),
  and its own nomination and vote (9 + 9); its ``ballot`` figures (3: the nominations it
  received weighted by the nominators' private chance of being SHIELD, whether it is the
  observer's private and its public top suspect).
"""

from __future__ import annotations

from hydra_env.games.hail_hydra.codec import TARGET
from hydra_env.games.hail_hydra.observer import GAME_AT, OFFENSIVE_AT, ROUND_AT, SEAT_WIDTH, N

CHOICES = N + 1
"""The choices of one voter in a vote-round row: the N relative seats, then "up"."""


def seat_features(k: int, summary: dict[str, int]) -> list[int]:
    """The flat observation indices that describe relative seat ``k`` (the module docstring);
    ``summary``: where the summary's ``beliefs``, ``offensive``, ``round`` and ``ballot`` fields
    start in the flat observation."""
    game = [GAME_AT["known_loyalty"] + 3 * k + i for i in range(3)]
    game += [GAME_AT["hero"] + 14 * k + i for i in range(14)]
    game += [GAME_AT[flag] + k for flag in ("used", "revealed", "out", "immune", "token", "hand_sizes", "verdict")]
    beliefs, offensive, round_row = summary["beliefs"], summary["offensive"], summary["round"]
    features = [beliefs + k, beliefs + N + k]
    features += [offensive + OFFENSIVE_AT["seats"] + SEAT_WIDTH * k + i for i in range(SEAT_WIDTH)]
    nominations, votes = round_row + ROUND_AT["nominations"], round_row + ROUND_AT["votes"]
    features += [nominations + CHOICES * v + k for v in range(N)]
    features += [votes + CHOICES * v + k for v in range(N)]
    features += [round_row + ROUND_AT["result"] + k]
    features += [nominations + CHOICES * k + i for i in range(CHOICES)]
    features += [votes + CHOICES * k + i for i in range(CHOICES)]
    features += [summary["ballot"] + N * row + k for row in range(3)]
    return game + features


def action_slots(summary: dict[str, int]) -> dict[str, list]:
    """``actions`` (the seven seat targets) and ``features`` (per target, :func:`seat_features`)."""
    return {"actions": [TARGET + k - 1 for k in range(1, N)],
            "features": [seat_features(k, summary) for k in range(1, N)]}
