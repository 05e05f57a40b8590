"""Castle Risk's own kinds of action (the classic ones it keeps are in :mod:`risk.actions`)."""

from __future__ import annotations

from dataclasses import dataclass

from risk.actions import NUMBER, TERRITORY, Action, action_kind


@action_kind("castle", TERRITORY)
@dataclass(frozen=True, slots=True)
class PlaceCastle(Action):
    """Setup: put your castle and one army on a territory of the empire your chip shows."""

    territory: int


@action_kind("hide", TERRITORY)
@dataclass(frozen=True, slots=True)
class ChooseHiddenArmy(Action):
    """Setup, in secret: the territory your hidden army may come out on (not a castle's)."""

    territory: int


@action_kind("reinforce", NUMBER)
@dataclass(frozen=True, slots=True)
class PlayReinforcement(Action):
    """Before your first attack: the card goes on the track and gives the armies of its space."""

    card: int


@action_kind("diplomat", NUMBER, NUMBER)
@dataclass(frozen=True, slots=True)
class PlayDiplomat(Action):
    """Before your first attack: a truce with ``seat`` until your next turn (not with two players)."""

    card: int
    seat: int


@action_kind("reveal", TERRITORY)
@dataclass(frozen=True, slots=True)
class RevealHiddenArmy(Action):
    """Your hidden army comes out on its territory, which you hold: at any time of your attack step (rules
    revision 3; revision 2: before your first attack)."""

    territory: int


@action_kind("general", NUMBER)
@dataclass(frozen=True, slots=True)
class PlayGeneral(Action):
    """+1 on your highest attack die from now until it is lost or your turn ends."""

    card: int


@action_kind("spy", NUMBER, NUMBER)
@dataclass(frozen=True, slots=True)
class PlaySpy(Action):
    """Look at ``seat``'s hand (unless its own Spy blocks yours), then make it discard one card."""

    card: int
    seat: int


@action_kind("discard", NUMBER)
@dataclass(frozen=True, slots=True)
class SpyDiscard(Action):
    """After your Spy has looked: the card of that hand to discard, face up."""

    card: int


@action_kind("sail", NUMBER, TERRITORY, TERRITORY, NUMBER, amount="armies")
@dataclass(frozen=True, slots=True)
class SeaAttack(Action):
    """With an Admiral: ``armies`` from ``source`` attack ``target`` across a water both touch, to the end."""

    card: int
    source: int
    target: int
    armies: int


@action_kind("orders", NUMBER)
@dataclass(frozen=True, slots=True)
class StandingOrders(Action):
    """What your cards do on others' turns (bits: 1 play a Marshall when attacked, 2 block a Spy, 4 bring out a
    hidden army when its territory is attacked, in rules revision 3)."""

    orders: int
