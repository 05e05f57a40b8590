"""Issue 23, part 3: the turn bar holds the step's key controls (``view.key_controls``, the editions' through
their descriptor's hook), for every step a person acts in, in every edition; the page moves them into the bar
and back into their panels. The browser's layout (in sight at four sizes) is tests/e2e/test_action_bar.py."""

from __future__ import annotations

import pytest

from risk.state import Phase
from risk_ui import debug, layout, view
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.edition_ui import EditionUi
from risk_ui.edition_views import ui_for

# The key controls of each position, the one the status line names first.
EXPECTED = {
    "classic-claim": (),  # a tap on the map claims
    "classic-setup": ("amounts",),  # the two-player game's rounds: armies per click
    "classic-reinforce": ("amounts",),
    "classic-trade": ("sets",),  # five cards: the trade is forced
    "classic-attack": ("attack-buttons", "end-turn"),
    "classic-occupy": ("panel-occupy",),
    "classic-move": ("panel-move", "end-turn"),
    "classic-fortify": ("end-turn",),
    "revised-capital": (),
    "revised-claim": (),
    "revised-setup": (),  # one army a click: a tap on the map
    "revised-reinforce": ("amounts",),
    "revised-attack": ("attack-buttons", "end-turn"),
    "revised-objective": ("panel-claim", "end-turn"),
    "revised-fortify": ("end-turn",),
    "castle-castle": (),
    "castle-claim": (),
    "castle-hiding": (),
    "castle-setup": ("amounts",),  # the 5-army rounds
    "castle-reinforce": ("amounts",),  # no sets in Castle Risk: the standing orders stay in the cards panel
    "castle-cards": ("hand", "end-turn"),  # the person cards, before the first attack
    "castle-attack": ("attack-buttons", "end-turn"),
    "castle-occupy": ("panel-occupy",),
    "castle-spoils": ("amounts",),
}


def at(name: str) -> Controller:
    game, source, target = debug.position_game(name)
    controller = Controller.new(DEFAULT_SETTINGS, seed=2)
    controller.load(game, viewer=game.state.current)
    if source >= 0:
        controller.select(source, target)
    return controller


def test_every_position_is_listed_and_expected() -> None:
    assert set(EXPECTED) == set(debug.POSITIONS)


@pytest.mark.parametrize("name", debug.POSITIONS)
def test_the_bar_holds_the_steps_key_controls(name: str) -> None:
    controller = at(name)
    screen = view.render(controller)
    assert screen.overlay == ""
    assert screen.keys == EXPECTED[name], (name, screen.status)
    assert set(screen.keys) <= set(layout.KEYABLE)
    for ident in screen.keys:  # each shown: its panel is not hidden, a container not empty
        panel = view.KEY_PANEL.get(ident, ident)
        assert not screen.controls[panel].hidden
        assert screen.html.get(ident, "x")


def test_the_phases_the_positions_stand_in() -> None:
    phases = {name: at(name).state.phase for name in ("classic-trade", "classic-occupy", "classic-fortify")}
    assert phases == {"classic-trade": Phase.REINFORCE, "classic-occupy": Phase.OCCUPY,
                      "classic-fortify": Phase.FORTIFY}
    controller = at("classic-trade")
    assert len(controller.state.hands[controller.state.current]) >= 5
    assert "must trade" in view.status_line(controller)


def test_nothing_in_the_bar_under_the_hand_off_screen_and_the_bot_bar_in_a_bots_turn() -> None:
    controller = at("classic-attack")
    controller.ui.handoff = controller.state.current
    assert view.render(controller).keys == ()
    controller = at("classic-reinforce")
    seats = list(controller.game.seats)
    seats[controller.state.current] = seats[controller.state.current].__class__(
        seats[controller.state.current].name, seats[controller.state.current].colour, "easy")
    controller.game.seats = tuple(seats)
    assert view.render(controller).keys == ("bot-bar",)


def test_an_edition_changes_the_keys_through_its_descriptor_not_the_view() -> None:
    classic = at("classic-reinforce")
    assert type(ui_for(classic.state)).key_controls is EditionUi.key_controls
    castle = at("castle-reinforce")
    assert type(ui_for(castle.state)).key_controls is not EditionUi.key_controls
    # The classic game's keys for the same phase would add the trades; Castle Risk's hook keeps the amounts.
    assert ui_for(castle.state).key_controls(castle, ("amounts", "sets")) == ("amounts",)


def test_the_page_moves_the_key_controls_into_the_bar_and_back(mount) -> None:
    controller = at("classic-occupy")
    doc, page = mount(controller)
    page.render()
    bar = doc.getElementById("bar-keys")
    assert doc.getElementById("panel-occupy").parentNode is bar
    assert doc.getElementById("turn-bar").getAttribute("data-keys") == "panel-occupy"
    home = doc.getElementById("home-panel-occupy")
    game, source, target = debug.position_game("classic-attack")
    controller.load(game, viewer=game.state.current)
    controller.select(source, target)
    page.render()
    occupy = doc.getElementById("panel-occupy")
    assert occupy.parentNode is home.parentNode and occupy.parentNode is not bar
    assert [k for k in ("attack-buttons", "end-turn") if doc.getElementById(k).parentNode is bar] == \
        ["attack-buttons", "end-turn"]
    assert doc.getElementById("turn-bar").getAttribute("data-keys") == "attack-buttons end-turn"
