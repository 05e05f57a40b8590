"""What happened, in words and numbers: the game log, statistics per turn and the luck meter.

All of it is read from a :class:`~risk.game.Game`'s recorded events and replayed states; nothing is
re-rolled, so the log and the charts show exactly the dice that fell. :class:`Chronicle` keeps all three
up to date as a game goes on, reading only the new steps; :func:`game_log`, :func:`turn_stats` and
:func:`luck` read a whole game at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache

from risk.deck import deck_for
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
    MovedIn,
    Placed,
    SetupDealt,
    SetupDone,
    TurnStarted,
)
from risk.flow import flow_for
from risk.game import Game, Step
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


def describe(game: Game, event: Event, names: list[str] | None = None) -> str | None:
    """One event as a sentence for the log (``None`` for events the log does not show).

    The card drawn is not named: the log is public and the card is not.
    """
    board = game.initial.board
    names = names or seat_names(game)

    def place(territory: int) -> str:
        return board.territories[territory].name

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
        case BattleFought(source, target, attacker, defender, lost_a, lost_d, seat, enemy):
            losses = []
            if lost_a:
                losses.append(f"{names[seat]} loses {lost_a}")
            if lost_d:
                losses.append(f"{names[enemy]} loses {lost_d}")
            return (f"{names[seat]} attacks {place(target)} from {place(source)}: "
                    f"{' '.join(map(str, attacker))} against {' '.join(map(str, defender))}; {', '.join(losses)}.")
        case DiceRolled(source, target, attacker, defender):
            return (f"Attack on {place(target)} from {place(source)}: {' '.join(map(str, attacker))} "
                    f"against {' '.join(map(str, defender))}, before the attacker's choice.")
        case CommanderUsed(_die, old):
            return f"The commander turns a {old} into a 6."
        case DieRerolled(_die, old, new):
            return f"A card re-roll turns a {old} into a {new}."
        case Captured(territory, seat, previous):
            return f"{names[seat]} captures {place(territory)} from {names[previous]}."
        case Eliminated(seat, by, cards):
            taken = f" and takes {len(cards)} card{'s' if len(cards) != 1 else ''}" if cards else ""
            return f"{names[by]} eliminates {names[seat]}{taken}."
        case CardDrawn(seat, _card):
            return f"{names[seat]} draws a card."
        case ArmiesLost(seat, count):
            return f"{names[seat]} loses {_armies(count)} that do not fit under the army cap."
        case GameWon(seat):
            return f"{names[seat]} wins the game."
        case SetupDealt():
            if game.initial.neutral >= 0:
                return f"The territories are dealt in three piles: one for each player and one for {NEUTRAL_NAME}."
            return "The territories are dealt at random."
        case SetupDone():
            return "Every starting army is on the board."
    return None


@dataclass(frozen=True)
class LogLine:
    """A line of the game log: the turn it belongs to, the seat acting and the text."""

    turn: int
    seat: int
    text: str


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
    return Chronicle(game).update().log


@dataclass(frozen=True)
class SeatStats:
    """One seat at the start of a turn."""

    territories: int
    armies: int
    cards: int
    income: int
    continents: int


def snapshot_stats(state: GameState) -> tuple[SeatStats, ...]:
    """Every seat's territories, armies, cards, income and continents held in a state."""
    hooks = flow_for(state.rules)
    result = []
    for seat in range(state.players):
        owned = [t for t, o in enumerate(state.owner) if o == seat]
        continents = sum(
            1 for c in state.board.continents if all(state.owner[t] == seat for t in c.territories)
        )
        income = hooks.reinforcements(state, seat) if owned and seat != state.neutral else 0
        result.append(SeatStats(len(owned), sum(state.armies[t] for t in owned), len(state.hands[seat]),
                                income, continents))
    return tuple(result)


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
def expected_losses(attack_dice: int, defend_dice: int) -> tuple[Fraction, Fraction]:
    """Exact expected ``(attacker losses, defender losses)`` of one roll of plain dice."""
    outcomes = roll_outcomes(attack_dice, defend_dice)
    return (sum((p * a for a, _, p in outcomes), Fraction(0)), sum((p * d for _, d, p in outcomes), Fraction(0)))


