"""The generator's own random numbers: SplitMix64, a few integer operations written out here.

A generated board is a pure function of (generator version, seed, size, continents), forever and in every
interpreter (CPython here, Pyodide's in the page), so the generator draws from this copy and nothing else:
not ``random`` (whose methods may change between versions) and not :mod:`risk.rng` (the game's dice, which
could one day change for reasons of their own). Nothing here may ever change for version 1.

>>> rng = Rng.of(1, 48213, "medium")
>>> [rng.below(6) for _ in range(8)]
[1, 4, 2, 1, 2, 0, 4, 5]
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
SPAN = 1 << 64
GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Rng:
    """SplitMix64 over one 64-bit state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    @classmethod
    def of(cls, *parts: int | str) -> Rng:
        """A generator seeded from several values (numbers and short words), each mixed in turn, so that
        (seed, "small") and (seed, "large") give unrelated streams."""
        state = 0x5EED0F3A7BC1D245
        for part in parts:
            value = part if isinstance(part, int) else int.from_bytes(part.encode("utf-8"), "big")
            state = _mix((state ^ (value & MASK64) ^ (value >> 64)) + GAMMA & MASK64)
        return cls(state)

    def bits(self) -> int:
        """64 random bits."""
        self.state = (self.state + GAMMA) & MASK64
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A whole number in ``range(n)``, without modulo bias (n >= 1). (:meth:`bits` written out: this is
        the generator's busiest line.)"""
        limit = SPAN - SPAN % n
        while True:
            self.state = state = (self.state + GAMMA) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                return z % n

    def between(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``, both included."""
        return low + self.below(high - low + 1)

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability numerator/denominator."""
        return self.below(denominator) < numerator

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
