"""Battle odds of any size, in floats, with a stated error bound, computed in slices.

The exact odds of :mod:`risk.odds` keep every probability as a numerator over ``6**(K * armies)``:
at 150 against 150 with the expert rules those are 4,000-bit integers, and the page froze for 41 s;
at 100,000 armies they do not fit in memory. This module answers the same questions (the chance of
conquering, the expected armies left, the distribution of the end states, a stopping threshold, any
:class:`~risk.dice.DiceModel`, a General or Marshall, the commander and the card re-roll played at
best) in double precision, for any size, and says how far its answer can be from the true one. It is
a generator (:func:`odds_steps`) that yields between slices of work, so the page keeps answering
clicks while a large battle is worked out.

How it works, and why it is bounded:

* **Layers.** A roll removes at least one army, so the battle's states are swept layer by layer, in
  order of the armies left in all. Each layer holds, per flag state (commander unused, General or
  Marshall in play), the probability of passing through each split of the armies. Entries at the ends
  of a layer below :data:`DROP` are dropped; their mass is added to the error bound.
* **The bulk.** Where both sides roll their most dice and the attacker's choice (if any) does not
  depend on the state, every roll moves the same way; a whole layer then steps at once with list
  arithmetic, and a battle that starts deep inside jumps over many rolls: after ``n`` rolls the
  attacker's losses follow the ``n``-th power of one roll's distribution, whose coefficients obey a
  short recurrence with positive terms (:func:`power_distribution`). Paths that would leave the bulk
  during the jump are counted in the error bound (by monotonicity they are exactly those that end
  outside it). So the work grows about linearly with the armies, not with their square.
* **Decisions.** The commander and the re-roll are used to maximise the chance of conquering, as in
  :func:`risk.odds.attack_odds`. The choice after a roll compares the values of the states it can
  lead to, so those values are computed first (backwards, layer by layer). A state's choices are
  worked out on ``V``, or on ``1 - V`` when some result is worth more than a half, each a sum of
  positive terms, so the small one keeps its relative precision: the choices are those of the exact
  solver wherever options differ by more than a relative :data:`TIE` (10^-13) of that small number,
  down to 10^-300; closer options count as tied and the first is taken (accept, then re-roll, then
  commander), as the exact solver does with exact ties. The re-roll's choice in the bulk
  (3 dice against 2) is the same for every state (:func:`fixed_transitions` checks this exactly), so
  only the edges need values; the commander's depends on the state everywhere, which costs a pass over
  every state up to the battle's size (:data:`MAX_VALUE_STATES` bounds it; beyond it the commander is
  left out and the result says the chance is a lower bound).

The error bound (:attr:`Odds.error`) covers: dropped mass, paths lost in jumps, the recurrence's
rounding, the rounding of the sweep (a relative ``8u`` per roll, ``u = 2**-53``, or
:data:`ROLL_ROUNDING` units where choices were worked out), and, with decisions, the chance lost by
choices made on rounded values or within :data:`TIE` (when every state's value is known, measured
after the fact against the start's best value). It bounds the total variation distance between the
reported distribution of end states and the true one, so P(conquer) is within ``error`` and the
expected armies left within ``error`` times the armies.

>>> odds = float_odds(10, 10)
>>> round(odds.p_conquer, 9), odds.error < 1e-12
(0.567592872, True)
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Generator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import pairwise

from risk import odds as exact_odds
from risk.dice import FACES, PLAIN, DiceModel

DROP = 1e-20  # a layer's end entries below this probability are dropped (and counted in the error)
JUMP_TAIL = 1e-14  # mass allowed to leave the bulk during a jump (counted in the error)
JUMP_MIN = 48  # rolls: a shorter jump is not worth computing
MAX_VALUE_STATES = 90_000  # states whose value the commander's choices need, at most (300 v 300: 3.5 s of CPython)
SLICE_WORK = 2_000  # units of work between yields: a unit is about a microsecond of CPython
UNIT = 2.0**-53  # unit roundoff of a double
TIE = 1e-13  # choices whose values (or complements) are this close, relatively, are taken as equal
# Units of rounding one roll adds to a value worked out through a decision program, at most: a root
# sum of up to 98 weighted throws, two levels of averages over six faces, and the products.
ROLL_ROUNDING = 128

_Key = tuple[int, int, int]  # a roll's result: (attacker losses, defender losses, flags after)
Moves = tuple[tuple[int, int, int, float], ...]  # (attacker losses, defender losses, flags after, probability)


@dataclass(frozen=True)
class Odds:
    """The outcome of a battle, as floats with an error bound.

    ``attackers_left[i]`` is the probability that the battle ends with ``i`` attacking armies (the one
    that stays behind not counted), ``defenders_left[j]`` with ``j`` defenders; ``end_states`` lists
    ``(attackers, defenders, probability)`` over the end states, omitting those below 1e-300.
    ``error`` bounds the total variation distance between these and the true distribution (0.0 when
    ``exact`` holds the exact fractions they were read from). ``lower_bound`` is True when the
    commander could not be counted at this size: the chance is then the one without it, a lower
    bound of the chance with it.
    """

    attackers: int
    defenders: int
    stop_at: int
    p_conquer: float
    expected_attackers_left: float
    expected_defenders_left: float
    attackers_left: tuple[float, ...]
    defenders_left: tuple[float, ...]
    end_states: tuple[tuple[int, int, float], ...]
    error: float
    exact: exact_odds.BattleOdds | None = None
    lower_bound: bool = False

    @property
    def losses_error(self) -> float:
        """A bound on the error of the expected armies lost or left, on either side."""
        return self.error * max(self.attackers, self.defenders)

    @property
    def expected_attacker_losses(self) -> float:
        return self.attackers - self.expected_attackers_left

    @property
    def expected_defender_losses(self) -> float:
        return self.defenders - self.expected_defenders_left


def from_exact(odds: exact_odds.BattleOdds) -> Odds:
    """The float image of exact odds (each number correctly rounded)."""
    return Odds(
        odds.attackers,
        odds.defenders,
        odds.stop_at,
        float(odds.p_conquer),
        float(odds.expected_attackers_left),
        float(odds.expected_defenders_left),
        tuple(float(p) for p in odds.attackers_left),
        tuple(float(p) for p in odds.defenders_left),
        tuple((a, d, float(p)) for a, d, p in odds.end_states),
        0.0,
        odds,
    )


# ---------------------------------------------------------------------------------------------
# The n-th power of one roll's distribution


def power_distribution(step: tuple[float, ...], n: int) -> tuple[int, list[float], float]:
    """The distribution of the sum of ``n`` independent draws from ``step`` (``step[k]`` = P(k)).

    Returns ``(first, probabilities from that index on, relative error bound)``, leaving out the
    leading and trailing values that underflow. The coefficients of ``g(x)**n`` satisfy
    ``(l + 1) g0 c[l+1] = sum_k (n k - l - 1 + k) g_k c[l+1-k]`` (from ``g f' = n g' f``), whose
    terms are all positive up to the middle; the upper half comes from the reversed polynomial. Values
    are carried with a running power-of-two scale, so ``g0**n`` never underflows.
    :func:`power_distribution_steps` is the same in slices.

    >>> first, probs, _ = power_distribution((0.5, 0.5), 4)
    >>> first, [round(p * 16) for p in probs]
    (0, [1, 4, 6, 4, 1])
    """
    steps = power_distribution_steps(step, n)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: tuple[int, list[float], float] = done.value
            return result


def power_distribution_steps(
    step: tuple[float, ...], n: int
) -> Generator[None, None, tuple[int, list[float], float]]:
    """:func:`power_distribution`, yielding every :data:`SLICE_WORK` // 2 coefficients."""
    top = len(step) - 1
    if n == 0:
        return 0, [1.0], 0.0
    if step[0] <= 0 or step[top] <= 0:
        raise ValueError("power_distribution needs both extreme outcomes possible")
    length = top * n + 1
    middle = length // 2
    low = yield from _half(step, n, middle + 1)  # log-scaled c[0 .. middle]
    high = yield from _half(tuple(reversed(step)), n, length - middle - 1)  # c[length-1 .. middle+1]
    logs = low + high[::-1]
    peak = -math.inf
    for start in range(0, length, SLICE_WORK * 4):
        peak = max(peak, *logs[start : start + SLICE_WORK * 4])
        yield None
    # The coefficients are log-concave: those within e**-60 of the peak are one stretch around it;
    # the others, fewer than `length`, add less than length * e**-60 in all (counted in the error).
    floor = peak - 60.0
    first = logs.index(peak)
    while first > 0 and logs[first - 1] > floor:
        first -= 1
    last = logs.index(peak)
    while last < length - 1 and logs[last + 1] > floor:
        last += 1
    values = [math.exp(x - peak) for x in logs[first : last + 1]]
    # Normalise by the sum (exactly 1 in exact arithmetic): this cancels the error of the scale.
    total = math.fsum(values)
    probabilities = [v / total for v in values]
    # Each coefficient went through at most `middle` recurrence steps of (top + 2) roundings each,
    # plus the exp of a value of size |log| (the scale's error cancels in the normalisation).
    error = (middle * (top + 3) + 4 + abs(peak) + 60.0) * UNIT * 4 + length * math.exp(-60.0)
    return first, probabilities, error


