"""The fixed HTML of the page's controls, built once from the engine's registries.

Everything that changes during play is written later by the DOM module from a
:class:`~risk_ui.screen.Screen`; this is only the skeleton: the panels, their buttons (each a real
``<button>`` with a visible name and a ``data-action``), the hand-off and winner screens, and the
new-game dialog listing every edition and option with its title and description.
"""

from __future__ import annotations

from html import escape

from risk.board import Board
from risk.rules import EDITIONS, OPTIONS
from risk_ui import help_text, learn, new_world, record, welcome, words
from risk_ui.controller import DEFAULT_SETTINGS, EXCLUSIVE_OPTIONS, MAX_SEATS, SETUP_OPTION, page_can_show
from risk_ui.map_view import group_colour, group_title
from risk_ui.palette import PALETTE
from risk_ui.words import UNDO_OFFER_BUTTON

# What the Maps page's file chooser offers: a Domination map's parts (text files and images), a zip, a board file.
MAPS_ACCEPT = ".map,.cards,.txt,.gif,.png,.jpg,.jpeg,.bmp,.zip,.json"

# Who can sit at a seat: a person, or a bot of one of the engine's levels.
CONTROLLERS = (("human", "Person"), ("easy", "Computer: easy"), ("normal", "Computer: normal"),
               ("hard", "Computer: hard"), ("random", "Computer: random moves"))


KEYABLE = ("bot-bar", "amounts", "panel-claim", "panel-spy", "panel-sea", "attack-buttons", "panel-battle",
           "panel-occupy", "panel-move", "end-turn", "undo-offer", "hand", "sets")
"""The controls that the turn bar can hold (``Screen.keys``): each has its place in the panes, marked by an
empty ``#home-<id>``, where it goes back when it is no longer the step's key control."""


def _home(ident: str) -> str:
    """Where a control the turn bar can hold stays when the bar does not hold it."""
    return f'<span id="home-{ident}" class="key-home" hidden></span>'


def _button(action: str, text: str, *, element_id: str = "", arg: str = "", extra: str = "") -> str:
    ident = f' id="{element_id}"' if element_id else ""
    data_arg = f' data-arg="{escape(arg)}"' if arg else ""
    return f'<button type="button"{ident} data-action="{action}"{data_arg}{extra}>{escape(text)}</button>'


def _seat_row(i: int) -> str:
    default = DEFAULT_SETTINGS.seats[i].name if i < len(DEFAULT_SETTINGS.seats) else PALETTE[i].name
    colours = "".join(
        f'<option value="{c}"{" selected" if c == i else ""}>{escape(colour.name)}</option>'
        for c, colour in enumerate(PALETTE))
    controllers = "".join(f'<option value="{value}">{escape(text)}</option>' for value, text in CONTROLLERS)
    hidden = " hidden" if i >= len(DEFAULT_SETTINGS.seats) else ""
    return (
        f'<fieldset class="seat-row" id="ng-row-{i}"{hidden}><legend>Player {i + 1}</legend>'
        f'<label>Name <input id="ng-name-{i}" type="text" maxlength="24" value="{escape(default)}" '
        f'autocomplete="off"></label>'
        f'<label>Colour <select id="ng-colour-{i}">{colours}</select></label>'
        f'<label>Played by <select id="ng-controller-{i}">{controllers}</select></label>'
        "</fieldset>")


def _choice(kind: str, name: str, value: str, title: str, text: str, *, ident: str = "", checked: bool = False,
            label_id: str = "") -> str:
    """One radio or checkbox of the dialog with its title and description (``label_id``: an id for the
    whole choice, to hide it where it does not apply)."""
    attributes = (f' id="{escape(ident)}"' if ident else "") + (" checked" if checked else "")
    label = f' id="{escape(label_id)}"' if label_id else ""
    return (f'<label class="choice"{label}><input type="{kind}"{attributes} name="{escape(name)}" '
            f'value="{escape(value)}"><span class="choice-title">{escape(title)}</span>'
            f'<span class="choice-text">{escape(text)}</span></label>')


