"""The Revised edition's own kinds of action (the classic ones it keeps are in :mod:`risk.actions`)."""

from __future__ import annotations

from dataclasses import dataclass

from risk.actions import CARDS, NUMBER, OPTIONAL_TERRITORY, TERRITORY, Action, action_kind


@action_kind("capital", TERRITORY)
@dataclass(frozen=True, slots=True)
class PlaceCapital(Action):
    """Setup: put your capital and one army on an empty territory."""

    territory: int


@action_kind("stars", CARDS)
@dataclass(frozen=True, slots=True)
class TradeStars(Action):
    """Trade cards worth 2 to 10 stars in all for armies (once a turn, while drafting)."""

    cards: tuple[int, ...]


@action_kind("objective", NUMBER, OPTIONAL_TERRITORY)
@dataclass(frozen=True, slots=True)
class ClaimObjective(Action):
    """After attacking: claim the objective in ``slot`` (0-3 Minor, 4-7 Major), which you meet now, and its
    reward; an Airfield reward goes on ``airfield``, a territory of yours. Ends the attacks."""

    slot: int
    airfield: int = -1


@action_kind("maneuver", TERRITORY, TERRITORY, NUMBER, amount="count")
@dataclass(frozen=True, slots=True)
class StartingManeuver(Action):
    """The Starting Maneuver reward: one move along your territories after drafting, before attacking."""

    source: int
    target: int
    count: int
