"""Castle Risk's dice as the flow builds them (the castle cap, a General's and a Marshall's +1, their loss in the
middle of a blitz), against exact enumeration and the page's exact odds.

The reference counts are modified_dice_vectors.py's (shared/spec/research/, design note §7): 3 attack dice
against 2 with the attacker's +1 (General) 3970 / 2377 / 1429 and with the defender's +1 (Marshall) 1860 / 3176 /
2740 of 7776 for (0, 2) / (1, 1) / (2, 0) losses; the castle cap, 2 against 2, 295 / 420 / 581 of 1296; one die
against one with a General, the attacker wins 21 of 36. Its enumeration is copied below as :func:`losses`.

The blitz is checked whole: the flow is driven through every class of throw (same losses, same winner of the
top pair) by a scripted dice source, each class weighted by how many of the 6**n throws fall in it, and the
distribution of how the battle ends must equal :func:`risk.odds.attack_odds`'s, General and Marshall lost on the
way included.
"""

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from castle_scenario import FLOW, cards, castle_position, played, tid
from risk import dice, odds, rng
from risk.actions import Attack, Blitz
from risk.dice import PLAIN, DiceModel, outcome_counts
from risk.engine import apply
from risk.events import BattleFought
from risk.rules.castle import GENERAL, MARSHALL
from risk.rules.castle.actions import PlayGeneral
from risk.rules.castle.events import PersonLost, PersonPlayed
from risk.rules.castle.flow import ext


def losses(a_faces, d_faces, a_plus=0, d_plus=0):
    """modified_dice_vectors.py: the plus on the highest die, pairs compared high to high, ties to the defender."""
    a = sorted(a_faces, reverse=True)
    d = sorted(d_faces, reverse=True)
    a[0] += a_plus
    d[0] += d_plus
    la = ld = 0
    for x, y in zip(a, d):
        if x > y:
            ld += 1
        else:
            la += 1
    return la, ld, a[0] > d[0]


@cache
def classes(a_dice, d_dice, model):
    """Every throw of ``a_dice`` against ``d_dice`` under ``model``'s pluses, by (attacker lost, defender lost,
    attacker won the top pair): one throw of each class and how many of the 6**n throws are in it."""
    found, counts = {}, Counter()
    for faces in itertools.product(range(1, 7), repeat=a_dice + d_dice):
        a, d = tuple(sorted(faces[:a_dice], reverse=True)), tuple(sorted(faces[a_dice:], reverse=True))
        key = losses(a, d, model.attack_plus, model.defend_plus)
        found.setdefault(key, (a, d))
        counts[key] += 1
    return {key: (found[key], counts[key]) for key in sorted(counts)}


def position(general=False, marshalls=0, castle=False, attacking=3, defending=2, orders=None):
    """Seat 0 attacks seat 1 from Yorkshire with ``attacking`` armies that may roll, into Scotland (or, with
    ``castle``, from London into Paris, seat 1's castle), with a General in play and Marshalls in seat 1's hand."""
    source, target = ("london", "paris") if castle else ("yorkshire", "scotland")
    state = castle_position(default_owner=2, owners={"london": 0, "yorkshire": 0, "scotland": 1, "paris": 1},
                            armies={source: attacking + 1, target: defending},
                            hands={0: cards(GENERAL, 1), 1: cards(MARSHALL, marshalls)})
    if general:
        played(state, PlayGeneral(cards(GENERAL)[0]))
    if orders is not None:
        ext(state).orders[1] = orders
    return state, tid(source), tid(target)


# ---------------------------------------------------------------------------------------------
# One roll


def test_the_reference_counts_of_modified_dice_vectors():
    """Design §7: the castle cap 2 v 2 is 295 / 420 / 581 of 1296; one die against one with a General, the
    attacker wins 21/36; 3 v 2 with the General's +1 3970 / 2377 / 1429, with the Marshall's 1860 / 3176 / 2740."""
    def by_losses(a_dice, d_dice, model):
        got = Counter()
        for la, ld, _, n in outcome_counts(a_dice, d_dice, model):
            got[la, ld] += n
        return got

    state, london, paris = position(castle=True)
    cap = FLOW.battle_model(state, london, paris)
    assert cap == DiceModel(attack_max=2)
    assert by_losses(2, 2, cap) == {(0, 2): 295, (1, 1): 420, (2, 0): 581}
    state, yorkshire, scotland = position(general=True)
    with_general = FLOW.battle_model(state, yorkshire, scotland)
    assert with_general == DiceModel(attack_plus=1)
    assert by_losses(1, 1, with_general)[0, 1] == 21
    assert by_losses(3, 2, with_general) == {(0, 2): 3970, (1, 1): 2377, (2, 0): 1429}
    state, yorkshire, scotland = position(marshalls=1)
    ext(state).marshalls[1] = cards(MARSHALL)[0]
    assert by_losses(3, 2, FLOW.battle_model(state, yorkshire, scotland)) == {(0, 2): 1860, (1, 1): 3176, (2, 0): 2740}