def _exclusive_html(group: str, members: tuple[str, ...]) -> str:
    """A group of options of which a game takes one or none, as radios ("Off" first)."""
    radios = [_choice("radio", f"ng-{group}", "", "Off", "No headquarters: conquer the world to win.",
                      ident=f"ng-{group}-off", checked=True)]
    radios += [_choice("radio", f"ng-{group}", name, OPTIONS[name].title, OPTIONS[name].description,
                       ident=f"ng-option-{name}") for name in members if name in OPTIONS]
    return f'<fieldset id="ng-{group}"><legend>Headquarters</legend>{"".join(radios)}</fieldset>'


def _edition_place(name: str) -> int:
    return help_text.edition_place(name)


def board_choice_html() -> str:
    """The dialog's board: the edition's own, a new world (its seed, size, continents, "Another world" and a
    small preview with the seed said under it) or a board kept in this browser (written in by the view)."""
    sizes = "".join(f'<option value="{value}"{" selected" if value == "medium" else ""}>{escape(text)}</option>'
                    for value, text in words.WORLD_SIZES)
    counts = f'<option value="0">{escape(words.WORLD_CONTINENTS_ANY)}</option>' + "".join(
        f'<option value="{n}">{n}</option>' for n in new_world.CONTINENTS)
    return (
        f'<fieldset id="ng-board" hidden><legend>{escape(words.BOARD_LEGEND)}</legend>'
        '<label class="choice"><input type="radio" id="ng-board-own" name="ng-board" value="" checked>'
        f'<span class="choice-title">{escape(words.BOARD_OWN)}</span>'
        '<span class="choice-text" id="ng-board-own-text"></span></label>'
        f'<label class="choice"><input type="radio" id="ng-board-world" name="ng-board" value="{new_world.WORLD}">'
        f'<span class="choice-title">{escape(words.NEW_WORLD)}</span>'
        f'<span class="choice-text">{escape(words.NEW_WORLD_TEXT)}</span></label>'
        '<div id="ng-kept-boards"></div>'
        '<div id="ng-world" class="ng-world" hidden><div class="ng-world-fields">'
        f'<label>{escape(words.WORLD_SEED)} <input id="ng-world-seed" type="text" inputmode="numeric" '
        'maxlength="10" size="10" autocomplete="off"></label>'
        f'<label>{escape(words.WORLD_SIZE)} <select id="ng-world-size">{sizes}</select></label>'
        f'<label>{escape(words.WORLD_CONTINENTS)} <select id="ng-world-continents">{counts}</select></label>'
        + _button("another-world", words.ANOTHER_WORLD, element_id="ng-another-world")
        + '</div><figure class="ng-world-figure"><div id="ng-world-preview"></div>'
        '<figcaption id="ng-world-caption" aria-live="polite"></figcaption></figure></div>'
        "</fieldset>")


