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


def _battle_table(attack_dice: int, defend_dice: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int, int], ...]:
    """Every throw of ``attack_dice`` against ``defend_dice``, indexed by one number in base 6."""
    table = []
    for code in range(FACES ** (attack_dice + defend_dice)):
        faces = []
        for _ in range(attack_dice + defend_dice):
            code, face = divmod(code, FACES)
            faces.append(face + 1)
        attacker = tuple(sorted(faces[:attack_dice], reverse=True))
        defender = tuple(sorted(faces[attack_dice:], reverse=True))
        table.append((attacker, defender, *battle_losses(attacker, defender)))
    return tuple(table)


_TABLES: dict[tuple[int, int], tuple[tuple[tuple[int, ...], tuple[int, ...], int, int], ...]] = {}


def roll_battle(
    state: int, attack_dice: int, defend_dice: int
) -> tuple[int, tuple[int, ...], tuple[int, ...], int, int]:
    """Throw both sides' dice with one draw from the generator.

    Returns ``(new_state, attacker_faces, defender_faces, attacker_losses, defender_losses)``, faces
    sorted high first. One draw per battle keeps bots' self-play fast; the table behind it is built
    from :func:`battle_losses`, so the rule lives in one place.
    """
    table = _TABLES.get((attack_dice, defend_dice))
    if table is None:
        table = _TABLES[(attack_dice, defend_dice)] = _battle_table(attack_dice, defend_dice)
    # rng.below, inlined: this is the hottest line of self-play.
    size = len(table)
    limit = _LIMITS.get(size) or _LIMITS.setdefault(size, (1 << 64) - ((1 << 64) % size))
    while True:
        state, bits = rng.next_u64(state)
        if bits < limit:
            return (state, *table[bits % size])


_LIMITS: dict[int, int] = {}


Throw = tuple[tuple[int, ...], tuple[int, ...], int, int]


def blitz(state: int, attacking: int, defending: int, stop_at: int) -> tuple[int, list[Throw], int, int]:
    """Fight with the most dice on both sides until the defenders are gone or the attacking armies
    (those allowed to roll: armies on the territory minus the one that stays) are down to ``stop_at``.

    Returns ``(new_state, throws, attacking_left, defending_left)``; each throw is
    ``(attacker_faces, defender_faces, attacker_losses, defender_losses)``. The same draws as calling
    :func:`roll_battle` once per throw, without the per-call overhead (bots blitz millions of times).
    """
    throws: list[Throw] = []
    tables = _TABLES
    next_u64 = rng.next_u64
    while attacking > stop_at and defending > 0:
        key = (3 if attacking > 2 else attacking, 2 if defending > 1 else 1)
        table = tables.get(key)
        if table is None:
            table = tables[key] = _battle_table(*key)
        size = len(table)
        limit = _LIMITS.get(size) or _LIMITS.setdefault(size, (1 << 64) - ((1 << 64) % size))
        while True:
            state, bits = next_u64(state)
            if bits < limit:
                break
        throw = table[bits % size]
        throws.append(throw)
        attacking -= throw[2]
        defending -= throw[3]
    return state, throws, attacking, defending


def roll(state: int, count: int) -> tuple[int, tuple[int, ...]]:
    """Roll ``count`` dice from the generator state; return ``(new_state, faces)``, sorted high first."""
    faces = []
    for _ in range(count):
        state, value = rng.below(state, FACES)
        faces.append(value + 1)
    faces.sort(reverse=True)
    return state, tuple(faces)
