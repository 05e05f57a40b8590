"""Exact battle odds, with and without the expert dice rules, under any dice model.

A battle is a chain of rolls: the attacker throws ``min(3, attackers)`` dice, the defender
``min(2, defenders)`` (the engine's defender always rolls the most it may), and
:func:`risk.dice.battle_losses` turns each throw into losses. Every throw of ``k`` dice is one of
``6**k`` equally likely outcomes, so every probability here is an integer over a power of six.
A :class:`~risk.dice.DiceModel` (``model=``) changes the dice of every roll: bonus dice, a plus on
the highest die, a cap on attack dice. ``general=True`` / ``marshall=True`` (Castle Risk) add a +1
to the attacker's / defender's highest die that is lost for the rest of the battle once that side
loses the top pair of a roll.
The engine never estimates odds by simulation: the page, the bots and the command line all read
these exact numbers (or their float images, for the hover read-out). Exact fractions grow with the
battle (a numerator over ``6**(K * armies)``); :mod:`risk.odds_float` answers any size in floats
with a stated error bound, and :func:`battle_odds` picks between the two.

Conventions:

* ``attackers`` counts the armies that may attack, i.e. the armies on the attacking territory
  minus the one that must stay behind; one attacker against one defender conquers with 5/12.
* ``stop_at`` is the attacker's stopping rule: it keeps rolling while it has more than
  ``stop_at`` attacking armies and the defender still has armies, and stops as soon as its
  attacking armies are ``<= stop_at``. ``stop_at=0`` fights to the end.
* ``commander=True`` (expert rule "Commanders"): the attacker may, once, turn one die it has just
  rolled into a 6. ``reroll=True`` (expert rule "Advantage when attacking": it holds a card showing
  one of the two territories): on every roll it may re-roll one of its own dice once, after seeing
  all dice. The attacker plays both optimally: at every decision it takes the choice that maximises
  its probability of conquering in this battle (ties go to accepting the roll, then to the re-roll,
  then to the commander; :func:`best_decision` then prefers the lowest die). The commander is
  counted once per battle, i.e. the battle is the one where the turn's commander is still unused.

How it is computed: states are ``(attackers, defenders, commander still unused)``; every roll takes
at least one army away, so a single sweep over the grid in order of army counts is exact, with no
linear algebra. Probabilities are kept as integer numerators over ``6**(K * armies)`` so that the
inner loop only multiplies and adds Python integers; one :class:`fractions.Fraction` is built per
answer. The expert rules add, per roll, a small decision tree (accept, commander on a die, re-roll a
die then decide again); equal trees are shared and compiled once per dice count.

>>> attack_odds(1, 1).p_conquer
Fraction(5, 12)
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from typing import Literal

from risk import dice
from risk.dice import PLAIN, DiceModel

FACES = dice.FACES
MAX_ATTACK_DICE = 3
MAX_DEFEND_DICE = 2

# Kinds of choice after a roll, in the order that wins a tie.
ACCEPT: Literal["accept"] = "accept"
REROLL: Literal["reroll"] = "reroll"
COMMANDER: Literal["commander"] = "commander"
Action = Literal["accept", "reroll", "commander"]


# ---------------------------------------------------------------------------------------------
# One roll


def _check_dice(attack_dice: int, defend_dice: int, model: DiceModel = PLAIN) -> None:
    if not 1 <= attack_dice <= model.attack_max:
        raise ValueError(f"the attacker rolls 1 to {model.attack_max} dice, not {attack_dice}")
    if not 1 <= defend_dice <= model.defend_max:
        raise ValueError(f"the defender rolls 1 to {model.defend_max} dice, not {defend_dice}")


@cache
def _roll_counts(attack_dice: int, defend_dice: int, model: DiceModel = PLAIN) -> tuple[tuple[int, int, int], ...]:
    """``(attacker_losses, defender_losses, how many of the 6**thrown throws)``, sorted.

    Plain dice are counted by brute force over every ordered throw, as the engine's table is built;
    other models through :func:`risk.dice.outcome_counts` (the tests check the two agree).
    """
    _check_dice(attack_dice, defend_dice, model)
    counts: Counter[tuple[int, int]] = Counter()
    if model.is_plain:
        for faces in product(range(1, FACES + 1), repeat=attack_dice + defend_dice):
            counts[dice.battle_losses(faces[:attack_dice], faces[attack_dice:])] += 1
    else:
        for lost_a, lost_d, _, n in dice.outcome_counts(attack_dice, defend_dice, model):
            counts[lost_a, lost_d] += n
    return tuple((lost_a, lost_d, n) for (lost_a, lost_d), n in sorted(counts.items()))


def roll_outcomes(
    attack_dice: int, defend_dice: int, model: DiceModel = PLAIN
) -> tuple[tuple[int, int, Fraction], ...]:
    """The exact distribution of ``(attacker_losses, defender_losses)`` for one roll.

    Enumerates all ``6**thrown`` throws (bonus dice included) under ``model`` (cached), sorted by
    the loss pair.

    >>> [(a, d, str(p)) for a, d, p in roll_outcomes(1, 1)]
    [(0, 1, '5/12'), (1, 0, '7/12')]
    >>> [(a, d, str(p)) for a, d, p in roll_outcomes(1, 1, DiceModel(attack_plus=1))]
    [(0, 1, '7/12'), (1, 0, '5/12')]
    """
    total = FACES ** model.thrown(attack_dice, defend_dice)
    return tuple(
        (lost_a, lost_d, Fraction(n, total)) for lost_a, lost_d, n in _roll_counts(attack_dice, defend_dice, model)
    )


# ---------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class FloatOdds:
    """The float image of :class:`BattleOdds`, cheap enough to compute on every hover."""

    p_conquer: float
    expected_attackers_left: float
    expected_defenders_left: float
    attackers_left: tuple[float, ...]
    defenders_left: tuple[float, ...]


@dataclass(frozen=True)
class BattleOdds:
    """The exact outcome of a battle.

    ``attackers_left[i]`` is the probability that the battle ends with ``i`` attacking armies
    (the army that stays behind not counted), ``defenders_left[j]`` that it ends with ``j``
    defenders; ``end_states`` is the joint distribution ``(attackers, defenders, probability)``
    over the end states that can occur. ``p_conquer == defenders_left[0]``.
    """

    attackers: int
    defenders: int
    stop_at: int
    commander: bool
    reroll: bool
    p_conquer: Fraction
    expected_attackers_left: Fraction
    expected_defenders_left: Fraction
    attackers_left: tuple[Fraction, ...]
    defenders_left: tuple[Fraction, ...]
    end_states: tuple[tuple[int, int, Fraction], ...]
    model: DiceModel = PLAIN
    general: bool = False
    marshall: bool = False

    def as_floats(self) -> FloatOdds:
        """The same numbers as floats (each correctly rounded)."""
        return FloatOdds(
            float(self.p_conquer),
            float(self.expected_attackers_left),
            float(self.expected_defenders_left),
            tuple(float(p) for p in self.attackers_left),
            tuple(float(p) for p in self.defenders_left),
        )


@dataclass(frozen=True)
class Decision:
    """What the attacker should do with a roll it has just seen.

    ``die`` indexes the ``attacker_faces`` given to :func:`best_decision` (None to accept);
    ``p_conquer`` is the probability of conquering after this choice, with optimal play after it.
    """

    action: Action
    die: int | None
    p_conquer: Fraction


# ---------------------------------------------------------------------------------------------
# Decision trees of one roll under the expert rules


@dataclass(frozen=True)
class _Leaf:
    """The roll settles with these losses; ``commander`` says whether it is still unused."""

    lost_a: int
    lost_d: int
    commander: bool


@dataclass(frozen=True)
class _Max:
    """The attacker picks the best option (listed in tie-break order)."""

    options: tuple[_Tree, ...]


@dataclass(frozen=True)
class _Avg:
    """A re-rolled die: each of the six faces equally likely."""

    faces: tuple[_Tree, ...]


_Tree = _Leaf | _Max | _Avg


def _with_face(faces: tuple[int, ...], index: int, face: int) -> tuple[int, ...]:
    changed = list(faces)
    changed[index] = face
    return tuple(sorted(changed, reverse=True))


@cache
def _tree(attacker: tuple[int, ...], defender: tuple[int, ...], commander: bool, reroll: bool) -> _Tree:
    """The choices open after seeing ``attacker`` (sorted high first) against ``defender``.

    Mirrors the engine: a roll the attacker cannot improve (no attacker loss) settles at once;
    otherwise it may use the commander on any die below 6 and/or re-roll one die, in either order.
    """
    lost_a, lost_d = dice.battle_losses(attacker, defender)
    accept = _Leaf(lost_a, lost_d, commander)
    if lost_a == 0:
        return accept
    ranked: list[tuple[int, _Tree]] = []
    distinct = sorted(set(attacker))
    if reroll:
        for face in distinct:
            index = attacker.index(face)
            outcomes = [_tree(_with_face(attacker, index, new), defender, commander, False) for new in range(1, 7)]
            ranked.append((1, _Avg(tuple(sorted(outcomes, key=repr)))))
    if commander:
        for face in distinct:
            if face < FACES:
                ranked.append((2, _tree(_with_face(attacker, attacker.index(face), FACES), defender, False, reroll)))
    options: list[_Tree] = [accept]
    for _, option in sorted(ranked, key=lambda ranked_option: (ranked_option[0], repr(ranked_option[1]))):
        if option not in options:
            options.append(option)
    return accept if len(options) == 1 else _Max(tuple(options))


@dataclass(frozen=True)
class _Program:
    """The decision trees of every throw of one dice count, compiled to a flat list.

    Slots ``0 .. len(leaves)-1`` hold leaf values, the next ones the nodes in an order where a
    node's children come first. A leaf is ``(lost_a, lost_d, commander, depth)``, depth 1 being
    under a re-roll; a node is ``(is_max, child slots)``; ``roots`` are ``(slot, throws)``.
    """

    dice: int
    leaves: tuple[tuple[int, int, int, int], ...]
    nodes: tuple[tuple[bool, tuple[int, ...]], ...]
    roots: tuple[tuple[int, int], ...]


_PROGRAMS: dict[tuple[int, int, bool, bool], _Program] = {}


def _program(attack_dice: int, defend_dice: int, commander: bool, reroll: bool) -> _Program:
    """The compiled decision trees of one dice count (built once, then kept)."""
    program = _PROGRAMS.get((attack_dice, defend_dice, commander, reroll))
    if program is None:
        steps = program_steps(attack_dice, defend_dice, commander, reroll)
        while program is None:
            try:
                next(steps)
            except StopIteration as done:
                program = done.value
    return program


def program_steps(
    attack_dice: int, defend_dice: int, commander: bool, reroll: bool
) -> Generator[None, None, _Program]:
    """Build :func:`_program`'s value a little at a time (it takes 0.1 s with both expert rules):
    yields ``None`` between throws, so the page can build it between clicks."""
    key = (attack_dice, defend_dice, commander, reroll)
    if key in _PROGRAMS:
        return _PROGRAMS[key]
    _check_dice(attack_dice, defend_dice)
    throws: Counter[tuple[tuple[int, ...], tuple[int, ...]]] = Counter()
    for faces in product(range(1, FACES + 1), repeat=attack_dice + defend_dice):
        attacker = tuple(sorted(faces[:attack_dice], reverse=True))
        defender = tuple(sorted(faces[attack_dice:], reverse=True))
        throws[attacker, defender] += 1
    yield None
    trees: Counter[_Tree] = Counter()
    for i, ((attacker, defender), n) in enumerate(throws.items()):
        trees[_tree(attacker, defender, commander, reroll)] += n
        if i % 16 == 15:
            yield None
    yield None

    leaves: list[tuple[int, int, int, int]] = []
    nodes: list[tuple[bool, tuple[int, ...]]] = []
    slots: dict[tuple[_Tree, int], int] = {}

    def compile_tree(tree: _Tree, depth: int) -> int:
        key = (tree, depth)
        if key in slots:
            return slots[key]
        if isinstance(tree, _Leaf):
            slots[key] = -1 - len(leaves)  # leaves are renumbered once all nodes are known
            leaves.append((tree.lost_a, tree.lost_d, int(tree.commander), depth))
        elif isinstance(tree, _Max):
            children = tuple(compile_tree(option, depth) for option in tree.options)
            slots[key] = len(nodes)
            nodes.append((True, children))
        else:
            children = tuple(compile_tree(face, depth + 1) for face in tree.faces)
            slots[key] = len(nodes)
            nodes.append((False, children))
        return slots[key]

    raw_roots = [(compile_tree(tree, 0), n) for tree, n in trees.items()]

    def slot(raw: int) -> int:
        return -1 - raw if raw < 0 else len(leaves) + raw

    program = _Program(
        attack_dice + defend_dice,
        tuple(leaves),
        tuple((is_max, tuple(slot(c) for c in children)) for is_max, children in nodes),
        tuple((slot(raw), n) for raw, n in raw_roots),
    )
    _PROGRAMS[key] = program
    return program


# ---------------------------------------------------------------------------------------------
# The optimal policy: values of every state, and the transitions it implies

# Transition: (attacker losses, defender losses, flags after, weight over 6**(dice + depth)).
_Transition = tuple[int, int, int, int]

# Flags of a state, beside its armies: what can still change the dice of later rolls.
COMMANDER_FLAG = 1  # the attacker's commander is still unused (classic expert rule)
GENERAL_FLAG = 2  # the attacker's General is in play: +1 on its highest die until it loses a top pair
MARSHALL_FLAG = 4  # the defender's Marshall is in play: +1 on its highest die until it loses a top pair


def _scale(reroll: bool, model: DiceModel = PLAIN) -> int:
    """K: a state with ``n`` armies in all has probabilities over ``6**(K * n)``.

    One roll of ``k`` dice (plus one re-rolled die) removes ``r >= 1`` armies, and ``K * r`` must
    cover ``k`` (+1): 3 dice against 1 remove one army with 4 dice thrown.
    """
    if model.is_plain and model.attack_max == MAX_ATTACK_DICE and model.defend_max == MAX_DEFEND_DICE:
        return 5 if reroll else 4
    return max(
        -(-(model.thrown(a, d) + reroll) // min(a, d))
        for a in range(1, model.attack_max + 1)
        for d in range(1, model.defend_max + 1)
    )


class _Solver:
    """Values ``n / 6**(K*(a+d))`` of P(conquer) for every ``a <= attackers, d <= defenders``,
    for both states of the commander, computed once and grown on demand."""

    def __init__(self, stop_at: int, commander: bool, reroll: bool, model: DiceModel = PLAIN) -> None:
        self.stop_at, self.commander, self.reroll, self.model = stop_at, commander, reroll, model
        self.k = _scale(reroll, model)
        self.flags = (0, 1) if commander else (0,)
        self.attackers = self.defenders = -1
        self.values: list[list[list[int]]] = [[] for _ in range(2)]
        self.moves: list[list[list[tuple[_Transition, ...]]]] = [[] for _ in range(2)]

    def terminal(self, a: int, d: int) -> bool:
        return d == 0 or a <= self.stop_at

    def ensure(self, attackers: int, defenders: int) -> None:
        old_a, old_d = self.attackers, self.defenders
        if attackers <= old_a and defenders <= old_d:
            return
        new_a, new_d = max(attackers, old_a), max(defenders, old_d)
        for c in self.flags:
            values, moves = self.values[c], self.moves[c]
            for row_v, row_m in zip(values, moves):
                row_v.extend([0] * (new_d - old_d))
                row_m.extend([()] * (new_d - old_d))
            for _ in range(new_a - old_a):
                values.append([0] * (new_d + 1))
                moves.append([()] * (new_d + 1))
        self.attackers, self.defenders = new_a, new_d
        for a in range(new_a + 1):
            for d in range(new_d + 1):
                if a > old_a or d > old_d:
                    for c in self.flags:
                        self._solve(a, d, c)

    def _solve(self, a: int, d: int, c: int) -> None:
        k = self.k
        if self.terminal(a, d):
            self.values[c][a][d] = FACES ** (k * a) if d == 0 else 0
            return
        program = _program(*self.model.dice(a, d), bool(c), self.reroll)
        depth = 1 if self.reroll else 0
        pow6 = _powers_of_six()
        # A leaf's value scaled to this state's denominator, less the dice just thrown.
        vals = [
            self.values[c2][a - la][d - ld] * pow6[k * (la + ld) - program.dice - t] for la, ld, c2, t in program.leaves
        ]
        value_of = vals.__getitem__
        choice: list[int] = []
        for is_max, children in program.nodes:
            if is_max:
                best_slot = max(children, key=value_of)  # the first best option wins a tie
                vals.append(vals[best_slot])
                choice.append(best_slot)
            else:
                vals.append(sum(map(value_of, children)))
                choice.append(-1)
        self.values[c][a][d] = sum(vals[root] * n for root, n in program.roots)
        # Push each throw's weight down the chosen branches to get this state's transitions.
        leaf_count = len(program.leaves)
        weights = [0] * len(vals)
        for root, n in program.roots:
            weights[root] += n * FACES**depth
        for index in range(len(program.nodes) - 1, -1, -1):
            weight = weights[leaf_count + index]
            if weight:
                is_max, children = program.nodes[index]
                if is_max:
                    weights[choice[index]] += weight
                else:
                    for child in children:
                        weights[child] += weight // FACES
        merged: Counter[tuple[int, int, int]] = Counter()
        for (la, ld, c2, _), weight in zip(program.leaves, weights):
            if weight:
                merged[la, ld, c2] += weight
        self.moves[c][a][d] = tuple((la, ld, c2, w) for (la, ld, c2), w in sorted(merged.items()))

    def value(self, a: int, d: int, c: int) -> Fraction:
        return Fraction(self.values[c][a][d], FACES ** (self.k * (a + d)))


@cache
def _solver(stop_at: int, commander: bool, reroll: bool, model: DiceModel = PLAIN) -> _Solver:
    return _Solver(stop_at, commander, reroll, model)


@lru_cache(maxsize=1)
def _powers_of_six() -> tuple[int, ...]:
    return tuple(FACES**i for i in range(16))


@cache
def _plain_moves(attack_dice: int, defend_dice: int) -> tuple[_Transition, ...]:
    return tuple((la, ld, 0, n) for la, ld, n in _roll_counts(attack_dice, defend_dice))


@cache
def model_moves(attack_dice: int, defend_dice: int, model: DiceModel, flags: int = 0) -> tuple[_Transition, ...]:
    """One roll's transitions under ``model`` with a General/Marshall in play as ``flags`` says:
    ``(attacker losses, defender losses, flags after, how many of the 6**thrown throws)``.

    >>> model_moves(1, 1, PLAIN, GENERAL_FLAG)  # +1 for the attacker, kept while it wins
    ((0, 1, 2, 21), (1, 0, 0, 15))
    """
    general, marshall = flags & GENERAL_FLAG, flags & MARSHALL_FLAG
    in_effect = model.with_plus(1 if general else 0, 1 if marshall else 0)
    merged: Counter[tuple[int, int, int]] = Counter()
    for la, ld, top, n in dice.outcome_counts(attack_dice, defend_dice, in_effect):
        merged[la, ld, general if top else marshall] += n
    return tuple((la, ld, f, n) for (la, ld, f), n in sorted(merged.items()))


# ---------------------------------------------------------------------------------------------
# Battles


def _check_battle(attackers: int, defenders: int, stop_at: int) -> None:
    if attackers < 0 or defenders < 0:
        raise ValueError(f"army counts cannot be negative: {attackers} attacking, {defenders} defending")
    if stop_at < 0:
        raise ValueError(f"stop_at cannot be negative: {stop_at}")


def check_options(model: DiceModel, commander: bool, reroll: bool, general: bool, marshall: bool) -> None:
    """Refuse combinations of rules that no edition has (and that the solvers do not model)."""
    if (commander or reroll) and not model.is_plain:
        raise ValueError("the commander and the card re-roll are rules of plain dice (no bonus die, no plus)")
    if (commander or reroll) and (general or marshall):
        raise ValueError("a General or Marshall does not combine with the classic commander or card re-roll")


def start_flags(commander: bool, general: bool, marshall: bool) -> int:
    """The flags of a battle's first state."""
    return (COMMANDER_FLAG if commander else 0) | (GENERAL_FLAG if general else 0) | (MARSHALL_FLAG if marshall else 0)


