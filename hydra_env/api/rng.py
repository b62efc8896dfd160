"""``CounterRng``: the counter-based randomness a game's two engines share, bit for bit.

The k-th draw of a stream is ``mix(seed + k * GAMMA)`` (SplitMix64), so a stream is
two integers, ``(seed, counter)``: a JSON save holds it, a clone copies it, and the
C++ twin (``hydra_env/native/src/common/rng.hpp``, the same three functions) draws
the same numbers. Integers below ``n`` come by rejection (no modulo bias); a
shuffle is Fisher-Yates from the last position down.

numpy and the standard library only (here: neither is needed).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def mix(value: int) -> int:
    """SplitMix64's finaliser of a 64-bit value."""
    z = value & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class CounterRng:
    """A stream of 64-bit draws fixed by ``seed``; ``counter`` draws taken so far."""

    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0) -> None:
        """The stream of ``seed`` (any int, taken modulo 2**64) after ``counter`` draws."""
        self.seed = int(seed) & MASK
        self.counter = int(counter)

    def next64(self) -> int:
        """The next 64-bit draw."""
        self.counter += 1
        return mix(self.seed + self.counter * GAMMA)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 … n-1`` (``n`` ≥ 1), by rejection of the top remainder."""
        if n < 1:
            raise ValueError(f"below(n) needs n >= 1, got {n}")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates in place: for i from the last index down to 1, swap i with below(i + 1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> CounterRng:
        """An independent stream at the same point."""
        return CounterRng(self.seed, self.counter)

    def to_list(self) -> list[int]:
        """``[seed, counter]``, for a JSON save."""
        return [self.seed, self.counter]
