"""Computer players. A bot is any object with ``choose(state) -> Action`` for the seat to move."""

from __future__ import annotations

from typing import Protocol

from risk.actions import Action
from risk.state import GameState


class Bot(Protocol):
    """Anything that picks an action for the player to move."""

    def choose(self, state: GameState) -> Action:
        """The action to play now; it must be legal."""
        ...
