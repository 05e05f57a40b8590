"""What happened, in words and numbers: the game log, statistics per turn and the luck meter.

All of it is read from a :class:`~risk.game.Game`'s recorded events and replayed states; nothing is
re-rolled, so the log and the charts show exactly the dice that fell. :class:`Chronicle` keeps all three
up to date as a game goes on, reading only the new steps; :func:`game_log`, :func:`turn_stats` and
:func:`luck` read a whole game at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache

from risk.deck import deck_for
from risk.dice import PLAIN, DiceModel
from risk.engine import apply, start_game
from risk.events import (
    ArmiesLost,
    BattleFought,
    Captured,
    CardDrawn,
    CardsTraded,
    Claimed,
    CommanderUsed,
    DiceRolled,
    DieRerolled,
    Eliminated,
    Event,
    Fortified,
    GameWon,
    HeadquartersChosen,
    HeadquartersRevealed,
    MissionCompleted,
    MissionsDealt,
    MovedIn,
    Placed,
    SetupDealt,
    SetupDone,
    TurnStarted,
)
from risk.flow import count_text, flow_for, with_article
from risk.game import Game, Step
from risk.missions import mission_of
from risk.odds import roll_outcomes
from risk.state import GameState

NEUTRAL_NAME = "Neutral"


def seat_names(game: Game) -> list[str]:
    """Display names by engine seat, the neutral included."""
    names = [seat.name for seat in game.seats]
    if game.initial.neutral >= 0:
        names.insert(game.initial.neutral, NEUTRAL_NAME)
    return names


def _armies(count: int) -> str:
    return f"{count} army" if count == 1 else f"{count} armies"


def last_move_by(game: Game, seat: int) -> int:
    """How many actions of ``game`` there were when ``seat`` last acted (0 if it never did): the moment its
    browser last held the game, when players send links round the table (a link then carries only what came
    after it)."""
    state = game.initial.copy()
    last = 0
    for index, step in enumerate(game.history):
        if state.current == seat:
            last = index + 1
        apply(state, step.action)
    return last


def faces_text(faces: Sequence[int], bonus: int, plus: int) -> str:
    """Dice thrown under a model, as the log shows them: the plus on the highest ("6+1") and the bonus dice
    that were dropped, in brackets.

    >>> faces_text((6, 4, 3, 1), 1, 1)
    '6+1 4 3 [1]'
    """
    kept, dropped = list(faces[:len(faces) - bonus]), faces[len(faces) - bonus:]
    words = [f"{kept[0]}+{plus}" if plus and kept else str(kept[0])] + [str(f) for f in kept[1:]]
    return " ".join(words + [f"[{f}]" for f in dropped])


def describe(game: Game, event: Event, names: list[str] | None = None) -> str | None:
    """One event as a sentence for the log (``None`` for events the log does not show).

    The card drawn is not named: the log is public and the card is not.
    """
    board = game.initial.board
    names = names or seat_names(game)

    def place(territory: int) -> str:
        return board.territories[territory].name

    own = flow_for(game.rules).describe(event, names, board)
    if own is not None:  # an edition's own events, and core events it words its own way
        return own
    match event:
        case TurnStarted(seat, turn, income):
            return f"Turn {turn}: {names[seat]} receives {_armies(income)}."
        case Claimed(seat, territory):
            return f"{names[seat]} claims {place(territory)}."
        case Placed(seat, territory, count, owner):
            whose = f" for {names[owner]}" if owner != seat and 0 <= owner < len(names) else ""
            return f"{names[seat]} places {_armies(count)}{whose} on {place(territory)}."
        case HeadquartersChosen(seat, _territory):
            return f"{names[seat]} chooses a headquarters in secret."
        case HeadquartersRevealed(headquarters):
            shown = ", ".join(f"{names[s]} in {place(t)}" for s, t in enumerate(headquarters) if t >= 0)
            return f"The headquarters are revealed: {shown}."
        case MovedIn(seat, _source, target, count):
            return f"{names[seat]} moves {_armies(count)} into {place(target)}."
        case Fortified(seat, source, target, count):
            return f"{names[seat]} moves {_armies(count)} from {place(source)} to {place(target)}."
        case CardsTraded(seat, cards, armies, bonus):
            extra = "".join(f"; +2 on {place(t)}" for t, _ in bonus)
            shown = ", ".join(deck_for(game.rules).label(c, board) for c in cards)
            return f"{names[seat]} trades {shown} for {_armies(armies)}{extra}."
        case BattleFought(source, target, attacker, defender, lost_a, lost_d, seat, enemy, model):
            losses = []
            if lost_a:
                losses.append(f"{names[seat]} loses {lost_a}")
            if lost_d:
                losses.append(f"{names[enemy]} loses {lost_d}")
            if model is None:
                dice_text = f"{' '.join(map(str, attacker))} against {' '.join(map(str, defender))}"
            else:
                dice_text = (f"{faces_text(attacker, model.attack_bonus, model.attack_plus)} against "
                             f"{faces_text(defender, model.defend_bonus, model.defend_plus)}")
            return f"{names[seat]} attacks {place(target)} from {place(source)}: {dice_text}; {', '.join(losses)}."
        case DiceRolled(source, target, attacker, defender):
            return (f"Attack on {place(target)} from {place(source)}: {' '.join(map(str, attacker))} "
                    f"against {' '.join(map(str, defender))}, before the attacker's choice.")
        case CommanderUsed(_die, old):
            return f"The commander turns {with_article(str(old))} into a 6."
        case DieRerolled(_die, old, new):
            return f"A card re-roll turns {with_article(str(old))} into {with_article(str(new))}."
        case Captured(territory, seat, previous):
            return f"{names[seat]} captures {place(territory)} from {names[previous]}."
        case Eliminated(seat, by, cards):
            taken = f" and takes {count_text(len(cards), 'card')}" if cards else ""
            return f"{names[by]} eliminates {names[seat]}{taken}."
        case CardDrawn(seat, _card):
            return f"{names[seat]} draws a card."
        case ArmiesLost(seat, count):
            return f"{names[seat]} loses {_armies(count)} that do not fit under the army cap."
        case GameWon(seat):
            return f"{names[seat]} wins the game."
        case MissionsDealt():
            return "Every player is dealt a secret mission."
        case MissionCompleted(seat, mission):
            held = game.initial.copy()
            held.missions = [mission if s == seat else -1 for s in range(held.players)]
            return f"{names[seat]} completes their secret mission: {mission_of(held, seat, names)}."
        case SetupDealt():
            if game.initial.neutral >= 0:
                return f"The territories are dealt in three piles: one for each player and one for {NEUTRAL_NAME}."
            return "The territories are dealt at random."
        case SetupDone():
            return "Every starting army is on the board."
    return None


Position = tuple[int, int]
"""Where an event is in a game's record: ``(step, event within the step)``. Step ``-1`` is the opening
(what happened before the first action); ``(len(history), 0)`` is the end. Positions compare in record
order."""

START: Position = (-1, 0)


@dataclass(frozen=True)
class LogLine:
    """A line of the game log: the turn it belongs to, the seat acting, the text, and where its first
    event is in the record (so that a page of the log can say where the next one starts)."""

    turn: int
    seat: int
    text: str
    at: Position = START


def _joined(run: Event | None, event: Event) -> Placed | None:
    """``run`` and ``event`` as one placement, if ``event`` carries on the placement ``run`` (the same
    player, territory and owner); else None."""
    if (isinstance(event, Placed) and isinstance(run, Placed) and run.seat == event.seat
            and run.territory == event.territory and run.owner == event.owner):
        return replace(run, count=run.count + event.count)
    return None


def merged(events: Iterable[Event]) -> list[Event]:
    """The events with each run of placements by one player on one territory as a single placement
    (placing ten armies one click at a time is one line of the log, not ten)."""
    out: list[Event] = []
    for event in events:
        joined = _joined(out[-1], event) if out else None
        if joined is not None:
            out[-1] = joined
        else:
            out.append(event)
    return out


def opening(game: Game) -> list[Event] | None:
    """What happened before the first action (territories dealt, the first turn begun) when the game
    starts from its seed; ``None`` for a game that starts from a link or a position."""
    state, events = start_game(game.rules, len(game.seats), game.seed)
    return events if state == game.initial else None


def game_log(game: Game) -> list[LogLine]:
    """Every action and roll of the game in words, in order, grouped by turn number (0 is the setup);
    a run of placements on one territory is one line. A game that starts from a link or a position
    starts in the turn of that moment."""
    reader = LogReader(game)
    return reader.between(START, reader.end)


class LogReader:
    """The log of one game, read at any place in its record for what that place costs.

    A page of the log (the newest lines, or the lines before some position) is read backwards from
    where it ends until it holds enough lines, then written forwards: the work is that of the page,
    not of the game, so a record of 200,000 actions opens its log as fast as one of 200. Which turn a
    line belongs to is found by looking back for the nearest turn's start, remembered step by step.
    The record may grow (new steps are read when asked for) or change at its end (an undo): a
    remembered turn is used only while the step before it is the same object.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.names = seat_names(game)
        first = opening(game)
        self._opening: tuple[Event, ...] = tuple(first or ())
        # Before any event: the setup of a game from its seed, else the moment a link or position starts.
        self._first = (0 if first is not None else game.initial.turn, game.initial.current)
        self._contexts: dict[int, tuple[tuple[int, int], Step | None]] = {}  # step -> (turn, seat) at its start
        self._shown: dict[type, bool] = {}  # whether describe() writes a line for a kind of event

    @property
    def end(self) -> Position:
        """The position after the last event of the record as it is now."""
        return (len(self.game.history), 0)

    def _events(self, step: int) -> tuple[Event, ...]:
        history = self.game.history
        if step < 0:
            return self._opening
        return history[step].events if step < len(history) else ()

    def _backward(self, pos: Position) -> Iterator[tuple[Position, Event]]:
        """Every event before ``pos``, newest first."""
        step, index = min(pos, self.end)
        while step >= -1:
            events = self._events(step)
            for k in range(min(index, len(events)) - 1, -1, -1):
                yield (step, k), events[k]
            step, index = step - 1, len(self._events(step - 1)) if step > -1 else 0

    def _forward(self, first: Position, end: Position) -> Iterator[tuple[Position, Event]]:
        """Every event from ``first`` up to (not including) ``end``, in order."""
        step, index = max(first, START)
        end = min(end, self.end)
        while (step, index) < end:
            events = self._events(step)
            stop = end[1] if step == end[0] else len(events)
            for k in range(index, min(stop, len(events))):
                yield (step, k), events[k]
            step, index = step + 1, 0

    def event_at(self, pos: Position) -> Event | None:
        """The event at ``pos`` (None past the end)."""
        events = self._events(pos[0])
        return events[pos[1]] if 0 <= pos[1] < len(events) else None

    def shows(self, event: Event) -> bool:
        """Whether the log writes a line for ``event`` (by its kind: :func:`describe` decides by kind)."""
        kind = type(event)
        shown = self._shown.get(kind)
        if shown is None:  # describe() writes a line, or not, by the kind of event alone
            shown = self._shown[kind] = describe(self.game, event, self.names) is not None
        return shown

    def _starts_line(self, previous: Event | None, event: Event) -> bool:
        return self.shows(event) and _joined(previous, event) is None

    def _turn_at_step(self, step: int) -> tuple[int, int]:
        """``(turn, seat)`` in force at the start of ``step``: those of the last turn begun before it."""
        if step <= -1:
            return self._first
        history = self.game.history
        context = self._first
        t = step - 1
        while t >= -1:
            began = next((e for e in reversed(self._events(t)) if isinstance(e, TurnStarted)), None)
            if began is not None:
                context = (began.turn, began.seat)
                break
            known = self._contexts.get(t)
            if known is not None and (t == 0 or (t - 1 < len(history) and history[t - 1] is known[1])):
                context = known[0]
                break
            t -= 1
        self._contexts[step] = (context, history[step - 1] if 0 < step <= len(history) else None)
        return context

    def _turn_at(self, pos: Position) -> tuple[int, int]:
        turn, seat = self._turn_at_step(pos[0])
        for event in self._events(pos[0])[:pos[1]]:
            if isinstance(event, TurnStarted):
                turn, seat = event.turn, event.seat
        return turn, seat

    def line_start(self, pos: Position) -> Position:
        """Where the line holding the event just before ``pos`` starts (START if none does)."""
        return self.before(pos, 1, text=False)[1]

    def between(self, first: Position, end: Position) -> list[LogLine]:
        """The lines from ``first`` (the start of a line, or START) up to ``end``, in order."""
        turn, seat = self._turn_at(first)
        found: list[tuple[int, int, Position, Event]] = []  # turn, seat, where and the (merged) event
        run: Placed | None = None
        for pos, event in self._forward(first, end):
            if isinstance(event, TurnStarted):
                turn, seat = event.turn, event.seat
            joined = _joined(run, event)
            if joined is not None:
                run = joined
                found[-1] = (*found[-1][:3], joined)
                continue
            run = event if isinstance(event, Placed) else None
            if self.shows(event):
                # In the setup players take turns action by action: the line belongs to whoever acted.
                actor = event.seat if isinstance(event, (Claimed, Placed, HeadquartersChosen)) else seat
                found.append((turn, actor, pos, event))
        return [LogLine(turn, actor, describe(self.game, event, self.names) or "", pos)
                for turn, actor, pos, event in found]

    def before(self, end: Position, count: int, *, text: bool = True) -> tuple[list[LogLine], Position]:
        """Up to ``count`` whole lines ending at ``end`` (the start of a line, or the record's end), in
        order, and where the first of them starts (START once they reach the beginning of the record)."""
        if count < 1:
            return [], min(end, self.end)
        starts = 0
        first = START
        walk = self._backward(end)
        item = next(walk, None)
        while item is not None:
            pos, event = item
            item = next(walk, None)
            if self._starts_line(item[1] if item is not None else None, event):
                if starts == count:  # a line before the page: the page starts after it
                    break
                starts += 1
                first = pos
        else:  # the page reaches the beginning of the record
            first = START
        return (self.between(first, end) if text else []), first


