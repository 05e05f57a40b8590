"""The odds shown before an attack, worked out without ever freezing the page.

Once a source and an enemy target are chosen, the attack panel shows the probability of conquering
in a battle fought to the end and, when the player set "attack until N armies are left" above one,
for that threshold too, with the expected losses of both sides. The options in play count: a
commander still unused this turn, the card re-roll when the attacker holds a card of one of the
two territories, and the dice model of the battle (the Revised edition's Attack Die, Defense Die and
Airfields: ``Flow.battle_model``), which the panel names.

Small battles get exact fractions from :mod:`risk.odds` at once. Larger ones are worked out in
floats by :mod:`risk.odds_float`, whose answer carries a bound on its error, in slices: a
:class:`Desk` keeps the answers and the one battle being worked on, :func:`run` advances it a few
milliseconds at a time between the browser's events and draws the page again when an answer is
ready. Meanwhile the panel says it is working, and every click is answered. The panel always says
how exact its figures are. Pure apart from :func:`run`: tests compare the numbers with the engine's.

A computation that raises (a ``MemoryError`` in a huge battle, or a bug) never stops the loop nor leaves
the panel working for ever: the desk notes the battle as failed, the panel says in a sentence that its
odds could not be worked out, the console keeps the traceback, and the next attack chosen is worked out
as usual (the failed one is tried again only once another attack was asked for in between).

>>> percent(Fraction(5, 12))
'41.7%'
"""

from __future__ import annotations

import asyncio
import sys
import time
import traceback
from collections import OrderedDict
from collections.abc import Callable, Generator
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Protocol

from risk.flow import flow_for
from risk.odds_float import (
    PAGE_EXACT_SECONDS,
    Battle,
    Odds,
    battle_odds_steps,
    exact_seconds,
    prepare_steps,
    ready,
)
from risk.state import GameState, Phase
from risk_ui.controller import Controller
from risk_ui.edition_views import ui_for

SLICE_SECONDS = 0.008  # work per tick of :func:`run` before the browser gets the thread back
IDLE = 0.05  # how often :func:`run` looks for work while there is none
# The pause between slices. Pyodide runs shorter sleeps through postMessage, which Chrome serves before
# timers: a loop of 1 ms pauses starved the page's setTimeout callbacks for up to half a second.
PAUSE = 0.005
KEEP = 64  # answers kept (a battle asked again, say after an undo, is shown at once)

Number = Fraction | float


@dataclass(frozen=True)
class OddsLine:
    """One stopping rule's outcome: exact (``error == 0``) or within ``error`` of it."""

    stop_at: int  # attacking armies at which the attacker stops (0: fight to the end)
    p_conquer: Number
    attacker_losses: Number  # expected
    defender_losses: Number  # expected
    error: float = 0.0  # bound on the error of the chance (and, times the armies, of the losses)
    lower_bound: bool = False  # the commander could not be counted: the chance is at least this


@dataclass(frozen=True)
class AttackOdds:
    """What the odds panel shows for one chosen attack."""

    attackers: int  # armies that may attack (all but the one that stays)
    defenders: int
    commander: bool
    reroll: bool
    lines: tuple[OddsLine, ...]  # to the end first, then the threshold if any; only those known
    working: tuple[int, ...] = ()  # stopping rules still being worked out
    failed: tuple[int, ...] = ()  # stopping rules whose odds could not be worked out (the computation raised)
    modifiers: tuple[str, ...] = ()  # the dice modifiers counted, in words ("your Attack Die (...)")

    @property
    def exact(self) -> bool:
        return all(line.error == 0.0 for line in self.lines)


