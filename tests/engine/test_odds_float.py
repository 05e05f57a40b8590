"""Battle odds of any size in floats (risk.odds_float): within their stated error of the exact odds,
bounded at any size, computed in slices. Speed figures are in bench/odds_bench.py, not here."""

import math
import random
from itertools import pairwise

import pytest

from risk import odds_float, rng
from risk.dice import PLAIN, DiceModel, blitz_model
from risk.odds import attack_odds
from risk.odds_float import Battle, battle_odds, float_odds, odds_steps, power_distribution, run_steps

DEFENSE_DIE = DiceModel(defend_bonus=1)
CASTLE = DiceModel(attack_max=2)


def distance(exact, odds) -> float:
    """Total variation distance between exact end states and float ones."""
    mine = {(a, d): p for a, d, p in odds.end_states}
    theirs = {(a, d): float(p) for a, d, p in exact.end_states}
    return sum(abs(mine.get(key, 0.0) - theirs.get(key, 0.0)) for key in mine.keys() | theirs.keys())


def assert_within_bound(attackers, defenders, **options):
    exact = attack_odds(attackers, defenders, **options)
    odds = float_odds(attackers, defenders, **options)
    assert odds.error < 1e-9
    assert distance(exact, odds) <= odds.error, (attackers, defenders, options)
    assert abs(odds.p_conquer - float(exact.p_conquer)) <= odds.error
    assert abs(odds.expected_attackers_left - float(exact.expected_attackers_left)) <= odds.losses_error
    assert abs(odds.expected_defenders_left - float(exact.expected_defenders_left)) <= odds.losses_error


@pytest.mark.parametrize(
    ("attackers", "defenders", "options"),
    [
        (10, 10, {}),
        (30, 24, {"stop_at": 4}),
        (12, 12, {"commander": True}),
        (16, 18, {"reroll": True}),
        (14, 11, {"commander": True, "reroll": True}),
        (9, 8, {"commander": True, "reroll": True, "stop_at": 2}),
        (40, 3, {"commander": True, "reroll": True}),
        (3, 40, {"commander": True, "reroll": True}),
        (25, 25, {"model": DiceModel(attack_bonus=1, defend_bonus=1, defend_plus=1)}),
        (25, 25, {"model": CASTLE, "general": True, "marshall": True}),
        (20, 20, {"model": CASTLE, "reroll": True}),
        (60, 60, {}),
    ],
)
def test_float_odds_are_within_their_stated_error_of_the_exact_odds(attackers, defenders, options):
    assert_within_bound(attackers, defenders, **options)


def test_a_seeded_sample_of_every_kind_of_battle_is_within_its_bound():
    chooser = random.Random(14)
    for _ in range(40):
        attackers, defenders = chooser.randint(0, 16), chooser.randint(0, 16)
        options: dict[str, object] = {"stop_at": chooser.choice([0, 0, 1, 2, 5])}
        kind = chooser.randrange(3)
        if kind == 0:
            options.update(commander=chooser.random() < 0.5, reroll=chooser.random() < 0.5)
        elif kind == 1:
            options["model"] = DiceModel(
                attack_max=chooser.choice([2, 3]), defend_max=chooser.choice([1, 2]),
                attack_bonus=chooser.randint(0, 1), defend_bonus=chooser.randint(0, 1),
                attack_plus=chooser.randint(0, 1), defend_plus=chooser.randint(0, 1),
            )
        else:
            options.update(general=chooser.random() < 0.6, marshall=chooser.random() < 0.6)
        assert_within_bound(attackers, defenders, **options)


@pytest.mark.parametrize("step", [(0.5, 0.5), (0.3716563786, 0.3357767490, 0.2925668724), (0.1, 0.2, 0.7)])
def test_the_power_of_one_rolls_distribution_equals_repeated_convolution(step):
    for n in (1, 2, 7, 60, 400):
        direct = [1.0]
        for _ in range(n):
            direct = [sum(direct[i - k] * p for k, p in enumerate(step) if 0 <= i - k < len(direct))
                      for i in range(len(direct) + len(step) - 1)]
        first, probabilities, relative = power_distribution(step, n)
        assert relative < 1e-10
        padded = [0.0] * first + probabilities + [0.0] * (len(direct) - first - len(probabilities))
        assert max(abs(a - b) for a, b in zip(padded, direct)) < 1e-13