def _moves_source(
    attackers: int, defenders: int, stop_at: int, commander: bool, reroll: bool, model: DiceModel = PLAIN
) -> tuple[int, int, _Solver | None]:
    """``(K, extra depth, solver)``; the solver is None for plain dice (fixed transitions)."""
    if not (commander or reroll):
        return _scale(False, model), 0, None
    solver = _solver(stop_at, commander, reroll, model)
    solver.ensure(attackers, defenders)
    return solver.k, 1 if reroll else 0, solver


def _moves(solver: _Solver | None, a: int, d: int, c: int) -> tuple[_Transition, ...]:
    if solver is None:
        return _plain_moves(min(MAX_ATTACK_DICE, a), min(MAX_DEFEND_DICE, d))
    return solver.moves[c][a][d]


def _is_classic(model: DiceModel, general: bool, marshall: bool) -> bool:
    return model == PLAIN and not (general or marshall)


@lru_cache(maxsize=64)
def _attack_odds(
    attackers: int,
    defenders: int,
    stop_at: int,
    commander: bool,
    reroll: bool,
    model: DiceModel = PLAIN,
    general: bool = False,
    marshall: bool = False,
) -> BattleOdds:
    k, depth, solver = _moves_source(attackers, defenders, stop_at, commander, reroll, model)
    pow6 = _powers_of_six()
    moves = model_moves if solver is None and not _is_classic(model, general, marshall) else None
    # Layers by armies in all, swept from the start down: a roll always removes one army or more,
    # so a layer is complete when reached, and freed once done (the numbers are long).
    # layers[t][flags][a] / 6**(K * (attackers + defenders - t)) = P(the battle passes through a, t - a).
    total = attackers + defenders
    first = start_flags(commander, general, marshall)
    layers: dict[int, dict[int, list[int]]] = {total: {first: [0] * attackers + [1]}}
    ended: dict[tuple[int, int], int] = {}
    for t in range(total, -1, -1):
        layer = layers.pop(t, None)
        if not layer:
            continue
        for f, row in layer.items():
            for a, m in enumerate(row):
                if not m:
                    continue
                d = t - a
                if d == 0 or a <= stop_at:
                    # Over the common denominator 6**(K * total).
                    ended[a, d] = ended.get((a, d), 0) + m * FACES ** (k * t)
                    continue
                attack_dice, defend_dice = model.dice(a, d)
                dice_thrown = model.thrown(attack_dice, defend_dice) + depth
                transitions = moves(attack_dice, defend_dice, model, f) if moves else _moves(solver, a, d, f)
                for la, ld, f2, weight in transitions:
                    lost = la + ld
                    target_layer = layers.get(t - lost)
                    if target_layer is None:
                        target_layer = layers[t - lost] = {}
                    target = target_layer.get(f2)
                    if target is None:
                        target = target_layer[f2] = [0] * (min(attackers, t - lost) + 1)
                    target[a - la] += m * weight * pow6[k * lost - dice_thrown]
    denominator = FACES ** (k * total)
    by_attackers = [0] * (attackers + 1)
    by_defenders = [0] * (defenders + 1)
    for (a, d), n in ended.items():
        by_attackers[a] += n
        by_defenders[d] += n
    return BattleOdds(
        attackers,
        defenders,
        stop_at,
        commander,
        reroll,
        p_conquer=Fraction(by_defenders[0], denominator),
        expected_attackers_left=Fraction(sum(a * n for a, n in enumerate(by_attackers)), denominator),
        expected_defenders_left=Fraction(sum(d * n for d, n in enumerate(by_defenders)), denominator),
        attackers_left=tuple(Fraction(n, denominator) for n in by_attackers),
        defenders_left=tuple(Fraction(n, denominator) for n in by_defenders),
        end_states=tuple((a, d, Fraction(n, denominator)) for (a, d), n in sorted(ended.items())),
        model=model,
        general=general,
        marshall=marshall,
    )


