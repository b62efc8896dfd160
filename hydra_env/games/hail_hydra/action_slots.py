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
  and its own nomination and vote (9 + 9).
"""

from __future__ import annotations

from hydra_env.games.hail_hydra.codec import TARGET
from hydra_env.games.hail_hydra.observer import ROW, N

# Places inside the ``game`` part (observer.HailHydraObserver._game's order).
KNOWN, HERO, FLAGS, TOKEN, HAND_SIZES, VERDICT = 18, 42, 154, 186, 194, 257
# Places inside a vote-round row (observer.HailHydraObserver._round) and an offensive row.
NOMINATIONS, VOTES, RESULT, CHOICES = 8, 80, 152, 9
SEAT_BLOCK, SEAT_WIDTH = 14, 20


def seat_features(k: int, summary_at: int) -> list[int]:
    """The flat observation indices that describe relative seat ``k`` (the module docstring);
    ``summary_at``: where the summary part starts."""
    game = [KNOWN + 3 * k + i for i in range(3)] + [HERO + 14 * k + i for i in range(14)]
    game += [FLAGS + 8 * j + k for j in range(4)] + [TOKEN + k, HAND_SIZES + k, VERDICT + k]
    offensive, round_row = summary_at + 2 * N, summary_at + 2 * N + ROW
    summary = [summary_at + k, summary_at + N + k]
    summary += [offensive + SEAT_BLOCK + SEAT_WIDTH * k + i for i in range(SEAT_WIDTH)]
    summary += [round_row + NOMINATIONS + CHOICES * v + k for v in range(N)]
    summary += [round_row + VOTES + CHOICES * v + k for v in range(N)]
    summary += [round_row + RESULT + k]
    summary += [round_row + NOMINATIONS + CHOICES * k + i for i in range(CHOICES)]
    summary += [round_row + VOTES + CHOICES * k + i for i in range(CHOICES)]
    return game + summary


def action_slots(summary_at: int) -> dict[str, list]:
    """``actions`` (the seven seat targets) and ``features`` (per target, :func:`seat_features`)."""
    return {"actions": [TARGET + k - 1 for k in range(1, N)],
            "features": [seat_features(k, summary_at) for k in range(1, N)]}
