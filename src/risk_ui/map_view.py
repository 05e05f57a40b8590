"""The map: what every territory shows (owner, armies, colours, mark, what stands on it, name for a screen
reader) and which are highlighted as the choices of the moment.

Pure: from a :class:`~risk_ui.controller.Controller` to :class:`~risk_ui.screen.TerritoryView` values,
used by the view for the live game and by the record for a replay's past.
"""

from __future__ import annotations

from html import escape

from risk.actions import Attack, Blitz, Fortify
from risk.engine import legal_actions
from risk.state import GameState, Phase
from risk.visibility import visible_headquarters
from risk_ui.controller import Controller
from risk_ui.edition_views import ui_for
from risk_ui.palette import UNCLAIMED_HEX, ink_for, mark_svg, tint
from risk_ui.screen import TerritoryView
from risk_ui.words import armies_text

LAND_TINT = 0.35  # how much white goes into an owner's colour on the land (the badge has the full colour)
# The outline of each group of territories (continent, empire, …), by the group's place on the board: dark
# enough to show on any player's land, and never a player's colour.
GROUP_COLOURS = ("#8a6d1f", "#9c3d2b", "#2d5c8a", "#7a4a12", "#2e6b3a", "#6b3a78", "#1f6f75", "#5a5a1f",
                 "#7a2e55", "#3b4d8a", "#4f3b1f", "#245a4a")
GROUP_TITLES = {"continent": "Continents", "empire": "Empires", "independent": "Independent territories"}


def group_colour(index: int) -> str:
    """The outline colour of the board's ``index``-th group.

    >>> group_colour(0) != group_colour(1)
    True
    """
    return GROUP_COLOURS[index % len(GROUP_COLOURS)]


def group_title(kind: str) -> str:
    """What the groups of a kind are called in the legend.

    >>> group_title("continent"), group_title("duchy")
    ('Continents', 'Duchys')
    """
    return GROUP_TITLES.get(kind, kind.replace("-", " ").capitalize() + "s")


def group_holders(state: GameState) -> list[int]:
    """Who holds each group of territories whole (a seat), or -1."""
    owner = state.owner
    holders = []
    for group in state.board.continents:
        seats = {owner[t] for t in group.territories}
        seat = next(iter(seats)) if len(seats) == 1 else -1
        holders.append(seat if seat >= 0 else -1)
    return holders


def legend_html(controller: Controller, state: GameState | None = None) -> dict[str, str]:
    """Who holds each group, for the legend (``group-holder-<i>``): the holder's mark and name, or nothing."""
    state = state or controller.state
    parts = {}
    for i, seat in enumerate(group_holders(state)):
        if seat < 0:
            parts[f"group-holder-{i}"] = '<span class="sr-only">held by nobody</span>'
            continue
        name = escape(controller.seat_name(seat))
        mark = mark_svg(controller.seat_colour(seat), 12)
        parts[f"group-holder-{i}"] = f'<span class="sr-only">held by </span>{mark}{name}'
    return parts


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
    edition = ui_for(state).highlights(controller)  # the choices of an edition's own steps
    if edition is not None:
        for t, names in edition.items():
            for name in names:
                add(t, name)
    elif phase is Phase.CLAIM:
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
            # What the rules allow from the territory chosen: an edition's own limits (a truce, no free move
            # in Castle Risk, airfields in the Revised edition) show without a copy of these marks.
            add(source, "selected")
            for choice in legal_actions(state):
                action = choice.action
                if isinstance(action, Attack | Blitz) and action.source == source:
                    add(action.target, "attackable")
                elif isinstance(action, Fortify) and action.source == source:
                    add(action.target, "movable")
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
    placed = ui_for(state).sites(controller, state)  # what an edition puts on the map (capitals, castles, …)
    views = []
    for t, territory in enumerate(state.board.territories):
        seat = state.owner[t]
        classes = tuple(sorted(marks.get(t, ())))
        here = placed.get(t, ())
        shown = tuple((site, fill) for site, fill, _ in here)
        said = "".join(f", {words}" for _, _, words in here)
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
