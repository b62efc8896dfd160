"""The flat action layout of Hail Hydra (HH35): one ``Discrete(201)``.

=========  =======  ==========================================================
index      block    meaning
=========  =======  ==========================================================
0-163      CARDS    a multiset of card values (non-decreasing value-index tuples
                    of length 1, then 2, then 3, each in lexicographic order)
164-167    CLAIM    g = 0..3 good cards claimed
168-175    TARGET   relative seat 1..7 (168-174), UP (175)
176-183    VALUE    a card value (Wasp)
184        USE      use own ability
185        PASS     decline an offer; empty-hand play or gift
186        HAIL     reveal (HAIL HYDRA)
187-200    HERO     draft HR01..HR14
=========  =======  ==========================================================
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from hydra_env.games.hail_hydra.components import VALUES

MULTISETS: tuple[tuple[int, ...], ...] = tuple(
    combo for length in (1, 2, 3) for combo in combinations_with_replacement(range(8), length))
MULTISET_INDEX: dict[tuple[int, ...], int] = {combo: i for i, combo in enumerate(MULTISETS)}
CARDS, CLAIM, TARGET, VALUE, USE, PASS, HAIL, HERO = 0, 164, 168, 176, 184, 185, 186, 187
UP = TARGET + 7
SIZE = 201


def cards_action(counts: list[int] | tuple[int, ...]) -> int:
    """The CARDS action of a multiset given as counts per value index."""
    combo = tuple(v for v in range(8) for _ in range(counts[v]))
    return MULTISET_INDEX[combo]


def action_counts(action: int) -> list[int]:
    """Counts per value index of a CARDS action."""
    counts = [0] * 8
    for v in MULTISETS[action]:
        counts[v] += 1
    return counts


def show_value(index: int) -> str:
    """A card value as text (``+3``, ``-4``)."""
    return f"{VALUES[index]:+d}"


def show_counts(counts: list[int] | tuple[int, ...]) -> str:
    """A multiset of cards as text (``+1 +1 -3``), or ``nothing``."""
    text = " ".join(show_value(v) for v in range(8) for _ in range(counts[v]))
    return text or "nothing"


class Codec:
    """The action layout: ``size`` and a description of each index without context."""

    size = SIZE

    def describe(self, action: int) -> str:
        """What ``action`` means in the layout (no game context)."""
        if CARDS <= action < CLAIM:
            return f"cards {' '.join(show_value(v) for v in MULTISETS[action])}"
        if CLAIM <= action < TARGET:
            return f"claim {action - CLAIM} good"
        if action == UP:
            return "up (nobody)"
        if TARGET <= action < UP:
            return f"seat +{action - TARGET + 1}"
        if VALUE <= action < USE:
            return f"value {show_value(action - VALUE)}"
        if action == USE:
            return "use ability"
        if action == PASS:
            return "pass"
        if action == HAIL:
            return "HAIL HYDRA"
        if HERO <= action < SIZE:
            return f"draft HR{action - HERO + 1:02d}"
        return f"action {action} (outside 0..{SIZE - 1})"


CODEC = Codec()