@dataclass(frozen=True)
class SeatStats:
    """One seat at the start of a turn."""

    territories: int
    armies: int
    cards: int
    income: int
    continents: int


def snapshot_stats(state: GameState) -> tuple[SeatStats, ...]:
    """Every seat's territories, armies, cards, income and continents held in a state (one pass over the
    board: the page reads one of these at every turn of a long record)."""
    hooks = flow_for(state.rules)
    players = state.players
    owned = [0] * players
    armies = [0] * players
    for owner, count in zip(state.owner, state.armies, strict=True):
        if 0 <= owner < players:
            owned[owner] += 1
            armies[owner] += count
    continents = [0] * players
    owner_of = state.owner
    for continent in hooks.counted_groups(state.board):
        first = owner_of[continent.territories[0]]
        if 0 <= first < players and all(owner_of[t] == first for t in continent.territories):
            continents[first] += 1
    return tuple(
        SeatStats(owned[seat], armies[seat], len(state.hands[seat]),
                  hooks.turn_income(state, seat) if owned[seat] and seat != state.neutral else 0,
                  continents[seat])
        for seat in range(players))


def turn_stats(game: Game) -> list[tuple[int, tuple[SeatStats, ...]]]:
    """``(turn, stats of every seat)`` at the start of every turn, and once more at the end."""
    return Chronicle(game).update().turn_stats()


