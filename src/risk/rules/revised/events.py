"""What happens in the Revised edition besides the classic events (:mod:`risk.events`)."""

from __future__ import annotations

from dataclasses import dataclass

from risk.events import Event


@dataclass(slots=True)
class BoardDealt(Event):
    """The cities were drawn and the objectives (with their rewards) laid face up."""

    cities: tuple[int, ...]
    objectives: tuple[int, ...]  # objective numbers by slot
    rewards: tuple[int, ...]  # reward token by slot (empty without rewards)


@dataclass(slots=True)
class CapitalPlaced(Event):
    """A player placed a capital, with its first army."""

    seat: int
    territory: int


@dataclass(slots=True)
class StarsTraded(Event):
    """Cards worth ``stars`` were traded for ``armies``."""

    seat: int
    cards: tuple[int, ...]
    stars: int
    armies: int


@dataclass(slots=True)
class ObjectiveClaimed(Event):
    """A player claimed an objective (and its reward, if any; ``airfield`` where an Airfield went)."""

    seat: int
    slot: int
    objective: int
    reward: int  # -1 without rewards
    airfield: int


@dataclass(slots=True)
class ObjectivesTaken(Event):
    """An eliminated player's objectives went to the eliminator (their rewards do not)."""

    seat: int
    by: int
    slots: tuple[int, ...]


@dataclass(slots=True)
class RewardsLost(Event):
    """An eliminated player's rewards left the game (its Airfields with them)."""

    seat: int
    slots: tuple[int, ...]