def attack_odds(
    attackers: int,
    defenders: int,
    *,
    stop_at: int = 0,
    commander: bool = False,
    reroll: bool = False,
    model: DiceModel = PLAIN,
    general: bool = False,
    marshall: bool = False,
) -> BattleOdds:
    """Exact odds of ``attackers`` attacking armies against ``defenders``.

    The attacker rolls until the defender has no armies left or its own attacking armies are
    ``<= stop_at`` (so ``stop_at=0`` fights to the end, and ``stop_at >= attackers`` never rolls).
    With ``commander`` and/or ``reroll`` the attacker uses the expert rules optimally, maximising
    its probability of conquering (see the module docstring). ``model`` sets the dice (bonus dice,
    plus, cap); ``general``/``marshall`` put a Castle Risk General / Marshall in play. Results are
    cached. The cost grows with the square of the armies and the length of the fractions: for large
    battles use :func:`battle_odds`.

    >>> odds = attack_odds(2, 1)
    >>> odds.p_conquer, odds.attackers_left
    (Fraction(1955, 2592), (Fraction(637, 2592), Fraction(455, 2592), Fraction(125, 216)))
    >>> attack_odds(1, 1, general=True).p_conquer
    Fraction(7, 12)
    """
    _check_battle(attackers, defenders, stop_at)
    check_options(model, commander, reroll, general, marshall)
    return _attack_odds(attackers, defenders, stop_at, commander, reroll, model, general, marshall)