@dataclass(frozen=True)
class Luck:
    """A seat's dice against the exact expectation of the rolls it made (attacking and defending).

    ``balance`` is (killed - expected killed) - (lost - expected lost): above zero the dice favoured it.
    """

    killed: int
    expected_killed: Fraction
    lost: int
    expected_lost: Fraction

    @property
    def balance(self) -> Fraction:
        """Armies gained over the expectation (killed above it, lost below it)."""
        return (self.killed - self.expected_killed) - (self.lost - self.expected_lost)


@cache
def expected_losses(attack_dice: int, defend_dice: int, model: DiceModel = PLAIN) -> tuple[Fraction, Fraction]:
    """Exact expected ``(attacker losses, defender losses)`` of one roll of these dice under ``model``."""
    outcomes = roll_outcomes(attack_dice, defend_dice, model)
    return (sum((p * a for a, _, p in outcomes), Fraction(0)), sum((p * d for _, d, p in outcomes), Fraction(0)))


def luck(game: Game) -> list[Luck]:
    """The luck meter for every seat, from every battle in the record.

    The expectation is that of plain dice with the numbers of dice rolled; a commander or a re-roll is a
    choice, and shows as luck for the side that used it.
    """
    return Chronicle(game).update().luck()


RollKey = tuple[int, int, int, int, DiceModel]  # attacking seat, defending seat, their dice, the dice model