def test_a_hundred_thousand_armies_a_side_are_answered_within_1e_9():
    odds = float_odds(100_000, 100_000, model=DEFENSE_DIE)
    assert odds.error < 1e-9
    assert math.fsum(odds.attackers_left) == pytest.approx(1.0, abs=odds.error)
    assert odds.p_conquer < 1e-12, "the Defense Die wins a long battle for the defender"
    # Per roll the defender loses 35205/46656 on average and the attacker 58107/46656 (design note, section 7).
    assert odds.expected_defender_losses == pytest.approx(100_000 * 35205 / 58107, rel=1e-4)


def test_a_hundred_thousand_against_a_few_loses_what_a_hundred_would():
    """Five defenders take 300 attackers with a chance below 1e-40, so the extra armies change nothing."""
    for options in ({"reroll": True}, {"model": DEFENSE_DIE}):
        huge = float_odds(100_000, 5, **options)
        exact = attack_odds(300, 5, **options)
        assert 1 - exact.p_conquer < 1e-40
        assert huge.error < 1e-9
        assert huge.p_conquer == pytest.approx(float(exact.p_conquer), abs=huge.error)
        losses = 300 - float(exact.expected_attackers_left)
        assert huge.expected_attacker_losses == pytest.approx(losses, abs=huge.losses_error)
    few = float_odds(4, 100_000)
    assert few.p_conquer < 1e-30 and few.expected_defender_losses == pytest.approx(
        100 - float(attack_odds(4, 100).expected_defenders_left), abs=1e-9)
    assert float_odds(100_000, 5, commander=True).lower_bound, "the commander is not counted at that size"


def test_a_large_battle_agrees_with_battles_rolled_with_the_engines_dice():
    battles, attackers, defenders = 1_000, 320, 300
    odds = float_odds(attackers, defenders, model=DEFENSE_DIE, stop_at=0)
    state, wins, left = rng.seed_state(8), 0, []
    for _ in range(battles):
        result = blitz_model(state, 380, 250, 0, DEFENSE_DIE)
        state = result.state
        wins += result.defending == 0
        left.append(result.attacking)
    fight = float_odds(380, 250, model=DEFENSE_DIE)
    p = fight.p_conquer
    assert abs(wins / battles - p) < 4 * math.sqrt(p * (1 - p) / battles) + 1e-3
    mean = sum(left) / battles
    spread = math.sqrt(sum((x - mean) ** 2 for x in left) / (battles - 1) / battles)
    assert abs(mean - fight.expected_attackers_left) < 4 * spread
    assert 0 < odds.p_conquer < 1


def test_the_chance_grows_with_the_attackers_even_for_large_battles():
    chances = [float_odds(a, 2_000, reroll=True).p_conquer for a in range(1_000, 1_400, 50)]
    assert all(x < y for x, y in pairwise(chances))
    assert chances[0] < 0.5 < chances[-1]


def test_odds_come_in_many_slices_and_the_slices_give_the_same_answer():
    battle = Battle(3_000, 3_000, model=DEFENSE_DIE)
    steps = odds_steps(battle)
    slices = 0
    while True:
        try:
            next(steps)
            slices += 1
        except StopIteration as done:
            sliced = done.value
            break
    assert slices > 5
    assert sliced == float_odds(3_000, 3_000, model=DEFENSE_DIE)


def test_beyond_its_budget_the_commander_is_left_out_and_the_chance_marked_a_lower_bound(monkeypatch):
    monkeypatch.setattr(odds_float, "MAX_VALUE_STATES", 50)
    odds = run_steps(odds_steps(Battle(12, 10, commander=True, reroll=True)))
    assert odds.lower_bound
    assert odds.p_conquer == pytest.approx(float(attack_odds(12, 10, reroll=True).p_conquer), abs=1e-12)
    assert odds.p_conquer < attack_odds(12, 10, commander=True, reroll=True).p_conquer


def test_battle_odds_are_exact_when_cheap_and_floats_when_not():
    small = battle_odds(Battle(11, 4, commander=True))
    assert small.exact is not None and small.error == 0.0
    assert small.p_conquer == float(attack_odds(11, 4, commander=True).p_conquer)
    large = battle_odds(Battle(150, 150, commander=True, reroll=True))
    assert large.exact is None and 0 < large.error < 1e-9
    assert not large.lower_bound


def test_a_battle_that_cannot_be_asked_is_a_value_error():
    with pytest.raises(ValueError, match="negative"):
        Battle(-1, 4)
    with pytest.raises(ValueError, match="plain dice"):
        Battle(4, 4, commander=True, model=DEFENSE_DIE)
    assert float_odds(0, 5).p_conquer == 0 and float_odds(5, 0).p_conquer == 1
    assert float_odds(5, 5, stop_at=5).end_states == ((5, 5, 1.0),)
    assert PLAIN.is_plain
