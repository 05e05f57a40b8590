"""Dice and the comparison that decides one battle (one roll of the dice).

This is the single place where a roll turns into losses: the engine, the exact odds and the
Monte Carlo checks all call :func:`battle_losses`, so they cannot disagree.

Editions change the dice in three ways, gathered in one frozen :class:`DiceModel`:

* a **bonus die** (Revised 2008 Attack Die / Defense Die): the side throws one die more than it
  fights with and keeps the best (``attack_bonus`` / ``defend_bonus``);
* a **plus** on the side's highest kept die (Airfield; Castle Risk's General for the attacker and
  Marshall for the defender): ``attack_plus`` / ``defend_plus``, so a face may read 7;
* a **cap** on the dice (Castle Risk: at most 2 attack dice against a castle): ``attack_max``.

:data:`PLAIN` is the classic model. Under it every function here draws exactly as before (one
draw from a table of throws), so classic games replay bit for bit. A modified model draws all the
faces thrown, bonus dice included, with one ``rng.below(6**n)`` and reads them as the base-6
digits of that number (the plain table is indexed the same way, so the two agree on plain dice).
Events keep the *raw* faces; :meth:`DiceModel.compared` gives the faces that were compared, so a
log can say "5+1".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import product
from typing import NamedTuple

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


def blitz(state: int, attacking: int, defending: int, stop_at: int,
          throws: list[Throw] | None = None) -> tuple[int, int, int, int]:
    """Fight with the most dice on both sides until the defenders are gone or the attacking armies
    (those allowed to roll: armies on the territory minus the one that stays) are down to ``stop_at``.

    Returns ``(new_state, attacking_left, defending_left, attack_dice)``, the last the number of dice of the
    last throw (the fewest armies that may move in after a capture). Each throw,
    ``(attacker_faces, defender_faces, attacker_losses, defender_losses)``, is appended to ``throws`` if given
    (a self-play game, which reads none, gives none). The same draws as calling :func:`roll_battle` once per
    throw, without the per-call overhead (bots blitz millions of times): the generator step
    (:func:`risk.rng.next_u64`) is written out here, and each size of battle's table comes with its rejection
    limit.

    >>> state, throws = rng.seed_state(3), []
    >>> _, attacking, defending, dice = blitz(state, 4, 3, 0, throws)
    >>> first = roll_battle(state, 3, 2)
    >>> throws[0] == first[1:]
    True
    """
    append = None if throws is None else throws.append
    kinds = _BLITZ_KINDS
    gamma, mask = _GAMMA, _MASK
    dice = 0
    while attacking > stop_at and defending > 0:
        dice = 3 if attacking > 2 else attacking
        kind = kinds[dice][2 if defending > 1 else 1]
        if kind is None:
            kind = _blitz_kind(dice, 2 if defending > 1 else 1)
        table, size, limit = kind
        while True:
            state = (state + gamma) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            bits = z ^ (z >> 31)
            if bits < limit:
                break
        throw = table[bits % size]
        if append is not None:
            append(throw)
        attacking -= throw[2]
        defending -= throw[3]
    return state, attacking, defending, dice


_GAMMA, _MASK = rng.GOLDEN_GAMMA, rng.MASK64
BattleKind = tuple[tuple[Throw, ...], int, int]
# Per attack dice (1-3) and defence dice (1-2): the battle's table, its size and the rejection limit of a
# uniform draw below that size (rng.below's), made on first use.
_BLITZ_KINDS: list[list[BattleKind | None]] = [[None] * 3 for _ in range(4)]


def _blitz_kind(attack_dice: int, defend_dice: int) -> BattleKind:
    table = _TABLES.get((attack_dice, defend_dice))
    if table is None:
        table = _TABLES[(attack_dice, defend_dice)] = _battle_table(attack_dice, defend_dice)
    size = len(table)
    kind = (table, size, (1 << 64) - ((1 << 64) % size))
    _BLITZ_KINDS[attack_dice][defend_dice] = kind
    return kind


def roll(state: int, count: int) -> tuple[int, tuple[int, ...]]:
    """Roll ``count`` dice from the generator state; return ``(new_state, faces)``, sorted high first."""
    faces = []
    for _ in range(count):
        state, value = rng.below(state, FACES)
        faces.append(value + 1)
    faces.sort(reverse=True)
    return state, tuple(faces)


# ---------------------------------------------------------------------------------------------
# Dice models: bonus dice, a plus on the highest die, a cap on attack dice


@dataclass(frozen=True)
class DiceModel:
    """How a side's dice are thrown and compared; see the module docstring.

    ``attack_max``/``defend_max`` are the most dice a side fights with (each army beyond the one
    that stays behind, resp. each defending army, allows one); ``*_bonus`` dice are thrown on top
    and the worst ``bonus`` faces dropped; ``*_plus`` is added to the side's highest kept die.

    >>> DiceModel(defend_bonus=1).compared((6, 2), (5, 4, 1))
    ((6, 2), (5, 4))
    >>> DiceModel(attack_plus=1).losses((5, 2), (5, 1))
    (0, 2)
    """

    attack_max: int = 3
    defend_max: int = 2
    attack_bonus: int = 0
    defend_bonus: int = 0
    attack_plus: int = 0
    defend_plus: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.attack_max <= 3:
            raise ValueError(f"the attacker fights with 1 to 3 dice at most, not {self.attack_max}")
        if not 1 <= self.defend_max <= 2:
            raise ValueError(f"the defender fights with 1 or 2 dice at most, not {self.defend_max}")
        for name in ("attack_bonus", "defend_bonus"):
            if not 0 <= getattr(self, name) <= 2:
                raise ValueError(f"{name.replace('_', ' ')} dice are 0 to 2, not {getattr(self, name)}")
        for name in ("attack_plus", "defend_plus"):
            if not 0 <= getattr(self, name) <= 3:
                raise ValueError(f"{name.replace('_', ' ')} is 0 to 3, not {getattr(self, name)}")

    @property
    def is_plain(self) -> bool:
        """Whether dice are compared as thrown (no bonus die, no plus); a cap alone keeps them plain."""
        return not (self.attack_bonus or self.defend_bonus or self.attack_plus or self.defend_plus)

    def dice(self, attackers: int, defenders: int) -> tuple[int, int]:
        """``(attack dice, defence dice)`` fought with by ``attackers`` armies that may attack (all
        but the one that stays behind) against ``defenders``, each side rolling the most it may."""
        return min(self.attack_max, attackers), min(self.defend_max, defenders)

    def thrown(self, attack_dice: int, defend_dice: int) -> int:
        """How many dice are thrown in all, bonus dice included."""
        return attack_dice + self.attack_bonus + defend_dice + self.defend_bonus

    def with_plus(self, attack: int = 0, defend: int = 0) -> DiceModel:
        """This model with more on the highest dice (a General's or a Marshall's +1 in play)."""
        if not (attack or defend):
            return self
        return replace(self, attack_plus=self.attack_plus + attack, defend_plus=self.defend_plus + defend)

    def compared(
        self, attacker: Sequence[int], defender: Sequence[int]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The faces that are compared, high first: the raw throw less the bonus dice (the lowest),
        with the plus on the highest die."""
        return (
            _kept(attacker, self.attack_bonus, self.attack_plus),
            _kept(defender, self.defend_bonus, self.defend_plus),
        )

    def losses(self, attacker: Sequence[int], defender: Sequence[int]) -> tuple[int, int]:
        """``(attacker_losses, defender_losses)`` of a raw throw under this model."""
        return battle_losses(*self.compared(attacker, defender))

    def top_pair_won(self, attacker: Sequence[int], defender: Sequence[int]) -> bool:
        """Whether the attacker's highest compared die beats the defender's (ties go to the defender).

        A General (attacker's +1) is lost when this is False, a Marshall (defender's +1) when True.
        """
        a, d = self.compared(attacker, defender)
        return a[0] > d[0]


