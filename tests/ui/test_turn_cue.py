"""The "your turn" cue (issue #23 part 6): control back to a person at this device after a bot's or another
seat's turn marks the turn bar and puts "Your turn — " before the window's title until they act; not on the
hand-off screen, not at the game's first moment, not after an Undo back into one's own turn."""

from __future__ import annotations

from risk.game import Seat
from risk_ui import bots, words
from risk_ui.controller import DEFAULT_SETTINGS, Controller, NewGameSettings
from ui.test_undo_offer import against_bots, end_turn

TITLE = "Risk"


def cued(doc) -> bool:
    mark = doc.getElementById("turn-bar").getAttribute("data-cue") == "your-turn"
    titled = doc.title == words.YOUR_TURN_TITLE + TITLE
    assert mark == titled and (titled or doc.title == TITLE)
    return mark


def bots_first(seed: int = 4) -> Controller:
    seats = (Seat("Red", 0), Seat("Blue", 1, "easy"), Seat("Yellow", 2, "easy"))
    for candidate in range(seed, seed + 100):
        c = Controller.new(NewGameSettings(seats=seats), seed=candidate)
        if c.state.current == 1:
            return c
    raise AssertionError("no seed found")


def play_bots(page, autoplay: bots.Autoplay, now: list[float] | None = None) -> None:
    for _ in range(100_000):
        wait = autoplay.tick()
        page.render()
        if wait is None:
            return
        if now is not None:
            now[0] += wait
        if bots.bot_seat(page.controller) >= 0:
            assert not cued(page.document)  # never while a bot plays
    raise AssertionError("the bots never handed back")


def own_territory(c: Controller) -> int:
    return next(t for t, owner in enumerate(c.state.owner) if owner == c.state.current)


def test_the_cue_comes_after_the_bots_turns_and_goes_when_the_person_acts(mount) -> None:
    c = bots_first()
    doc, page = mount(c)
    assert not cued(doc)
    play_bots(page, bots.Autoplay(c))
    assert c.state.current == 0 and cued(doc)
    page.render()
    assert cued(doc)  # it stays until they act
    c.click(own_territory(c))  # one army placed
    page.render()
    assert not cued(doc)


def test_an_undo_back_into_ones_own_turn_is_no_cue_but_the_bots_turn_is(mount) -> None:
    doc, page, _panel, autoplay, now = against_bots(mount)
    assert not cued(doc)
    end_turn(page)  # the bot waits while Undo is offered
    assert not cued(doc)
    doc.click(doc.getElementById("undo-offer-button"))
    assert page.controller.state.current == 0 and not cued(doc)
    end_turn(page)
    play_bots(page, autoplay, now)  # the offer is over: the bots play their turns
    assert page.controller.state.current == 0 and cued(doc)


def test_pass_and_play_cues_after_the_hand_off_screen_closes_not_on_it(mount) -> None:
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    doc, page = mount(c)
    doc.click(doc.getElementById("handoff-button"))
    assert not cued(doc)  # the game's first turn: no one had a turn before
    first = c.state.current
    c.command("amount", "all")
    c.click(own_territory(c))
    while c.state.current == first:  # the rest of the turn: no attack, end it
        c.command("end-turn")
    page.render()
    assert c.ui.handoff >= 0 and not cued(doc)  # the hand-off screen: no cue under it
    doc.click(doc.getElementById("handoff-button"))
    assert cued(doc)
    c.command("amount", "1")
    c.click(own_territory(c))
    page.render()
    assert not cued(doc)
