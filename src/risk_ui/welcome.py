"""The welcome of a link's receiver: which game, which turn, who plays which colour, whose move it is, what to
do and that the turn goes back with "Send this turn" (issue #23, part 1). A finished game opens on its winner's screen.

It shows when the page opens a link this browser did not send (:class:`risk_ui.saves_panel.Session` sets
``ui.welcome``), at the top of the hand-off screen the link opens on (nothing of anyone's turn shows before it);
its button or Escape closes it, and taking the device ("I am Blue: show my turn") ends it with "Your move as
Blue" in the status line. Plain data for the view; the words are in :mod:`risk_ui.words`.
"""

from __future__ import annotations

from html import escape

from risk.rules import EDITIONS
from risk.state import Phase
from risk_ui.controller import Controller
from risk_ui.palette import mark_svg
from risk_ui.screen import Control
from risk_ui.words import (
    WELCOME_CLOSE,
    WELCOME_SEND,
    WELCOME_TITLE,
    WELCOME_TODO,
    welcome_game_text,
    welcome_move_text,
)

SECTION_HTML = (  # the top of the hand-off screen's box
    '<section id="welcome" class="welcome" aria-labelledby="welcome-title" hidden>'
    '<h2 id="welcome-title"></h2><p id="welcome-game" class="welcome-game"></p>'
    '<ul id="welcome-players" class="welcome-players"></ul><p id="welcome-move" class="welcome-move"></p>'
    '<p id="welcome-todo"></p><p id="welcome-send"></p>'
    f'<button type="button" data-action="close-welcome" id="welcome-close">{WELCOME_CLOSE}</button>'
    "</section>")


def shown(controller: Controller) -> bool:
    """Whether the welcome shows: on the hand-off screen a link opened on (the first screen covers it)."""
    ui = controller.ui
    return ui.welcome and ui.handoff >= 0 and not ui.home


def players_html(controller: Controller) -> str:
    """Each seat with its mark and colour, the one to move marked."""
    state = controller.state
    rows = []
    for seat in range(state.players):
        colour = controller.seat_colour(seat)
        now = ' class="current" aria-current="true"' if seat == state.current and state.phase is not Phase.OVER else ""
        who = "" if controller.is_human(seat) or seat == state.neutral else " (computer)"
        rows.append(f"<li{now}>{mark_svg(colour)}<span>{escape(controller.seat_name(seat))}{who}: "
                    f"{escape(colour.name)}</span></li>")
    return "".join(rows)


def controls(controller: Controller) -> dict[str, Control]:
    """The welcome's parts (hidden unless :func:`shown`)."""
    if not shown(controller):
        return {"welcome": Control(hidden=True)}
    state, ui = controller.state, controller.ui
    rules = state.rules
    edition = EDITIONS[rules.edition].title if rules.edition in EDITIONS else rules.edition
    seat = state.current
    yours = ui.handoff < 0 and ui.viewer == seat
    move = welcome_move_text(controller.seat_name(seat), controller.seat_colour(seat).name, yours)
    return {
        "welcome": Control(hidden=False),
        "welcome-title": Control(text=WELCOME_TITLE),
        "welcome-game": Control(text=welcome_game_text(edition, state.turn)),
        "welcome-move": Control(text=move),
        "welcome-todo": Control(text=WELCOME_TODO),
        "welcome-send": Control(text=WELCOME_SEND),
    }


def html(controller: Controller) -> dict[str, str]:
    """The welcome's list of players (empty while it is closed)."""
    return {"welcome-players": players_html(controller) if shown(controller) else ""}