class Desk:
    """The odds the page has worked out, and the battle it is working on.

    :meth:`ask` answers at once from what is known, or at once when exact odds are cheap; otherwise
    it notes the battle as wanted (the panel then says it is working). :meth:`step` advances the
    first wanted battle by a time budget. Only the battles last asked for are wanted: choosing
    another attack drops the work on the previous one.

    A battle whose computation raised is in :attr:`failed`: it is neither answered nor wanted while it is
    asked again (each drawing of the page asks), so the page never retries it in a loop; asking for other
    battles forgets it, and it is tried afresh when chosen again.
    """

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self.known: OrderedDict[Battle, Odds] = OrderedDict()
        self.wanted: list[Battle] = []
        self.failed: set[Battle] = set()
        self.errors = 0  # computations that raised, for tests
        self._work: tuple[Battle, Generator[None, None, Odds]] | None = None

    def ask(self, battles: list[Battle]) -> list[Odds | None]:
        """The odds of each battle, or None for those still to work out (they become the wanted ones) and
        for those whose computation failed (see :attr:`failed`)."""
        self.failed &= set(battles)
        answers: list[Odds | None] = []
        wanted: list[Battle] = []
        for battle in battles:
            odds = self.known.get(battle)
            if odds is None and battle not in self.failed and exact_seconds(battle) <= PAGE_EXACT_SECONDS \
                    and ready(battle):
                try:
                    odds = self._finish(battle, battle_odds_steps(battle))
                except Exception as error:
                    self._fail(battle, error)
            if odds is None and battle not in self.failed:
                wanted.append(battle)
            answers.append(odds)
        self.wanted = wanted
        return answers

    @property
    def busy(self) -> bool:
        return bool(self.wanted)

    def step(self, budget: float, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Work on the wanted battles for about ``budget`` seconds; True when one was finished (or failed:
        either way the panel has something new to say)."""
        start = clock()
        finished = False
        while self.wanted:
            battle = self.wanted[0]
            try:
                if self._work is None or self._work[0] != battle:
                    self._work = (battle, battle_odds_steps(battle))
                next(self._work[1])
            except StopIteration as done:
                self._store(battle, done.value)
                self._work = None
                self.wanted.pop(0)
                finished = True
                continue
            except Exception as error:  # this battle's odds are lost, never the loop nor the other battles
                self._work = None
                self.wanted.pop(0)
                self._fail(battle, error)
                finished = True
                continue
            if clock() - start >= budget:
                break
        return finished

    def _fail(self, battle: Battle, error: Exception) -> None:
        """Note a battle whose computation raised; the browser's console keeps the whole story."""
        self.errors += 1
        self.failed.add(battle)
        traceback.print_exception(error, file=sys.stderr)

    def _finish(self, battle: Battle, steps: Generator[None, None, Odds]) -> Odds:
        while True:
            try:
                next(steps)
            except StopIteration as done:
                odds: Odds = done.value
                self._store(battle, odds)
                return odds

    def _store(self, battle: Battle, odds: Odds) -> None:
        self.known[battle] = odds
        self.known.move_to_end(battle)
        while len(self.known) > self.keep:
            self.known.popitem(last=False)


DESK = Desk()  # the page's desk: one page, one computation at a time


def options_in_play(state: GameState, source: int, target: int) -> tuple[bool, bool]:
    """``(commander, reroll)``: the expert dice rules the attacker may use in this battle."""
    rules = state.rules
    commander = bool(rules.commanders) and not state.commander_used
    hand = state.hands[state.current]
    reroll = bool(rules.card_reroll) and (source in hand or target in hand)
    return commander, reroll


def battle_for(state: GameState, source: int, target: int, stop_at: int, attackers: int = 0) -> Battle:
    """The battle the chosen attack would be, under the rules in play: the options, and the dice model
    the edition gives this attack (bonus dice, +1 on the highest die). ``attackers``: the armies that attack
    (0: all but the one that stays)."""
    commander, reroll = options_in_play(state, source, target)
    model = flow_for(state.rules).battle_model(state, source, target)
    attackers = attackers or state.armies[source] - 1
    return Battle(attackers, state.armies[target], stop_at, commander, reroll, model=model)


def line(odds: Odds) -> OddsLine:
    """A panel line from the odds of one battle: the exact fractions when there are any."""
    if odds.exact is not None:
        exact = odds.exact
        return OddsLine(exact.stop_at, exact.p_conquer, exact.attackers - exact.expected_attackers_left,
                        exact.defenders - exact.expected_defenders_left)
    return OddsLine(odds.stop_at, odds.p_conquer, odds.expected_attacker_losses, odds.expected_defender_losses,
                    odds.error, odds.lower_bound)


def attack_odds_for(controller: Controller, desk: Desk = DESK) -> AttackOdds | None:
    """The odds of the attack chosen on screen (those known so far), or ``None`` when no attack is chosen."""
    state, ui = controller.state, controller.ui
    edition = ui_for(state)
    chosen = edition.chosen_battle(controller)  # a battle of the edition's own (a sea attack)
    if chosen is not None:
        source, target, attackers, to_the_end = chosen
    else:
        source, target, to_the_end = ui.selected, ui.target, False
        if state.phase is not Phase.ATTACK or source < 0 or target < 0 or ui.handoff >= 0:
            return None
        if state.owner[target] == state.current or state.armies[source] < 2:
            return None
        attackers = state.armies[source] - 1
    stops = [0]
    stop_at = max(1, ui.threshold) - 1
    if 0 < stop_at < attackers and not to_the_end:
        stops.append(stop_at)
    battles = [edition.odds_battle(controller, source, target, attackers, stop)
               or battle_for(state, source, target, stop, attackers) for stop in stops]
    answers = desk.ask(battles)
    lines = tuple(line(odds) for odds in answers if odds is not None)
    failed = tuple(stop for stop, battle in zip(stops, battles) if battle in desk.failed)
    working = tuple(stop for stop, odds in zip(stops, answers) if odds is None and stop not in failed)
    first = battles[0]
    special = not first.model.is_plain or first.general or first.marshall or first.model.attack_max < 3
    modifiers = tuple(edition.dice_reasons(controller, source, target)) if special else ()
    return AttackOdds(first.attackers, first.defenders, first.commander, first.reroll, lines, working, failed,
                      modifiers)


def percent(p: Number) -> str:
    """A probability as a percentage with one decimal; never "100.0%" or "0.0%" unless it is certain.

    >>> percent(Fraction(9999, 10000)), percent(Fraction(1, 10000)), percent(Fraction(1)), percent(0.25)
    ('>99.9%', '<0.1%', '100.0%', '25.0%')
    """
    text = f"{float(p) * 100:.1f}%"
    if text == "100.0%" and p < 1:
        return ">99.9%"
    if text == "0.0%" and p > 0:
        return "<0.1%"
    return text


def amount(x: Number) -> str:
    """An expected number of armies with two decimals."""
    return f"{float(x):.2f}"


def precision(odds: AttackOdds) -> str:
    """How exact the figures are, for the table's caption: "exact", or the decimal places of the chance
    that its error bound guarantees (each figure is within half a unit of the last place shown).

    >>> precision(AttackOdds(3, 3, False, False, (OddsLine(0, 0.5, 1.0, 1.0, 2.3e-11),)))
    'accurate to 10 decimal places'
    """
    if odds.exact:
        return "exact"
    worst = max(item.error for item in odds.lines)
    places = decimal_places(worst)
    return f"accurate to {places} decimal places" if places > 0 else "approximate"


def decimal_places(error: float) -> int:
    """The most decimal places ``d`` with ``error <= 0.5 * 10**-d`` (at most 15).

    >>> decimal_places(2.3e-11), decimal_places(5e-10), decimal_places(5.1e-10), decimal_places(0.0)
    (10, 9, 8, 15)
    """
    places = 15
    while places > 0 and error > 0.5 * 10.0**-places:
        places -= 1
    return places


def _rule(stop_at: int) -> str:
    return "to the end" if stop_at == 0 else f"until {stop_at + 1} armies are left"


def odds_html(controller: Controller, desk: Desk = DESK) -> str:
    """The odds table for the chosen attack ("" when none is chosen)."""
    odds = attack_odds_for(controller, desk)
    if odds is None:
        return ""
    rows = []
    for item in odds.lines:
        shown = ("≥" if item.lower_bound else "") + percent(item.p_conquer)
        rows.append(
            f'<tr data-stop-at="{item.stop_at}" data-p="{item.p_conquer}" data-lost-a="{item.attacker_losses}" '
            f'data-lost-d="{item.defender_losses}" data-error="{item.error}"'
            f'{" data-lower-bound" if item.lower_bound else ""}><th scope="row">{escape(_rule(item.stop_at))}</th>'
            f'<td class="odds-p">{shown}</td><td>{amount(item.attacker_losses)}</td>'
            f'<td>{amount(item.defender_losses)}</td></tr>')
    for stop_at in odds.working:
        rows.append(
            f'<tr class="odds-working" data-working="{stop_at}"><th scope="row">{escape(_rule(stop_at))}</th>'
            '<td colspan="3">working out…</td></tr>')
    for stop_at in odds.failed:
        rows.append(
            f'<tr class="odds-failed" data-failed="{stop_at}"><th scope="row">{escape(_rule(stop_at))}</th>'
            '<td colspan="3">could not be worked out</td></tr>')
    rules = [name for name, on in (("your commander", odds.commander), ("a card re-roll", odds.reroll)) if on]
    notes = []
    if rules:
        notes.append(f"Counting {' and '.join(rules)}, used at best.")
    if odds.modifiers:
        notes.append(f"Counting the dice modifiers in play: {'; '.join(odds.modifiers)}.")
    if any(item.lower_bound for item in odds.lines):
        notes.append("In a battle this large your commander is not counted: with it, the chance is at least this.")
    if odds.working:
        notes.append(f"Working out the odds of {odds.attackers} against {odds.defenders}: "
                     "you can go on playing meanwhile.")
    if odds.failed:
        notes.append(f"The odds of {odds.attackers} against {odds.defenders} could not be worked out: "
                     "you can go on playing.")
    note = f'<p class="odds-note">{escape(" ".join(notes))}</p>' if notes else ""
    caption = f"Chances of conquering ({precision(odds)})" if odds.lines else "Chances of conquering"
    return (f'<table class="odds-table" aria-busy="{str(bool(odds.working)).lower()}"><caption>{caption}</caption>'
            '<thead><tr><th scope="col">Attack</th><th scope="col">Conquer</th>'
            '<th scope="col">You lose</th><th scope="col">They lose</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>{note}')


# ---------------------------------------------------------------------------------------------
# In the page


class Renders(Protocol):
    """What :func:`run` needs of the page: its controller and a way to draw it again."""

    controller: Controller

    def render(self) -> None: ...


def warm_up(state: GameState) -> Generator[None, None, None]:
    """Build the decision programs the rules in play will need (the commander's and the re-roll's take
    a second or two in the page, once), so that the first odds of a game come at once."""
    rules = state.rules
    if rules.commanders or rules.card_reroll:
        yield from prepare_steps(Battle(3, 2, commander=bool(rules.commanders), reroll=bool(rules.card_reroll)))


async def run(page: Renders, desk: Desk = DESK, stop: Callable[[], bool] = lambda: False) -> None:
    """Work out the wanted odds a slice at a time, yielding to the browser between slices, and draw the
    page again when an answer is ready (until ``stop()``). While idle, build what the rules will need.

    Nothing ends the loop but ``stop()``: a computation that raises is the desk's to note (the panel says
    so); anything else that fails (drawing the page, building a program, which is then not built again
    for these rules) goes to the browser's console and the loop goes on.
    """
    warming: Generator[None, None, None] | None = None
    warmed: object = None
    while not stop():
        wait = IDLE
        try:
            if desk.busy:
                wait = PAUSE  # a pause, so the browser answers clicks between slices
                if desk.step(SLICE_SECONDS):
                    page.render()
            else:
                rules = page.controller.state.rules
                if warming is None and warmed != rules:
                    warming, warmed = warm_up(page.controller.state), rules
                if warming is not None:
                    wait = PAUSE
                    start = time.perf_counter()
                    while time.perf_counter() - start < SLICE_SECONDS:
                        if next(warming, StopIteration) is StopIteration:
                            warming = None
                            break
        except Exception as error:
            traceback.print_exception(error, file=sys.stderr)
            if not desk.busy:
                warming = None
            wait = IDLE
        await asyncio.sleep(wait)


_tasks: set[asyncio.Task[None]] = set()  # keeps the running loop from being collected


def start(page: Renders) -> None:
    """Start the odds loop beside the page (in the browser's event loop)."""
    task = asyncio.ensure_future(run(page))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