def luck(game: Game) -> list[Luck]:
    """The luck meter for every seat, from every battle in the record.

    The expectation is that of plain dice with the numbers of dice rolled; a commander or a re-roll is a
    choice, and shows as luck for the side that used it.
    """
    return Chronicle(game).update().luck()


class Chronicle:
    """The log, the statistics per turn and the luck counts of one game, kept up to date as its record
    grows: :meth:`update` reads only the steps added since it last ran (an undo, which changes a step
    already read, starts it over). The page keeps one, so that open panels cost little per action even
    in long games; :func:`game_log`, :func:`turn_stats` and :func:`luck` read a whole game with a new one.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._start()

    def _start(self) -> None:
        game = self.game
        self._names = seat_names(game)
        self._read = 0  # steps of the record read so far
        self._last_step: Step | None = None
        self.log: list[LogLine] = []
        self._placed: Placed | None = None  # the last event, if a placement: a run the next may extend
        first = opening(game)
        self._turn = 0 if first is not None else game.initial.turn
        self._seat = game.initial.current
        for event in first or ():
            self._write(event)
        self._state = game.initial.copy()
        # A game that began with a turn already started (automatic setup, or a link) has its first point.
        self._series = [(self._state.turn, snapshot_stats(self._state))] if self._state.turn else []
        players = game.initial.players
        self._killed = [0] * players
        self._lost = [0] * players
        self._rolls: dict[tuple[int, int, int, int], int] = {}  # (attacker, defender, dice, dice): count

    def update(self) -> Chronicle:
        """Read the steps added to the record since the last update; return self."""
        history = self.game.history
        if self._read > len(history) or (self._read and history[self._read - 1] is not self._last_step):
            self._start()
        for step in history[self._read:]:
            apply(self._state, step.action)
            began = False
            for event in step.events:
                self._write(event)
                if isinstance(event, TurnStarted) and not began:
                    began = True
                    self._series.append((event.turn, snapshot_stats(self._state)))
                elif isinstance(event, BattleFought):
                    self._count(event)
        self._read = len(history)
        self._last_step = history[-1] if history else None
        return self

    def _write(self, event: Event) -> None:
        """One event into the log (a placement that carries on a run changes the run's line)."""
        if isinstance(event, TurnStarted):
            self._turn, self._seat = event.turn, event.seat
        joined = _joined(self._placed, event)
        if joined is not None:
            self._placed = joined
            last = self.log[-1]
            self.log[-1] = LogLine(last.turn, last.seat, describe(self.game, self._placed, self._names) or "")
            return
        self._placed = event if isinstance(event, Placed) else None
        text = describe(self.game, event, self._names)
        if text is not None:
            # In the setup players take turns action by action: the line belongs to whoever acted.
            actor = event.seat if isinstance(event, (Claimed, Placed, HeadquartersChosen)) else self._seat
            self.log.append(LogLine(self._turn, actor, text))

    def _count(self, event: BattleFought) -> None:
        a, d = event.attacker_seat, event.defender_seat
        key = (a, d, len(event.attacker), len(event.defender))
        self._rolls[key] = self._rolls.get(key, 0) + 1
        self._killed[a] += event.defender_losses
        self._lost[a] += event.attacker_losses
        self._killed[d] += event.attacker_losses
        self._lost[d] += event.defender_losses

    def turn_stats(self) -> list[tuple[int, tuple[SeatStats, ...]]]:
        """See :func:`turn_stats` (as of the last update)."""
        if self._read and self._state.over:
            return [*self._series, (self._state.turn, snapshot_stats(self._state))]
        return list(self._series)

    def luck(self) -> list[Luck]:
        """See :func:`luck` (as of the last update); each exact expectation is added once per kind of roll."""
        players = len(self._killed)
        expected_killed = [Fraction(0)] * players
        expected_lost = [Fraction(0)] * players
        for (a, d, attack_dice, defend_dice), count in self._rolls.items():
            e_a, e_d = expected_losses(attack_dice, defend_dice)
            expected_killed[a] += count * e_d
            expected_lost[a] += count * e_a
            expected_killed[d] += count * e_a
            expected_lost[d] += count * e_d
        return [Luck(self._killed[s], expected_killed[s], self._lost[s], expected_lost[s]) for s in range(players)]
