"""A game record: who plays, under which rules, from which seed, and every action with its events.

The state of any moment is the start replayed through the actions; the events kept beside each
action (the rolls, the cards drawn) let a log or a replay show what happened without re-rolling, and
let anyone check that replaying the seed gives the same dice.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from risk.actions import Action
from risk.engine import apply, new_game, play
from risk.events import Event
from risk.rules import Rules
from risk.state import GameState

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    """A player at the table: a name, a colour number (the page's palette) and who moves for it."""

    name: str
    colour: int
    controller: str = HUMAN  # "human", or a bot level such as "easy", "normal", "hard"


@dataclass(frozen=True)
class Step:
    """One action and what it caused."""

    action: Action
    events: tuple[Event, ...]


@dataclass
class Game:
    """A whole game: its settings, its first state and its history. ``state`` is the current moment."""

    rules: Rules
    seats: tuple[Seat, ...]
    seed: int
    initial: GameState
    state: GameState
    history: list[Step] = field(default_factory=list)

    @classmethod
    def start(cls, rules: Rules, seats: Sequence[Seat], seed: int) -> Game:
        """A new game; seat ``i`` of ``seats`` is engine seat ``i`` (a neutral seat is added after them)."""
        initial = new_game(rules, len(seats), seed)
        return cls(rules, tuple(seats), seed, initial, initial.copy())

    def play(self, action: Action) -> tuple[Event, ...]:
        """Check and play an action; on :class:`~risk.actions.IllegalAction` nothing changes."""
        self.state, events = play(self.state, action)
        step = Step(action, tuple(events))
        self.history.append(step)
        return step.events

    def starts_at_seed(self) -> bool:
        """Whether the record starts at the seed's first moment (not at a link's or a position's)."""
        return self.initial == new_game(self.rules, len(self.seats), self.seed)

    @property
    def actions(self) -> list[Action]:
        """Every action so far, in order."""
        return [step.action for step in self.history]

    def states(self) -> Iterator[GameState]:
        """Every state from the first to the current one, by replaying the actions."""
        state = self.initial.copy()
        yield state.copy()
        for step in self.history:
            apply(state, step.action)
            yield state.copy()

    def state_at(self, index: int) -> GameState:
        """The state after ``index`` actions (0 is the start)."""
        state = self.initial.copy()
        for step in self.history[:index]:
            apply(state, step.action)
        return state

    def verify(self) -> int:
        """Replay the whole game and check every recorded event; return the number of actions checked.

        Raises ``ValueError`` at the first action whose replayed events differ from the record, which
        would mean the dice or the cards were not what the seed gives.
        """
        state = self.initial.copy()
        for number, step in enumerate(self.history, 1):
            events = tuple(apply(state, step.action))
            if events != step.events:
                raise ValueError(f"action {number} does not replay as recorded")
        if state != self.state:
            raise ValueError("the replayed game does not end in the recorded state")
        return len(self.history)