@lru_cache(maxsize=1024)
def _attack_odds_float(
    attackers: int,
    defenders: int,
    stop_at: int,
    commander: bool,
    reroll: bool,
    model: DiceModel = PLAIN,
    general: bool = False,
    marshall: bool = False,
) -> FloatOdds:
    if not _is_classic(model, general, marshall):
        return _model_odds_float(attackers, defenders, stop_at, commander, reroll, model, general, marshall)
    _, depth, solver = _moves_source(attackers, defenders, stop_at, commander, reroll)
    flags = (0, 1) if commander else (0,)
    mass = [[[0.0] * (defenders + 1) for _ in range(attackers + 1)] for _ in range(2)]
    mass[1 if commander else 0][attackers][defenders] = 1.0
    by_attackers = [0.0] * (attackers + 1)
    by_defenders = [0.0] * (defenders + 1)
    for a in range(attackers, -1, -1):
        for d in range(defenders, -1, -1):
            for c in flags:
                m = mass[c][a][d]
                if not m:
                    continue
                if d == 0 or a <= stop_at:
                    by_attackers[a] += m
                    by_defenders[d] += m
                    continue
                scale = m / FACES ** (min(MAX_ATTACK_DICE, a) + min(MAX_DEFEND_DICE, d) + depth)
                for la, ld, c2, weight in _moves(solver, a, d, c):
                    mass[c2][a - la][d - ld] += weight * scale
    return FloatOdds(
        by_defenders[0],
        sum(a * p for a, p in enumerate(by_attackers)),
        sum(d * p for d, p in enumerate(by_defenders)),
        tuple(by_attackers),
        tuple(by_defenders),
    )