PLAIN = DiceModel()


def _kept(faces: Sequence[int], bonus: int, plus: int) -> tuple[int, ...]:
    kept = sorted(faces, reverse=True)[: len(faces) - bonus] if bonus else sorted(faces, reverse=True)
    if plus and kept:
        kept[0] += plus
    return tuple(kept)


def _decode(code: int, count: int) -> list[int]:
    """The faces of ``count`` dice read as base-6 digits of ``code``, lowest digit first."""
    faces = []
    for _ in range(count):
        code, face = divmod(code, FACES)
        faces.append(face + 1)
    return faces


def roll_battle_model(
    state: int, attack_dice: int, defend_dice: int, model: DiceModel = PLAIN
) -> tuple[int, tuple[int, ...], tuple[int, ...], int, int]:
    """One battle under ``model``: ``attack_dice`` against ``defend_dice`` fighting dice.

    Returns ``(new_state, attacker_raw, defender_raw, attacker_losses, defender_losses)``: every
    face thrown (bonus dice included), each side sorted high first; :meth:`DiceModel.compared` gives
    the faces compared. A plain model draws exactly as :func:`roll_battle`.

    >>> state = rng.seed_state(5)
    >>> roll_battle_model(state, 3, 2) == roll_battle(state, 3, 2)
    True
    >>> _, attacker, defender, lost_a, lost_d = roll_battle_model(state, 3, 2, DiceModel(defend_bonus=1))
    >>> len(attacker), len(defender), lost_a + lost_d
    (3, 3, 2)
    """
    if not 1 <= attack_dice <= model.attack_max:
        raise ValueError(f"the attacker fights with 1 to {model.attack_max} dice, not {attack_dice}")
    if not 1 <= defend_dice <= model.defend_max:
        raise ValueError(f"the defender fights with 1 to {model.defend_max} dice, not {defend_dice}")
    if model.is_plain:
        return roll_battle(state, attack_dice, defend_dice)
    thrown_a = attack_dice + model.attack_bonus
    state, code = rng.below(state, FACES ** (thrown_a + defend_dice + model.defend_bonus))
    faces = _decode(code, thrown_a + defend_dice + model.defend_bonus)
    attacker = tuple(sorted(faces[:thrown_a], reverse=True))
    defender = tuple(sorted(faces[thrown_a:], reverse=True))
    return (state, attacker, defender, *model.losses(attacker, defender))


