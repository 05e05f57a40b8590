"""What happens in Castle Risk besides the classic events (:mod:`risk.events`)."""

from __future__ import annotations

from dataclasses import dataclass

from risk.events import Event, Revealing


@dataclass(slots=True)
class ChipsDrawn(Event):
    """Each player drew an empire's castle chip (by seat: the empire's group number)."""

    empires: tuple[int, ...]


@dataclass(slots=True)
class CastlePlaced(Event):
    """A player placed its castle, with its first army, in its empire."""

    seat: int
    territory: int


@dataclass(slots=True)
class HiddenArmyChosen(Event):
    """A player wrote down where its hidden army waits (in secret: the log does not say where)."""

    seat: int
    territory: int


@dataclass(slots=True)
class CardsDealt(Event):
    """The opening hands were dealt, and the first player drawn again."""

    cards: int
    first: int


@dataclass(slots=True)
class ReinforcementPlayed(Event):
    """A Reinforcement card went on the track's next space and gave its armies."""

    seat: int
    card: int
    space: int
    armies: int


@dataclass(slots=True)
class HiddenArmyRevealed(Revealing):
    """A hidden army came out."""

    seat: int
    territory: int
    armies: int


@dataclass(slots=True)
class TruceMade(Event):
    """A Diplomat forced a truce between two players until the first one's next turn."""

    seat: int
    other: int
    card: int


@dataclass(slots=True)
class PersonPlayed(Event):
    """A General (attacking) or a Marshall (defending) came into play."""

    seat: int
    card: int
    kind: str


@dataclass(slots=True)
class PersonLost(Event):
    """A General or Marshall in play lost the top pair of a roll and was discarded."""

    seat: int
    card: int
    kind: str


@dataclass(slots=True)
class SpyPlayed(Revealing):
    """A Spy looked at a player's hand, or was blocked by its Spy (both then discarded)."""

    seat: int
    target: int
    card: int
    blocked_by: int  # the target's Spy, or -1


@dataclass(slots=True)
class CardDiscarded(Revealing):
    """A Spy made a player discard a card, face up: everyone saw it, so undo stops here too."""

    seat: int
    card: int
    by: int


@dataclass(slots=True)
class SeaAttackMade(Event):
    """An Admiral carried armies across the water to attack; ``kept``: the Admiral went back to hand."""

    seat: int
    source: int
    target: int
    armies: int
    card: int
    won: bool


@dataclass(slots=True)
class CastleCaptured(Event):
    """A castle fell: its owner is out, and its chips go to the captor."""

    seat: int
    by: int
    territory: int
    chips: tuple[int, ...]


@dataclass(slots=True)
class TakenOver(Event):
    """The fallen player's other territories, each now held by one army of ``seats`` (same order)."""

    territories: tuple[int, ...]
    seats: tuple[int, ...]


@dataclass(slots=True)
class SpoilsCollected(Event):
    """A player's spoils at the end of its turn: empires, the independents, castle chips."""

    seat: int
    armies: int
    empires: int
    independents: bool
    chips: int


@dataclass(slots=True)
class OrdersSet(Event):
    """A player changed its standing orders."""

    seat: int
    orders: int