def _model_odds_float(
    attackers: int,
    defenders: int,
    stop_at: int,
    commander: bool,
    reroll: bool,
    model: DiceModel,
    general: bool,
    marshall: bool,
) -> FloatOdds:
    """:func:`_attack_odds_float` for any model: the same sweep as the exact one, in floats."""
    _, depth, solver = _moves_source(attackers, defenders, stop_at, commander, reroll, model)
    total = attackers + defenders
    first = start_flags(commander, general, marshall)
    layers: dict[int, dict[tuple[int, int], float]] = {total: {(attackers, first): 1.0}}
    by_attackers = [0.0] * (attackers + 1)
    by_defenders = [0.0] * (defenders + 1)
    for t in range(total, -1, -1):
        for (a, f), m in layers.pop(t, {}).items():
            d = t - a
            if d == 0 or a <= stop_at:
                by_attackers[a] += m
                by_defenders[d] += m
                continue
            attack_dice, defend_dice = model.dice(a, d)
            scale = m / FACES ** (model.thrown(attack_dice, defend_dice) + depth)
            transitions = model_moves(attack_dice, defend_dice, model, f) if solver is None else solver.moves[f][a][d]
            for la, ld, f2, weight in transitions:
                target = layers.setdefault(t - la - ld, {})
                target[a - la, f2] = target.get((a - la, f2), 0.0) + weight * scale
    return FloatOdds(
        by_defenders[0],
        sum(a * p for a, p in enumerate(by_attackers)),
        sum(d * p for d, p in enumerate(by_defenders)),
        tuple(by_attackers),
        tuple(by_defenders),
    )


