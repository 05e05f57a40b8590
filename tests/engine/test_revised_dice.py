"""The Revised rewards' dice, as the flow builds them for a battle, against exact enumeration.

The reference counts are copied from shared/spec/research/modified_dice_vectors.py (the design note's
section 7: counts of (attacker lost, defender lost) over every throw of 3 attack dice against 2), and its
enumeration is copied below as :func:`enumerate_counts`. The Defense Die rows are the published fractions
of boardgames.stackexchange.com question 5840 ("a bonus defense die. This die will replace the lowest
defender's die rolled"): 4109/7776 with one defence die, 22218, 13671, 10767 of 46656 with two.
"""

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from revised_scenario import FLOW, give, revised_position, reward, settle
from risk import odds, rng
from risk.actions import Attack
from risk.dice import PLAIN, DiceModel, outcome_counts
from risk.engine import apply
from risk.events import BattleFought
from risk.rules.revised.flow import ext
from scenario import tid

SIAM, INDIA = tid("siam"), tid("india")


def losses(a_faces, d_faces, a_keep, d_keep, a_plus=0, d_plus=0):
    """modified_dice_vectors.py: keep the best dice, add the plus to the highest, compare; ties to the defender."""
    a = sorted(a_faces, reverse=True)[:a_keep]
    d = sorted(d_faces, reverse=True)[:d_keep]
    a[0] += a_plus
    d[0] += d_plus
    la = ld = 0
    for x, y in zip(a, d):
        if x > y:
            ld += 1
        else:
            la += 1
    return la, ld


def enumerate_counts(a_dice, d_dice, a_bonus=0, d_bonus=0, a_plus=0, d_plus=0):
    """modified_dice_vectors.py ``counts``: (attacker lost, defender lost) over all 6**(dice thrown) throws."""
    c = Counter()
    na = a_dice + a_bonus
    for f in itertools.product(range(1, 7), repeat=na + d_dice + d_bonus):
        c[losses(f[:na], f[na:], a_dice, d_dice, a_plus, d_plus)] += 1
    return c


# modified_dice_vectors.py's table (design note §7), keyed by what the battle has: (Attack Die with the attacker,
# Defense Die with the defender, an Airfield covering the attacker, an Airfield covering the defender).
REFERENCE_3_V_2 = {
    (0, 0, 0, 0): (2890, 2611, 2275),  # plain
    (0, 0, 1, 0): (3970, 2377, 1429),  # attacker +1 on the top die (Airfield)
    (0, 0, 0, 1): (1860, 3176, 2740),  # defender +1 on the top die (Airfield)
    (1, 0, 0, 0): (21421, 15470, 9765),  # Attack Die (4 rolled, best 3 kept)
    (1, 0, 1, 0): (29455, 11700, 5501),  # Attack Die + Airfield
    (0, 1, 0, 0): (10767, 13671, 22218),  # Defense Die (3 rolled, best 2 kept): SE 5840
    (0, 1, 0, 1): (5989, 14576, 26091),  # Defense Die + Airfield
}


def battle(attack_die=0, defense_die=0, attacker_airfield=0, defender_airfield=0, options=()):
    """Seat 0 attacks India (seat 1) from Siam, each side holding the rewards asked for: the Attack Die and the
    Minor Airfield (on Siam) for seat 0, the Defense Die and the Major Airfield (on India) for seat 1."""
    state = revised_position(options=options, owners={"siam": 0, "india": 1}, armies={"siam": 30, "india": 30})
    rewards = ext(state).rewards
    if rewards:
        for wanted, seat, token, where in ((attack_die, 0, reward("attack-die"), ""),
                                           (defense_die, 1, reward("defense-die"), ""),
                                           (attacker_airfield, 0, reward("airfield", "minor"), "siam"),
                                           (defender_airfield, 1, reward("airfield", "major"), "india")):
            if wanted:
                give(state, seat, rewards.index(token), airfield=where)
    return settle(state)


COMBINATIONS = list(itertools.product((0, 1), repeat=4))


