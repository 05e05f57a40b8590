"""Exact odds under modified dice (risk.odds with model=, general=, marshall=).

Checked against a recursion over whole battles built on an independent enumeration of every throw, and
against seeded battles rolled with the engine's own dice (risk.dice.blitz_model).
"""

import math
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from risk import rng
from risk.dice import PLAIN, DiceModel, blitz_model
from risk.odds import attack_odds, attack_odds_float, roll_outcomes

DEFENSE_DIE = DiceModel(defend_bonus=1)
CASTLE = DiceModel(attack_max=2)
REVISED_ALL = DiceModel(attack_bonus=1, defend_bonus=1, attack_plus=1, defend_plus=1)


@cache
def throws(attack_dice: int, defend_dice: int, model: DiceModel) -> tuple[tuple[int, int, bool, Fraction], ...]:
    """(attacker losses, defender losses, attacker won the top pair, probability), by enumeration."""
    thrown_a = attack_dice + model.attack_bonus
    counts: dict[tuple[int, int, bool], int] = {}
    for faces in product(range(1, 7), repeat=thrown_a + defend_dice + model.defend_bonus):
        a = sorted(faces[:thrown_a], reverse=True)[:attack_dice]
        d = sorted(faces[thrown_a:], reverse=True)[:defend_dice]
        a[0] += model.attack_plus
        d[0] += model.defend_plus
        lost_a = sum(x <= y for x, y in zip(a, d))
        key = (lost_a, min(attack_dice, defend_dice) - lost_a, a[0] > d[0])
        counts[key] = counts.get(key, 0) + 1
    total = sum(counts.values())
    return tuple((la, ld, top, Fraction(n, total)) for (la, ld, top), n in counts.items())


@cache
def conquer(attackers: int, defenders: int, model: DiceModel, general: bool, marshall: bool, stop_at: int) -> Fraction:
    """P(conquer) by recursion over whole battles, the General/Marshall lost with a top pair."""
    if defenders == 0:
        return Fraction(1)
    if attackers <= stop_at:
        return Fraction(0)
    in_effect = DiceModel(
        model.attack_max, model.defend_max, model.attack_bonus, model.defend_bonus,
        model.attack_plus + general, model.defend_plus + marshall,
    )
    total = Fraction(0)
    for la, ld, top, p in throws(min(model.attack_max, attackers), min(model.defend_max, defenders), in_effect):
        total += p * conquer(attackers - la, defenders - ld, model, general and top, marshall and not top, stop_at)
    return total


@pytest.mark.parametrize("model", [DEFENSE_DIE, DiceModel(attack_bonus=1), CASTLE, REVISED_ALL])
def test_single_rolls_under_a_model_are_the_enumerated_throws(model):
    for attack_dice in range(1, model.attack_max + 1):
        for defend_dice in range(1, model.defend_max + 1):
            expected: dict[tuple[int, int], Fraction] = {}
            for la, ld, _, p in throws(attack_dice, defend_dice, model):
                expected[la, ld] = expected.get((la, ld), Fraction(0)) + p
            assert {(a, d): p for a, d, p in roll_outcomes(attack_dice, defend_dice, model)} == expected


@pytest.mark.parametrize(
    ("model", "general", "marshall", "stop_at"),
    [
        (DEFENSE_DIE, False, False, 0),
        (DiceModel(attack_bonus=1, attack_plus=1), False, False, 2),
        (REVISED_ALL, False, False, 0),
        (CASTLE, False, False, 0),
        (CASTLE, True, False, 0),
        (CASTLE, False, True, 1),
        (PLAIN, True, True, 0),
        (DiceModel(defend_plus=1), True, False, 0),
    ],
)
def test_battle_odds_under_a_model_equal_a_recursion_over_every_throw(model, general, marshall, stop_at):
    for attackers, defenders in ((1, 1), (2, 3), (4, 2), (6, 5)):
        odds = attack_odds(attackers, defenders, stop_at=stop_at, model=model, general=general, marshall=marshall)
        expected = conquer(attackers, defenders, model, general, marshall, stop_at)
        assert odds.p_conquer == expected, (attackers, defenders)
        assert sum(odds.attackers_left) == sum(odds.defenders_left) == 1
        assert odds.p_conquer == odds.defenders_left[0]


def test_each_modifier_moves_the_odds_the_way_it_should():
    plain = attack_odds(10, 10).p_conquer
    assert attack_odds(10, 10, model=DiceModel(attack_bonus=1)).p_conquer > plain
    assert attack_odds(10, 10, model=DiceModel(attack_plus=1)).p_conquer > plain
    assert attack_odds(10, 10, general=True).p_conquer > plain
    assert attack_odds(10, 10, model=DEFENSE_DIE).p_conquer < plain
    assert attack_odds(10, 10, marshall=True).p_conquer < plain
    assert attack_odds(10, 10, model=CASTLE).p_conquer < plain, "two attack dice instead of three"
    # A General that is never lost is an Airfield: the lost General is worth less.
    airfield = attack_odds(10, 10, model=DiceModel(attack_plus=1)).p_conquer
    assert plain < attack_odds(10, 10, general=True).p_conquer < airfield


def test_one_against_one_with_a_general_wins_21_in_36():
    assert attack_odds(1, 1, general=True).p_conquer == Fraction(21, 36)
    assert attack_odds(1, 1, model=DiceModel(attack_plus=1)).p_conquer == Fraction(21, 36)


def test_the_float_odds_under_a_model_match_the_exact_ones():
    cases = (
        {"model": REVISED_ALL},
        {"model": CASTLE, "general": True, "marshall": True},
        {"stop_at": 3, "model": DEFENSE_DIE},
    )
    for options in cases:
        exact = attack_odds(9, 8, **options)
        fast = attack_odds_float(9, 8, **options)
        assert fast.p_conquer == pytest.approx(float(exact.p_conquer), abs=1e-14)
        assert fast.expected_attackers_left == pytest.approx(float(exact.expected_attackers_left), abs=1e-13)


@pytest.mark.parametrize(
    ("model", "general", "marshall"), [(DEFENSE_DIE, False, False), (CASTLE, True, True), (REVISED_ALL, False, False)]
)
def test_odds_agree_with_battles_rolled_with_the_engines_dice(model, general, marshall):
    battles, attackers, defenders = 6_000, 7, 6
    state = rng.seed_state(77)
    wins = 0
    for _ in range(battles):
        result = blitz_model(state, attackers, defenders, 0, model, general=general, marshall=marshall)
        state = result.state
        wins += result.defending == 0
    p = float(attack_odds(attackers, defenders, model=model, general=general, marshall=marshall).p_conquer)
    assert abs(wins / battles - p) < 4 * math.sqrt(p * (1 - p) / battles)


def test_the_expert_rules_refuse_modified_dice():
    with pytest.raises(ValueError, match="plain dice"):
        attack_odds(5, 5, commander=True, model=DEFENSE_DIE)
    with pytest.raises(ValueError, match="General or Marshall"):
        attack_odds(5, 5, reroll=True, general=True)