@pytest.mark.parametrize(("general", "marshall", "castle"), list(itertools.product((False, True), repeat=3)))
def test_every_model_the_flow_builds_counts_as_enumeration_does(general, marshall, castle):
    """The model of each battle (cap, +1 for a General, +1 for a Marshall) against modified_dice_vectors.py's
    enumeration, for every number of dice it allows."""
    state, source, target = position(general=general, marshalls=int(marshall), castle=castle)
    if marshall:
        ext(state).marshalls[1] = cards(MARSHALL)[0]
    model = FLOW.battle_model(state, source, target)
    assert model == DiceModel(attack_max=2 if castle else 3, attack_plus=int(general), defend_plus=int(marshall))
    for a_dice in range(1, model.attack_max + 1):
        for d_dice in (1, 2):
            expected = {(la, ld, top): n for (la, ld, top), (_, n) in classes(a_dice, d_dice, model).items()}
            assert {(la, ld, top): n for la, ld, top, n in outcome_counts(a_dice, d_dice, model)} == expected


@pytest.mark.parametrize(("general", "marshall", "castle"), list(itertools.product((False, True), repeat=3)))
def test_each_roll_the_flow_makes_loses_as_enumeration_says(general, marshall, castle):
    """Single rolls from many generator states: the event records the model the flow built, and its losses are
    modified_dice_vectors.py's for the faces thrown."""
    for seed in range(25):
        state, source, target = position(general=general, marshalls=int(marshall), castle=castle, attacking=5,
                                         defending=5)
        state.rng = rng.seed_state(seed)
        most = 2 if castle else 3
        events = played(state, Attack(source, target, most))
        (battle,) = [e for e in events if isinstance(e, BattleFought)]
        assert len(battle.attacker) == most and len(battle.defender) == 2
        model = battle.model or PLAIN
        assert model == DiceModel(attack_max=most, attack_plus=int(general), defend_plus=int(marshall))
        la, ld, top = losses(battle.attacker, battle.defender, int(general), int(marshall))
        assert (battle.attacker_losses, battle.defender_losses) == (la, ld)
        assert (ext(state).general >= 0) == (general and top)
        assert (ext(state).marshalls[1] >= 0) == (marshall and not top)


# ---------------------------------------------------------------------------------------------
# A whole blitz


class Branch(Exception):
    """The flow asks for a throw the script does not have yet."""

    def __init__(self, a_dice, d_dice, model):
        super().__init__()
        self.key = (a_dice, d_dice, model)


def scripted_dice(monkeypatch, script):
    """Make the dice module throw the script's classes, one per roll, in order (``Branch`` past its end)."""
    at = [0]

    def roll(state, a_dice, d_dice, model=PLAIN):
        if at[0] == len(script):
            raise Branch(a_dice, d_dice, model)
        key, outcome = script[at[0]]
        assert key == (a_dice, d_dice, model), "the flow replays the same battle"
        at[0] += 1
        a, d = classes(*key)[outcome][0]
        return (state, a, d, *model.losses(a, d))

    def blitz(state, attacking, defending, stop_at, throws=None):
        throws = [] if throws is None else throws
        while attacking > stop_at and defending > 0:
            state, a, d, la, ld = roll(state, min(3, attacking), min(2, defending))
            throws.append((a, d, la, ld))
            attacking, defending = attacking - la, defending - ld
        return state, attacking, defending, len(throws[-1][0]) if throws else 0

    monkeypatch.setattr(dice, "roll_battle_model", roll)
    monkeypatch.setattr(dice, "blitz", blitz)


