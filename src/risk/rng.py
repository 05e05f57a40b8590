"""A tiny seeded random generator whose whole state is one 64-bit integer.

Python's ``random`` module only promises repeatable ``random()`` across versions, and the page runs
a different CPython (Pyodide's) than the tests. SplitMix64 is a few integer operations, so the same
seed gives the same dice in every interpreter, and its state fits in a save or a share link.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state (mixed, so small seeds differ a lot)."""
    state, _ = next_u64(seed & MASK64)
    return state


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state`` once; return ``(new_state, 64 random bits)``."""
    state = (state + GOLDEN_GAMMA) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Draw an integer uniformly in ``range(n)`` without modulo bias; return ``(new_state, value)``.

    >>> below(seed_state(1), 6)[1] in range(6)
    True
    """
    if n <= 0:
        raise ValueError(f"cannot draw below {n}")
    # Reject the top sliver of the 64-bit range that would favour small values.
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, bits = next_u64(state)
        if bits < limit:
            return state, bits % n


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates shuffle ``items`` in place; return the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
