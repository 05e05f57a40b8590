"""The "your turn" cue: when control comes back to a person at this device after a bot's or another seat's turn
(after the hand-off screen closes, never on it), the page marks the turn bar (it pulses once where motion is on)
and the window's title starts with "Your turn — " until that person acts.

Plain Python over what the controller says (whose turn, a person or not, a hand-off waiting, the game's length):
tested without a browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from risk.state import Phase


class Reads(Protocol):
    """What the cue reads of the controller."""

    @property
    def game(self) -> Any: ...

    @property
    def ui(self) -> Any: ...

    def is_human(self, seat: int) -> bool: ...


def in_control(controller: Reads) -> int:
    """The person whose turn shows on this device now, or -1 (a bot's turn, a hand-off waiting, the game over)."""
    state = controller.game.state
    seat = state.current
    if state.phase is Phase.OVER or controller.ui.handoff >= 0 or not 0 <= seat < len(controller.game.seats):
        return -1
    return seat if controller.is_human(seat) else -1


@dataclass
class TurnCue:
    """Follows who is in control from one drawing of the page to the next; :meth:`observe` says whether the cue
    shows."""

    game: object = None  # the game followed (another one starts afresh, with no cue)
    start: int = 0  # its length at the first look (no one has had a turn yet while it is so)
    previous: int = -1  # the person in control at the last look, or -1
    had: dict[int, int] = field(default_factory=dict)  # each person's game length when last in control
    shown: tuple[int, int] | None = None  # (person, game length) the cue is on for: until either changes

    def observe(self, controller: Reads) -> bool:
        """Look at the game once more (after each change); True while the cue shows."""
        game = controller.game
        length = len(game.history)
        seat = in_control(controller)
        if game is not self.game:  # a new, loaded or linked game: its first moment is no return of control
            self.game, self.start, self.had, self.shown = game, length, {}, None
            self.previous = seat
            if seat >= 0:
                self.had[seat] = length
            return False
        if self.shown is not None and self.shown != (seat, length):
            self.shown = None  # they acted (or undid), or control went elsewhere
        # Control comes back: another seat (or a bot, or the hand-off screen) had it, and the game moved since this
        # person last had it (an Undo back into one's own turn is no return).
        if seat >= 0 and seat != self.previous and self.had.get(seat, -1) != length and length != self.start:
            self.shown = (seat, length)
        self.previous = seat
        if seat >= 0:
            self.had[seat] = length
        return self.shown is not None
