"""What an edition's clicks and buttons do: the controller's seam for editions.

The classic turn is the controller's own (:mod:`risk_ui.controller`). An edition that adds steps, cards or
choices gives the page an :class:`EditionActions`: the territory clicks of its own phases, the buttons of its
own panels, the phases played in the open (no hand-off screen between players), and what its choices leave
in the UI state when a move is cancelled or made. The controller asks the one of the game on the table
(``Controller.edition``) before doing the classic thing, so no ``if edition == …`` is needed there, and adding
an edition touches no other edition's code. Each edition's actions live beside this module
(``revised_actions``, ``castle_actions``); the view has the matching part for what is shown
(:mod:`risk_ui.edition_ui`).

This module sits below the controller: it knows the controller only as :class:`Acting`, the few things an
edition may ask of it.
"""

from __future__ import annotations

from typing import Any, Protocol

from risk.actions import Action
from risk.state import GameState, Phase


class Acting(Protocol):
    """What an edition's actions use of the controller."""

    @property
    def state(self) -> GameState: ...

    @property
    def ui(self) -> Any: ...

    def play(self, action: Action) -> bool:
        """Play an action; on refusal show the engine's reason. Whether it was played."""
        ...

    def refused(self, action: Action) -> bool:
        """Check an action without playing it; on refusal show the reason."""
        ...

    def refuse(self, text: str) -> None: ...

    def hint(self, text: str) -> None: ...

    def select(self, source: int, target: int) -> None: ...

    def territory_name(self, territory: int) -> str: ...

    def seat_name(self, seat: int) -> str: ...

    def placement_count(self) -> int: ...


class EditionActions:
    """The classic game's: nothing of its own (every hook says "not mine")."""

    shared_phases: tuple[Phase, ...] = ()  # phases played in the open: the device passes without a hand-off

    def click(self, c: Acting, territory: int) -> bool:
        """A click on a territory in a step of the edition's own; whether it was the edition's to handle."""
        return False

    def command(self, c: Acting, name: str, arg: str) -> bool:
        """A button of the edition's own panels; whether it was the edition's to handle."""
        return False

    def cancel(self, c: Acting) -> None:
        """Escape or Cancel: forget the edition's choices in progress."""

    def after(self, c: Acting) -> None:
        """A move was made: forget the choices in progress that it ended."""


CLASSIC = EditionActions()


def _int(text: str, default: int = -1) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        return default


def numbers(arg: str) -> list[int]:
    """A button's argument "3-17-40" as numbers (-1 for what is not one).

    >>> numbers("3-17-40"), numbers("x")
    ([3, 17, 40], [-1])
    """
    return [_int(part) for part in arg.split("-")]
