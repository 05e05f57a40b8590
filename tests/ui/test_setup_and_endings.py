"""Issue 23, part 4, in the page (CPython, fake DOM and the pure view): every edition starts in one tap from the
dialog, and the amount buttons work in every placement step."""


from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from risk.actions import Place
from risk.engine import legal_actions
from risk.game import Seat
from risk.state import Phase
from risk_ui import help_text, view
from risk_ui.controller import Controller, NewGameSettings
from ui.fakedom import FakeDocument

Mount = Callable[..., tuple[FakeDocument, Any]]
ANN, BOB, CY, DEE = Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2), Seat("Dee", 3)


def text(controller: Controller, ident: str) -> str:
    return view.render(controller).controls[ident].text or ""


def at_table(seats, state) -> Controller:
    """A controller for the position, its player to move past the hand-off screen."""
    c = Controller.from_state(seats, state)
    if c.ui.handoff >= 0:
        c.command("handoff")
    return c


# -- one tap from the dialog -------------------------------------------------------------------------


def choose_edition(doc: FakeDocument, edition: str) -> None:
    for radio in doc.querySelectorAll('input[name="ng-edition"]'):
        radio.checked = radio.getAttribute("value") == edition
        if radio.checked:
            doc.dispatch(radio, "change")


@pytest.mark.parametrize(("edition", "first", "words"), [
    ("revised", Phase.REINFORCE, "Capitals, claims and troops placed for everyone"),
    ("castle", Phase.ATTACK, "Castles, claims, armies and hidden armies placed for everyone"),
])
def test_the_dialog_starts_each_edition_set_up_in_one_tap(mount: Mount, edition, first, words):
    """The setup choice shows with the edition's own words, Automatic by default: "Start game" lands on the first
    turn, every capital or castle placed; the rules in play say how it was set up."""
    c = Controller.new(seed=4)
    doc, _ = mount(c)
    doc.click(doc.getElementById("new-game"))
    choose_edition(doc, edition)
    assert not doc.getElementById("ng-setup").hidden
    assert doc.getElementById("ng-setup-auto-text").textContent.startswith(words)
    assert doc.getElementById("ng-setup-manual-text").textContent == help_text.setup_choice(edition)[1]
    doc.click(doc.getElementById("ng-start"))
    state = c.state
    assert state.rules.edition == edition and state.rules.auto_setup
    assert state.phase is first and state.turn == 1
    assert -1 not in (state.ext.capitals if edition == "revised" else state.ext.castles)
    told = help_text.option_rules("auto-setup", edition)
    assert told is not None and told.points[0].startswith(("Revised:", "Castle Risk:"))
    assert told.points[0] in doc.getElementById("rules-list").innerHTML
    # Back to the classic game: its own words again.
    doc.click(doc.getElementById("new-game"))
    choose_edition(doc, "classic")
    assert doc.getElementById("ng-setup-auto-text").textContent.startswith("Territories are dealt at random")


# -- the amount buttons in the setup rounds --------------------------------------------------------------


def castle_rounds() -> Controller:
    """A three-player Castle game set up by hand up to its rounds of five."""
    c = Controller.new(NewGameSettings((ANN, BOB, CY), "castle", ()), seed=3)
    while c.state.phase is not Phase.SETUP:
        assert c.play(legal_actions(c.state)[0].action)
    return c


def test_the_rounds_of_five_are_placed_by_the_amount_chosen():
    c = castle_rounds()
    state = c.state
    seat = state.current
    assert state.quota_own == 5
    screen = view.render(c)
    assert not screen.controls["panel-place"].hidden
    assert screen.controls["place-summary"].text.startswith("5 armies of yours to place this round (")
    mine = [t for t, who in enumerate(state.owner) if who == seat]
    c.command("amount", "number")
    c.set_field("amount-number", "3")
    before = state.armies[mine[0]]
    c.click(mine[0])
    assert c.state.armies[mine[0]] == before + 3 and c.state.quota_own == 2 and c.state.current == seat
    c.command("amount", "5")  # five, but the round has two left: two
    c.click(mine[1])
    assert c.state.current != seat
    seat = c.state.current
    c.command("amount", "all")
    c.click(next(t for t, who in enumerate(c.state.owner) if who == seat))
    assert c.state.current != seat  # the whole round in one click


def test_the_two_player_setup_places_two_of_ones_own_in_a_click_and_the_neutral_one():
    c = Controller.new(NewGameSettings((ANN, BOB), "classic", ()), seed=2)
    state = c.state
    assert state.phase is Phase.SETUP and state.quota_own == 2 and state.quota_neutral == 1
    assert not view.render(c).controls["panel-place"].hidden
    c.command("amount", "all")
    seat = state.current
    mine = next(t for t, who in enumerate(state.owner) if who == seat)
    before = state.armies[mine]
    c.click(mine)
    assert c.state.armies[mine] == before + 2 and c.state.quota_own == 0 and c.state.current == seat
    neutral = next(t for t, who in enumerate(c.state.owner) if who == c.state.neutral)
    c.click(neutral)
    assert c.state.current != seat and not c.ui.error


def test_the_classic_setup_by_hand_still_places_one_at_a_time():
    c = Controller.new(NewGameSettings((ANN, BOB, CY), "classic", ()), seed=2)
    while c.state.phase is Phase.CLAIM:
        assert c.play(legal_actions(c.state)[0].action)
    assert c.state.phase is Phase.SETUP and c.state.quota_own == 1
    assert view.render(c).controls["panel-place"].hidden  # one army a turn: nothing to choose
    c.command("amount", "all")
    seat = c.state.current
    c.click(next(t for t, who in enumerate(c.state.owner) if who == seat))
    assert c.state.current != seat
    assert isinstance(c.game.history[-1].action, Place) and c.game.history[-1].action.count == 1