def blitz_outcomes(monkeypatch, start, source, target):
    """Every way the flow's blitz can go, with its probability: ``{(attackers left, defenders left): p}``, and each
    path's events."""
    ends, paths = Counter(), []
    attacking, defending = start.armies[source] - 1, start.armies[target]

    def explore(script, p):
        state = start.copy()
        scripted_dice(monkeypatch, script)
        try:
            events = apply(state, Blitz(source, target, 0))
        except Branch as branch:
            for outcome, (faces, n) in classes(*branch.key).items():
                explore([*script, (branch.key, outcome)], p * Fraction(n, 6 ** len(faces[0] + faces[1])))
            return
        battles = [e for e in events if isinstance(e, BattleFought)]
        left = (attacking - sum(e.attacker_losses for e in battles),
                defending - sum(e.defender_losses for e in battles))
        ends[left] += p
        paths.append(events)

    explore([], Fraction(1))
    monkeypatch.undo()
    assert sum(ends.values()) == 1
    return dict(ends), paths


@pytest.mark.parametrize(("general", "marshall", "castle"), [
    (True, False, False), (False, True, False), (True, True, False), (True, False, True), (True, True, True)])
def test_a_blitz_ends_as_the_exact_odds_say_with_the_general_and_marshall_lost_on_the_way(
        monkeypatch, general, marshall, castle):
    """A General is lost the first time the defender wins the top pair, a Marshall the first time the attacker
    does; the rolls after go without them (003: "Lost if opponent ever rolls ..."). The odds the page shows
    (``attack_odds(general=..., marshall=...)``) must agree with the flow exactly."""
    start, source, target = position(general=general, marshalls=int(marshall), castle=castle, attacking=4,
                                     defending=3)
    ends, paths = blitz_outcomes(monkeypatch, start, source, target)
    exact = odds.attack_odds(4, 3, model=DiceModel(attack_max=2 if castle else 3), general=general,
                             marshall=marshall)
    assert ends == {(a, d): p for a, d, p in exact.end_states if p}
    # Some paths lose a person and roll on without it.
    kinds = [[type(e) for e in events] for events in paths]
    assert any(BattleFought in k[k.index(PersonLost):] for k in kinds if PersonLost in k)
    for events in paths:
        # Each roll's +1s are those still in play: a person lost is lost for the rest of the blitz.
        general_on, marshall_on = general, False
        for e in events:
            if isinstance(e, PersonPlayed):
                assert e.kind == "marshall" and not marshall_on
                marshall_on = True
            elif isinstance(e, PersonLost):
                general_on, marshall_on = (False, marshall_on) if e.kind == "general" else (general_on, False)
            elif isinstance(e, BattleFought):
                model = e.model or PLAIN
                assert (model.attack_plus, model.defend_plus) == (int(general_on), int(marshall_on))
                assert model.attack_max == (2 if castle else 3)


def test_a_second_marshall_comes_in_when_the_first_falls_mid_blitz(monkeypatch):
    """003: "You can play more than one Marshall card a turn, but not at the same time"; the standing order
    plays the next one before the next roll (docs/rules.md). The flow's blitz matches a recursion of that rule
    over the enumerated throws, and the defender does better than with one Marshall."""
    start, source, target = position(marshalls=2, attacking=4, defending=3)
    ends, paths = blitz_outcomes(monkeypatch, start, source, target)

    @cache
    def expected(a, d, in_play, in_hand):
        if not a or not d:
            return {(a, d): Fraction(1)}
        if not in_play and in_hand:
            in_play, in_hand = True, in_hand - 1
        model = DiceModel(defend_plus=int(in_play))
        out = Counter()
        for (la, ld, top), (faces, n) in classes(min(3, a), min(2, d), model).items():
            for end, p in expected(a - la, d - ld, in_play and not top, in_hand).items():
                out[end] += p * Fraction(n, 6 ** len(faces[0] + faces[1]))
        return dict(out)

    assert ends == expected(4, 3, False, 2)
    one = {(a, d): p for a, d, p in odds.attack_odds(4, 3, marshall=True).end_states if p}
    assert sum(p for (a, d), p in ends.items() if not d) < sum(p for (a, d), p in one.items() if not d)
    assert any(sum(isinstance(e, PersonPlayed) for e in events) == 2 for events in paths)
    # Without its standing order, neither comes in.
    start, source, target = position(marshalls=2, attacking=4, defending=3, orders=0)
    ends, paths = blitz_outcomes(monkeypatch, start, source, target)
    assert ends == {(a, d): p for a, d, p in odds.attack_odds(4, 3).end_states if p}
    assert not any(isinstance(e, PersonPlayed) for events in paths for e in events)
