"""Undo that works against bots (issue #23, part 5): after a person's turn ends, the bot waits while Undo is
offered; the wait is driven by an injected clock (no test here waits for real time)."""

from __future__ import annotations

from risk.engine import matched_sets
from risk.game import Game, Seat
from risk.rules import make_rules
from risk.state import Phase
from risk_ui.bots import Autoplay
from risk_ui.controller import Controller
from risk_ui.scenarios import full_turn
from risk_ui.storage import MemoryBackend
from risk_ui.words import END_TURN_AGAIN, END_TURN_CONFIRM
from ui.test_saves_panel import button, open_page, place, trade


def against_bots(mount):
    seats = (Seat("Red", 0), Seat("Blue", 1, "easy"), Seat("Yellow", 2, "easy"))
    doc, page, panel, _ = open_page(mount, MemoryBackend(), controller=Controller.from_state(seats, full_turn(3), 3))
    c = page.controller
    trade(page)
    c.command("amount", "all")
    place(page)
    assert c.state.phase is Phase.ATTACK and c.state.current == 0
    now = [100.0]
    autoplay = Autoplay(c, clock=lambda: now[0], grace=2.0)
    return doc, page, panel, autoplay, now


def end_turn(page) -> None:
    c = page.controller
    c.command("end-turn")
    if c.state.current == 0:  # attacks were left: the second press confirms
        c.command("end-turn")
    page.render()


def test_the_bot_waits_while_undo_is_offered_and_undo_takes_the_end_of_turn_back(mount):
    doc, page, _panel, autoplay, now = against_bots(mount)
    c = page.controller
    before, count = c.state, len(c.game.history)
    end_turn(page)
    assert c.state.current == 1 and len(c.game.history) == count + 1
    offer = doc.getElementById("undo-offer")
    assert not offer.hidden and "Blue (computer) plays in a moment" in doc.getElementById("undo-offer-text").textContent
    for _ in range(5):  # the bot's ticks while the offer shows: it waits, and moves nothing
        wait = autoplay.tick()
        assert wait is not None and 0 < wait <= 2.0
        now[0] += 0.3
    assert autoplay.actions == 0 and len(c.game.history) == count + 1
    doc.click(doc.getElementById("undo-offer-button"))
    page.render()
    assert c.state == before and c.state.current == 0 and offer.hidden
    assert c.ui.notice == "Undone: Red ends the turn."
    now[0] += 10.0
    assert autoplay.tick() is None and autoplay.actions == 0  # Red's turn again: no bot moves


def test_once_the_wait_is_over_the_bot_plays_and_undo_is_gone(mount):
    doc, page, _panel, autoplay, now = against_bots(mount)
    end_turn(page)
    autoplay.tick()
    now[0] += 2.01
    while autoplay.actions == 0:
        autoplay.tick()
    page.render()
    assert doc.getElementById("undo-offer").hidden and button(doc, "undo").disabled


def test_a_second_end_of_turn_after_an_undo_gets_a_wait_of_its_own(mount):
    doc, page, _panel, autoplay, now = against_bots(mount)
    end_turn(page)
    autoplay.tick()
    doc.click(doc.getElementById("undo-offer-button"))
    now[0] += 5.0  # longer than the first wait: the second starts now
    end_turn(page)
    assert autoplay.tick() is not None and autoplay.actions == 0
    assert not doc.getElementById("undo-offer").hidden


def test_skip_to_my_turn_ends_the_wait_and_a_claim_in_the_setup_has_none(mount):
    _doc, page, _panel, autoplay, _now = against_bots(mount)
    c = page.controller
    end_turn(page)
    c.command("skip")
    autoplay.tick()
    assert autoplay.actions == 1 and not c.offering()
    seats = (Seat("Red", 0), Seat("Blue", 1, "easy"), Seat("Yellow", 2, "easy"))
    rules = make_rules("classic", [])
    first = Game.start(rules, seats, 4).state.current
    people = tuple(Seat(s.name, s.colour, "human" if i == first else "easy") for i, s in enumerate(seats))
    setup = Controller(Game.start(rules, people, 4))  # a claim by hand against bots
    assert setup.state.phase is Phase.CLAIM and setup.is_human(setup.state.current)
    setup.click(0)
    assert not setup.is_human(setup.state.current) and len(setup.game.history) == 1 and not setup.offering()


# -- End turn with attacks left asks once ------------------------------------------------------------------


def test_end_turn_with_attacks_left_asks_in_the_bar_and_a_second_press_ends(mount):
    doc, page, _panel, _autoplay, _now = against_bots(mount)
    c = page.controller
    assert c.attacks_left()
    button_ = doc.getElementById("end-turn")
    count = len(c.game.history)
    doc.click(button_)
    assert len(c.game.history) == count and c.confirming_end()
    assert button_.textContent == END_TURN_AGAIN and c.ui.notice == END_TURN_CONFIRM
    place_from = c.state.board.territory_index("alaska")
    c.click(place_from)  # anything else done since: it asks again
    page.render()
    assert not c.confirming_end() and button_.textContent == "End turn"
    doc.click(button_)
    doc.click(button_)
    assert len(c.game.history) == count + 1


def test_end_turn_with_no_attack_left_ends_at_once():
    seats = (Seat("Red", 0), Seat("Blue", 1))
    state = full_turn(3)
    c = Controller.from_state(seats, state, 3)
    c.command("handoff")
    c.command("trade", "-".join(map(str, matched_sets(c.state, 0)[0])))
    c.command("amount", "all")
    c.click(c.state.board.territory_index("northwest_territory"))  # Alaska keeps 6 armies next to Blue's 1
    assert c.attacks_left()
    # Without armies to attack with: every territory of Red's down to 1 army.
    c.state.armies = [1 if o == 0 else a for o, a in zip(c.state.owner, c.state.armies, strict=True)]
    assert not c.attacks_left()
    count = len(c.game.history)
    c.command("end-turn")
    assert len(c.game.history) == count + 1 and not c.confirming_end()
