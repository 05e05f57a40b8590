"""The new-game dialog in the page (fake DOM): options that do not go together cannot be chosen together."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from risk.codec import decode_game, encode_game
from risk.game import Game, Seat
from risk.rules import make_rules
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from ui.fakedom import FakeDocument

Mount = Callable[..., tuple[FakeDocument, Any]]


def choose_headquarters(doc: FakeDocument, value: str) -> None:
    """Click a radio of the headquarters group (the fake DOM leaves unchecking the others to us)."""
    for radio in doc.querySelectorAll('input[name="ng-headquarters"]'):
        radio.checked = radio.getAttribute("value") == value


def open_dialog(doc: FakeDocument, people: int) -> None:
    doc.click(doc.getElementById("new-game"))
    count = doc.getElementById("ng-count")
    count.value = str(people)
    doc.dispatch(count, "change")


def test_the_shorter_headquarters_goal_is_one_choice_that_starts_a_headquarters_game(mount: Mount):
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    doc, _ = mount(c)
    open_dialog(doc, 5)
    radios = doc.querySelectorAll('input[name="ng-headquarters"]')
    assert [r.getAttribute("value") for r in radios] == ["", "headquarters", "headquarters-short"]
    assert [r.checked for r in radios] == [True, False, False]
    choose_headquarters(doc, "headquarters-short")
    doc.click(doc.getElementById("ng-start"))
    assert not doc.getElementById("new-game-dialog").open
    assert c.state.rules.headquarters and c.state.rules.headquarters_short
    assert c.state.rules.options == ("auto-setup", "headquarters-short")


def test_off_means_no_headquarters(mount: Mount):
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    doc, _ = mount(c)
    open_dialog(doc, 3)
    doc.click(doc.getElementById("ng-start"))
    assert not c.state.rules.headquarters


def test_the_shorter_goal_with_three_players_keeps_the_dialog_open_with_the_reason(mount: Mount):
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    old = c.game
    doc, _ = mount(c)
    open_dialog(doc, 3)
    choose_headquarters(doc, "headquarters-short")
    doc.click(doc.getElementById("ng-start"))
    error = doc.getElementById("ng-error")
    assert doc.getElementById("new-game-dialog").open and c.game is old
    assert not error.hidden
    assert error.textContent.startswith("the shorter headquarters goal is for 4 to 6 players: with 3,")
    choose_headquarters(doc, "headquarters")
    doc.click(doc.getElementById("ng-start"))
    assert not doc.getElementById("new-game-dialog").open
    assert c.state.rules.headquarters and not c.state.rules.headquarters_short


def test_a_headquarters_game_for_two_keeps_the_dialog_open_with_the_reason(mount: Mount):
    """Decided in docs/rules.md: the option is refused with two players, and the dialog says why; a link that
    carries such a game still opens (the engine takes any combination)."""
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    old = c.game
    doc, _ = mount(c)
    open_dialog(doc, 2)
    choose_headquarters(doc, "headquarters")
    doc.click(doc.getElementById("ng-start"))
    error = doc.getElementById("ng-error")
    assert doc.getElementById("new-game-dialog").open and c.game is old and not error.hidden
    assert error.textContent.startswith("a headquarters game needs 3 or more players: with two,")
    choose_headquarters(doc, "")
    doc.click(doc.getElementById("ng-start"))
    assert not doc.getElementById("new-game-dialog").open and c.state.people == 2 and not c.state.rules.headquarters
    two = Game.start(make_rules("classic", ["auto-setup", "headquarters"]), [Seat("Ann", 0), Seat("Bob", 1)], 3)
    assert decode_game(encode_game(two)).state == two.state