@pytest.mark.parametrize("held", COMBINATIONS, ids=lambda h: "ad{}-dd{}-af{}-df{}".format(*h))
def test_the_flows_battle_model_for_every_combination_of_rewards_counts_like_the_enumeration(held):
    """Each of the 16 combinations of Attack Die, Defense Die and the two sides' Airfields: the model the flow
    builds rolls n+1 and keeps n for a bonus die and adds 1 to the highest kept die for an Airfield, and its
    exact counts for every number of dice equal the reference script's enumeration."""
    attack_die, defense_die, attacker_airfield, defender_airfield = held
    model = FLOW.battle_model(battle(*held), SIAM, INDIA)
    assert model == DiceModel(attack_bonus=attack_die, defend_bonus=defense_die, attack_plus=attacker_airfield,
                              defend_plus=defender_airfield)
    assert model.is_plain == (model is PLAIN)
    for a_dice, d_dice in itertools.product((1, 2, 3), (1, 2)):
        counted = Counter()
        for la, ld, _, n in outcome_counts(a_dice, d_dice, model):
            counted[la, ld] += n
        assert counted == enumerate_counts(a_dice, d_dice, *held), (a_dice, d_dice)
        assert sum(counted.values()) == 6 ** (a_dice + attack_die + d_dice + defense_die)
    reference = REFERENCE_3_V_2.get(held)
    if reference is not None:
        counted = {(la, ld): n for la, ld, n in odds._roll_counts(3, 2, model)}
        assert (counted[0, 2], counted[1, 1], counted[2, 0]) == reference


def test_the_defense_die_rows_match_stackexchange_5840():
    """boardgames.stackexchange.com question 5840: with the bonus Defense Die, three attack dice beat one
    defence die with probability 3667/7776 (the defender wins 4109/7776), and against two the attacker loses
    two, one each, none in 22218, 13671 and 10767 throws of 46656."""
    model = FLOW.battle_model(battle(defense_die=1), SIAM, INDIA)
    one = {(la, ld): p for la, ld, p in odds.roll_outcomes(3, 1, model)}
    assert one == {(1, 0): Fraction(4109, 7776), (0, 1): Fraction(3667, 7776)}
    two = {(la, ld): p for la, ld, p in odds.roll_outcomes(3, 2, model)}
    assert two == {(2, 0): Fraction(22218, 46656), (1, 1): Fraction(13671, 46656), (0, 2): Fraction(10767, 46656)}


def test_basic_training_battles_are_always_plain():
    """Basic Training has no rewards (research §2.3), so every battle is the plain 3 against 2."""
    state = battle(options=["basic-training"])
    assert ext(state).rewards == () and FLOW.battle_model(state, SIAM, INDIA) is PLAIN


@pytest.mark.parametrize("held", [(1, 0, 1, 0), (0, 1, 0, 1), (1, 1, 1, 1), (0, 0, 1, 1)])
def test_the_flows_own_rolls_follow_the_exact_distribution(held):
    """5,000 seeded attacks through the engine (3 dice against 2) land within four standard deviations of
    the exact counts, and each records its raw faces, its model and the losses that model gives them."""
    state = battle(*held)
    model = FLOW.battle_model(state, SIAM, INDIA)
    exact = enumerate_counts(3, 2, *held)
    total = sum(exact.values())
    seen: Counter = Counter()
    rolls = 5000
    generator = rng.seed_state(sum(held) * 17 + held[0])
    for _ in range(rolls):
        trial = state.copy()
        generator, trial.rng = rng.next_u64(generator)
        (fought,) = [e for e in apply(trial, Attack(SIAM, INDIA, 3)) if isinstance(e, BattleFought)]
        assert fought.model == model and len(fought.attacker) == 3 + held[0] and len(fought.defender) == 2 + held[1]
        assert (fought.attacker_losses, fought.defender_losses) == model.losses(fought.attacker, fought.defender)
        seen[fought.attacker_losses, fought.defender_losses] += 1
    for key, n in exact.items():
        p = n / total
        assert abs(seen[key] / rolls - p) < 4 * math.sqrt(p * (1 - p) / rolls), (key, seen[key], p)