def attack_odds_float(
    attackers: int,
    defenders: int,
    *,
    stop_at: int = 0,
    commander: bool = False,
    reroll: bool = False,
    model: DiceModel = PLAIN,
    general: bool = False,
    marshall: bool = False,
) -> FloatOdds:
    """:func:`attack_odds` in floats, for the page's hover read-out (same policy, float sums).

    Like :func:`attack_odds`, its cost grows with the battle (the expert rules' policy is solved
    exactly): bots clamp the battles they ask about; the page uses :func:`battle_odds`.

    >>> round(attack_odds_float(1, 1).p_conquer, 6)
    0.416667
    """
    _check_battle(attackers, defenders, stop_at)
    check_options(model, commander, reroll, general, marshall)
    return _attack_odds_float(attackers, defenders, stop_at, commander, reroll, model, general, marshall)


# ---------------------------------------------------------------------------------------------
# Decisions after a roll


def best_decision(
    attackers: int,
    defenders: int,
    attacker_faces: tuple[int, ...],
    defender_faces: tuple[int, ...],
    *,
    commander: bool = False,
    reroll: bool = False,
    rerolled: bool = False,
    stop_at: int = 0,
) -> Decision:
    """The attacker's optimal choice after seeing a roll, for bots and hints.

    ``attackers``/``defenders`` are the armies before this roll's losses; ``commander`` whether the
    commander is still unused; ``reroll`` whether the card re-roll applies to this battle and
    ``rerolled`` whether it was already spent on this roll. The later rolls assume the same rules
    and optimal play, up to ``stop_at`` as in :func:`attack_odds`.

    >>> best_decision(5, 2, (5, 2, 1), (4, 3), commander=True).action
    'commander'
    """
    _check_battle(attackers, defenders, stop_at)
    if not 1 <= len(attacker_faces) <= min(MAX_ATTACK_DICE, attackers):
        raise ValueError(f"{attackers} attacking armies cannot roll {len(attacker_faces)} dice")
    if not 1 <= len(defender_faces) <= min(MAX_DEFEND_DICE, defenders):
        raise ValueError(f"{defenders} defending armies cannot roll {len(defender_faces)} dice")
    if any(not 1 <= f <= FACES for f in (*attacker_faces, *defender_faces)):
        raise ValueError(f"dice show 1 to {FACES}: {attacker_faces} against {defender_faces}")
    solver = _solver(stop_at, commander, reroll)
    solver.ensure(attackers, defenders)
    defender = tuple(sorted(defender_faces, reverse=True))

    def worth(tree: _Tree) -> Fraction:
        if isinstance(tree, _Leaf):
            return solver.value(attackers - tree.lost_a, defenders - tree.lost_d, int(tree.commander))
        if isinstance(tree, _Max):
            return max(worth(option) for option in tree.options)
        return sum((worth(face) for face in tree.faces), Fraction(0)) / FACES

    lost_a, lost_d = dice.battle_losses(attacker_faces, defender)
    best = Decision(ACCEPT, None, worth(_Leaf(lost_a, lost_d, commander)))
    if lost_a == 0:
        return best
    if reroll and not rerolled:
        for i in range(len(attacker_faces)):
            outcomes = [
                _tree(_with_face(tuple(attacker_faces), i, new), defender, commander, False) for new in range(1, 7)
            ]
            p = worth(_Avg(tuple(outcomes)))
            if p > best.p_conquer:
                best = Decision(REROLL, i, p)
    if commander:
        for i, face in enumerate(attacker_faces):
            if face < FACES:
                p = worth(_tree(_with_face(tuple(attacker_faces), i, FACES), defender, False, reroll and not rerolled))
                if p > best.p_conquer:
                    best = Decision(COMMANDER, i, p)
    return best