def _half(step: tuple[float, ...], n: int, count: int) -> Generator[None, None, list[float]]:
    """``log c[l]`` for ``l < count`` of ``(sum step[k] x**k)**n``, from ``log c[0] = n log step[0]``."""
    if count <= 0:
        return []
    top = len(step) - 1
    g0 = step[0]
    base = n * math.log(g0)
    logs = [base]
    recent = [1.0]  # the last `top` coefficients, scaled by 2**-shift
    shift = 0
    for index in range(1, count):
        acc = 0.0
        for k in range(1, min(top, index) + 1):
            acc += (n * k - (index - k)) * step[k] * recent[-k]
        value = acc / (index * g0)
        recent.append(value)
        if len(recent) > top:
            recent.pop(0)
        if value > 1e250 or (0 < value < 1e-250):
            exponent = math.frexp(value)[1]
            recent = [r * 2.0**-exponent for r in recent]
            shift += exponent
            value = recent[-1]
        logs.append(base + (math.log(value) + shift * math.log(2.0) if value > 0 else -math.inf))
        if index % (SLICE_WORK // 2) == 0:
            yield None
    return logs


# ---------------------------------------------------------------------------------------------
# One roll's choices: fixed for every state, or compiled for per-state evaluation


@dataclass(frozen=True)
class _Compiled:
    """A decision program of :mod:`risk.odds` turned into Python functions of the values of the
    roll's possible results (one argument per key, in order).

    The precision of a probability near 1 is in its complement, so each function comes twice: on
    ``V`` (``value_v``, ``moves_v``: the attacker maximises) and on ``Q = 1 - V`` (``value_q``,
    ``moves_q``: it minimises). ``value_*`` give this state's value (plain max/min), ``moves_*`` the
    probability of each key under the best choices, where options within a relative :data:`TIE`
    count as equal and the first wins, as in the exact solver (whose ties come out of floats a few
    units apart).
    """

    keys: tuple[_Key, ...]
    value_v: Callable[..., float]
    value_q: Callable[..., float]
    moves_v: Callable[..., tuple[float, ...]]
    moves_q: Callable[..., tuple[float, ...]]


_COMPILED: dict[tuple[int, int, bool, bool], _Compiled] = {}


def compiled(attack_dice: int, defend_dice: int, commander: bool, reroll: bool) -> _Compiled:
    """Compile the choices after one roll (see :class:`_Compiled`); kept once compiled."""
    known = _COMPILED.get((attack_dice, defend_dice, commander, reroll))
    if known is not None:
        return known
    steps = compiled_steps(attack_dice, defend_dice, commander, reroll)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: _Compiled = done.value
            return result


def compiled_steps(
    attack_dice: int, defend_dice: int, commander: bool, reroll: bool
) -> Generator[None, None, _Compiled]:
    """:func:`compiled`, yielding between the program's parts and each function's compilation."""
    key = (attack_dice, defend_dice, commander, reroll)
    if key in _COMPILED:
        return _COMPILED[key]
    program = yield from exact_odds.program_steps(attack_dice, defend_dice, commander, reroll)
    keys = tuple(sorted({leaf[:3] for leaf in program.leaves}))
    index = {key: i for i, key in enumerate(keys)}
    leaves = len(program.leaves)
    params = ", ".join(f"x{i}" for i in range(len(keys)))
    total = sum(n for _, n in program.roots)
    roots: dict[int, float] = {}
    for slot, n in program.roots:
        roots[slot] = roots.get(slot, 0.0) + n / total

    def name(slot: int) -> str:
        return f"x{index[program.leaves[slot][:3]]}" if slot < leaves else f"v{slot}"

    def averages(j: int, children: tuple[int, ...]) -> str:
        return f"    v{leaves + j} = ({' + '.join(name(c) for c in children)}) * {1 / FACES!r}"

    def value(best: str) -> str:
        body = [f"def value({params}):"]
        for j, (is_max, children) in enumerate(program.nodes):
            if is_max:
                body.append(f"    v{leaves + j} = {best}({', '.join(name(c) for c in children)})")
            else:
                body.append(averages(j, children))
        body.append(f"    return {' + '.join(f'{w!r} * {name(s)}' for s, w in roots.items())}")
        return "\n".join(body)

    def moves(better: str, factor: float) -> str:
        body = [f"def moves({params}):"]
        for j, (is_max, children) in enumerate(program.nodes):
            slot = leaves + j
            if is_max:
                first, *rest = children
                body.append(f"    v{slot} = {name(first)}; h{slot} = 0")
                for i, child in enumerate(rest, start=1):
                    body.append(
                        f"    if {name(child)} {better} v{slot} * {factor!r}: v{slot} = {name(child)}; h{slot} = {i}"
                    )
            else:
                body.append(averages(j, children))
        # Push each throw's weight down the chosen branches (parents come after their children).
        start = tuple(roots.get(slot, 0.0) for slot in range(leaves + len(program.nodes)))
        body.append(f"    w = list({start!r})")
        for j in range(len(program.nodes) - 1, -1, -1):
            slot = leaves + j
            is_max, children = program.nodes[j]
            if is_max:
                body.append(f"    w[{children!r}[h{slot}]] += w[{slot}]")
            else:
                body.append(f"    s = w[{slot}] * {1 / FACES!r}")
                body.append(f"    for c in {children!r}: w[c] += s")
        sums = [" + ".join(f"w[{s}]" for s in range(leaves) if program.leaves[s][:3] == key) for key in keys]
        body.append(f"    return ({', '.join(sums)},)")
        return "\n".join(body)

    functions = []
    for source in (value("max"), value("min"), moves(">", 1 + TIE), moves("<", 1 - TIE)):
        yield None
        namespace: dict[str, object] = {}
        exec(compile(source, f"<odds {attack_dice}v{defend_dice}>", "exec"), namespace)
        functions.append(namespace["value" if source.startswith("def value") else "moves"])
    result = _Compiled(keys, *functions)  # type: ignore[arg-type]
    _COMPILED[key] = result
    return result


def _needed(battle: Battle) -> list[tuple[int, int, bool, bool]]:
    model = battle.model
    return [
        (attack_dice, defend_dice, commander, battle.reroll)
        for attack_dice in range(1, model.attack_max + 1)
        for defend_dice in range(1, model.defend_max + 1)
        for commander in sorted({False, battle.commander})
    ]


def ready(battle: Battle) -> bool:
    """Whether every decision program ``battle`` needs is built (else :func:`prepare_steps` takes a while)."""
    return not battle.decisions or all(key in _COMPILED for key in _needed(battle))


def prepare_steps(battle: Battle) -> Generator[None, None, None]:
    """Build, in slices, every decision program ``battle`` can need (a one-off cost per session)."""
    if not battle.decisions:
        return
    for attack_dice, defend_dice, commander, reroll in _needed(battle):
        yield from compiled_steps(attack_dice, defend_dice, commander, reroll)
        if not commander:
            fixed_transitions(attack_dice, defend_dice, reroll)
            yield None


@cache
def fixed_transitions(attack_dice: int, defend_dice: int, reroll: bool) -> Moves | None:
    """The re-roll's best choices when they are the same in every state where the results of a roll
    are strictly ordered (more defender losses better), else None. Exact: with the pairs'
    results' values ``1 + t, 1, 0`` the choices are checked at ``t = 1`` and in the limits ``t -> 0``
    and ``t -> oo``; a convex piecewise-linear best value that agrees with one policy there agrees on
    the whole range. (Without the commander the results are the losses alone.)

    >>> fixed_transitions(3, 2, True) is not None, fixed_transitions(2, 2, True) is None
    (True, True)
    """
    program = exact_odds._program(attack_dice, defend_dice, False, reroll)
    pairs = min(attack_dice, defend_dice)
    results = [_exact_choices(program, pairs, mode) for mode in ("one", "zero", "infinity")]
    if results[0] != results[1] or results[0] != results[2]:
        return None
    return tuple((la, ld, f, float(p)) for (la, ld, f), p in sorted(results[0].items()))


def _exact_choices(program: exact_odds._Program, pairs: int, mode: str) -> dict[_Key, Fraction]:
    def leaf(la: int) -> tuple[Fraction, Fraction]:  # alpha + beta * t
        if pairs == 1:
            return (Fraction(1), Fraction(0)) if la == 0 else (Fraction(0), Fraction(0))
        return {0: (Fraction(1), Fraction(1)), 1: (Fraction(1), Fraction(0))}.get(la, (Fraction(0), Fraction(0)))

    def rank(value: tuple[Fraction, Fraction]) -> tuple[Fraction, ...]:
        alpha, beta = value
        return (alpha + beta,) if mode == "one" else (alpha, beta) if mode == "zero" else (beta, alpha)

    values = [leaf(la) for la, _, _, _ in program.leaves]
    choice: list[int] = []
    for is_max, children in program.nodes:
        if is_max:
            best = children[0]
            for child in children[1:]:
                if rank(values[child]) > rank(values[best]):
                    best = child
            values.append(values[best])
            choice.append(best)
        else:
            values.append((sum((values[c][0] for c in children), Fraction(0)) / FACES,
                           sum((values[c][1] for c in children), Fraction(0)) / FACES))
            choice.append(-1)
    weights = [Fraction(0)] * len(values)
    total = sum(n for _, n in program.roots)
    for slot, n in program.roots:
        weights[slot] += Fraction(n, total)
    leaves = len(program.leaves)
    for j in range(len(program.nodes) - 1, -1, -1):
        weight = weights[leaves + j]
        if weight:
            is_max, children = program.nodes[j]
            if is_max:
                weights[choice[j]] += weight
            else:
                for child in children:
                    weights[child] += weight / FACES
    result: dict[_Key, Fraction] = {}
    for (la, ld, c, _), weight in zip(program.leaves, weights):
        if weight:
            result[la, ld, c] = result.get((la, ld, c), Fraction(0)) + weight
    return result


# ---------------------------------------------------------------------------------------------
# The battle


@dataclass(frozen=True)
class Battle:
    """The question: armies, stopping rule, dice model and the rules that change the dice."""

    attackers: int
    defenders: int
    stop_at: int = 0
    commander: bool = False
    reroll: bool = False
    model: DiceModel = PLAIN
    general: bool = False
    marshall: bool = False

    def __post_init__(self) -> None:
        exact_odds._check_battle(self.attackers, self.defenders, self.stop_at)
        exact_odds.check_options(self.model, self.commander, self.reroll, self.general, self.marshall)

    @property
    def decisions(self) -> bool:
        return self.commander or self.reroll

    def value_states(self) -> int:
        """How many states the commander's choices need the value of (0 without the commander)."""
        if not self.commander:
            return 0
        return max(0, self.attackers - self.stop_at) * self.defenders


class _Layer:
    """Probabilities of the states of one army total, for one flag state: ``values[i]`` is the
    attacker holding ``lo + i`` armies."""

    __slots__ = ("lo", "values")

    def __init__(self, lo: int, values: list[float]) -> None:
        self.lo, self.values = lo, values

    def add(self, a: int, p: float) -> None:
        i = a - self.lo
        if i < 0:
            self.values[:0] = [0.0] * -i
            self.lo, i = a, 0
        elif i >= len(self.values):
            self.values.extend([0.0] * (i + 1 - len(self.values)))
        self.values[i] += p

    def add_vector(self, a: int, source: list[float]) -> None:
        """``self[a + i] += source[i]`` for every ``i`` (taking the list over when empty)."""
        if not self.values:
            self.lo, self.values = a, source
        else:
            self.add_scaled(a, source, 1.0)

    def add_scaled(self, a: int, source: list[float], p: float) -> None:
        """``self[a + i] += p * source[i]`` for every ``i``."""
        start = a - self.lo
        if start < 0:
            self.values[:0] = [0.0] * -start
            self.lo, start = a, 0
        end = start + len(source)
        if end > len(self.values):
            self.values.extend([0.0] * (end - len(self.values)))
        self.values[start:end] = [y + p * x for y, x in zip(self.values[start:end], source)]


class _Solver:
    """One battle's sweep; see the module docstring. ``run`` is the generator."""

    def __init__(self, battle: Battle) -> None:
        self.battle = battle
        model = battle.model
        self.model = model
        self.stop_at = battle.stop_at
        self.pairs = min(model.attack_max, model.defend_max)  # armies a bulk roll removes
        # The bulk: both sides roll their most dice, and (with decisions) the values of the results
        # of a roll are strictly ordered (no state within two armies of the stopping rule).
        self.bulk_a = max(model.attack_max, battle.stop_at + (3 if battle.decisions else 1))
        self.bulk_d = model.defend_max
        self.error = 0.0
        self.work = 0
        self.values: dict[int, dict[int, tuple[int, list[float], list[float]]]] = {}  # flags -> t -> (lo, V, Q)
        # Values of the edges: rows of fewer than bulk_a attackers (by defenders), then columns of fewer
        # than bulk_d defenders (by attackers); V and 1 - V as arrays of doubles (compact, freed at once).
        self.edge_rows: dict[tuple[int, int], tuple[array[float], array[float]]] = {}
        self.edge_cols: dict[tuple[int, int], tuple[array[float], array[float]]] = {}
        self.full_values = False
        self.chosen = 0.0  # expected number of rolls whose choices were made on computed values
        self.regret = 0.0  # a bound on the chance lost by those choices (per state)
        self.start_best: float | None = None  # the start's value with the best choices (plain maxima)
        # Relative error of a computed value: at most ROLL_ROUNDING units per roll to the battle's end.
        self.accuracy = ROLL_ROUNDING * UNIT * (battle.attackers + battle.defenders + 2)

    def tick(self, units: int) -> bool:
        """Count work; True when a slice is done (the caller then yields)."""
        self.work += units
        if self.work >= SLICE_WORK:
            self.work = 0
            return True
        return False

    # -- transitions ------------------------------------------------------------------------------

    def fixed(self, attack_dice: int, defend_dice: int, flags: int) -> Moves | None:
        """The transitions of a class of states when they do not depend on the state."""
        return _fixed(attack_dice, defend_dice, flags, self.battle.reroll, self.battle.decisions, self.model)

    def state_fixed(self, a: int, attack_dice: int, defend_dice: int, flags: int) -> Moves | None:
        """:meth:`fixed` for one state: the choices of a roll of two pairs are fixed only where its
        three results have strictly ordered values, i.e. two armies or more above the stopping rule
        (below that, losing one or two armies both stop the battle: a tie the exact solver breaks
        by order)."""
        if self.battle.decisions and min(attack_dice, defend_dice) == 2 and a < self.stop_at + 3:
            return None
        return self.fixed(attack_dice, defend_dice, flags)

    def value(self, a: int, d: int, f: int) -> tuple[float, float]:
        """``(V, 1 - V)`` of a state (terminal, or computed by the backward pass)."""
        if d == 0:
            return 1.0, 0.0
        if a <= self.stop_at:
            return 0.0, 1.0
        if self.full_values:
            lo, vs, qs = self.values[f][a + d]
            return vs[a - lo], qs[a - lo]
        if a < self.bulk_a:
            row_v, row_q = self.edge_rows[a, f]
            return row_v[d], row_q[d]
        column_v, column_q = self.edge_cols[d, f]
        return column_v[a], column_q[a]

    def successors(self, a: int, d: int, keys: tuple[_Key, ...]) -> tuple[bool, list[float]]:
        """Whether to compare the results' complements (some result is worth more than a half), and
        the values to compare: V, or 1 - V."""
        pairs = [self.value(a - la, d - ld, f2) for la, ld, f2 in keys]
        if max(v for v, _ in pairs) > 0.5:
            return True, [q for _, q in pairs]
        return False, [v for v, _ in pairs]

    def choose(self, a: int, d: int, f: int, attack_dice: int, defend_dice: int) -> tuple[Moves, float]:
        """The transitions of one state whose best choices depend on its successors' values, and the
        largest value compared (V, or 1 - V): a choice's error is relative to it."""
        program = compiled(attack_dice, defend_dice, bool(f & exact_odds.COMMANDER_FLAG), self.battle.reroll)
        complements, args = self.successors(a, d, program.keys)
        probabilities = program.moves_q(*args) if complements else program.moves_v(*args)
        moves = tuple((la, ld, f2, p) for (la, ld, f2), p in zip(program.keys, probabilities) if p)
        return moves, max(args)

    def state_value(self, a: int, d: int, f: int) -> tuple[float, float]:
        """``(V, 1 - V)`` of a non-terminal state from its successors' values."""
        attack_dice, defend_dice = self.model.dice(a, d)
        moves = self.state_fixed(a, attack_dice, defend_dice, f)
        if moves is None:
            program = compiled(attack_dice, defend_dice, bool(f & exact_odds.COMMANDER_FLAG), self.battle.reroll)
            complements, args = self.successors(a, d, program.keys)
            if complements:
                q = program.value_q(*args)
                return 1.0 - q, q
            v = program.value_v(*args)
            return v, 1.0 - v
        v = q = 0.0
        for la, ld, f2, p in moves:
            v2, q2 = self.value(a - la, d - ld, f2)
            v += p * v2
            q += p * q2
        return v, q

    def flag_states(self) -> tuple[int, ...]:
        """Every flag state the battle can be in."""
        b = self.battle
        first = exact_odds.start_flags(b.commander, b.general, b.marshall)
        return tuple(f for f in range(8) if f & first == f)

    # -- values (decisions only) ------------------------------------------------------------------

    def compute_values(self) -> Generator[None, None, None]:
        """The values the attacker's choices need: every state (commander) or only the edges."""
        b = self.battle
        bulk_choices = any(
            self.fixed(self.model.attack_max, self.model.defend_max, f) is None for f in self.flag_states()
        )
        if bulk_choices:
            self.full_values = True
            yield from self._full_values()
        else:
            yield from self._edge_values(b.attackers, b.defenders)

    def _edge_values(self, attackers: int, defenders: int) -> Generator[None, None, None]:
        """Values of the states outside the bulk: their successors are outside it too."""
        flags = self.flag_states()
        # Edge states have fewer than bulk_a attackers or fewer than bulk_d defenders: none beyond this total.
        last = min(attackers + defenders, max(defenders + self.bulk_a, attackers + self.bulk_d))
        for t in range(1, last + 1):
            rows = set(range(max(self.stop_at + 1, t - defenders), min(self.bulk_a, t + 1, attackers + 1)))
            rows.update(t - d for d in range(1, self.bulk_d) if self.stop_at < t - d <= attackers and d <= defenders)
            if self.tick(2):
                yield None
            for a in sorted(rows):
                d = t - a
                if d <= 0:
                    continue
                for f in flags:
                    if a < self.bulk_a:
                        vs, qs = self.edge_rows.get((a, f)) or self.edge_rows.setdefault((a, f), _zeros(defenders))
                        vs[d], qs[d] = self.state_value(a, d, f)
                    else:
                        vs, qs = self.edge_cols.get((d, f)) or self.edge_cols.setdefault((d, f), _zeros(attackers))
                        vs[a], qs[a] = self.state_value(a, d, f)
                    if self.tick(20):
                        yield None

    def _full_values(self) -> Generator[None, None, None]:
        b = self.battle
        attackers, defenders = b.attackers, b.defenders
        flags = self.flag_states()
        for f in flags:
            self.values[f] = {}
        for t in range(attackers + defenders + 1):
            lo, hi = max(0, t - defenders), min(t, attackers)
            for f in flags:
                vs = [0.0] * (hi - lo + 1)
                qs = [1.0] * (hi - lo + 1)
                self.values[f][t] = (lo, vs, qs)
                first, last = max(lo, self.stop_at + 1), min(hi, t - 1)  # non-terminal attackers
                if t <= attackers:
                    vs[t - lo], qs[t - lo] = 1.0, 0.0  # no defender left
                # The bulk, a whole stretch at once.
                bulk_lo, bulk_hi = max(first, self.bulk_a), min(last, t - self.bulk_d)
                if bulk_lo <= bulk_hi:
                    moves = self.fixed(self.model.attack_max, self.model.defend_max, f)
                    if moves is not None:
                        self._vector_values(t, f, bulk_lo, bulk_hi, moves)
                        if self.tick((bulk_hi - bulk_lo) // 2 + 1):
                            yield None
                    else:
                        yield from self._chosen_values(t, f, bulk_lo, bulk_hi)
                for a in range(first, last + 1):
                    if bulk_lo <= a <= bulk_hi:
                        continue
                    vs[a - lo], qs[a - lo] = self.state_value(a, t - a, f)
                    if self.tick(20):
                        yield None

    def _aligned(
        self, t: int, first: int, count: int, keys: tuple[_Key, ...]
    ) -> tuple[list[list[float]], list[list[float]]]:
        """For each key, the values (V, and 1 - V) of the results of a roll from ``first`` on."""
        vs, qs = [], []
        for la, ld, f2 in keys:
            slo, svs, sqs = self.values[f2][t - la - ld]
            start = first - la - slo
            vs.append(svs[start : start + count])
            qs.append(sqs[start : start + count])
        return vs, qs

    def _chosen_values(self, t: int, f: int, first: int, last: int) -> Generator[None, None, None]:
        """Values of a bulk stretch whose choices depend on the state (the commander's)."""
        lo, vs, qs = self.values[f][t]
        program = compiled(self.model.attack_max, self.model.defend_max, bool(f & exact_odds.COMMANDER_FLAG),
                           self.battle.reroll)
        by_v, by_q = self._aligned(t, first, last - first + 1, program.keys)
        value_v, value_q = program.value_v, program.value_q
        i = first - lo
        for v_args, q_args in zip(zip(*by_v), zip(*by_q)):
            if max(v_args) > 0.5:
                q = value_q(*q_args)
                vs[i], qs[i] = 1.0 - q, q
            else:
                v = value_v(*v_args)
                vs[i], qs[i] = v, 1.0 - v
            i += 1
            if self.tick(40):
                yield None

    def _vector_values(self, t: int, f: int, first: int, last: int, moves: Moves) -> None:
        lo, vs, qs = self.values[f][t]
        count = last - first + 1
        new_v = [0.0] * count
        new_q = [0.0] * count
        for la, ld, f2, p in moves:
            slo, svs, sqs = self.values[f2][t - la - ld]
            start = first - la - slo
            new_v = [y + p * x for y, x in zip(new_v, svs[start : start + count])]
            new_q = [y + p * x for y, x in zip(new_q, sqs[start : start + count])]
        vs[first - lo : last - lo + 1] = new_v
        qs[first - lo : last - lo + 1] = new_q

    # -- the forward sweep ------------------------------------------------------------------------

    def run(self) -> Generator[None, None, Odds]:
        b = self.battle
        total = b.attackers + b.defenders
        first = exact_odds.start_flags(b.commander, b.general, b.marshall)
        if b.decisions:
            yield from self.compute_values()
            if self.full_values and b.attackers > b.stop_at and b.defenders:
                self.start_best = self.value(b.attackers, b.defenders, first)[0]
        layers: dict[int, dict[int, _Layer]] = {total: {first: _Layer(b.attackers, [1.0])}}
        ended: dict[tuple[int, int], float] = {}
        rolls = 0  # layers swept, for the rounding bound
        t = total
        while layers:
            t = max(layers)
            layer_set = layers.pop(t)
            for f, layer in sorted(layer_set.items()):
                self._trim(layer)
                if not layer.values:
                    continue
                if len(layers) == 0 and len(layer_set) == 1:
                    jumped = yield from self._jump(t, f, layer, layers)
                    if jumped:
                        rolls += jumped
                        break
                yield from self._step(t, f, layer, layers, ended)
            rolls += 1
            if self.tick(10):  # a layer's own bookkeeping
                yield None
            if self.full_values:  # the values of this layer and above are needed no more: free them now
                for by_total in self.values.values():
                    for done in [key for key in by_total if key >= t]:
                        del by_total[done]
        return (yield from self._result(ended, rolls))

    def _trim(self, layer: _Layer) -> None:
        values = layer.values
        start = 0
        while start < len(values) and values[start] < DROP:
            start += 1
        end = len(values)
        while end > start and values[end - 1] < DROP:
            end -= 1
        if start or end < len(values):
            self.error += math.fsum(values[:start]) + math.fsum(values[end:])
            layer.values = values[start:end]
            layer.lo += start

    def _step(self, t: int, f: int, layer: _Layer, layers: dict[int, dict[int, _Layer]],
              ended: dict[tuple[int, int], float]) -> Generator[None, None, None]:
        lo, values = layer.lo, layer.values
        hi = lo + len(values) - 1
        model = self.model
        # The bulk stretch, if its transitions are fixed: all at once.
        bulk_lo, bulk_hi = max(lo, self.bulk_a, self.stop_at + 1), min(hi, t - self.bulk_d)
        moves = self.fixed(model.attack_max, model.defend_max, f) if bulk_lo <= bulk_hi else None
        if moves is not None:
            source = values[bulk_lo - lo : bulk_hi - lo + 1]
            for (lost, f2), by_loss in _grouped(moves).items():
                # Attacker a - la for la = 0 .. top in one pass: out[j], for attacker bulk_lo - top + j,
                # gathers p[la] * source[j + la - top], i.e. p[la] * padded[j + la].
                top = len(by_loss) - 1
                padded = [0.0] * top + source + [0.0] * top
                if top == 2:
                    p0, p1, p2 = by_loss
                    out = [p0 * x + p1 * y + p2 * z for x, y, z in zip(padded, padded[1:], padded[2:])]
                elif top == 1:
                    p0, p1 = by_loss
                    out = [p0 * x + p1 * y for x, y in pairwise(padded)]
                else:
                    out = [0.0] * (len(source) + top)
                    for la, p in enumerate(by_loss):
                        out[top - la : top - la + len(source)] = [
                            y + p * x for y, x in zip(out[top - la : top - la + len(source)], source)
                        ]
                _target(layers, t - lost, f2, bulk_lo - top).add_vector(bulk_lo - top, out)
            if self.tick(len(source) // 4 + 1):
                yield None
        else:
            bulk_lo, bulk_hi = hi + 1, hi
        # The states outside that stretch, one by one.
        for i in (*range(0, bulk_lo - lo), *range(bulk_hi - lo + 1, len(values))):
            m = values[i]
            if not m:
                continue
            a = lo + i
            d = t - a
            if d == 0 or a <= self.stop_at:
                ended[a, d] = ended.get((a, d), 0.0) + m
                continue
            attack_dice, defend_dice = model.dice(a, d)
            state_moves = self.state_fixed(a, attack_dice, defend_dice, f)
            units = 3
            if state_moves is None:
                state_moves, scale = self.choose(a, d, f, attack_dice, defend_dice)
                self.chosen += m
                # Each of up to three choices compares options known to a relative `accuracy`, or
                # takes one within TIE of the best: it loses at most twice that of the values compared.
                self.regret += m * 3 * 2 * (self.accuracy + TIE) * scale
                units = 50
            for la, ld, f2, p in state_moves:
                _target(layers, t - la - ld, f2, a - la).add(a - la, m * p)
            if self.tick(units):
                yield None

    def _jump(
        self, t: int, f: int, layer: _Layer, layers: dict[int, dict[int, _Layer]]
    ) -> Generator[None, None, int]:
        """Skip many bulk rolls at once (see the module docstring); returns the rolls skipped (0: none)."""
        model = self.model
        moves = self.fixed(model.attack_max, model.defend_max, f)
        lo, hi = layer.lo, layer.lo + len(layer.values) - 1
        if moves is None or any(f2 != f for _, _, f2, _ in moves) or lo < self.bulk_a or t - hi < self.bulk_d:
            return 0
        pairs = self.pairs
        step = [0.0] * (pairs + 1)
        for la, ld, _, p in moves:
            if la + ld != pairs:
                return 0
            step[la] += p
        if step[0] <= 0 or step[pairs] <= 0:
            return 0
        mean = sum(k * p for k, p in enumerate(step))
        spread = math.sqrt(max(sum(k * k * p for k, p in enumerate(step)) - mean * mean, 1e-12))
        room_a = lo - self.bulk_a  # attacker losses the lowest attacker can take and stay in the bulk
        room_d = t - hi - self.bulk_d  # defender losses the smallest defence can take
        n = _rolls_within(mean, spread, room_a) if room_a >= 0 else 0
        n = min(n, _rolls_within(pairs - mean, spread, room_d) if room_d >= 0 else 0)
        while n >= JUMP_MIN:
            first, kernel, relative = yield from power_distribution_steps(tuple(step), n)
            # Attacker losses l keep attacker a in the bulk if a - l >= bulk_a and its defence too if
            # (t - a) - (pairs * n - l) >= bulk_d.
            new_t = t - pairs * n
            out = 0.0
            target = _Layer(max(self.bulk_a, new_t - (t - lo)), [])
            for i, m in enumerate(layer.values):
                a = lo + i
                l_min = max(0, pairs * n - (t - a - self.bulk_d))
                l_max = a - self.bulk_a
                inside_lo, inside_hi = max(l_min, first), min(l_max, first + len(kernel) - 1)
                if inside_lo > inside_hi:
                    out += m
                    continue
                part = kernel[inside_lo - first : inside_hi - first + 1]
                out += m * (1.0 - math.fsum(part))
                # Attacker a - l for l = inside_hi down to inside_lo.
                target.add_scaled(a - inside_hi, part[::-1], m)
                if self.tick(len(part) // 4 + 1):
                    yield None
            if out > JUMP_TAIL:
                n = int(n * 0.8)
                continue
            self.error += max(out, 0.0) + relative
            if target.values:
                layers.setdefault(new_t, {})[f] = target
            return n
        return 0

    def _result(self, ended: dict[tuple[int, int], float], rolls: int) -> Generator[None, None, Odds]:
        b = self.battle
        by_attackers = [0.0] * (b.attackers + 1)
        by_defenders = [0.0] * (b.defenders + 1)
        for (a, d), p in ended.items():
            by_attackers[a] += p
            by_defenders[d] += p
            if self.tick(1):
                yield None
        expected_a = math.fsum(a * p for (a, _), p in ended.items())
        yield None
        expected_d = math.fsum(d * p for (_, d), p in ended.items())
        yield None
        end_states = tuple((a, d, p) for (a, d), p in sorted(ended.items()) if p > 1e-300)
        yield None
        # Rounding: every probability is a product of transitions along at most `rolls` rolls, each
        # adding a relative 8u (fixed transitions) or ROLL_ROUNDING units (computed choices).
        rounding = (ROLL_ROUNDING if self.chosen else 8) * UNIT * (rolls + 2)
        # The chance lost by the choices: per choosing state, or, when every state's value was worked
        # out, after the fact: the best value of the start (plain maxima, accurate to `accuracy`)
        # less the chance this play reaches.
        regret = self.regret
        if self.start_best is not None and self.chosen:
            regret = min(regret, max(0.0, self.start_best - by_defenders[0]) + self.accuracy * 0.5 + rounding)
        rounding += regret
        return Odds(
            b.attackers,
            b.defenders,
            b.stop_at,
            by_defenders[0],
            expected_a,
            expected_d,
            tuple(by_attackers),
            tuple(by_defenders),
            end_states,
            self.error + rounding,
        )


def _zeros(size: int) -> tuple[array[float], array[float]]:
    return array("d", bytes(8 * (size + 1))), array("d", bytes(8 * (size + 1)))


def _target(layers: dict[int, dict[int, _Layer]], t: int, f: int, a: int) -> _Layer:
    by_flags = layers.get(t)
    if by_flags is None:
        by_flags = layers[t] = {}
    layer = by_flags.get(f)
    if layer is None:
        layer = by_flags[f] = _Layer(a, [])
    return layer


@cache
def _grouped(moves: Moves) -> dict[tuple[int, int], tuple[float, ...]]:
    """Bulk moves by (armies lost, flags after): the probability of each attacker loss 0, 1, ..."""
    groups: dict[tuple[int, int], list[float]] = {}
    for la, ld, f2, p in moves:
        by_loss = groups.setdefault((la + ld, f2), [])
        by_loss.extend([0.0] * (la + 1 - len(by_loss)))
        by_loss[la] += p
    return {key: tuple(by_loss) for key, by_loss in groups.items()}


def _rolls_within(mean: float, spread: float, room: int, z: float = 8.5) -> int:
    """The most rolls n with ``n * mean + z * spread * sqrt(n) <= room`` (a Gaussian guess)."""
    if mean <= 0:
        return 0
    # Solve mean * s**2 + z * spread * s - room = 0 for s = sqrt(n).
    s = (-z * spread + math.sqrt(z * z * spread * spread + 4 * mean * room)) / (2 * mean)
    return max(0, int(s * s))


@cache
def _fixed(attack_dice: int, defend_dice: int, flags: int, reroll: bool, decisions: bool,
           model: DiceModel) -> Moves | None:
    if not decisions:
        total = FACES ** model.thrown(attack_dice, defend_dice)
        return tuple((la, ld, f2, n / total) for la, ld, f2, n in exact_odds.model_moves(
            attack_dice, defend_dice, model, flags))
    if flags & exact_odds.COMMANDER_FLAG:
        program = exact_odds._program(attack_dice, defend_dice, True, reroll)
        if program.nodes:
            return None
    return fixed_transitions(attack_dice, defend_dice, reroll)


# ---------------------------------------------------------------------------------------------
# Entry points


def odds_steps(battle: Battle, value_states: int | None = None) -> Generator[None, None, Odds]:
    """Work out ``battle`` in floats, yielding ``None`` between slices of work (a few ms each in
    CPython); the generator's return value is the :class:`Odds`.

    Beyond ``value_states`` (default :data:`MAX_VALUE_STATES`) the commander's choices are not
    computed: the odds are those without the commander, marked ``lower_bound``.
    """
    if battle.commander and battle.value_states() > (MAX_VALUE_STATES if value_states is None else value_states):
        without = Battle(battle.attackers, battle.defenders, battle.stop_at, False, battle.reroll, battle.model)
        yield from prepare_steps(without)
        result = yield from _Solver(without).run()
        return Odds(**{**result.__dict__, "lower_bound": True})
    yield from prepare_steps(battle)
    return (yield from _Solver(battle).run())


def exact_seconds(battle: Battle) -> float:
    """A rough upper estimate of the CPython seconds :func:`risk.odds.attack_odds` takes for ``battle``
    (measured: plain 600 v 600 2.5 s; re-roll 80 v 80 0.34 s; both expert rules 40 v 40 0.3 s)."""
    states = (battle.attackers + 1) * (battle.defenders + 1)
    digits = exact_odds._scale(battle.reroll, battle.model) * (battle.attackers + battle.defenders) * 2.585
    per_state = 1e-6 + digits * 4e-10
    if battle.decisions:
        per_state = (150e-6 if battle.commander and battle.reroll else 50e-6 if battle.reroll else 17e-6) * (
            1 + digits / 5000)
    flags = 1 << (battle.commander + battle.general + battle.marshall)
    return float(states * flags * per_state)


PAGE_EXACT_SECONDS = 0.01  # the page shows exact odds when they take less than this (in CPython)


def battle_odds_steps(
    battle: Battle, exact_within: float = PAGE_EXACT_SECONDS, value_states: int | None = None
) -> Generator[None, None, Odds]:
    """The odds of ``battle``: exact (:func:`risk.odds.attack_odds`) when :func:`exact_seconds` says
    they take less than ``exact_within`` seconds, else :func:`odds_steps` in floats."""
    if exact_seconds(battle) <= exact_within:
        yield from prepare_steps(battle)
        b = battle
        return from_exact(exact_odds.attack_odds(
            b.attackers, b.defenders, stop_at=b.stop_at, commander=b.commander, reroll=b.reroll, model=b.model,
            general=b.general, marshall=b.marshall))
    return (yield from odds_steps(battle, value_states))


def battle_odds(battle: Battle, exact_within: float = PAGE_EXACT_SECONDS, value_states: int | None = None) -> Odds:
    """:func:`battle_odds_steps` in one call.

    >>> battle_odds(Battle(2, 1)).exact is not None, battle_odds(Battle(400, 300)).exact is None
    (True, True)
    """
    return run_steps(battle_odds_steps(battle, exact_within, value_states))


def run_steps(steps: Generator[None, None, Odds]) -> Odds:
    """Run a generator of :func:`odds_steps` to the end."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: Odds = done.value
            return result


def float_odds(
    attackers: int,
    defenders: int,
    *,
    stop_at: int = 0,
    commander: bool = False,
    reroll: bool = False,
    model: DiceModel = PLAIN,
    general: bool = False,
    marshall: bool = False,
) -> Odds:
    """:func:`odds_steps` in one call."""
    return run_steps(odds_steps(Battle(attackers, defenders, stop_at, commander, reroll, model, general, marshall)))