class Chronicle:
    """The statistics per turn and the luck counts of one game, kept up to date as its record grows:
    :meth:`update` reads only the steps added since it last ran (an undo, which changes a step already
    read, starts it over), and at most ``limit`` of them at a time, so that the page can read a long
    record in slices and answer clicks in between. The page keeps one, so that open panels cost little
    per action even in long games; :func:`turn_stats` and :func:`luck` read a whole game with a new one.
    (The log is read where it is shown, by :class:`LogReader`.)
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.generation = -1
        self._start()

    def _start(self) -> None:
        game = self.game
        self._read = 0  # steps of the record read so far
        self._last_step: Step | None = None
        self._state = game.initial.copy()
        # A game that began with a turn already started (automatic setup, or a link) has its first point.
        self._series = [(self._state.turn, snapshot_stats(self._state))] if self._state.turn else []
        players = game.initial.players
        self._killed = [0] * players
        self._lost = [0] * players
        # (attacker, defender, dice, dice, model): count
        self._rolls: dict[RollKey, int] = {}
        self.battles = 0  # rolls read so far (what the luck meter has changed with)
        # Everything as it was where the latest turn began.
        self._mark: tuple[int, Step, GameState, int, list[int], list[int], dict[RollKey, int], int] | None = None
        self.generation += 1  # how many times it started over (a chart drawn before is then stale)

    def _set_mark(self) -> None:
        """Remember this moment (a turn has just begun): an undo, which never reaches back past the start
        of a turn, goes back to it instead of reading the whole record again."""
        assert self._last_step is not None
        self._mark = (self._read, self._last_step, self._state.copy(), len(self._series), self._killed[:],
                      self._lost[:], dict(self._rolls), self.battles)

    def _back_to_mark(self) -> bool:
        history, mark = self.game.history, self._mark
        if mark is None or mark[0] > len(history) or history[mark[0] - 1] is not mark[1]:
            return False
        self._read, self._last_step, state, points, killed, lost, rolls, self.battles = mark
        self._state, self._killed, self._lost, self._rolls = state.copy(), killed[:], lost[:], dict(rolls)
        del self._series[points:]
        return True

    @property
    def read(self) -> int:
        """Steps of the record read so far."""
        return self._read

    @property
    def points(self) -> int:
        """Turns with statistics so far (a chart changes only when this does)."""
        return len(self._series)

    @property
    def done(self) -> bool:
        """Whether every step of the record as it is now has been read."""
        history = self.game.history
        return self._read == len(history) and (not history or history[-1] is self._last_step)

    def update(self, limit: int | None = None) -> Chronicle:
        """Read the steps added to the record since the last update, at most ``limit`` of them; return self."""
        history = self.game.history
        changed = self._read > len(history) or (self._read and history[self._read - 1] is not self._last_step)
        if changed and not self._back_to_mark():  # an undo goes back to the turn's start; else read anew
            self._start()
        stop = len(history) if limit is None else min(len(history), self._read + max(0, limit))
        for index in range(self._read, stop):
            step = history[index]
            apply(self._state, step.action)
            began = False
            for event in step.events:
                if isinstance(event, TurnStarted) and not began:
                    began = True
                    self._series.append((event.turn, snapshot_stats(self._state)))
                elif isinstance(event, BattleFought):
                    self._count(event)
            self._read, self._last_step = index + 1, step
            if began:
                self._set_mark()
        return self

    def _count(self, event: BattleFought) -> None:
        a, d = event.attacker_seat, event.defender_seat
        model = event.model or PLAIN
        key = (a, d, len(event.attacker) - model.attack_bonus, len(event.defender) - model.defend_bonus, model)
        self._rolls[key] = self._rolls.get(key, 0) + 1
        self.battles += 1
        self._killed[a] += event.defender_losses
        self._lost[a] += event.attacker_losses
        self._killed[d] += event.attacker_losses
        self._lost[d] += event.defender_losses

    def turn_stats(self) -> list[tuple[int, tuple[SeatStats, ...]]]:
        """See :func:`turn_stats` (as of the last update)."""
        if self._read and self._state.over:
            return [*self._series, (self._state.turn, snapshot_stats(self._state))]
        return list(self._series)

    def sampled_stats(self, most: int) -> list[tuple[int, tuple[SeatStats, ...]]]:
        """:meth:`turn_stats` thinned to at most ``most`` points (at least 2) for a chart: the turns at every
        k-th point, k the smallest power of two that fits, and the end of a finished game. The points stay
        put as the game grows, and the latest turns show once the next k-th is reached: a chart of a long
        game changes every k turns, not every turn. Costs what it returns, whatever the length of the game."""
        series = self._series
        over = self._read and self._state.over
        stride = 1
        while -(-len(series) // stride) + over > max(2, most):
            stride *= 2
        points = series[::stride]
        if over:
            points.append((self._state.turn, snapshot_stats(self._state)))
        return points

    def latest_stats(self) -> tuple[int, tuple[SeatStats, ...]] | None:
        """The last point of :meth:`turn_stats` (the end of a finished game, else the latest turn's start)."""
        if self._read and self._state.over:
            return (self._state.turn, snapshot_stats(self._state))
        return self._series[-1] if self._series else None

    def luck(self) -> list[Luck]:
        """See :func:`luck` (as of the last update); each exact expectation is added once per kind of roll."""
        players = len(self._killed)
        expected_killed = [Fraction(0)] * players
        expected_lost = [Fraction(0)] * players
        for (a, d, attack_dice, defend_dice, model), count in self._rolls.items():
            e_a, e_d = expected_losses(attack_dice, defend_dice, model)
            expected_killed[a] += count * e_d
            expected_lost[a] += count * e_a
            expected_killed[d] += count * e_a
            expected_lost[d] += count * e_d
        return [Luck(self._killed[s], expected_killed[s], self._lost[s], expected_lost[s]) for s in range(players)]