def dialog_html() -> str:
    """The new-game dialog: players, edition, setup, headquarters and options."""
    counts = "".join(
        f'<option id="ng-count-{n}" value="{n}"{" selected" if n == len(DEFAULT_SETTINGS.seats) else ""}>'
        f"{n} players</option>"
        for n in range(2, MAX_SEATS + 1))
    editions = "".join(
        f'<label class="choice"><input type="radio" name="ng-edition" value="{escape(name)}"'
        f'{" checked" if name == DEFAULT_SETTINGS.edition else ""}>'
        f'<span class="choice-title">{escape(edition.title)}</span>'
        f'<span class="choice-text">{escape(edition.description)}</span></label>'
        for name, edition in sorted(EDITIONS.items(), key=lambda item: _edition_place(item[0]))
        if page_can_show(edition.rules))
    grouped = {name for members in EXCLUSIVE_OPTIONS.values() for name in members}
    options = "".join(
        _choice("checkbox", "ng-option", name, option.title, option.description, ident=f"ng-option-{name}",
                label_id=f"ng-choice-{name}")
        for name, option in OPTIONS.items() if option.page and name != SETUP_OPTION and name not in grouped)
    exclusive = "".join(_exclusive_html(group, members) for group, members in EXCLUSIVE_OPTIONS.items()
                        if any(name in OPTIONS for name in members))
    automatic, by_hand = help_text.setup_choice(DEFAULT_SETTINGS.edition)
    return (
        '<dialog id="new-game-dialog" aria-labelledby="ng-title">'
        '<form id="ng-form" method="dialog">'
        '<h2 id="ng-title">New game</h2>'
        '<label class="ng-count">Players <select id="ng-count">' + counts + "</select></label>"
        + "".join(_seat_row(i) for i in range(MAX_SEATS))
        + '<fieldset><legend>Rules</legend>' + editions + "</fieldset>"
        + board_choice_html()
        + '<fieldset id="ng-setup"><legend>Setup</legend>'
        '<label class="choice"><input type="radio" name="ng-setup" value="auto" checked>'
        '<span class="choice-title">Automatic</span>'
        f'<span class="choice-text" id="ng-setup-auto-text">{escape(automatic)}</span></label>'
        '<label class="choice"><input type="radio" name="ng-setup" value="manual">'
        '<span class="choice-title">By hand</span>'
        f'<span class="choice-text" id="ng-setup-manual-text">{escape(by_hand)}</span></label></fieldset>'
        + exclusive
        + '<fieldset id="ng-options"><legend>Options</legend>' + options + "</fieldset>"
        '<div class="dialog-buttons">'  # the reason for a refusal stays in sight beside "Start game"
        '<p id="ng-error" class="error" role="alert" hidden></p>'
        + _button("start-game", "Start game", element_id="ng-start")
        + _button("close-dialog", "Cancel", element_id="ng-cancel")
        + "</div></form></dialog>")


def continents_html(board: Board) -> str:
    """The legend's skeleton: each group of territories (continent, empire, …) with its colour, name and
    bonus; who holds it is written in by the view (``#group-holder-<i>``)."""
    kinds = list(dict.fromkeys(c.kind for c in board.continents))
    parts = []
    for kind in kinds:
        items = "".join(
            f'<li id="group-entry-{i}" data-group="{i}" style="--continent:{group_colour(i)}" tabindex="0">'
            f'<span class="swatch" aria-hidden="true"></span><span class="group-name">{escape(c.name)}</span>'
            + (f'<span class="bonus" aria-label="bonus {c.bonus}">+{c.bonus}</span>' if c.bonus else "")
            + f'<span class="holder" id="group-holder-{i}"></span></li>'
            for i, c in enumerate(board.continents) if c.kind == kind)
        heading = f'<h3>{escape(group_title(kind))}</h3>' if len(kinds) > 1 else ""
        parts.append(f'{heading}<ul class="continents">{items}</ul>')
    return "".join(parts)


def map_tools_html(board: Board) -> str:
    """What sits over the map: the zoom buttons and the legend of its groups (built from the board)."""
    title = group_title(board.continents[0].kind) if board.continents else "Groups"
    return (
        '<div class="map-tools" role="group" aria-label="Map view">'
        + _button("zoom-in", "+", element_id="zoom-in", extra=' aria-label="Zoom in" title="Zoom in (+)"')
        + _button("zoom-out", "\u2212", element_id="zoom-out", extra=' aria-label="Zoom out" title="Zoom out (\u2212)"')
        + _button("zoom-fit", "Fit", element_id="zoom-fit", extra=' aria-label="Show the whole map" '
                  'title="Show the whole map (0)"')
        + "</div>"
        f'<details id="map-legend" class="map-legend"><summary>{escape(title)}</summary>'
        + continents_html(board) + "</details>")


