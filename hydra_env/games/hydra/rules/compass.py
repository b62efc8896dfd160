"""The compass (R22–R25): glory as absolute progress, support, turn order.

Each hero's token has an absolute progress (laps × 16 + space); two tokens
never share one. ``glory`` below is the list of progress values by seat.
"""

from __future__ import annotations


def gain(glory: list[int], seat: int, amount: int) -> None:
    """R22: move ``seat`` forward ``amount`` times, skipping held positions."""
    if amount <= 0:
        return
    held = set(glory)
    p = glory[seat]
    for _ in range(amount):
        p += 1
        while p in held:
            p += 1
    glory[seat] = p


def lose(glory: list[int], seat: int, amount: int) -> None:
    """R22: move ``seat`` back ``amount`` times, skipping held positions."""
    if amount <= 0:
        return
    held = set(glory)
    p = glory[seat]
    for _ in range(amount):
        p -= 1
        while p in held:
            p -= 1
    glory[seat] = p


def ranking(glory: list[int]) -> list[int]:
    """Seats from first to last on the compass (highest progress first)."""
    return sorted(range(len(glory)), key=lambda s: -glory[s])


def support(glory: list[int]) -> None:
    """R24: 2nd place gains 1, 3rd 2, 4th 3, never reaching the token above."""
    order = ranking(glory)
    for place in range(1, len(order)):
        seat = order[place]
        above = glory[order[place - 1]]
        glory[seat] = min(glory[seat] + place, above - 1)


def turn_order(glory: list[int]) -> list[int]:
    """R25: the last on the compass plays 1st, the next-to-last 2nd, and so on."""
    return ranking(glory)[::-1]


def starting_glory(permutation: list[int]) -> list[int]:
    """R23: the first token of a random order on 0, the others on −1, −2, −3."""
    glory = [0] * len(permutation)
    for place, seat in enumerate(permutation):
        glory[seat] = -place
    return glory
