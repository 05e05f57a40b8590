"""Exact battle odds (risk.odds): single rolls, whole battles, the expert dice rules, the report."""

import json
import math
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product

import pytest

from engine.osborne_table import OSBORNE_2003_TABLE_3
from risk import dice, rng
from risk.odds import attack_odds, attack_odds_float, best_decision, odds_report, roll_outcomes

FACES = range(1, 7)


def _as_dict(outcomes):
    return {(lost_a, lost_d): p for lost_a, lost_d, p in outcomes}


# ---------------------------------------------------------------------------------------------
# One roll


def test_three_dice_against_two_split_the_7776_throws_2890_2611_2275():
    assert _as_dict(roll_outcomes(3, 2)) == {
        (0, 2): Fraction(2890, 7776),
        (1, 1): Fraction(2611, 7776),
        (2, 0): Fraction(2275, 7776),
    }


@pytest.mark.parametrize(("attack_dice", "defend_dice"), list(product((1, 2, 3), (1, 2))))
def test_every_single_roll_table_sums_to_one_and_matches_an_independent_count(attack_dice, defend_dice):
    """Counted here without dice.battle_losses: pair the sorted dice, the defender wins ties."""
    counts: dict[tuple[int, int], int] = {}
    for faces in product(FACES, repeat=attack_dice + defend_dice):
        high_a = sorted(faces[:attack_dice], reverse=True)
        high_d = sorted(faces[attack_dice:], reverse=True)
        pairs = min(attack_dice, defend_dice)
        defender_losses = sum(high_a[i] > high_d[i] for i in range(pairs))
        key = (pairs - defender_losses, defender_losses)
        counts[key] = counts.get(key, 0) + 1
    total = 6 ** (attack_dice + defend_dice)
    table = _as_dict(roll_outcomes(attack_dice, defend_dice))
    assert sum(table.values()) == 1
    assert table == {key: Fraction(n, total) for key, n in counts.items()}


def test_roll_outcomes_rejects_dice_counts_the_rules_do_not_allow():
    with pytest.raises(ValueError, match="attacker rolls"):
        roll_outcomes(4, 2)
    with pytest.raises(ValueError, match="defender rolls"):
        roll_outcomes(3, 3)


# ---------------------------------------------------------------------------------------------
# Whole battles, plain dice


def test_one_attacker_against_one_defender_conquers_with_exactly_5_in_12():
    odds = attack_odds(1, 1)
    assert odds.p_conquer == Fraction(5, 12)
    assert odds.attackers_left == (Fraction(7, 12), Fraction(5, 12))


def test_two_attackers_against_one_defender_by_hand():
    """Win the first 2-vs-1 roll (125/216), or lose one army and win the 1-vs-1 (91/216 * 5/12)."""
    assert attack_odds(2, 1).p_conquer == Fraction(125, 216) + Fraction(91, 216) * Fraction(5, 12)


def test_our_exact_odds_round_to_osbornes_published_table_for_up_to_10_against_10():
    for attackers, row in enumerate(OSBORNE_2003_TABLE_3, start=1):
        for defenders, published in enumerate(row, start=1):
            exact = attack_odds(attackers, defenders).p_conquer
            assert round(exact, 3) == Fraction(str(published)), (attackers, defenders)


def test_more_attackers_never_lower_and_more_defenders_never_raise_the_chance_to_conquer():
    size = 14
    p = [[attack_odds(a, d).p_conquer for d in range(size + 1)] for a in range(size + 1)]
    for a in range(size):
        for d in range(size):
            assert p[a + 1][d] >= p[a][d], (a, d)
            assert p[a][d + 1] <= p[a][d], (a, d)
    assert p[size][1] > p[1][1]