def home_html() -> str:
    """The first screen: the game's name, Continue and the saved games, the new games, how to play, the
    rules and the keys (each page a section the view shows one at a time)."""
    learn_nav = (
        '<div class="learn-nav">'
        + _button("learn-back", "Back", element_id="learn-back")
        + '<span id="learn-count" class="learn-count"></span>'
        + _button("learn-next", "Next", element_id="learn-next", extra=' class="primary"')
        + "</div>")
    back = _button("home-page", "Back to the menu", arg="menu", extra=' class="home-back"')
    return (
        '<div id="home" class="overlay home" role="dialog" aria-modal="true" aria-labelledby="home-title" hidden>'
        '<div class="home-box">'
        '<header class="home-head"><h1 id="home-title">Risk</h1>'
        '<p class="tagline">The board game of world conquest, in your browser: place armies, roll the dice, '
        "take the world. Against the computer or with friends on one device; it works offline.</p></header>"
        '<section id="home-menu" class="home-page" aria-label="Menu">'
        + _button("continue", "Continue", element_id="home-continue", extra=' class="primary wide" hidden')
        + '<p id="home-continue-text" class="home-note" hidden></p>'
        '<div id="home-saves" class="home-saves"></div>'
        f'<label class="home-import">{escape(words.IMPORT_SAVE)} '
        '<input type="file" id="home-import" accept=".txt,text/plain,.json,application/json"></label>'
        '<p id="home-import-message" class="home-note" role="status"></p>'
        '<h2>New game</h2><div class="home-new">'
        + _button("quick-start", "Play against the computer", element_id="quick-computer", arg="computer",
                  extra=' class="primary wide" aria-describedby="quick-computer-text"')
        + '<p id="quick-computer-text" class="home-note">You and two computer players, classic rules: one tap '
        "and you play.</p>"
        + _button("open-dialog", "Pass and play", element_id="home-pass", arg="people",
                  extra=' class="wide" aria-describedby="home-pass-text"')
        + '<p id="home-pass-text" class="home-note">2 to 6 people take turns on this device.</p>'
        + _button("open-dialog", "Choose the rules and players\u2026", element_id="home-custom",
                  extra=' class="wide"')
        + "</div><h2>Learn</h2><div class=\"home-learn-buttons\">"
        + _button("home-page", "How to play", element_id="home-learn", arg="learn")
        + _button("home-page", "Rules of each edition", element_id="home-rules", arg="rules")
        + _button("home-page", "Keyboard shortcuts", element_id="home-keys", arg="keys")
        + "</div>"
        + f"<h2>{escape(words.MAPS_TITLE)}</h2>"
        + _button("home-page", words.MAPS_BUTTON, element_id="home-maps", arg="maps", extra=' class="wide"')
        + f'<h2 id="home-prefs-title">{escape(words.SETTINGS)}</h2>'
        '<div class="home-prefs" role="group" aria-labelledby="home-prefs-title">'
        + _button("contrast", "High contrast", element_id="home-contrast", extra=' aria-pressed="false"')
        + _button("motion", words.MOTION_SETTING, element_id="home-motion",
                  extra=f' aria-pressed="false" title="{escape(words.MOTION_SETTING_NOTE)}"')
        + _button("sound", words.SOUND_SETTING, element_id="home-sound",
                  extra=f' aria-pressed="false" title="{escape(words.SOUND_SETTING_NOTE)}"')
        + "</div>"
        + "</section>"
        '<section id="home-learn-page" class="home-page" aria-label="How to play" hidden><h2>How to play</h2>'
        + learn.learn_html() + learn_nav
        + _button("coach-again", words.COACH_AGAIN, element_id="coach-again",
                  extra=' aria-describedby="coach-again-note"')
        + f'<p id="coach-again-note" class="home-note">{escape(words.COACH_AGAIN_NOTE)}</p>'
        + back + "</section>"
        '<section id="home-rules-page" class="home-page" aria-label="Rules" hidden><h2>Rules</h2>'
        + help_text.rules_html() + back + "</section>"
        '<section id="home-keys-page" class="home-page" aria-label="Keyboard shortcuts" hidden>'
        "<h2>Keyboard shortcuts</h2>" + help_text.shortcuts_html() + back + "</section>"
        + maps_page_html(back)
        + "</div></div>")


