"""Dice and the comparison that decides one battle (one roll of the dice).

This is the single place where a roll turns into losses: the engine, the exact odds and the
Monte Carlo checks all call :func:`battle_losses`, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from risk import rng

FACES = 6


def battle_losses(attacker: Sequence[int], defender: Sequence[int]) -> tuple[int, int]:
    """Compare the highest dice pairwise; ties go to the defender.

    Returns ``(attacker_losses, defender_losses)``. Extra dice on either side are ignored.

    >>> battle_losses([6, 5, 2], [4, 3])
    (0, 2)
    >>> battle_losses([3], [3, 1])
    (1, 0)
    """
    a = sorted(attacker, reverse=True)
    d = sorted(defender, reverse=True)
    attacker_losses = defender_losses = 0
    for high_a, high_d in zip(a, d):
        if high_a > high_d:
            defender_losses += 1
        else:
            attacker_losses += 1
    return attacker_losses, defender_losses


def roll(state: int, count: int) -> tuple[int, tuple[int, ...]]:
    """Roll ``count`` dice from the generator state; return ``(new_state, faces)``, sorted high first."""
    faces = []
    for _ in range(count):
        state, value = rng.below(state, FACES)
        faces.append(value + 1)
    faces.sort(reverse=True)
    return state, tuple(faces)