@pytest.mark.parametrize(
    "case",
    [
        (5, 3, {}),
        (12, 9, {"stop_at": 3}),
        (7, 7, {"commander": True}),
        (6, 8, {"reroll": True}),
        (6, 5, {"commander": True, "reroll": True, "stop_at": 2}),
    ],
)
def test_expected_survivors_and_the_distributions_agree(case):
    attackers, defenders, options = case
    odds = attack_odds(attackers, defenders, **options)
    stop_at = options.get("stop_at", 0)
    assert len(odds.attackers_left) == attackers + 1 and len(odds.defenders_left) == defenders + 1
    assert sum(odds.attackers_left) == sum(odds.defenders_left) == 1
    assert sum(p for _, _, p in odds.end_states) == 1
    assert odds.p_conquer == odds.defenders_left[0]
    assert odds.expected_attackers_left == sum(a * p for a, p in enumerate(odds.attackers_left))
    assert odds.expected_defenders_left == sum(d * p for d, p in enumerate(odds.defenders_left))
    for a, d, p in odds.end_states:
        assert p > 0
        assert d == 0 or a <= stop_at, "a battle only ends on a conquest or at the stopping point"
    for a in range(attackers + 1):
        assert odds.attackers_left[a] == sum(p for a2, _, p in odds.end_states if a2 == a)


def _simulate(attackers, defenders, state):
    """One battle fought to the end with the engine's own dice; returns (state, attackers, defenders)."""
    while attackers and defenders:
        state, attack = dice.roll(state, min(3, attackers))
        state, defend = dice.roll(state, min(2, defenders))
        lost_a, lost_d = dice.battle_losses(attack, defend)
        attackers, defenders = attackers - lost_a, defenders - lost_d
    return state, attackers, defenders


def test_odds_agree_with_20000_battles_rolled_with_the_engines_seeded_dice():
    battles, attackers, defenders = 20_000, 5, 3
    state = rng.seed_state(2024)
    wins = 0
    left = []
    for _ in range(battles):
        state, a, d = _simulate(attackers, defenders, state)
        wins += d == 0
        left.append(a)
    odds = attack_odds(attackers, defenders)
    p = float(odds.p_conquer)
    assert abs(wins / battles - p) < 4 * math.sqrt(p * (1 - p) / battles)
    mean = sum(left) / battles
    spread = math.sqrt(sum((x - mean) ** 2 for x in left) / (battles - 1) / battles)
    assert abs(mean - float(odds.expected_attackers_left)) < 4 * spread


def test_200_against_200_is_an_exact_fraction_over_a_power_of_six():
    odds = attack_odds(200, 200)
    assert isinstance(odds.p_conquer, Fraction)
    assert 0 < odds.p_conquer < 1
    denominator = odds.p_conquer.denominator
    while denominator % 6 == 0:
        denominator //= 6
    while denominator % 2 == 0:
        denominator //= 2
    while denominator % 3 == 0:
        denominator //= 3
    assert denominator == 1
    assert sum(odds.defenders_left) == 1
    assert attack_odds_float(200, 200).p_conquer == pytest.approx(float(odds.p_conquer), rel=1e-12)


# ---------------------------------------------------------------------------------------------
# Stopping early


def test_stop_at_or_above_the_attacking_armies_means_no_roll_and_no_conquest():
    for attackers, stop_at in ((1, 1), (3, 3), (3, 7)):
        odds = attack_odds(attackers, 4, stop_at=stop_at)
        assert odds.p_conquer == 0
        assert odds.end_states == ((attackers, 4, Fraction(1)),)
    assert attack_odds(3, 0, stop_at=5).p_conquer == 1, "no defender left is already a conquest"


def test_stopping_early_keeps_armies_home_and_costs_conquests():
    full, careful = attack_odds(10, 6), attack_odds(10, 6, stop_at=4)
    assert careful.p_conquer < full.p_conquer
    assert sum(careful.attackers_left[:3]) == 0, "it rolls only above 4 and a roll loses at most 2"
    assert careful.attackers_left[3] > 0 and careful.attackers_left[4] > 0
    assert all(a >= 3 for a, d, _ in careful.end_states if d)
    assert careful.expected_attackers_left > full.expected_attackers_left


