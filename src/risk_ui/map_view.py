"""The map: what every territory shows (owner, armies, colours, mark, what stands on it, name for a screen
reader) and which are highlighted as the choices of the moment.

Pure: from a :class:`~risk_ui.controller.Controller` to :class:`~risk_ui.screen.TerritoryView` values,
used by the view for the live game and by the record for a replay's past.
"""

from __future__ import annotations

from risk.engine import reachable
from risk.rules.revised.flow import CAPITAL
from risk.state import Phase
from risk.visibility import visible_headquarters
from risk_ui.controller import Controller
from risk_ui.palette import UNCLAIMED_HEX, ink_for, tint
from risk_ui.revised_view import site_fill, site_words, sites
from risk_ui.screen import TerritoryView
from risk_ui.words import armies_text

LAND_TINT = 0.35  # how much white goes into an owner's colour on the land (the badge has the full colour)


def territory_label(name: str, owner_name: str | None, armies: int) -> str:
    """The aria-label of a territory.

    >>> territory_label("Alaska", "Red", 3)
    'Alaska, Red, 3 armies'
    >>> territory_label("Alaska", None, 0)
    'Alaska, unclaimed'
    """
    if owner_name is None:
        return f"{name}, unclaimed"
    return f"{name}, {owner_name}, {armies_text(armies)}"


def _highlights(controller: Controller) -> dict[int, set[str]]:
    """Which territories to mark as selected, targets or possible choices."""
    state, ui = controller.state, controller.ui
    marks: dict[int, set[str]] = {}
    if ui.handoff >= 0 or state.phase is Phase.OVER:
        return marks
    seat, owner, armies = state.current, state.owner, state.armies

    def add(t: int, name: str) -> None:
        marks.setdefault(t, set()).add(name)

    phase = state.phase
    if phase is Phase.ATTACK and ui.airfield_slot >= 0:  # where the Airfield may go: any of the player's
        for t, o in enumerate(owner):
            if o == seat:
                add(t, "active")
    elif phase is Phase.CLAIM or phase is CAPITAL:
        for t, o in enumerate(owner):
            if o < 0:
                add(t, "active")
    elif phase is Phase.SETUP:
        for t, o in enumerate(owner):
            if (o == seat and state.quota_own) or (o == state.neutral >= 0 and state.quota_neutral):
                add(t, "active")
    elif phase in (Phase.HEADQUARTERS, Phase.REINFORCE):
        for t, o in enumerate(owner):
            if o == seat:
                add(t, "active")
    elif phase in (Phase.ATTACK, Phase.FORTIFY):
        source = ui.selected
        if source < 0:
            for t, o in enumerate(owner):
                if o == seat and armies[t] >= 2:
                    add(t, "active")
        else:
            add(source, "selected")
            if phase is Phase.ATTACK:
                for t in state.board.neighbours[source]:
                    if owner[t] != seat:
                        add(t, "attackable")
            for t in reachable(state, source):
                add(t, "movable")
            if ui.target >= 0:
                add(ui.target, "target")
    elif phase in (Phase.OCCUPY, Phase.BATTLE):
        add(state.battle_source, "selected")
        add(state.battle_target, "target")
    for hq in visible_headquarters(state, ui.viewer):  # secret until everyone has chosen
        if hq >= 0:
            add(hq, "headquarters")
    return marks


def territory_views(controller: Controller) -> tuple[TerritoryView, ...]:
    """Every territory as it shows now."""
    state = controller.state
    marks = _highlights(controller)
    placed = sites(state)  # the Revised edition's capitals, cities and airfields
    views = []
    for t, territory in enumerate(state.board.territories):
        seat = state.owner[t]
        classes = tuple(sorted(marks.get(t, ())))
        here = placed.get(t, ())
        shown = tuple((site, site_fill(controller, site, who)) for site, who in here)
        said = "".join(f", {site_words(controller, site, who)}" for site, who in here)
        if seat < 0:
            views.append(TerritoryView(
                t, territory.id, territory.name, "", state.armies[t],
                territory_label(territory.name, None, 0) + said,
                UNCLAIMED_HEX, UNCLAIMED_HEX, "#000000", "", classes, False, shown))
            continue
        colour = controller.seat_colour(seat)
        views.append(TerritoryView(
            t, territory.id, territory.name, str(seat), state.armies[t],
            territory_label(territory.name, controller.seat_name(seat), state.armies[t]) + said,
            colour.hex, tint(colour.hex, LAND_TINT), ink_for(colour.hex), colour.mark, classes,
            "selected" in classes or "target" in classes, shown))
    return tuple(views)
