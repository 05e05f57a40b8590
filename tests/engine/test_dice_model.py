"""The dice model (risk.dice.DiceModel): bonus dice, a plus on the highest die, a cap on attack dice.

The reference counts are those of ../shared/spec/research/modified_dice_vectors.py (design note,
section 7); the Defense Die rows are boardgames.stackexchange.com question 5840's published fractions.
"""

import math
from collections import Counter
from itertools import product

import pytest

from risk import dice, rng
from risk.dice import PLAIN, DiceModel, blitz, blitz_model, outcome_counts, roll_battle, roll_battle_model

ATTACK_DIE = DiceModel(attack_bonus=1)
DEFENSE_DIE = DiceModel(defend_bonus=1)
AIRFIELD_ATTACK = DiceModel(attack_plus=1)
AIRFIELD_DEFENCE = DiceModel(defend_plus=1)
CASTLE = DiceModel(attack_max=2)


def losses_table(attack_dice: int, defend_dice: int, model: DiceModel) -> dict[tuple[int, int], int]:
    counts: Counter[tuple[int, int]] = Counter()
    for la, ld, _, n in outcome_counts(attack_dice, defend_dice, model):
        counts[la, ld] += n
    return dict(counts)


# The design note's section 7: 3 attack dice against 2, counts of (attacker lost, defender lost).
SECTION_7 = [
    (PLAIN, 2890, 2611, 2275, 7776),
    (AIRFIELD_ATTACK, 3970, 2377, 1429, 7776),
    (AIRFIELD_DEFENCE, 1860, 3176, 2740, 7776),
    (ATTACK_DIE, 21421, 15470, 9765, 46656),
    (DiceModel(attack_bonus=1, attack_plus=1), 29455, 11700, 5501, 46656),
    (DEFENSE_DIE, 10767, 13671, 22218, 46656),
    (DiceModel(defend_bonus=1, defend_plus=1), 5989, 14576, 26091, 46656),
]


@pytest.mark.parametrize(("model", "none_lost", "one_each", "two_lost", "total"), SECTION_7)
def test_every_row_of_the_design_notes_reference_table(model, none_lost, one_each, two_lost, total):
    table = losses_table(3, 2, model)
    assert table == {(0, 2): none_lost, (1, 1): one_each, (2, 0): two_lost}
    assert sum(table.values()) == total == 6 ** model.thrown(3, 2)


def test_the_castle_cap_and_the_general_reference_numbers():
    assert losses_table(2, 2, CASTLE) == {(0, 2): 295, (1, 1): 420, (2, 0): 581}
    assert losses_table(1, 1, AIRFIELD_ATTACK)[0, 1] == 21, "one die against one with a General wins 21/36"


def test_the_defense_die_matches_the_published_fractions_of_stackexchange_5840():
    assert losses_table(3, 1, DEFENSE_DIE) == {(1, 0): 4109, (0, 1): 3667}
    assert losses_table(3, 2, DEFENSE_DIE) == {(2, 0): 22218, (1, 1): 13671, (0, 2): 10767}


def brute_force(attack_dice: int, defend_dice: int, model: DiceModel) -> Counter[tuple[int, int, bool]]:
    """Every ordered throw, read the way the reference script does: keep the best, add the plus."""
    thrown_a = attack_dice + model.attack_bonus
    counts: Counter[tuple[int, int, bool]] = Counter()
    for faces in product(range(1, 7), repeat=thrown_a + defend_dice + model.defend_bonus):
        a = sorted(faces[:thrown_a], reverse=True)[:attack_dice]
        d = sorted(faces[thrown_a:], reverse=True)[:defend_dice]
        a[0] += model.attack_plus
        d[0] += model.defend_plus
        lost_a = sum(x <= y for x, y in zip(a, d))
        counts[lost_a, min(attack_dice, defend_dice) - lost_a, a[0] > d[0]] += 1
    return counts


@pytest.mark.parametrize(
    "model",
    [PLAIN, ATTACK_DIE, DEFENSE_DIE, AIRFIELD_ATTACK, DiceModel(attack_bonus=1, defend_bonus=1, defend_plus=2), CASTLE],
)
def test_outcome_counts_equal_an_enumeration_of_every_throw(model):
    for attack_dice in range(1, model.attack_max + 1):
        for defend_dice in range(1, model.defend_max + 1):
            counted = {(la, ld, top): n for la, ld, top, n in outcome_counts(attack_dice, defend_dice, model)}
            assert counted == dict(brute_force(attack_dice, defend_dice, model)), (attack_dice, defend_dice)