def test_bad_battle_arguments_are_value_errors():
    with pytest.raises(ValueError, match="negative"):
        attack_odds(-1, 3)
    with pytest.raises(ValueError, match="stop_at"):
        attack_odds(3, 3, stop_at=-1)


# ---------------------------------------------------------------------------------------------
# Expert rules: commander and card re-roll


@pytest.mark.parametrize(("attackers", "defenders"), [(1, 1), (2, 2), (3, 2), (5, 5), (10, 8)])
def test_commander_and_reroll_strictly_raise_the_chance_to_conquer(attackers, defenders):
    plain = attack_odds(attackers, defenders).p_conquer
    commander = attack_odds(attackers, defenders, commander=True).p_conquer
    reroll = attack_odds(attackers, defenders, reroll=True).p_conquer
    both = attack_odds(attackers, defenders, commander=True, reroll=True).p_conquer
    assert plain < commander <= both
    assert plain < reroll < both
    if (attackers, defenders) == (1, 1):
        assert both == commander, "a die turned into a 6 already wins whenever any die could"
    else:
        assert commander < both


def test_a_commander_in_one_against_one_wins_unless_the_defender_shows_a_six():
    """Turn the single die into a 6: only a defending 6 still holds."""
    assert attack_odds(1, 1, commander=True).p_conquer == Fraction(5, 6)


def _changed(faces, index, face):
    return (*faces[:index], face, *faces[index + 1 :])


@cache
def _expectimax(attackers, defenders, commander, reroll, stop_at=0):
    """P(conquer) by brute force over every ordered throw: the attacker may re-roll one die (and then
    still use the commander), use the commander (and then still re-roll), in any order, on any die."""
    if defenders == 0:
        return Fraction(1)
    if attackers <= stop_at:
        return Fraction(0)

    def settle(attack, defend, has_commander):
        lost_a, lost_d = dice.battle_losses(attack, defend)
        return _expectimax(attackers - lost_a, defenders - lost_d, has_commander, reroll, stop_at)

    def choose(attack, defend, has_commander, may_reroll):
        best = settle(attack, defend, has_commander)
        if may_reroll:
            for i in range(len(attack)):
                again = [choose(_changed(attack, i, f), defend, has_commander, False) for f in FACES]
                best = max(best, sum(again, Fraction(0)) / 6)
        if has_commander:
            for i in range(len(attack)):
                best = max(best, choose(_changed(attack, i, 6), defend, False, may_reroll))
        return best

    attack_dice, defend_dice = min(3, attackers), min(2, defenders)
    total = sum(
        (
            choose(faces[:attack_dice], faces[attack_dice:], commander, reroll)
            for faces in product(FACES, repeat=attack_dice + defend_dice)
        ),
        Fraction(0),
    )
    return total / 6 ** (attack_dice + defend_dice)


def test_the_commander_dp_equals_a_brute_force_expectimax():
    for attackers, defenders in ((1, 2), (3, 1), (3, 2)):
        expected = _expectimax(attackers, defenders, True, False)
        assert attack_odds(attackers, defenders, commander=True).p_conquer == expected
    assert attack_odds(3, 2, commander=True, stop_at=1).p_conquer == _expectimax(3, 2, True, False, 1)


def test_the_reroll_dp_equals_a_brute_force_expectimax():
    for attackers, defenders in ((1, 2), (2, 2), (3, 1)):
        assert attack_odds(attackers, defenders, reroll=True).p_conquer == _expectimax(
            attackers, defenders, False, True
        )


def test_commander_and_reroll_together_equal_a_brute_force_expectimax():
    for attackers, defenders in ((1, 1), (2, 1), (2, 2)):
        expected = _expectimax(attackers, defenders, True, True)
        assert attack_odds(attackers, defenders, commander=True, reroll=True).p_conquer == expected


def test_best_decision_turns_a_losing_die_into_a_six():
    decision = best_decision(5, 2, (5, 2, 1), (4, 3), commander=True)
    assert decision.action == "commander" and decision.die in (1, 2)
    changed = _changed((5, 2, 1), decision.die, 6)
    assert dice.battle_losses(changed, (4, 3)) == (0, 2)


