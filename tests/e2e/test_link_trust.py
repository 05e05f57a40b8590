"""A link a friend can trust, and Undo that works against bots (issue #23, parts 1 and 5), in Chromium.

Two browser contexts (two devices, each its own storage): the sender opens a game of the edition at the start
of its turn, plays the turn and ends it; its address is the link, which the receiver opens. The receiver is
welcomed at the top of the hand-off screen, cannot undo into the sender's turn (the hand-off screen's Undo, the
Undo button, the U key) and sees none of the sender's cards. Against bots, the bot waits after a person's End
turn while Undo is offered (the wait is set by the ``?debug`` hook ``riskGrace``, so nothing here depends on
timing), and End turn with attacks left asks once. Screenshots: link-welcome-*.png, undo-offer-*.png,
end-turn-confirm-*.png.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from link_turns import people, turn_to_send
from risk.codec import decode_share, encode_share
from risk_ui.words import END_TURN_AGAIN, END_TURN_CONFIRM, UNDO_FLOOR

from .screens import shoot

READY = "html[data-ready='true']"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
SIDEWAYS = {"width": 844, "height": 390}


def open_at(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert not page.errors, page.errors


def overlay(page: Any) -> str:
    return str(page.locator("body").get_attribute("data-overlay"))


def history_length(page: Any) -> int:
    return len(decode_share(page.url.split("#", 1)[1])[0].history)


@pytest.mark.parametrize(("edition", "seed", "size"), [
    ("classic", 5, DESKTOP), ("revised", 5, PHONE), ("castle", 5, SIDEWAYS)])
def test_a_turn_sent_by_link_is_welcomed_and_cannot_be_undone_or_seen_by_its_receiver(
        fresh_page: Callable[..., Any], site_url: str, edition: str, seed: int, size: dict[str, int]) -> None:
    game, lines = turn_to_send(edition, people("Ann", "Bob", "Cy"), seed)
    sender_seat = game.state.current
    # The sender: its device got the game by a link too; it plays its turn and ends it.
    sender = fresh_page(DESKTOP)
    open_at(sender, site_url + "?debug=1#" + encode_share(game))
    assert overlay(sender) == "handoff" and sender.locator("#welcome").is_visible()
    sender.keyboard.press("Escape")
    assert overlay(sender) == "handoff" and not sender.locator("#welcome").is_visible()
    assert sender.evaluate("texts => window.riskPlay(texts)", "\n".join(lines)) == ""
    sent = sender.url.split("#", 1)[1]
    played, _ = decode_share(sent)
    assert len(played.history) == len(game.history) + len(lines) and played.state.current != sender_seat
    assert sender.locator("#handoff-undo").is_visible()  # the sender may still take its own turn back

    # The receiver: another device.
    receiver = fresh_page(size)
    open_at(receiver, site_url + "#" + sent)
    welcome = receiver.locator("#welcome")
    assert overlay(receiver) == "handoff" and welcome.is_visible()
    text = welcome.inner_text()
    next_name = played.seats[played.state.current].name
    assert f"turn {played.state.turn}" in receiver.locator("#welcome-game").inner_text()
    assert all(s.name in text for s in played.seats) and "Send this turn" in text
    assert f"It is {next_name}\u2019s move" in receiver.locator("#welcome-move").inner_text()
    shoot(receiver, f"link-welcome-{edition}-{size['width']}x{size['height']}")
    receiver.locator("#welcome-close").click()
    assert overlay(receiver) == "handoff" and not welcome.is_visible()
    # No way back into the sender's turn: no Undo on the hand-off screen, the button and the U key refused.
    assert not receiver.locator("#handoff-undo").is_visible()
    assert receiver.locator("#undo").is_disabled()
    receiver.keyboard.press("u")
    receiver.locator("#undo").dispatch_event("click")
    assert receiver.url.split("#", 1)[1] == sent and overlay(receiver) == "handoff"
    assert receiver.locator("#saves-message").inner_text() in ("", UNDO_FLOOR)
    # None of the sender's cards: nothing of a hand behind the hand-off screen, and after it only the receiver's.
    assert receiver.locator("#hand").inner_html() == ""
    receiver.locator("#handoff-button").click()
    assert overlay(receiver) == ""
    shown = receiver.locator("#hand li.card").count()
    assert shown == len(played.state.hands[played.state.current])
    marked = receiver.eval_on_selector_all("#hand li[data-card]", "els => els.map(e => +e.dataset.card)")
    if marked:  # cards that say which they are (Castle Risk): the receiver's own, none of the sender's
        hand, theirs = played.state.hands[played.state.current], played.state.hands[sender_seat]
        assert sorted(marked) == sorted(hand) and not set(marked) - set(hand) and set(theirs) != set(marked)
    assert not receiver.errors and not sender.errors, (receiver.errors, sender.errors)


def test_end_turn_against_bots_asks_with_attacks_left_and_is_undone_within_the_offer(
        fresh_page: Callable[..., Any], site_url: str) -> None:
    game, lines = turn_to_send("classic", people("Red", "Blue", "Yellow", bots=(1, 2)), 5, to_attack=True)
    for size in (DESKTOP, PHONE, SIDEWAYS):
        page = fresh_page(size)
        open_at(page, site_url + "?debug=1#" + encode_share(game))
        assert overlay(page) == "welcome"  # one person against bots: no hand-off screen, the welcome on its own
        page.keyboard.press("Escape")
        assert overlay(page) == ""
        assert page.evaluate("() => window.riskGrace(86400)") == "86400.0"  # the offer stays while we look
        assert page.evaluate("texts => window.riskPlay(texts)", "\n".join(lines)) == ""
        assert page.locator("body").get_attribute("data-phase") == "attack"
        count = history_length(page)
        end = page.locator("#end-turn")
        end.click()  # attacks are left: it asks, in the bar
        assert end.inner_text() == END_TURN_AGAIN and END_TURN_CONFIRM in page.locator("#message").inner_text()
        assert history_length(page) == count
        shoot(page, f"end-turn-confirm-{size['width']}x{size['height']}")
        end.click()
        offer = page.locator("#undo-offer")
        offer.wait_for(state="visible")
        assert history_length(page) == count + 1 and "Blue (computer) plays in a moment" in offer.inner_text()
        shoot(page, f"undo-offer-{size['width']}x{size['height']}")
        page.locator("#undo-offer-button").click()
        assert history_length(page) == count and page.locator("body").get_attribute("data-phase") == "attack"
        assert not offer.is_visible() and "Undone: Red ends the turn." in page.locator("#message").inner_text()
        assert page.locator("body").get_attribute("data-player") == "0"
        assert not page.errors, page.errors
    # Without the wait the bots play on at once after the confirmed End turn.
    page.evaluate("() => window.riskGrace(0)")
    end.click()
    end.click()
    page.wait_for_function("() => document.querySelector('#undo').disabled", timeout=20_000)  # a bot moved
    assert history_length(page) > count + 1 and not page.locator("#undo-offer").is_visible()
