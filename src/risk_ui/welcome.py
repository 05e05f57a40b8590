"""The welcome of a link's receiver: who sent it, which game and turn, who plays which colour, whose move it is,
what to do and that the turn goes back with "Send this turn" (issue #23, part 1).

It shows when the page opens a link this browser did not send (:class:`risk_ui.saves_panel.Session` sets
``ui.welcome``). Where the link opens on a hand-off screen it sits at the top of it (nothing of anyone's turn shows
before it) and taking the device ("I am Blue: show my turn") ends it with "Your move as Blue" in the status line.
Where no hand-off screen shows (a computer player's move, one person against the computer, a shared step of the
setup, a finished game) it is a screen of its own (``data-overlay="welcome"``) over the board and before the
winner's screen; the computer players wait while it shows. Its button or Escape closes it. Plain data for the
view; the words are in :mod:`risk_ui.words`; :func:`place` puts its section into the screen it shows on.
"""

from __future__ import annotations

from html import escape
from typing import Any

from risk.engine import apply
from risk.events import TurnStarted
from risk.game import HUMAN, Game
from risk.rules import EDITIONS
from risk.state import Phase
from risk_ui.controller import Controller
from risk_ui.palette import mark_svg
from risk_ui.screen import Control
from risk_ui.words import (
    WELCOME_CLOSE,
    WELCOME_OVER_TODO,
    WELCOME_SEND,
    WELCOME_TITLE,
    WELCOME_TODO,
    welcome_alone_text,
    welcome_bot_text,
    welcome_game_text,
    welcome_move_text,
    welcome_over_text,
    welcome_sender_text,
    welcome_shared_text,
)

SECTION_HTML = (  # the top of the hand-off screen's box, or of the welcome's own screen
    '<section id="welcome" class="welcome" aria-labelledby="welcome-title" hidden>'
    '<h2 id="welcome-title"></h2><p id="welcome-from" class="welcome-from" hidden></p>'
    '<p id="welcome-game" class="welcome-game"></p>'
    '<ul id="welcome-players" class="welcome-players"></ul><p id="welcome-move" class="welcome-move"></p>'
    '<p id="welcome-todo"></p><p id="welcome-send"></p>'
    f'<button type="button" data-action="close-welcome" id="welcome-close">{WELCOME_CLOSE}</button>'
    "</section>")
# The welcome's own screen, where no hand-off screen shows: the section is moved into its box (see place).
SCREEN_HTML = ('<div id="welcome-screen" class="overlay" role="dialog" aria-modal="true" '
               'aria-labelledby="welcome-title" hidden><div class="overlay-box"></div></div>')
SENDER_LOOKBACK = 2000  # a longer record is not played again to find who sent it (see sender)


def shown(controller: Controller) -> bool:
    """Whether the welcome shows (the first screen covers it)."""
    ui = controller.ui
    return ui.welcome and not ui.home


def alone(controller: Controller) -> bool:
    """Whether the welcome is a screen of its own: it shows and no hand-off screen holds it."""
    return shown(controller) and controller.ui.handoff < 0


def sender(game: Game) -> int:
    """The seat of the person who sent a link: the last person other than the one to move who acted in the
    link's record (the one to move, if only that person did); -1 when no person did. A long record is read from
    its turns' starts, within its last :data:`SENDER_LOOKBACK` actions, rather than played again."""
    people = {s for s, seat in enumerate(game.seats) if seat.controller == HUMAN}
    history = game.history
    actors: list[int] = []
    if len(history) <= SENDER_LOOKBACK:  # who acted, action by action
        state = game.initial.copy()
        for step in history:
            actors.append(state.current)
            apply(state, step.action)
    else:  # a turn's actions are its player's, from the action that started it
        seat = -1
        for step in history[-SENDER_LOOKBACK:]:
            actors.append(seat)
            seat = next((e.seat for e in step.events if isinstance(e, TurnStarted)), seat)
    current, own = game.state.current, -1
    for seat in reversed(actors):
        if seat in people:
            if seat != current:
                return seat
            own = seat
    return own


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


def move_text(controller: Controller) -> str:
    """Whose move it is, and for a person alone against the computer, which colour is theirs."""
    state, ui = controller.state, controller.ui
    name = controller.seat_name
    colour = controller.seat_colour
    if state.phase is Phase.OVER:
        return welcome_over_text(name(state.winner), colour(state.winner).name)
    seat = state.current
    people = [s for s in range(len(controller.game.seats)) if controller.is_human(s)]
    if ui.handoff >= 0:
        return welcome_move_text(name(seat), colour(seat).name, ui.viewer == seat)
    if len(people) == 1:
        you = people[0]
        return welcome_alone_text(name(you), colour(you).name, "" if seat == you else name(seat))
    if not controller.is_human(seat):
        return welcome_bot_text(name(seat), colour(seat).name)
    return welcome_shared_text(name(seat), colour(seat).name)


def controls(controller: Controller) -> dict[str, Control]:
    """The welcome's parts (hidden unless :func:`shown`), and its own screen (shown when :func:`alone`)."""
    if not shown(controller):
        return {"welcome": Control(hidden=True), "welcome-screen": Control(hidden=True)}
    state, ui = controller.state, controller.ui
    rules = state.rules
    edition = EDITIONS[rules.edition].title if rules.edition in EDITIONS else rules.edition
    over = state.phase is Phase.OVER
    sent = ui.welcome_from
    return {
        "welcome": Control(hidden=False),
        "welcome-screen": Control(hidden=not alone(controller)),
        "welcome-title": Control(text=WELCOME_TITLE),
        "welcome-from": Control(hidden=sent < 0, text=welcome_sender_text(
            controller.seat_name(sent), controller.seat_colour(sent).name) if sent >= 0 else ""),
        "welcome-game": Control(text=welcome_game_text(edition, state.turn)),
        "welcome-move": Control(text=move_text(controller)),
        "welcome-todo": Control(text=WELCOME_OVER_TODO if over else WELCOME_TODO),
        "welcome-send": Control(hidden=over, text="" if over else WELCOME_SEND),
    }


def html(controller: Controller) -> dict[str, str]:
    """The welcome's list of players (empty while it is closed)."""
    return {"welcome-players": players_html(controller) if shown(controller) else ""}


def place(document: Any, controller: Controller, is_none: Any = lambda e: e is None) -> None:
    """Put the welcome's section at the top of the screen it shows on: the hand-off screen's box, or its own."""
    section = document.getElementById("welcome")
    if is_none(section):
        return
    wanted = alone(controller)
    if (not is_none(section.closest("#welcome-screen"))) == wanted:
        return
    box = document.querySelector("#welcome-screen .overlay-box" if wanted else "#handoff .overlay-box")
    if not is_none(box):
        box.insertBefore(section, box.firstChild)