def maps_page_html(back: str) -> str:
    """The first screen's Maps page: the maps kept in this browser (listed by risk_ui.maps_page) and Import."""
    return (
        f'<section id="home-maps-page" class="home-page maps-page" aria-labelledby="maps-title" hidden>'
        f'<h2 id="maps-title">{escape(words.MAPS_TITLE)}</h2><p class="home-note">{escape(words.MAPS_INTRO)}</p>'
        f'<label class="home-import maps-import">{escape(words.MAPS_IMPORT)} '
        f'<input type="file" id="maps-import" multiple accept="{MAPS_ACCEPT}"></label>'
        '<p id="maps-message" class="home-note" role="status" aria-live="polite"></p>'
        '<ul id="maps-notes" class="maps-notes"></ul>'
        '<ul id="maps-list" class="maps-list"></ul>' + back + "</section>")


def coach_html() -> str:
    """The guided first turn's bubble (risk_ui.coach): the offer, or a step's words, placed next to the element
    marked; not modal, so the page under it plays as usual."""
    return (
        '<section id="coach" class="coach" role="region" aria-labelledby="coach-title" aria-live="polite" hidden>'
        '<h2 id="coach-title" class="coach-title"></h2><p id="coach-text" class="coach-text"></p>'
        '<div class="coach-buttons">'
        + _button("coach-start", words.COACH_YES, element_id="coach-start", extra=' class="primary"')
        + _button("coach-no", words.COACH_NO, element_id="coach-no")
        + _button("coach-skip", words.COACH_SKIP, element_id="coach-skip")
        + "</div></section>")