def test_best_decision_accepts_a_roll_the_attacker_cannot_improve():
    decision = best_decision(5, 2, (6, 6, 1), (4, 3), commander=True, reroll=True)
    assert decision.action == "accept" and decision.die is None
    assert decision.p_conquer == 1


def test_best_decision_rerolls_the_die_that_lost():
    decision = best_decision(1, 1, (2,), (5,), reroll=True)
    assert (decision.action, decision.die) == ("reroll", 0)
    assert decision.p_conquer == Fraction(1, 6), "only a new 6 beats the defender's 5"
    spent = best_decision(1, 1, (2,), (5,), reroll=True, rerolled=True)
    assert spent.action == "accept" and spent.p_conquer == 0


@pytest.mark.parametrize("options", [{"commander": True}, {"reroll": True}, {"commander": True, "reroll": True}])
def test_best_decisions_over_every_throw_add_up_to_the_battle_odds(options):
    """Averaging the value of the best choice over all throws of the first roll gives P(conquer)."""
    attackers, defenders = 4, 3
    total = Fraction(0)
    for attack in combinations_with_replacement(FACES, 3):
        for defend in combinations_with_replacement(FACES, 2):
            throws = _orderings(attack) * _orderings(defend)
            total += throws * best_decision(attackers, defenders, attack, defend, **options).p_conquer
    assert total / 6**5 == attack_odds(attackers, defenders, **options).p_conquer


def _orderings(faces):
    """How many ordered throws show this multiset of faces."""
    count = math.factorial(len(faces))
    for face in set(faces):
        count //= math.factorial(faces.count(face))
    return count


def test_best_decision_rejects_dice_the_armies_cannot_roll():
    with pytest.raises(ValueError, match="cannot roll"):
        best_decision(2, 2, (6, 5, 4), (1, 1))
    with pytest.raises(ValueError, match="dice show"):
        best_decision(3, 2, (7, 5, 4), (1, 1))


# ---------------------------------------------------------------------------------------------
# Floats and the report


@pytest.mark.parametrize(
    "options", [{}, {"stop_at": 2}, {"commander": True}, {"reroll": True}, {"commander": True, "reroll": True}]
)
def test_the_float_odds_match_the_exact_ones(options):
    exact = attack_odds(9, 7, **options).as_floats()
    fast = attack_odds_float(9, 7, **options)
    assert fast.p_conquer == pytest.approx(exact.p_conquer, abs=1e-12)
    assert fast.expected_attackers_left == pytest.approx(exact.expected_attackers_left, abs=1e-12)
    assert fast.expected_defenders_left == pytest.approx(exact.expected_defenders_left, abs=1e-12)
    assert fast.attackers_left == pytest.approx(exact.attackers_left, abs=1e-12)
    assert fast.defenders_left == pytest.approx(exact.defenders_left, abs=1e-12)


def test_the_report_counts_the_army_left_behind_and_gives_exact_fractions():
    report = odds_report(2, 1)
    assert set(report) == {
        "p_conquer", "expected_attackers_left", "expected_defenders_left", "exact", "error", "lower_bound"
    }
    assert report["exact"] == {
        "p_conquer": "5/12",
        "expected_attackers_left": "17/12",
        "expected_defenders_left": "7/12",
    }
    assert report["p_conquer"] == pytest.approx(5 / 12)
    assert report["expected_attackers_left"] == pytest.approx(17 / 12)
    assert (
        json.loads(json.dumps(odds_report(10, 7, commander=True, reroll=True)))["p_conquer"]
        > odds_report(10, 7)["p_conquer"]
    )


def test_the_report_of_a_lone_army_is_no_attack():
    report = odds_report(1, 3)
    assert report["exact"] == {"p_conquer": "0", "expected_attackers_left": "1", "expected_defenders_left": "3"}
    with pytest.raises(ValueError, match="at least one army"):
        odds_report(0, 3)
