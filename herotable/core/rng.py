"""A small seeded random number generator whose whole state is one integer.

The engines never touch Python's global ``random``: a game owns one :class:`SeededRng`, its
state goes into the JSON save, and the same seed always deals the same cards. SplitMix64 is
used because it is tiny, well studied and trivially serialisable.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class SeededRng:
    """SplitMix64 with uniform integers by rejection sampling (no modulo bias)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n > 1 << 64:
            # One 64-bit draw cannot cover a wider range (the rejection limit would be 0).
            raise ValueError("below() draws from 64 bits: its bound is at most 2**64")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> SeededRng:
        """An independent generator seeded from this one (for bots that must not disturb
        the game's own stream)."""
        return SeededRng(self.next_u64())
