"""The seeded random source every engine and bot draws from."""

from __future__ import annotations

import pytest

from herotable.core.rng import SeededRng


def test_below_stays_in_range_and_repeats_with_the_seed() -> None:
    draws, again, other = SeededRng(5), SeededRng(5), SeededRng(6)
    values = [draws.below(7) for _ in range(200)]
    assert values == [again.below(7) for _ in range(200)]
    assert values != [other.below(7) for _ in range(200)]
    assert set(values) == set(range(7))


def test_below_takes_the_whole_64_bit_range_and_refuses_more() -> None:
    rng = SeededRng(1)
    assert 0 <= rng.below(1 << 64) < 1 << 64
    # A wider bound once looped for ever: a 64-bit draw cannot cover it.
    with pytest.raises(ValueError, match="at most 2\\*\\*64"):
        rng.below((1 << 64) + 1)
    with pytest.raises(ValueError, match="positive"):
        rng.below(0)