def test_the_plain_model_draws_exactly_as_the_classic_table():
    state = rng.seed_state(11)
    for _ in range(300):
        state, attack_dice = rng.below(state, 3)
        state, defend_dice = rng.below(state, 2)
        assert roll_battle_model(state, attack_dice + 1, defend_dice + 1) == roll_battle(
            state, attack_dice + 1, defend_dice + 1
        )
        state = roll_battle(state, 3, 2)[0]


def test_the_plain_blitz_under_the_model_is_the_classic_blitz():
    state = rng.seed_state(3)
    for attacking, defending, stop_at in ((30, 25, 0), (12, 3, 4), (2, 9, 0), (7, 7, 6)):
        throws: list = []
        classic = blitz(state, attacking, defending, stop_at, throws)
        modelled = blitz_model(state, attacking, defending, stop_at)
        assert modelled.state == classic[0]
        assert [throw[:4] for throw in modelled.throws] == throws
        assert (modelled.attacking, modelled.defending) == (classic[1], classic[2])


def test_a_modified_roll_reads_all_its_faces_from_one_draw_below_six_to_the_dice_thrown():
    state = rng.seed_state(99)
    model = DiceModel(attack_bonus=1, defend_bonus=1, attack_plus=1)
    new_state, attacker, defender, lost_a, lost_d = roll_battle_model(state, 3, 2, model)
    expected_state, code = rng.below(state, 6**7)
    assert new_state == expected_state
    digits = [code // 6**i % 6 + 1 for i in range(7)]
    assert attacker == tuple(sorted(digits[:4], reverse=True))
    assert defender == tuple(sorted(digits[4:], reverse=True))
    assert (lost_a, lost_d) == model.losses(attacker, defender)


def test_compared_faces_drop_the_bonus_dice_and_show_the_plus():
    model = DiceModel(attack_bonus=1, defend_plus=1)
    assert model.compared((6, 5, 2, 1), (5, 3)) == ((6, 5, 2), (6, 3))
    assert model.losses((6, 5, 2, 1), (5, 3)) == (1, 1), "6 against a 5+1 is a tie: the defender wins it"
    assert DiceModel(attack_plus=1).compared((6, 6), (6,)) == ((7, 6), (6,)), "a face may read 7"


def test_modified_rolls_follow_their_exact_distribution():
    """20,000 seeded Defense Die rolls land within four standard deviations of the exact counts."""
    rolls, state = 20_000, rng.seed_state(2024)
    seen: Counter[tuple[int, int]] = Counter()
    for _ in range(rolls):
        state, _, _, lost_a, lost_d = roll_battle_model(state, 3, 2, DEFENSE_DIE)
        seen[lost_a, lost_d] += 1
    for key, n in losses_table(3, 2, DEFENSE_DIE).items():
        p = n / 46656
        assert abs(seen[key] / rolls - p) < 4 * math.sqrt(p * (1 - p) / rolls), key


def test_a_blitz_loses_the_general_at_its_first_lost_top_pair_and_never_gets_it_back():
    state = rng.seed_state(5)
    result = blitz_model(state, 40, 40, 0, CASTLE, general=True, marshall=True)
    general = marshall = True
    for attacker, defender, lost_a, lost_d, in_effect in result.throws:
        assert in_effect == CASTLE.with_plus(int(general), int(marshall))
        assert (lost_a, lost_d) == in_effect.losses(attacker, defender)
        assert len(attacker) <= 2, "the castle cap: two attack dice at most"
        top = in_effect.top_pair_won(attacker, defender)
        general, marshall = general and top, marshall and not top
    assert (result.general, result.marshall) == (general, marshall)
    assert not (result.general and result.marshall), "one of the two loses the top pair sooner or later"
    assert result.attacking == 0 or result.defending == 0


def test_bad_models_and_dice_counts_are_value_errors():
    with pytest.raises(ValueError, match="1 to 3 dice"):
        DiceModel(attack_max=4)
    with pytest.raises(ValueError, match="defender fights"):
        DiceModel(defend_max=0)
    with pytest.raises(ValueError, match="bonus"):
        DiceModel(attack_bonus=3)
    with pytest.raises(ValueError, match="plus"):
        DiceModel(defend_plus=-1)
    with pytest.raises(ValueError, match="attacker fights with 1 to 2"):
        roll_battle_model(rng.seed_state(1), 3, 2, CASTLE)
    with pytest.raises(ValueError, match="not a battle"):
        outcome_counts(3, 2, CASTLE)


def test_the_model_knows_its_dice_and_plain_is_plain():
    assert PLAIN.is_plain and CASTLE.is_plain and not DEFENSE_DIE.is_plain
    assert CASTLE.dice(10, 10) == (2, 2) and PLAIN.dice(1, 10) == (1, 2)
    assert DEFENSE_DIE.thrown(3, 2) == 6
    assert dice.battle_losses([7, 2], [6, 6]) == (1, 1)