def app_html() -> str:
    """Everything that goes into ``<div id="app">``: the turn and its actions (under the map on a wide
    screen), the side column (players, log, record, …), the overlays and the dialog."""
    return (
        '<div id="controls" class="controls">'
        '<section id="turn-bar" class="turn-bar" aria-label="Turn">'
        '<div class="turn">'
        '<p id="status" class="status" role="status" aria-live="polite"></p>'
        '<p id="message" class="message" role="status" aria-live="polite"></p>'
        '<p id="warning" class="warning" role="status" aria-live="polite" hidden></p>'
        '<div id="problem" class="problem" role="alert" hidden><p id="problem-text"></p>'
        + _button("dismiss-problem", "Dismiss", element_id="problem-dismiss")
        + "</div></div>"
        '<div id="bar-keys" class="bar-keys"></div></section>'
        '<div id="actions" class="actions">'
        '<header class="toolbar"><h1>Risk</h1>'
        + _button("home", "Menu", element_id="menu", extra=' aria-label="Menu: saved games, new game, help"')
        + _button("open-dialog", "New game", element_id="new-game")
        + _button("home-page", "Keys", element_id="keys-button", arg="keys",
                  extra=' aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)"')
        + "</header>"
        '<details id="rules-in-play" class="rules-in-play panel"><summary id="rules-summary"></summary>'
        '<ul id="rules-list"></ul></details>'
        '<section id="bot-bar" class="panel bot-bar" aria-label="Computer players" hidden>'
        '<p id="bot-status"></p>'
        + _button("fast", "Fast", element_id="fast", extra=' aria-pressed="false"')
        + _button("skip", "Skip to my turn", element_id="skip")
        + _button("restart-bots", "Restart the computer players", element_id="restart-bots",
                  extra=' class="primary" hidden')
        + "</section>" + _home("bot-bar") +
        '<section id="panel-place" class="panel" aria-label="Reinforcements" hidden>'
        '<p id="place-summary"></p>'
        '<p id="income" class="income" hidden></p>'
        '<div id="amounts" class="amounts" role="group" aria-label="Armies per click">'
        + _button("amount", "1", element_id="amount-1", arg="1")
        + _button("amount", "5", element_id="amount-5", arg="5")
        + _button("amount", "All", element_id="amount-all", arg="all")
        + '<label>or <input id="amount-number" type="number" min="1" value="3" inputmode="numeric"></label>'
        "</div>" + _home("amounts") + "</section>"
        '<section id="panel-claim" class="panel claim-panel" aria-labelledby="claim-title" hidden>'
        '<h2 id="claim-title">Claim an objective</h2><p id="claim-note" class="note"></p>'
        '<div id="claim-choices" class="claim-choices"></div>'
        '<div id="airfield-chooser" class="airfield-chooser" hidden>'
        '<label>Airfield on <select id="airfield-where"></select></label>'
        + _button("airfield", "Place the Airfield and claim", element_id="airfield-place", extra=' class="primary"')
        + _button("cancel", "Cancel", element_id="airfield-cancel")
        + "</div></section>" + _home("panel-claim") +
        '<section id="panel-spy" class="panel spy-panel" aria-labelledby="spy-panel-title" hidden>'
        '<h2 id="spy-panel-title">Your Spy\u2019s look</h2><p class="note">Choose the card your Spy makes them '
        'discard; nothing else can be done until then.</p>'
        + _button("spy-open", "Choose the card\u2026", element_id="spy-reopen", extra=' class="primary"')
        + "</section>" + _home("panel-spy") +
        '<dialog id="spy-dialog" class="spy-dialog" aria-labelledby="spy-title" aria-describedby="spy-choices">'
        '<h2 id="spy-title">Your Spy\u2019s look</h2><div id="spy-choices" class="spy-choices"></div>'
        + _button("spy-close", "Look at the map first", element_id="spy-close")
        + "</dialog>"
        '<section id="panel-sea" class="panel sea-panel" aria-labelledby="sea-title" hidden>'
        '<h2 id="sea-title" tabindex="-1">Admiral: attack by sea</h2><p id="sea-summary"></p>'
        '<label>Armies to load <input id="sea-load" type="number" min="1" inputmode="numeric"></label>'
        '<div id="sea-odds" class="odds" aria-live="polite"></div><div class="attack-buttons">'
        + _button("sea-attack", "Sail and attack", element_id="sea-attack", extra=' class="primary"')
        + _button("cancel", "Cancel", element_id="sea-cancel")
        + "</div></section>" + _home("panel-sea") +
        '<section id="panel-attack" class="panel" aria-label="Attack" hidden>'
        '<p id="attack-summary"></p>'
        '<div id="odds" class="odds" aria-live="polite"></div>'
        '<div class="dice-choice" role="group" aria-label="Dice to roll">'
        + _button("dice", "1 die", element_id="dice-1", arg="1")
        + _button("dice", "2 dice", element_id="dice-2", arg="2")
        + _button("dice", "3 dice", element_id="dice-3", arg="3")
        + "</div>"
        '<div id="attack-buttons" class="attack-buttons">'
        + _button("roll", "Roll", element_id="roll", extra=' class="primary" aria-keyshortcuts="R"')
        + _button("blitz", "Attack until won", element_id="blitz",
                  extra=' aria-describedby="blitz-note" aria-keyshortcuts="B"')
        + '<label class="threshold">Stop when this many are left <input id="threshold" type="number" min="1" '
        'value="1" inputmode="numeric"></label>'
        + _button("cancel", "Cancel", element_id="cancel-attack")
        + "</div>" + _home("attack-buttons") + '<p id="blitz-note" class="note" hidden></p></section>'
        '<section id="panel-battle" class="panel" aria-label="Your dice" hidden>'
        '<div id="battle-choices" class="battle-choices"></div></section>' + _home("panel-battle") +
        '<section id="panel-dice" class="panel" aria-label="Dice" hidden><div id="dice"></div></section>'
        '<section id="panel-occupy" class="panel" aria-label="Move in" hidden>'
        '<p id="occupy-summary"></p>'
        '<label>Armies <input id="occupy-count" type="number" inputmode="numeric"></label>'
        + _button("occupy", "Move in", element_id="occupy", extra=' class="primary" aria-keyshortcuts="M"')
        + _button("occupy-min", "Fewest", element_id="occupy-min")
        + _button("occupy-max", "Most", element_id="occupy-max")
        + "</section>" + _home("panel-occupy") +
        '<section id="panel-move" class="panel" aria-label="Free move" hidden>'
        '<p id="move-summary"></p>'
        '<label>Armies <input id="move-count" type="number" min="1" inputmode="numeric"></label>'
        + _button("move", "Move", element_id="move", extra=' class="primary" aria-keyshortcuts="M"')
        + _button("starting-move", "Starting Maneuver (attacks go on)", element_id="starting-move", extra=" hidden")
        + _button("cancel", "Cancel", element_id="cancel-move")
        + "</section>" + _home("panel-move")
        + _button("end-turn", "End turn", element_id="end-turn", extra=' hidden aria-keyshortcuts="E"')
        + _home("end-turn")
        + '<div id="undo-offer" class="undo-offer" role="status" hidden><span id="undo-offer-text"></span>'
        '<button type="button" id="undo-offer-button" data-save-action="undo" class="primary">'
        + UNDO_OFFER_BUTTON + "</button></div>" + _home("undo-offer")
        + '<section id="panel-cards" class="panel" aria-label="Your cards" hidden>'
        '<h2>Your cards</h2><ul id="hand" class="hand"></ul>' + _home("hand") + '<p id="set-value"></p>'
        '<div id="sets" class="sets"></div>' + _home("sets") + "</section>"
        '</div><div id="side" class="side">'
        '<section class="panel players-panel" aria-label="Players"><h2>Players</h2>'
        '<ul id="players" class="players"></ul></section>'
        '<section id="panel-objectives" class="panel objectives-panel" aria-labelledby="objectives-title" hidden>'
        '<h2 id="objectives-title">Objectives</h2><div id="objectives" class="objectives"></div></section>'
        '<section id="panel-castle" class="panel castle-panel" aria-labelledby="castle-title" hidden>'
        '<h2 id="castle-title">Castle Risk</h2><div id="castle-board" class="castle-board"></div></section>'
        '<section class="panel log-panel" aria-label="What happened"><h2>What happened</h2>'
        '<ol id="log" class="log"></ol></section>'
        + record.PANEL_HTML
        + "</div></div>"
        '<div id="handoff" class="overlay" role="dialog" aria-modal="true" aria-labelledby="handoff-title" hidden>'
        '<div class="overlay-box">' + welcome.SECTION_HTML + '<h2 id="handoff-title"></h2><p id="handoff-text"></p>'
        '<p id="handoff-rules" class="handoff-rules"></p>'
        + _button("handoff", "Show my turn", element_id="handoff-button", extra=' class="primary"')
        + _button("open-dialog", "New game\u2026", element_id="handoff-new-game")
        + _button("home", "Menu", element_id="handoff-menu")
        + "</div></div>"
        + welcome.SCREEN_HTML
        + '<div id="winner" class="overlay" role="dialog" aria-modal="true" aria-labelledby="winner-title" hidden>'
        '<div class="overlay-box"><h2 id="winner-title"></h2><p id="winner-text"></p>'
        '<div id="winner-stats" class="stats"></div>'
        + _button("open-dialog", "New game", element_id="winner-new-game", extra=' class="primary"')
        + _button("close-winner", "Look at the board", element_id="winner-close")
        + _button("home", "Menu", element_id="winner-menu")
        + "</div></div>"
        '<div id="out" class="overlay" role="dialog" aria-modal="true" aria-labelledby="out-title" hidden>'
        '<div class="overlay-box"><h2 id="out-title"></h2><p id="out-text"></p>'
        + _button("play-on", "Watch at full speed", element_id="out-play-on", extra=' class="primary"')
        + _button("finish-now", "Finish the game now", element_id="out-finish")
        + _button("home", "Leave: back to the menu", element_id="out-leave")
        + "</div></div>"
        + coach_html()
        + home_html()
        + dialog_html())