# ---------------------------------------------------------------------------------------------
# Command line / page report


REPORT_EXACT_SECONDS = 60.0  # the report is exact when that costs less than this (in CPython), else floats
REPORT_VALUE_STATES = 1_100_000  # the commander's choices are worked out up to 1000 v 1000 (a minute)


def odds_report(
    territory_armies: int,
    defenders: int,
    *,
    commander: bool = False,
    reroll: bool = False,
    model: DiceModel = PLAIN,
    general: bool = False,
    marshall: bool = False,
    exact_within: float = REPORT_EXACT_SECONDS,
) -> dict[str, object]:
    """JSON-ready odds of attacking from a territory holding ``territory_armies`` to the end.

    ``expected_attackers_left`` counts the army that stays behind, so it is the expected number of
    armies on the attacking territory after the battle (before any occupying move). ``exact`` holds
    the exact fractions (as text, however long) when they take less than ``exact_within`` seconds to
    work out, else None; ``error`` bounds how far each figure can be from the true one (0 when
    exact; for the expected armies, multiply it by the armies). ``lower_bound`` is True when the
    commander could not be counted at this size.

    >>> odds_report(2, 1)["exact"]
    {'p_conquer': '5/12', 'expected_attackers_left': '17/12', 'expected_defenders_left': '7/12'}
    >>> odds_report(2, 1, model=DiceModel(defend_bonus=1))["exact"]["p_conquer"]
    '55/216'
    """
    from risk.odds_float import Battle, battle_odds

    if territory_armies < 1:
        raise ValueError(f"a territory holds at least one army, not {territory_armies}")
    battle = Battle(territory_armies - 1, defenders, 0, commander, reroll, model, general, marshall)
    odds = battle_odds(battle, exact_within, REPORT_VALUE_STATES)
    exact: dict[str, str] | None = None
    if odds.exact is not None:
        on_territory = odds.exact.expected_attackers_left + 1
        exact = {
            "p_conquer": _long_text(odds.exact.p_conquer),
            "expected_attackers_left": _long_text(on_territory),
            "expected_defenders_left": _long_text(odds.exact.expected_defenders_left),
        }
    return {
        "p_conquer": odds.p_conquer,
        "expected_attackers_left": (
            float(odds.exact.expected_attackers_left + 1) if odds.exact else odds.expected_attackers_left + 1
        ),
        "expected_defenders_left": odds.expected_defenders_left,
        "exact": exact,
        "error": odds.error,
        "lower_bound": odds.lower_bound,
    }


def _long_text(value: Fraction) -> str:
    """A fraction as text, however many digits (Python refuses ints over 4,300 digits by default)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return str(value)
    finally:
        sys.set_int_max_str_digits(limit)