ModelThrow = tuple[tuple[int, ...], tuple[int, ...], int, int, DiceModel]


class BlitzResult(NamedTuple):
    """What :func:`blitz_model` returns. Each throw is ``(attacker_raw, defender_raw,
    attacker_losses, defender_losses, model in effect)``; ``general``/``marshall`` say whether
    those are still in play after the last throw."""

    state: int
    throws: list[ModelThrow]
    attacking: int
    defending: int
    general: bool
    marshall: bool


def blitz_model(
    state: int,
    attacking: int,
    defending: int,
    stop_at: int,
    model: DiceModel = PLAIN,
    *,
    general: bool = False,
    marshall: bool = False,
) -> BlitzResult:
    """:func:`blitz` under ``model``: the most dice each side may, until the defenders are gone or
    the attacking armies are down to ``stop_at``.

    ``general``/``marshall``: a +1 on the attacker's / defender's highest die (on top of the
    model's plus) that is lost for the rest of the battle when that side loses the top pair
    (Castle Risk). With a plain model and neither, the draws are those of :func:`blitz`.

    >>> state = rng.seed_state(9)
    >>> plain: list[Throw] = []
    >>> after = blitz(state, 10, 8, 0, plain)[0]
    >>> same = blitz_model(state, 10, 8, 0)
    >>> same.state == after and [t[:4] for t in same.throws] == plain
    True
    """
    if model.is_plain and not (general or marshall) and model.attack_max == 3 and model.defend_max == 2:
        plain_throws: list[Throw] = []
        state, attacking, defending, _ = blitz(state, attacking, defending, stop_at, plain_throws)
        return BlitzResult(state, [(*t, model) for t in plain_throws], attacking, defending, False, False)
    throws: list[ModelThrow] = []
    while attacking > stop_at and defending > 0:
        in_effect = model.with_plus(int(general), int(marshall))
        attack_dice, defend_dice = model.dice(attacking, defending)
        state, attacker, defender, lost_a, lost_d = roll_battle_model(state, attack_dice, defend_dice, in_effect)
        throws.append((attacker, defender, lost_a, lost_d, in_effect))
        if general or marshall:
            top = in_effect.top_pair_won(attacker, defender)
            general, marshall = general and top, marshall and not top
        attacking -= lost_a
        defending -= lost_d
    return BlitzResult(state, throws, attacking, defending, general, marshall)


@cache
def outcome_counts(
    attack_dice: int, defend_dice: int, model: DiceModel = PLAIN
) -> tuple[tuple[int, int, bool, int], ...]:
    """Every throw of one battle under ``model``, counted: ``(attacker_losses, defender_losses,
    attacker won the top pair, how many of the 6**thrown throws)``, sorted.

    Counted side by side (the kept faces of each side first, then the pairs of those), so even
    4 + 3 dice cost a few thousand steps, not 6**7.

    >>> [(la, ld, n) for la, ld, _, n in outcome_counts(1, 1)]
    [(0, 1, 15), (1, 0, 21)]
    """
    if not 1 <= attack_dice <= model.attack_max or not 1 <= defend_dice <= model.defend_max:
        raise ValueError(f"{attack_dice} against {defend_dice} dice is not a battle of {model}")
    attackers = _side_counts(attack_dice + model.attack_bonus, model.attack_bonus, model.attack_plus)
    defenders = _side_counts(defend_dice + model.defend_bonus, model.defend_bonus, model.defend_plus)
    counts: Counter[tuple[int, int, bool]] = Counter()
    for a, n_a in attackers.items():
        for d, n_d in defenders.items():
            counts[(*battle_losses(a, d), a[0] > d[0])] += n_a * n_d
    return tuple((la, ld, top, n) for (la, ld, top), n in sorted(counts.items()))


def _side_counts(thrown: int, bonus: int, plus: int) -> Counter[tuple[int, ...]]:
    counts: Counter[tuple[int, ...]] = Counter()
    for faces in product(range(1, FACES + 1), repeat=thrown):
        counts[_kept(faces, bonus, plus)] += 1
    return counts
