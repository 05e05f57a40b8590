"""Events: what happened when an action was applied, including every roll and every card drawn.

The engine returns them from ``apply``/``play``; the game record keeps them beside each action, so a
log can say "6 5 2 against 4 3" without re-rolling, and a replay can be checked roll by roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from risk.dice import DiceModel


class Event:
    """The base of every event (a dataclass); an edition's events subclass it too."""

    __slots__ = ()


class Revealing(Event):
    """An event that shows a player something it could not see before (a hand a Spy looks at, a hidden army
    coming out): taking it back would let a player unsee it, so undo stops there, as it does at a roll."""

    __slots__ = ()


@dataclass(slots=True)
class TurnStarted(Event):
    """A player's turn began with this many armies from territories and continents."""

    seat: int
    turn: int
    income: int


@dataclass(slots=True)
class SetupDealt(Event):
    """Territories were dealt (automatic or two-player setup)."""

    owners: tuple[int, ...]


@dataclass(slots=True)
class SetupDone(Event):
    """Every starting army is on the board."""


@dataclass(slots=True)
class Claimed(Event):
    """A territory was claimed in the setup (one army on it)."""

    seat: int
    territory: int


@dataclass(slots=True)
class Placed(Event):
    """Armies were placed; ``owner`` is whose they are (the neutral's, in the two-player setup)."""

    seat: int
    territory: int
    count: int
    owner: int


@dataclass(slots=True)
class HeadquartersChosen(Event):
    """A player chose a headquarters, in secret until everyone has (``territory`` is for the record)."""

    seat: int
    territory: int


@dataclass(slots=True)
class HeadquartersRevealed(Event):
    """Everyone has chosen: the headquarters are turned face up (per seat, -1 for the neutral)."""

    headquarters: tuple[int, ...]


@dataclass(slots=True)
class CardsTraded(Event):
    """A set was traded for ``armies``; ``bonus`` lists (territory, armies) placed by the card rule."""

    seat: int
    cards: tuple[int, ...]
    armies: int
    bonus: tuple[tuple[int, int], ...]


@dataclass(slots=True)
class DiceRolled(Event):
    """The dice of a battle as thrown, when the attacker may still change them (commander, re-roll).

    A roll that needs no decision is recorded by :class:`BattleFought` alone.
    """

    source: int
    target: int
    attacker: tuple[int, ...]
    defender: tuple[int, ...]


@dataclass(slots=True)
class DieRerolled(Event):
    """The card re-roll: die ``die`` showed ``old`` and now shows ``new``."""

    die: int
    old: int
    new: int


@dataclass(slots=True)
class CommanderUsed(Event):
    """The commander turned die ``die`` from ``old`` into a six."""

    die: int
    old: int


@dataclass(slots=True)
class BattleFought(Event):
    """One battle settled: the final dice and the losses of each side."""

    source: int
    target: int
    attacker: tuple[int, ...]
    defender: tuple[int, ...]
    attacker_losses: int
    defender_losses: int
    attacker_seat: int
    defender_seat: int
    # The dice model, when it was not plain: then the faces are every die thrown (bonus dice included) and
    # ``model.compared`` gives those compared ("5+1"). None: the faces are those compared, as rolled.
    model: DiceModel | None = None


@dataclass(slots=True)
class Captured(Event):
    """A territory changed hands."""

    territory: int
    seat: int
    previous: int


@dataclass(slots=True)
class Eliminated(Event):
    """A player lost their last territory; ``cards`` went to ``by``."""

    seat: int
    by: int
    cards: tuple[int, ...]


@dataclass(slots=True)
class MovedIn(Event):
    """Armies moved into a territory just captured."""

    seat: int
    source: int
    target: int
    count: int


@dataclass(slots=True)
class Fortified(Event):
    """A free move between a player's own territories."""

    seat: int
    source: int
    target: int
    count: int


@dataclass(slots=True)
class CardDrawn(Event):
    """A card was drawn at the end of a turn with a capture."""

    seat: int
    card: int


@dataclass(slots=True)
class DeckReshuffled(Event):
    """The draw pile ran out and the discards were shuffled into a new one."""

    cards: int


@dataclass(slots=True)
class ArmiesLost(Event):
    """Armies that could not be placed under the army cap."""

    seat: int
    count: int


@dataclass(slots=True)
class MissionsDealt(Event):
    """Every player was dealt a secret mission (which one is not said: the log is public)."""


@dataclass(slots=True)
class MissionCompleted(Event):
    """A player completed their secret mission (``mission``: its index in risk.missions.mission_list, plus
    the list's length if it had fallen back to its territories goal); the game is won by it."""

    seat: int
    mission: int


@dataclass(slots=True)
class GameWon(Event):
    """The game is over."""

    seat: int
